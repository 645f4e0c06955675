import { LIVE_BUS_CHANNEL, type LiveBusMessage, type ViewerLatency } from '@byeol/contract';
import type { Bus } from '../../platform/bus.js';

/**
 * The viewers' latency for the BJ's live dashboard (docs/live-video.md, "Viewers' latency"). A heartbeat may
 * carry `latency_ms`; the api process that receives it only notes it (`LatencyOutbox`, nothing more on the
 * heartbeat's path). At every viewer-count flush (5 s) each process publishes what it noted as one message
 * on the bus channel `live.latency`, and every api process keeps each viewer's latest latency of the last
 * minute (`ViewerLatencyBoard`, as `IngestStatsBoard` keeps the ingest's measures), so whichever process
 * answers `stream_live_stats` has every viewer once, whichever processes their heartbeats reached.
 */
export const LIVE_LATENCY_CHANNEL = 'live.latency';

/** A viewer's latency counts this long after it arrived. */
export const LATENCY_WINDOW_MS = 60_000;
/** Noted latencies a process holds while the bus will not take them (then the newest are dropped). */
const OUTBOX_MAX = 50_000;
const SWEEP_EVERY_MS = 5_000;

/** [vod_key, viewer, latency_ms]; the viewer is the presence member (`u:{user_key}` or `g:{viewer_id}`), −1 ms: they left. */
type Beat = [string, string, number];
export interface LatencyBatch {
  beats: Beat[];
}

/** What one api process's heartbeats carried since its last flush. */
export class LatencyOutbox {
  private beats: Beat[] = [];

  note(vodKey: string, viewer: string, ms: number): void {
    if (this.beats.length < OUTBOX_MAX) this.beats.push([vodKey, viewer, ms]);
  }

  /** The viewer left: their latency no longer counts. */
  left(vodKey: string, viewer: string): void {
    this.note(vodKey, viewer, -1);
  }

  async flush(bus: Bus): Promise<number> {
    if (this.beats.length === 0) return 0;
    const beats = this.beats;
    this.beats = [];
    await bus.publish(LIVE_LATENCY_CHANNEL, { beats } satisfies LatencyBatch);
    return beats.length;
  }
}

/** The median and the 90th percentile (nearest rank) of some latencies; null when there are none. */
export function summarise(latencies: number[]): ViewerLatency | null {
  if (latencies.length === 0) return null;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return { reporting: sorted.length, p50_ms: at(0.5), p90_ms: at(0.9) };
}

/**
 * Every viewer's latest latency of the last minute, per live broadcast, as the api processes publish them.
 * One per api process. Ages count on this process's clock (when the batch arrived); a broadcast's entries
 * go on its `ended` or `frozen` message, a viewer's when they leave or a minute after their last report.
 */
export class ViewerLatencyBoard {
  private readonly recent = new Map<string, Map<string, { ms: number; at: number }>>();
  private readonly unsubscribe: Array<() => Promise<void>> = [];
  private sweptAt = 0;

  constructor(private readonly bus: Bus) {}

  async start(): Promise<void> {
    this.unsubscribe.push(
      await this.bus.subscribe(LIVE_LATENCY_CHANNEL, (m) => this.take(m)),
      await this.bus.subscribe(LIVE_BUS_CHANNEL, (m) => {
        const msg = m as Partial<LiveBusMessage> | null;
        if ((msg?.type === 'ended' || msg?.type === 'frozen') && typeof msg.vod_key === 'string') this.recent.delete(msg.vod_key);
      }),
    );
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.unsubscribe.splice(0).map((u) => u()));
  }

  private take(message: unknown, now = Date.now()): void {
    const beats = (message as Partial<LatencyBatch> | null)?.beats;
    if (!Array.isArray(beats)) return;
    for (const beat of beats) {
      if (!Array.isArray(beat)) continue;
      const [vodKey, viewer, ms] = beat as unknown[];
      if (typeof vodKey !== 'string' || typeof viewer !== 'string' || typeof ms !== 'number') continue;
      let viewers = this.recent.get(vodKey);
      if (ms < 0) {
        viewers?.delete(viewer);
        continue;
      }
      if (!viewers) {
        viewers = new Map();
        this.recent.set(vodKey, viewers);
      }
      viewers.set(viewer, { ms, at: now });
    }
    // Forgetting is swept at most every few seconds, not on each batch.
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [vodKey, viewers] of this.recent) {
      for (const [viewer, e] of viewers) if (now - e.at > LATENCY_WINDOW_MS) viewers.delete(viewer);
      if (viewers.size === 0) this.recent.delete(vodKey);
    }
  }

  /** The broadcast's viewers' latency now; null when no viewer reported one in the last minute. */
  latency(vodKey: string, now = Date.now()): ViewerLatency | null {
    const latencies: number[] = [];
    for (const e of this.recent.get(vodKey)?.values() ?? []) if (now - e.at <= LATENCY_WINDOW_MS) latencies.push(e.ms);
    return summarise(latencies);
  }
}
