import {
  type IngestStats,
  LIVE_BUS_CHANNEL,
  LIVE_STATS_CHANNEL,
  type LiveBusMessage,
  type LiveIngestHealth,
  liveWarnings,
  type StreamLiveStats,
} from '@byeol/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { itemsGiftedTo } from '../items/index.js';
import { requireUser } from '../users/users.session.js';
import { roomGiftTotals } from '../wallet/index.js';
import { broadcast } from './live.tables.js';
import { viewersSet } from './play.service.js';
import type { ViewerLatencyBoard } from './viewer-latency.js';

/** A broadcast whose last measure is older than this is forgotten (its ingest ended without a message). */
const FORGET_AFTER_MS = 60_000;
const SWEEP_EVERY_MS = 5_000;

/**
 * The last ingest measures of every live broadcast, as the media role publishes them on the bus
 * (LIVE_STATS_CHANNEL, every INGEST_STATS_EVERY_MS, from whichever process ingests it). One per api
 * process; a broadcast's entry goes on its `ended` or `frozen` message, or a minute after its last measure.
 * Ages are counted on this process's clock (when the message arrived), so clocks of other machines never
 * enter them.
 */
export class IngestStatsBoard {
  private readonly latest = new Map<string, { stats: IngestStats; receivedAt: number }>();
  private readonly unsubscribe: Array<() => Promise<void>> = [];
  private sweptAt = 0;

  constructor(private readonly bus: Bus) {}

  async start(): Promise<void> {
    this.unsubscribe.push(
      await this.bus.subscribe(LIVE_STATS_CHANNEL, (m) => {
        const stats = m as IngestStats | null;
        if (typeof stats?.vod_key !== 'string') return;
        const now = Date.now();
        this.latest.set(stats.vod_key, { stats, receivedAt: now });
        // Forgetting is swept at most every few seconds, not on each of the N broadcasts' messages.
        if (now - this.sweptAt < SWEEP_EVERY_MS) return;
        this.sweptAt = now;
        for (const [key, e] of this.latest) if (now - e.receivedAt > FORGET_AFTER_MS) this.latest.delete(key);
      }),
      await this.bus.subscribe(LIVE_BUS_CHANNEL, (m) => {
        const msg = m as Partial<LiveBusMessage> | null;
        if ((msg?.type === 'ended' || msg?.type === 'frozen') && typeof msg.vod_key === 'string') this.latest.delete(msg.vod_key);
      }),
    );
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.unsubscribe.splice(0).map((u) => u()));
  }

  /** The broadcast's ingest health now, or null when nothing was measured (within the last minute). */
  health(vodKey: string, now = Date.now()): LiveIngestHealth | null {
    const e = this.latest.get(vodKey);
    if (!e || now - e.receivedAt > FORGET_AFTER_MS) return null;
    const { vod_key: _v, bj_user_key: _b, at: _at, ...measures } = e.stats;
    const age = Math.max(0, now - e.receivedAt) + measures.since_last_frame_ms;
    return { ...measures, data_age_sec: Math.round(age / 100) / 10 };
  }
}

export interface LiveStatsDeps {
  db: Db;
  bus: Bus;
  board: IngestStatsBoard;
  latency: ViewerLatencyBoard;
}

/**
 * POST /mypage/stream_live_stats: one broadcast as its BJ's live dashboard shows it. Only the broadcast's
 * own BJ account: signed out LOGIN_REQUIRED, anyone else (other BJs, viewers, operators) FORBIDDEN; an
 * unknown vod_key BROADCAST_NOT_FOUND. Viewers as play_live_list counts them (the heartbeats' presence
 * set, or the row's count when no heartbeat came), STAR from the room's gift ranking, items from the gifts
 * the BJ received since the start, the ingest from the board, the viewers' latency from theirs.
 */
export async function liveStats(deps: LiveStatsDeps, request: FastifyRequest, vodKey: string): Promise<StreamLiveStats> {
  const me = await requireUser(request);
  const [b] = await deps.db
    .select({
      bjUserKey: broadcast.bjUserKey,
      state: broadcast.state,
      startedAt: broadcast.startedAt,
      endedAt: broadcast.endedAt,
      frozenAt: broadcast.frozenAt,
      viewerCnt: broadcast.viewerCnt,
      peakViewerCnt: broadcast.peakViewerCnt,
      likeCnt: broadcast.likeCnt,
    })
    .from(broadcast)
    .where(eq(broadcast.vodKey, vodKey));
  if (!b) throw new AppError('BROADCAST_NOT_FOUND');
  if (b.bjUserKey !== me.userKey) throw new AppError('FORBIDDEN');
  const live = b.state === 'live';
  const now = Date.now();
  const end = live ? null : (b.endedAt ?? b.frozenAt ?? new Date(now));
  const [present, gifts, items] = await Promise.all([
    live ? deps.bus.presence.members(viewersSet(vodKey)) : Promise.resolve([]),
    roomGiftTotals(deps.db, vodKey),
    itemsGiftedTo(deps.db, b.bjUserKey, b.startedAt, end),
  ]);
  const durationSec = Math.max(0, Math.round(((end?.getTime() ?? now) - b.startedAt.getTime()) / 1000));
  const ingest = live ? deps.board.health(vodKey, now) : null;
  return {
    vod_key: vodKey,
    state: b.state,
    start_date: b.startedAt.toISOString(),
    end_date: end ? end.toISOString() : null,
    duration_sec: durationSec,
    viewer_cnt: live ? present.length || b.viewerCnt : 0,
    peak_viewer_cnt: Math.max(b.peakViewerCnt, live ? present.length : 0),
    like_cnt: b.likeCnt,
    star_cnt: gifts.star,
    star_gift_cnt: gifts.gifts,
    star_giver_cnt: gifts.givers,
    item_cnt: items.items,
    item_cubic: items.cubic,
    ingest,
    warnings: live ? liveWarnings(ingest, durationSec) : [],
    viewer_latency: live ? deps.latency.latency(vodKey, now) : null,
  };
}
