import {
  type BroadcastState,
  flvUrlOf,
  type HeartbeatSet,
  hlsUrlOf,
  type LikeSet,
  type PlayInfo,
  QUALITIES,
  type Quality,
  type ResultCodeName,
  VIEWER_TTL_MS,
} from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { seesAdultBroadcasts } from '../users/index.js';
import { requireUser } from '../users/users.session.js';
import {
  addLike,
  adultVerifiedAt,
  type BjOfBroadcast,
  type BroadcastRow,
  findPlayBroadcast,
  listReplays,
  mcOf,
  type ReplayQuery,
  recordView,
  writeViewerCount,
} from './live.repository.js';
import type { LiveSnapshot } from './live.snapshot.js';
import { LatencyOutbox } from './viewer-latency.js';

export interface PlayDeps {
  db: Db;
  bus: Bus;
  snapshot: LiveSnapshot;
  /** SPEC §1 'replay viewing is mobile only' (REPLAY_MOBILE_ONLY). */
  replayMobileOnly: boolean;
  /** A signed-in viewer's heartbeat: the minute watched counts for experience (docs/progression.md). */
  onWatch?: (userKey: number, bjUserKey: number, vodKey: string) => void;
}

/** Heartbeats per client address and minute: a crowd behind one NAT still fits, a script does not. */
const HEARTBEAT_LIMIT = { max: 600, windowMs: 60_000 };

/** Phones and tablets, by their user agent (what "mobile" means for the replay switch). */
export function isMobileUserAgent(ua: string | undefined): boolean {
  return /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i.test(ua ?? '');
}

/**
 * Whether a broadcast has media to play: every real one; a demo one (decision 005) only when the demo gave
 * it some (its generated stream, or a replay's files), which sets its media folder.
 */
const hasMedia = (b: BroadcastRow) => !b.isDemo || b.mediaDir !== '';

/** The bus presence set of a broadcast's viewers (heartbeats); the live dashboard counts it too. */
export const viewersSet = (vodKey: string) => `viewers:${vodKey}`;
const yn = (v: boolean) => (v ? ('Y' as const) : ('N' as const));

/**
 * `countHidden`: the BJ keeps the viewer count private and the caller may not see it (docs/live-video.md,
 * "Private viewer counts"): both counts are 0.
 */
function infoOf(b: BroadcastRow, bj: BjOfBroadcast, hideUsers: number[], countHidden: boolean, now = Date.now()): PlayInfo {
  const end = b.endedAt ?? (b.state === 'live' ? new Date(now) : (b.frozenAt ?? b.startedAt));
  return {
    vod_key: b.vodKey,
    title: b.title,
    tags: b.tags,
    state: b.state as BroadcastState,
    thumbnail: b.thumbnail,
    viewer_cnt: b.state === 'live' && !countHidden ? b.viewerCnt : 0,
    peak_viewer_cnt: countHidden ? 0 : b.peakViewerCnt,
    viewer_cnt_hidden_yn: yn(countHidden),
    like_cnt: b.likeCnt,
    start_date: b.startedAt.toISOString(),
    end_date: b.state === 'live' ? null : end.toISOString(),
    duration_sec: Math.max(0, Math.round((end.getTime() - b.startedAt.getTime()) / 1000)),
    qualities: QUALITIES.filter((q) => b.qualities.includes(q)) as Quality[],
    adult_yn: yn(b.adultYn),
    login_required_yn: yn(b.loginRequiredYn),
    replay_yn: yn(b.replayYn),
    demo_yn: yn(b.isDemo),
    bj: { ...bj, chat_extra: { hide_users: hideUsers } },
    mc: null,
    concert_sn: b.concertSn ?? 0,
    hls_url: '',
    flv_url: '',
  };
}

/**
 * Whether the caller sees a BJ's private viewer count: the BJ's own account and operators do (the room and
 * the dashboard), nobody else.
 */
async function seesHiddenCount(request: FastifyRequest, bjUserKey: number): Promise<boolean> {
  const user = await request.currentUser();
  return user !== null && (user.userKey === bjUserKey || user.role === 'operator' || user.role === 'gm');
}

/**
 * A broadcast's info without its media URLs (null: no such broadcast), for another module's page of it
 * (the concert's play page adds its own token-bearing URLs). A private viewer count is hidden from every
 * caller here.
 */
export async function broadcastInfo(
  db: Db,
  vodKey: string,
): Promise<{ info: PlayInfo; live: boolean; replay: boolean; endedAt: Date | null; isDemo: boolean } | null> {
  const found = await findPlayBroadcast(db, vodKey);
  if (!found) return null;
  const info = infoOf(found.b, found.bj, found.hideUsers, found.countHidden);
  const mc = found.b.mcUserKey ? await mcOf(db, found.b.mcUserKey) : null;
  if (mc) info.mc = { sn: found.b.broadcastSn, ...mc };
  return {
    info,
    live: found.b.state === 'live',
    replay: found.b.state === 'ended' && found.b.replayYn,
    endedAt: found.b.endedAt,
    isDemo: found.b.isDemo,
  };
}

/** What play_info / vod_info answer: a result code (0 or a gate) and the info, URLs only when allowed. */
export interface InfoAnswer {
  code: ResultCodeName;
  info: PlayInfo;
}

export class PlayService {
  /** Broadcasts this process has seen heartbeats for: their counts are written until they reach 0. */
  private readonly watched = new Set<string>();
  /** The latencies this process's heartbeats carried, published at each flush (viewer-latency.ts). */
  private readonly latencies = new LatencyOutbox();

  constructor(private readonly deps: PlayDeps) {}

  /**
   * The gate a caller meets for a broadcast: adult broadcasts need an adult-verified account (SPEC §5),
   * login-required ones an account; null when the caller may watch.
   */
  private async gate(request: FastifyRequest, b: BroadcastRow): Promise<ResultCodeName | null> {
    // A concert's stream is the concert page's (ticket holders, docs/concerts.md), never a plain room's.
    if (b.concertSn) return 'CONCERT_ONLY';
    if (!b.adultYn && !b.loginRequiredYn) return null;
    const user = await request.currentUser();
    if (b.adultYn && (!user || !(await adultVerifiedAt(this.deps.db, user.userKey)))) return 'ADULT_REQUIRED';
    if (b.loginRequiredYn && !user) return 'LOGIN_REQUIRED';
    return null;
  }

  private async find(vodKey: string) {
    const found = await findPlayBroadcast(this.deps.db, vodKey);
    if (!found) throw new AppError('BROADCAST_NOT_FOUND');
    return found;
  }

  /**
   * The broadcast's info with its MC (one more read only when it has one); a private viewer count for the
   * callers allowed to see it (the session is read only when the count is private).
   */
  private async info(
    request: FastifyRequest,
    { b, bj, hideUsers, countHidden }: { b: BroadcastRow; bj: BjOfBroadcast; hideUsers: number[]; countHidden: boolean },
  ): Promise<PlayInfo> {
    const hidden = countHidden && !(await seesHiddenCount(request, b.bjUserKey));
    const info = infoOf(b, bj, hideUsers, hidden);
    const mc = b.mcUserKey ? await mcOf(this.deps.db, b.mcUserKey) : null;
    if (mc) info.mc = { sn: b.broadcastSn, ...mc };
    return info;
  }

  /**
   * The live room an overlay or a link should follow: `key` is a vod_key (of any of the BJ's broadcasts,
   * ended ones included) or a BJ's ID; the answer is that BJ's live broadcast now, '' while they are off
   * air. So one OBS browser source URL keeps working from one broadcast to the next.
   */
  async liveRoomOf(key: string): Promise<{ vod_key: string }> {
    const {
      rows: [row],
    } = await this.deps.db.execute<{ vod_key: string | null }>(sql`
      with bj as (
        select bj_user_key as user_key from broadcast where vod_key = ${key}
        union all
        select user_key from users where id = ${key} and type_cd = 'bj' and state = 'active'
        limit 1
      )
      select (select vod_key from broadcast where bj_user_key = bj.user_key and state = 'live') as vod_key from bj`);
    if (!row) throw new AppError('BROADCAST_NOT_FOUND');
    return { vod_key: row.vod_key ?? '' };
  }

  /** /play/{vod_key}: the broadcast in any state; playback URLs only while live, for callers past the gates. */
  async playInfo(request: FastifyRequest, vodKey: string): Promise<InfoAnswer> {
    const found = await this.find(vodKey);
    const { b } = found;
    const info = await this.info(request, found);
    if (b.state !== 'live') return { code: 'OK', info };
    const gate = await this.gate(request, b);
    if (gate) return { code: gate, info };
    // Demo broadcasts are seeded rows: something to play only while the demo's publisher feeds them.
    if (hasMedia(b)) {
      info.hls_url = hlsUrlOf(b.vodKey);
      info.flv_url = flvUrlOf(b.vodKey);
    }
    await this.rememberView(request, b.vodKey);
    return { code: 'OK', info };
  }

  /**
   * A member allowed to watch: remembered for their recent views. Not awaited: the play page (the hot path
   * when a popular BJ goes live) never waits for it, and a failure never stops the page.
   */
  private async rememberView(request: FastifyRequest, vodKey: string): Promise<void> {
    const user = await request.currentUser();
    if (user) void recordView(this.deps.db, user.userKey, vodKey).catch((err: unknown) => request.log.warn({ err }, 'view not recorded'));
  }

  /** /vod/{vod_key}: an ended broadcast kept as a replay; the mobile-only switch, then the gates. */
  async vodInfo(request: FastifyRequest, vodKey: string): Promise<InfoAnswer> {
    const found = await this.find(vodKey);
    const { b } = found;
    if (b.state !== 'ended' || !b.replayYn) throw new AppError('REPLAY_NOT_FOUND');
    const info = await this.info(request, found);
    if (this.deps.replayMobileOnly && !isMobileUserAgent(request.headers['user-agent'])) return { code: 'REPLAY_MOBILE_ONLY', info };
    const gate = await this.gate(request, b);
    if (gate) return { code: gate, info };
    if (hasMedia(b)) info.hls_url = hlsUrlOf(b.vodKey);
    await this.rememberView(request, b.vodKey);
    return { code: 'OK', info };
  }

  /**
   * "Still watching": the caller counts as a viewer for VIEWER_TTL_MS (a presence set on the bus, shared by
   * every process). Signed-in members count once whatever their tabs; a signed-out viewer once per tab.
   * Callers stopped by a gate are not counted. `latencyMs` (how far the player is behind the live edge) is
   * noted for the BJ's dashboard.
   */
  async heartbeat(request: FastifyRequest, vodKey: string, viewerId: string, latencyMs?: number): Promise<HeartbeatSet> {
    await enforceLimits(this.deps.bus, [{ key: `hb:ip:${request.ip}`, ...HEARTBEAT_LIMIT }]);
    const { b, countHidden } = await this.find(vodKey);
    if (b.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    if (b.state === 'ended') throw new AppError('BROADCAST_ENDED');
    // A concert's viewers count from its play page (members; the media itself needs the ticket's token).
    const gate = b.concertSn ? ((await request.currentUser()) ? null : 'LOGIN_REQUIRED') : await this.gate(request, b);
    if (gate) throw new AppError(gate);
    const user = await request.currentUser();
    const member = user ? `u:${user.userKey}` : `g:${viewerId}`;
    await this.deps.bus.presence.add(viewersSet(vodKey), member, VIEWER_TTL_MS);
    this.watched.add(vodKey);
    if (latencyMs !== undefined) this.latencies.note(vodKey, member, latencyMs);
    if (user) this.deps.onWatch?.(user.userKey, b.bjUserKey, vodKey);
    const viewers = (await this.deps.bus.presence.members(viewersSet(vodKey))).length;
    const hidden = countHidden && !(await seesHiddenCount(request, b.bjUserKey));
    return { viewer_cnt: hidden ? 0 : viewers, viewer_cnt_hidden_yn: yn(hidden), state: 'live' };
  }

  /** The viewer left (page closed): no longer counted. */
  async leave(request: FastifyRequest, vodKey: string, viewerId: string): Promise<void> {
    const user = await request.currentUser();
    const member = user ? `u:${user.userKey}` : `g:${viewerId}`;
    await this.deps.bus.presence.remove(viewersSet(vodKey), member);
    this.latencies.left(vodKey, member);
    this.watched.add(vodKey);
  }

  /**
   * Writes the current viewer count (and the peak) of every broadcast this process has seen heartbeats
   * for into its row, and merges them into the live list, and publishes the latencies its heartbeats
   * carried. Runs every few seconds; every process may run it (the counts come from the shared presence
   * sets, so they agree).
   */
  async flushViewerCounts(): Promise<number> {
    await this.latencies.flush(this.deps.bus);
    const counts = new Map<string, number>();
    for (const vodKey of [...this.watched]) {
      const viewers = (await this.deps.bus.presence.members(viewersSet(vodKey))).length;
      await writeViewerCount(this.deps.db, vodKey, viewers);
      counts.set(vodKey, viewers);
      if (viewers === 0 || !this.deps.snapshot.isLive(vodKey)) this.watched.delete(vodKey);
    }
    this.deps.snapshot.setViewerCounts(counts);
    return counts.size;
  }

  /** One like per member and broadcast, live or replay (not frozen). */
  async like(request: FastifyRequest, vodKey: string): Promise<LikeSet> {
    const user = await requireUser(request);
    const { b } = await this.find(vodKey);
    if (b.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    if (b.state === 'ended' && !b.replayYn) throw new AppError('BROADCAST_ENDED');
    const likes = await addLike(this.deps.db, b.broadcastSn, user.userKey);
    if (likes === null) throw new AppError('ALREADY_LIKED');
    this.deps.snapshot.setLikeCount(b.vodKey, likes);
    return { like_cnt: likes };
  }

  /** A replay list; adult replays only for a caller whose lists carry them (the adult_broadcast switch). */
  async replays(request: FastifyRequest, query: ReplayQuery) {
    return listReplays(this.deps.db, { ...query, adult: seesAdultBroadcasts(await request.currentAccount()) });
  }
}
