import type { LiveListItem, StreamMc, VodListItem } from '@byeol/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../platform/db.js';
import { users } from '../users/index.js';
import { broadcast, broadcastLike, broadcastView } from './live.tables.js';

const bjColumns = {
  user_key: users.userKey,
  id: users.id,
  nick: users.nick,
  profile_image: users.profileImage,
};

export type BroadcastRow = typeof broadcast.$inferSelect;
export type BjOfBroadcast = LiveListItem['bj'];

function base(row: BroadcastRow, bj: BjOfBroadcast) {
  return {
    vod_key: row.vodKey,
    title: row.title,
    tags: row.tags,
    thumbnail: row.thumbnail,
    like_cnt: row.likeCnt,
    adult_yn: row.adultYn ? ('Y' as const) : ('N' as const),
    start_date: row.startedAt.toISOString(),
    bj,
  };
}

/** A live broadcast as the snapshot holds it: the list item plus what it sorts by. */
export interface LiveEntry {
  item: LiveListItem;
  startedMs: number;
  sn: number;
}

/** Every live broadcast with its broadcaster (the live snapshot's source; live.snapshot.ts). */
export async function loadLive(db: Db): Promise<LiveEntry[]> {
  const rows = await db
    .select({ b: broadcast, bj: bjColumns })
    .from(broadcast)
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(eq(broadcast.state, 'live'));
  return rows.map(({ b, bj }) => ({
    item: { ...base(b, bj), viewer_cnt: b.viewerCnt },
    startedMs: b.startedAt.getTime(),
    sn: b.broadcastSn,
  }));
}

export interface ReplayQuery {
  offset: number;
  limit: number;
  /** recent: most recently ended first; viewer: highest peak first. */
  order?: 'recent' | 'viewer';
  /** Only this broadcaster's replays. */
  bjUserKey?: number;
}

/** Ended broadcasts kept as replays, with the total of the whole list. */
export async function listReplays(db: Db, { offset, limit, order = 'recent', bjUserKey }: ReplayQuery) {
  const where = and(
    eq(broadcast.state, 'ended'),
    eq(broadcast.replayYn, true),
    bjUserKey === undefined ? undefined : eq(broadcast.bjUserKey, bjUserKey),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ b: broadcast, bj: bjColumns })
      .from(broadcast)
      .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
      .where(where)
      // The order of the end_date answered: an ended row without ended_at (never written by the ingest) by its start.
      .orderBy(
        ...(order === 'viewer' ? [desc(broadcast.peakViewerCnt)] : []),
        desc(sql`coalesce(${broadcast.endedAt}, ${broadcast.startedAt})`),
        desc(broadcast.broadcastSn),
      )
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(broadcast).where(where),
  ]);
  const list: VodListItem[] = rows.map(({ b, bj }) => ({
    ...base(b, bj),
    peak_viewer_cnt: b.peakViewerCnt,
    end_date: (b.endedAt ?? b.startedAt).toISOString(),
    duration_sec: Math.max(0, Math.round(((b.endedAt ?? b.startedAt).getTime() - b.startedAt.getTime()) / 1000)),
  }));
  return { list, total: total?.n ?? 0 };
}

/** Kept replays by their public keys (the ones still kept; order not kept). */
export async function replaysByKeys(db: Db, vodKeys: string[]): Promise<VodListItem[]> {
  if (vodKeys.length === 0) return [];
  const rows = await db
    .select({ b: broadcast, bj: bjColumns })
    .from(broadcast)
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(and(inArray(broadcast.vodKey, vodKeys), eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true)));
  return rows.map(({ b, bj }) => ({
    ...base(b, bj),
    peak_viewer_cnt: b.peakViewerCnt,
    end_date: (b.endedAt ?? b.startedAt).toISOString(),
    duration_sec: Math.max(0, Math.round(((b.endedAt ?? b.startedAt).getTime() - b.startedAt.getTime()) / 1000)),
  }));
}

/** A broadcaster who may be a broadcast's MC (an active BJ account), or null. */
export async function mcOf(db: Db, userKey: number): Promise<StreamMc | null> {
  const [row] = await db
    .select({ user_key: users.userKey, id: users.id, nick: users.nick, profile_image: users.profileImage })
    .from(users)
    .where(and(eq(users.userKey, userKey), eq(users.typeCd, 'bj'), eq(users.state, 'active')));
  return row ?? null;
}

/** One broadcast by its public key, with its broadcaster. */
export async function findBroadcast(db: Db, vodKey: string): Promise<{ b: BroadcastRow; bj: BjOfBroadcast } | undefined> {
  const [row] = await db
    .select({ b: broadcast, bj: bjColumns })
    .from(broadcast)
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(eq(broadcast.vodKey, vodKey));
  return row;
}

/**
 * `findBroadcast` for the play-room entry: also the BJ's hidden members (SPEC §3 `chat_extra.hide_users`,
 * the chat settings' list) in the same statement, so play_info costs no second round trip.
 */
export async function findPlayBroadcast(
  db: Db,
  vodKey: string,
): Promise<{ b: BroadcastRow; bj: BjOfBroadcast; hideUsers: number[] } | undefined> {
  const [row] = await db
    .select({
      b: broadcast,
      bj: bjColumns,
      hideUsers: sql<string[] | null>`(select hide_users from chat_setting where bj_user_key = ${broadcast.bjUserKey})`,
    })
    .from(broadcast)
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(eq(broadcast.vodKey, vodKey));
  return row && { b: row.b, bj: row.bj, hideUsers: (row.hideUsers ?? []).map(Number) };
}

/** When an account passed adult verification (null: never, or no such account). */
export async function adultVerifiedAt(db: Db, userKey: number): Promise<Date | null> {
  const [row] = await db.select({ at: users.adultVerifiedAt }).from(users).where(eq(users.userKey, userKey));
  return row?.at ?? null;
}

/** Writes a live broadcast's current viewer count and raises its peak; a broadcast no longer live is left alone. */
export async function writeViewerCount(db: Db, vodKey: string, viewers: number): Promise<void> {
  await db
    .update(broadcast)
    .set({ viewerCnt: viewers, peakViewerCnt: sql`greatest(${broadcast.peakViewerCnt}, ${viewers})` })
    .where(and(eq(broadcast.vodKey, vodKey), eq(broadcast.state, 'live')));
}

/** Adds one like; answers the new count. */
/**
 * Records a member's like of a broadcast and counts it, in one transaction; null when this member already
 * liked it (the primary key refuses a second row, whatever the concurrency).
 */
export async function addLike(db: Db, broadcastSn: number, userKey: number): Promise<number | null> {
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(broadcastLike)
      .values({ broadcastSn, userKey })
      .onConflictDoNothing()
      .returning({ k: broadcastLike.userKey });
    if (added.length === 0) return null;
    const [row] = await tx
      .update(broadcast)
      .set({ likeCnt: sql`${broadcast.likeCnt} + 1` })
      .where(eq(broadcast.broadcastSn, broadcastSn))
      .returning({ n: broadcast.likeCnt });
    return row?.n ?? 0;
  });
}

/** Records that a member watches a broadcast (its time moves at most once a minute). */
export async function recordView(db: Db, userKey: number, vodKey: string): Promise<void> {
  await db
    .insert(broadcastView)
    .values({ userKey, vodKey })
    .onConflictDoUpdate({
      target: [broadcastView.userKey, broadcastView.vodKey],
      set: { viewedAt: sql`now()` },
      setWhere: sql`${broadcastView.viewedAt} < now() - interval '1 minute'`,
    });
}

/** What a member watched lately, newest first: live broadcasts and kept replays (gone ones drop out). */
export async function recentViews(db: Db, userKey: number, limit: number) {
  const rows = await db
    .select({ b: broadcast, bj: bjColumns, viewedAt: broadcastView.viewedAt })
    .from(broadcastView)
    .innerJoin(broadcast, eq(broadcast.vodKey, broadcastView.vodKey))
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(
      and(
        eq(broadcastView.userKey, userKey),
        sql`(${broadcast.state} = 'live' or (${broadcast.state} = 'ended' and ${broadcast.replayYn}))`,
      ),
    )
    .orderBy(desc(broadcastView.viewedAt))
    .limit(limit);
  return rows.map(({ b, bj, viewedAt }) => ({
    ...base(b, bj),
    state: b.state,
    viewed_at: viewedAt.toISOString(),
  }));
}

/** Which of these live broadcasts are adult broadcasts (one indexed read, none when no key is given). */
export async function adultLiveKeys(db: Exec, keys: string[]): Promise<Set<string>> {
  const wanted = [...new Set(keys.filter((k) => k !== ''))];
  if (wanted.length === 0) return new Set();
  const { rows } = await db.execute<{ vod_key: string }>(
    sql`select vod_key from broadcast where vod_key = any(${sql.param(wanted)}::text[]) and adult_yn`,
  );
  return new Set(rows.map((r) => r.vod_key));
}
