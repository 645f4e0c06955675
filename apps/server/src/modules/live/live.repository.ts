import type { LiveListItem, StreamMc, VodListItem } from '@byeol/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, type Exec, perDatabase } from '../../platform/db.js';
import { hidesViewerCount, type UserSettings, users } from '../users/index.js';
import { broadcast, broadcastLike, broadcastView } from './live.tables.js';

const bjColumns = {
  user_key: users.userKey,
  id: users.id,
  nick: users.nick,
  profile_image: users.profileImage,
};

export type BroadcastRow = typeof broadcast.$inferSelect;
export type BjOfBroadcast = LiveListItem['bj'];

/** The BJ's switches, read with the broadcast: whether they keep the viewer count private. */
const bjSettings = users.settings;
const yn = (v: boolean) => (v ? ('Y' as const) : ('N' as const));

function base(row: BroadcastRow, bj: BjOfBroadcast, settings: UserSettings | null) {
  return {
    vod_key: row.vodKey,
    title: row.title,
    tags: row.tags,
    thumbnail: row.thumbnail,
    viewer_cnt_hidden_yn: yn(hidesViewerCount(settings)),
    like_cnt: row.likeCnt,
    adult_yn: row.adultYn ? ('Y' as const) : ('N' as const),
    start_date: row.startedAt.toISOString(),
    bj,
  };
}

/**
 * A live broadcast as the snapshot holds it: the list item plus what it sorts by. The item's viewer_cnt is
 * 0 when the BJ hides it (and so it sorts as 0); `viewers` keeps the real figure for the merges.
 */
export interface LiveEntry {
  item: LiveListItem;
  viewers: number;
  hidden: boolean;
  adult: boolean;
  startedMs: number;
  sn: number;
}

/** Every live broadcast with its broadcaster and the BJ's viewer count switch (the live snapshot's source). */
export async function loadLive(db: Db): Promise<LiveEntry[]> {
  const rows = await db
    .select({ b: broadcast, bj: bjColumns, settings: bjSettings })
    .from(broadcast)
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(eq(broadcast.state, 'live'));
  return rows.map(({ b, bj, settings }) => {
    const hidden = hidesViewerCount(settings);
    return {
      item: { ...base(b, bj, settings), viewer_cnt: hidden ? 0 : b.viewerCnt },
      viewers: b.viewerCnt,
      hidden,
      adult: b.adultYn,
      startedMs: b.startedAt.getTime(),
      sn: b.broadcastSn,
    };
  });
}

export interface ReplayQuery {
  offset: number;
  limit: number;
  /** recent: most recently ended first; viewer: highest peak first. */
  order?: 'recent' | 'viewer';
  /** Only this broadcaster's replays. */
  bjUserKey?: number;
  /**
   * With adult broadcasts (the default); false for a caller whose lists leave them out (`seesAdultBroadcasts`,
   * the viewer's adult_broadcast switch): rows and total alike.
   */
  adult?: boolean;
}

/** A replay's item: its peak is 0 when the BJ keeps their viewer count private. */
function replayItem(b: BroadcastRow, bj: BjOfBroadcast, settings: UserSettings | null): VodListItem {
  return {
    ...base(b, bj, settings),
    peak_viewer_cnt: hidesViewerCount(settings) ? 0 : b.peakViewerCnt,
    end_date: (b.endedAt ?? b.startedAt).toISOString(),
    duration_sec: Math.max(0, Math.round(((b.endedAt ?? b.startedAt).getTime() - b.startedAt.getTime()) / 1000)),
  };
}

/** Ended broadcasts kept as replays, with the total of the whole list. */
export async function listReplays(db: Db, { offset, limit, order = 'recent', bjUserKey, adult = true }: ReplayQuery) {
  const where = and(
    eq(broadcast.state, 'ended'),
    eq(broadcast.replayYn, true),
    bjUserKey === undefined ? undefined : eq(broadcast.bjUserKey, bjUserKey),
    adult ? undefined : eq(broadcast.adultYn, false),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ b: broadcast, bj: bjColumns, settings: bjSettings })
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
  const list: VodListItem[] = rows.map(({ b, bj, settings }) => replayItem(b, bj, settings));
  return { list, total: total?.n ?? 0 };
}

/** Kept replays by their public keys (the ones still kept; order not kept). */
export async function replaysByKeys(db: Db, vodKeys: string[]): Promise<VodListItem[]> {
  if (vodKeys.length === 0) return [];
  const rows = await db
    .select({ b: broadcast, bj: bjColumns, settings: bjSettings })
    .from(broadcast)
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(and(inArray(broadcast.vodKey, vodKeys), eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true)));
  return rows.map(({ b, bj, settings }) => replayItem(b, bj, settings));
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
 * the chat settings' list) and whether the BJ keeps the viewer count private, in the same statement, so
 * play_info costs no second round trip. Prepared (built once per database handle, planned once per
 * connection): every play page asks for it, and planning the join anew cost more than running it.
 */
const playBroadcastStatement = perDatabase((db) =>
  db
    .select({
      b: broadcast,
      bj: bjColumns,
      settings: bjSettings,
      hideUsers: sql<string[] | null>`(select hide_users from chat_setting where bj_user_key = ${broadcast.bjUserKey})`,
    })
    .from(broadcast)
    .innerJoin(users, eq(users.userKey, broadcast.bjUserKey))
    .where(eq(broadcast.vodKey, sql.placeholder('vodKey')))
    .prepare('byeol_play_broadcast'),
);

export async function findPlayBroadcast(
  db: Db,
  vodKey: string,
): Promise<{ b: BroadcastRow; bj: BjOfBroadcast; hideUsers: number[]; countHidden: boolean } | undefined> {
  const [row] = await playBroadcastStatement(db).execute({ vodKey });
  return row && { b: row.b, bj: row.bj, hideUsers: (row.hideUsers ?? []).map(Number), countHidden: hidesViewerCount(row.settings) };
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
    .select({ b: broadcast, bj: bjColumns, settings: bjSettings, viewedAt: broadcastView.viewedAt })
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
  return rows.map(({ b, bj, settings, viewedAt }) => ({
    ...base(b, bj, settings),
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
