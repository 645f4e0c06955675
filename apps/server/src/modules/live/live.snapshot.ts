import { type Lang, LIVE_BUS_CHANNEL, type LiveListItem } from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import { envelope } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { type LiveEntry, loadLive } from './live.repository.js';

export interface SnapshotOptions {
  /** Quiet time after a bus message before the list is rebuilt (messages in between share one rebuild). */
  debounceMs?: number;
  /** Rebuild this often anyway: a change made without a message (or a message lost) shows within it. */
  safetyNetMs?: number;
}

type Order = 'viewer' | 'recent';
/**
 * Which list a caller gets: `all` with adult broadcasts (members who turned adult_broadcast on), `general`
 * without them (everyone else, signed-out visitors included). Each is sorted, counted and cached on its own,
 * so totals and paging hold within a variant.
 */
export type Variant = 'all' | 'general';
type Sorted = Record<Order, LiveEntry[]>;

const byViewer = (a: LiveEntry, b: LiveEntry) => b.item.viewer_cnt - a.item.viewer_cnt || b.startedMs - a.startedMs || b.sn - a.sn;
const byRecent = (a: LiveEntry, b: LiveEntry) => b.startedMs - a.startedMs || b.sn - a.sn;

/**
 * The broadcasts live now, in memory, so `play_live_list` (read on every home and /sub/live view) never
 * touches the database. Rebuilt from the database at start, on every `live` bus message (debounced) and
 * every few seconds as a safety net; viewer counts of this process's heartbeats are merged in between.
 * Each page is serialised once per (variant, order, offset, limit, language) until the list changes. A BJ
 * who keeps the viewer count private is listed with 0 and sorts as 0 (docs/live-video.md).
 */
export class LiveSnapshot {
  private entries = new Map<string, LiveEntry>();
  private sorted: Record<Variant, Sorted> = { all: { viewer: [], recent: [] }, general: { viewer: [], recent: [] } };
  /** Whether any live broadcast is an adult one: when none is, both variants are one list (and one cache). */
  hasAdult = false;
  private pages = new Map<string, string>();
  private debounce: NodeJS.Timeout | undefined;
  private safetyNet: NodeJS.Timeout | undefined;
  private rebuilding: Promise<void> | undefined;
  private again = false;
  private unsubscribe: (() => Promise<void>) | undefined;
  private stopped = false;
  /** Goes up by one every time the list changes. */
  version = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: SnapshotOptions = {},
  ) {}

  /** Loads the list and starts following the bus; resolves once the first list is in memory. */
  async start(bus: Bus): Promise<void> {
    this.unsubscribe = await bus.subscribe(LIVE_BUS_CHANNEL, () => this.schedule());
    await this.rebuild();
    const every = this.opts.safetyNetMs ?? 5_000;
    const tick = () => {
      this.safetyNet = setTimeout(() => void this.rebuild().finally(tick), every);
      this.safetyNet.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.debounce);
    clearTimeout(this.safetyNet);
    await this.unsubscribe?.();
    await this.rebuilding;
  }

  /** A rebuild after the quiet time (a burst of messages costs one query). */
  schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.rebuild(), this.opts.debounceMs ?? 100);
    this.debounce.unref();
  }

  /** Reloads the list from the database; a call during a rebuild runs one more after it. */
  rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.again = true;
      return this.rebuilding;
    }
    this.rebuilding = (async () => {
      do {
        this.again = false;
        try {
          const fresh = await loadLive(this.db);
          // Counts this process merged in are newer than the row until the row catches up.
          this.replace(fresh);
        } catch (err) {
          this.log.error({ err }, 'live snapshot rebuild failed; the previous list stays');
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.rebuilding = undefined;
    });
    return this.rebuilding;
  }

  private replace(fresh: LiveEntry[]) {
    const next = new Map(fresh.map((e) => [e.item.vod_key, e]));
    if (!this.changed(next)) return;
    this.entries = next;
    this.resort();
  }

  private changed(next: Map<string, LiveEntry>): boolean {
    if (next.size !== this.entries.size) return true;
    for (const [key, e] of next) {
      const old = this.entries.get(key);
      if (!old || JSON.stringify(old.item) !== JSON.stringify(e.item)) return true;
    }
    return false;
  }

  private resort() {
    const viewer = [...this.entries.values()].sort(byViewer);
    const recent = [...viewer].sort(byRecent);
    this.hasAdult = viewer.some((e) => e.adult);
    const general = (list: LiveEntry[]) => (this.hasAdult ? list.filter((e) => !e.adult) : list);
    this.sorted = { all: { viewer, recent }, general: { viewer: general(viewer), recent: general(recent) } };
    this.pages.clear();
    this.version += 1;
  }

  /**
   * Merges current viewer counts (from the heartbeats' presence sets) without waiting for a rebuild. A hidden
   * count changes nothing that is answered (the item says 0), so it does not re-sort.
   */
  setViewerCounts(counts: Map<string, number>): void {
    let changed = false;
    for (const [vodKey, n] of counts) {
      const e = this.entries.get(vodKey);
      if (!e || e.viewers === n) continue;
      e.viewers = n;
      if (e.hidden) continue;
      e.item = { ...e.item, viewer_cnt: n };
      changed = true;
    }
    if (changed) this.resort();
  }

  /** Sets one broadcast's like count (a like in this process), without waiting for a rebuild. */
  setLikeCount(vodKey: string, likes: number): void {
    const e = this.entries.get(vodKey);
    if (!e || e.item.like_cnt === likes) return;
    e.item = { ...e.item, like_cnt: likes };
    this.resort();
  }

  isLive(vodKey: string): boolean {
    return this.entries.has(vodKey);
  }

  /** The vod_keys of every live broadcast. */
  liveKeys(): string[] {
    return [...this.entries.keys()];
  }

  list(order: Order, offset: number, limit: number, variant: Variant = 'all'): { list: LiveListItem[]; total: number } {
    const all = this.sorted[variant][order];
    return { list: all.slice(offset, offset + limit).map((e) => e.item), total: all.length };
  }

  /**
   * The whole `play_live_list` answer (the envelope) as JSON text, made once per variant, page and language.
   * While no adult broadcast is live both variants share their pages.
   */
  page(order: Order, offset: number, limit: number, lang: Lang, variant: Variant = 'general'): string {
    const v: Variant = this.hasAdult ? variant : 'general';
    const key = `${v}|${order}|${offset}|${limit}|${lang}`;
    let text = this.pages.get(key);
    if (text === undefined) {
      const { list, total } = this.list(order, offset, limit, v);
      text = JSON.stringify(envelope(lang, { data_list: list, data_totalcount: total }));
      // Paging is bounded (offset ≤ 100,000, limit ≤ 100, 4 languages, 2 variants), but a crawler walking every offset
      // should not grow the cache without end.
      if (this.pages.size >= 2_000) this.pages.clear();
      this.pages.set(key, text);
    }
    return text;
  }
}
