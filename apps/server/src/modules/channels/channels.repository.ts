import type { ChannelBroadcast, ChannelImageKind, ChannelImagesSet, ChannelProfile, FanItem, MessageBox } from '@byeol/contract';
import { VIP_COUNT } from '@byeol/contract';
import { and, count, desc, eq, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Db, type Exec, perDatabase } from '../../platform/db.js';
import { chatUserBlock } from '../chat/index.js';
import { broadcast } from '../live/index.js';
import { hidesViewerCountSql, users } from '../users/index.js';
import { bjFan, fanClub, fanClubCounter } from '../wallet/index.js';
import {
  channelBookmark,
  channelComment,
  channelFeed,
  channelImage,
  channelProfile,
  channelStat,
  channelSubscribe,
  userMessage,
} from './channels.tables.js';

/** A member as channel lists show them. */
export interface MemberRow {
  userKey: number;
  id: string;
  nick: string;
  profileImage: string;
  stateMemo: string;
  typeCd: string;
  bjTypeCd: string;
  ownerUserKey: number | null;
}

const memberColumns = {
  userKey: users.userKey,
  id: users.id,
  nick: users.nick,
  profileImage: users.profileImage,
  stateMemo: users.stateMemo,
  typeCd: users.typeCd,
  bjTypeCd: users.bjTypeCd,
  ownerUserKey: users.ownerUserKey,
};

/** An active member by login ID (case-insensitive, as sign-in treats IDs). */
export async function activeMemberById(db: Db, id: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(sql`lower(${users.id})`, id.toLowerCase()), eq(users.state, 'active')));
  return row as MemberRow | undefined;
}

export async function activeMemberByKey(db: Db, userKey: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.userKey, userKey), eq(users.state, 'active')));
  return row as MemberRow | undefined;
}

const broadcastColumns = {
  vodKey: broadcast.vodKey,
  title: broadcast.title,
  thumbnail: broadcast.thumbnail,
  viewerCnt: broadcast.viewerCnt,
  startedAt: broadcast.startedAt,
  state: broadcast.state,
  adultYn: broadcast.adultYn,
  /** The BJ keeps the viewer count private (their /mypage/setting switch). */
  countHidden: sql<boolean>`(select ${hidesViewerCountSql('u')} from users u where u.user_key = ${broadcast.bjUserKey})`,
};
type BroadcastRow = {
  vodKey: string;
  title: string;
  thumbnail: string;
  viewerCnt: number;
  countHidden: boolean | null;
  startedAt: Date;
  state: ChannelBroadcast['state'];
  adultYn: boolean;
};

export const toChannelBroadcast = (b: BroadcastRow): ChannelBroadcast => ({
  vod_key: b.vodKey,
  title: b.title,
  thumbnail: b.thumbnail,
  viewer_cnt: b.countHidden ? 0 : b.viewerCnt,
  viewer_cnt_hidden_yn: b.countHidden ? 'Y' : 'N',
  start_date: b.startedAt.toISOString(),
  state: b.state,
  adult_yn: b.adultYn ? 'Y' : 'N',
});

/** The BJ's broadcast on air (live or frozen), the newest replay and how many replays there are. */
export async function channelBroadcasts(db: Db, bjUserKey: number) {
  const [live, latest, [replays]] = await Promise.all([
    db
      .select(broadcastColumns)
      .from(broadcast)
      .where(and(eq(broadcast.bjUserKey, bjUserKey), inArray(broadcast.state, ['live', 'frozen'])))
      .orderBy(desc(broadcast.startedAt))
      .limit(1),
    db
      .select(broadcastColumns)
      .from(broadcast)
      .where(and(eq(broadcast.bjUserKey, bjUserKey), eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true)))
      .orderBy(desc(broadcast.startedAt))
      .limit(1),
    db
      .select({ n: count() })
      .from(broadcast)
      .where(and(eq(broadcast.bjUserKey, bjUserKey), eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true))),
  ]);
  return { live: live[0], latest: latest[0], replayCnt: replays?.n ?? 0 };
}

/** The live broadcasts of several BJs (at most one each). */
export async function liveOf(db: Db, bjUserKeys: number[]): Promise<Map<number, ChannelBroadcast>> {
  if (bjUserKeys.length === 0) return new Map();
  const rows = await db
    .select({ ...broadcastColumns, bjUserKey: broadcast.bjUserKey })
    .from(broadcast)
    .where(and(inArray(broadcast.bjUserKey, bjUserKeys), eq(broadcast.state, 'live')));
  return new Map(rows.map((r) => [r.bjUserKey, toChannelBroadcast(r)]));
}

// ---- follows ----------------------------------------------------------------------------------------

export async function followerCnt(db: Exec, bjUserKey: number): Promise<number> {
  const [row] = await db.select({ n: channelStat.followerCnt }).from(channelStat).where(eq(channelStat.bjUserKey, bjUserKey));
  return row?.n ?? 0;
}

export async function isSubscribed(db: Db, userKey: number, bjUserKey: number): Promise<boolean> {
  const [row] = await db
    .select({ k: channelSubscribe.userKey })
    .from(channelSubscribe)
    .where(and(eq(channelSubscribe.userKey, userKey), eq(channelSubscribe.bjUserKey, bjUserKey)));
  return row !== undefined;
}

/**
 * Follows or stops following; the channel's follower count moves in the same transaction, only when the
 * row did. Answers the count after.
 */
export async function setSubscribed(db: Db, userKey: number, bjUserKey: number, on: boolean): Promise<{ count: number; changed: boolean }> {
  return db.transaction(async (tx) => {
    const changed = on
      ? await tx.insert(channelSubscribe).values({ userKey, bjUserKey }).onConflictDoNothing().returning({ k: channelSubscribe.userKey })
      : await tx
          .delete(channelSubscribe)
          .where(and(eq(channelSubscribe.userKey, userKey), eq(channelSubscribe.bjUserKey, bjUserKey)))
          .returning({ k: channelSubscribe.userKey });
    if (changed.length === 0) return { count: await followerCnt(tx, bjUserKey), changed: false };
    const [row] = await tx
      .insert(channelStat)
      .values({ bjUserKey, followerCnt: on ? 1 : 0 })
      .onConflictDoUpdate({
        target: channelStat.bjUserKey,
        set: { followerCnt: sql`greatest(0, ${channelStat.followerCnt} + ${on ? 1 : -1})` },
      })
      .returning({ n: channelStat.followerCnt });
    return { count: row?.n ?? 0, changed: true };
  });
}

/** The BJs a member follows: those on air first, then the newest follows. */
/**
 * The BJs a member follows, those on air first, with each one's follower count and broadcast on air, and
 * the total (`count(*) over ()`), in one prepared statement: the home page asks for it on every signed-in
 * view, and planning this join anew took PostgreSQL about 2.5 ms, five times its execution. A BJ is live
 * at most once (broadcast_one_live_per_bj), so the join adds no row.
 */
const subscriptionsStatement = perDatabase((db) =>
  db
    .select({
      ...memberColumns,
      subscribedAt: channelSubscribe.createdAt,
      followerCnt: sql<number>`coalesce(${channelStat.followerCnt}, 0)`.mapWith(Number),
      liveVodKey: broadcast.vodKey,
      liveTitle: broadcast.title,
      liveThumbnail: broadcast.thumbnail,
      liveViewerCnt: broadcast.viewerCnt,
      liveStartedAt: broadcast.startedAt,
      liveAdultYn: broadcast.adultYn,
      countHidden: sql<boolean>`${hidesViewerCountSql()}`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(channelSubscribe)
    .innerJoin(users, eq(users.userKey, channelSubscribe.bjUserKey))
    .leftJoin(channelStat, eq(channelStat.bjUserKey, channelSubscribe.bjUserKey))
    .leftJoin(broadcast, and(eq(broadcast.bjUserKey, channelSubscribe.bjUserKey), eq(broadcast.state, 'live')))
    .where(and(eq(channelSubscribe.userKey, sql.placeholder('userKey')), eq(users.state, 'active')))
    .orderBy(desc(sql`${broadcast.broadcastSn} is not null`), desc(channelSubscribe.createdAt), desc(channelSubscribe.bjUserKey))
    .offset(sql.placeholder('offset'))
    .limit(sql.placeholder('limit'))
    .prepare('byeol_channel_subscriptions'),
);

export async function subscriptions(db: Db, userKey: number, offset: number, limit: number) {
  const rows = await subscriptionsStatement(db).execute({ userKey, offset, limit });
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the total: it is counted alone.
  if (rows.length === 0 && offset > 0) {
    const [all] = await db
      .select({ n: count() })
      .from(channelSubscribe)
      .innerJoin(users, eq(users.userKey, channelSubscribe.bjUserKey))
      .where(and(eq(channelSubscribe.userKey, userKey), eq(users.state, 'active')));
    total = all?.n ?? 0;
  }
  const list = rows.map((r) => ({
    ...r,
    live:
      r.liveVodKey === null || r.liveTitle === null || r.liveStartedAt === null
        ? null
        : toChannelBroadcast({
            vodKey: r.liveVodKey,
            title: r.liveTitle,
            thumbnail: r.liveThumbnail ?? '',
            viewerCnt: r.liveViewerCnt ?? 0,
            countHidden: r.countHidden,
            startedAt: r.liveStartedAt,
            state: 'live',
            adultYn: r.liveAdultYn ?? false,
          }),
  }));
  return { rows: list, total };
}

// ---- fan clubs and VIPs ------------------------------------------------------------------------------

/** Members of a BJ's fan club: the last fan number given (members never leave, numbers have no gaps). */
export async function fanClubSize(db: Db, bjUserKey: number): Promise<number> {
  const [row] = await db.select({ n: fanClubCounter.lastNo }).from(fanClubCounter).where(eq(fanClubCounter.bjUserKey, bjUserKey));
  return row?.n ?? 0;
}

/**
 * The BJ's VIPs: the VIP_COUNT members who gave the most STAR (bj_fan, counted exactly once per paid
 * gift from the ledger), ties to the one who got there first. Read from the BJ's own rows (the primary
 * key's prefix), never from the ledger.
 */
export async function vipRanks(db: Db, bjUserKey: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ userKey: bjFan.userKey })
    .from(bjFan)
    .where(eq(bjFan.bjUserKey, bjUserKey))
    .orderBy(desc(bjFan.starTotal), bjFan.firstGiftAt, bjFan.userKey)
    .limit(VIP_COUNT);
  return new Map(rows.map((r, i) => [r.userKey, i + 1]));
}

/** The fans who gave a BJ STAR most lately (my page's gift box), with the BJ's STAR total. */
export async function latestGivers(db: Db, bjUserKey: number, limit: number) {
  const [rows, [sum]] = await Promise.all([
    db
      .select({
        userKey: bjFan.userKey,
        starTotal: bjFan.starTotal,
        giftCnt: bjFan.giftCnt,
        lastGiftAt: bjFan.lastGiftAt,
        id: users.id,
        nick: users.nick,
        profileImage: users.profileImage,
      })
      .from(bjFan)
      .innerJoin(users, and(eq(users.userKey, bjFan.userKey), eq(users.state, 'active')))
      .where(eq(bjFan.bjUserKey, bjUserKey))
      .orderBy(desc(bjFan.lastGiftAt), desc(bjFan.userKey))
      .limit(limit),
    db
      .select({ star: sql<string>`coalesce(sum(${bjFan.starTotal}), 0)` })
      .from(bjFan)
      .where(eq(bjFan.bjUserKey, bjUserKey)),
  ]);
  return { rows, starTotal: Number(sum?.star ?? 0) };
}

export async function fanClubMember(db: Db, bjUserKey: number, userKey: number) {
  const [row] = await db
    .select({ fanNo: fanClub.fanNo, joinedAt: fanClub.joinedAt })
    .from(fanClub)
    .where(and(eq(fanClub.bjUserKey, bjUserKey), eq(fanClub.userKey, userKey)));
  return row;
}

export async function fanNosOf(db: Db, bjUserKey: number, userKeys: number[]): Promise<Map<number, number>> {
  if (userKeys.length === 0) return new Map();
  const rows = await db
    .select({ userKey: fanClub.userKey, fanNo: fanClub.fanNo })
    .from(fanClub)
    .where(and(eq(fanClub.bjUserKey, bjUserKey), inArray(fanClub.userKey, userKeys)));
  return new Map(rows.map((r) => [r.userKey, r.fanNo]));
}

const fanItemColumns = {
  userKey: users.userKey,
  id: users.id,
  nick: users.nick,
  profileImage: users.profileImage,
  fanNo: fanClub.fanNo,
  joinedAt: fanClub.joinedAt,
};

/** The fan club in join order (fan number), with VIP ranks. */
export async function fanClubPage(
  db: Db,
  bjUserKey: number,
  vips: Map<number, number>,
  total: number,
  offset: number,
  limit: number,
): Promise<{ list: FanItem[]; total: number }> {
  // A deep page skips `offset` fan numbers in the (bj_user_key, fan_no) index alone (an index-only scan), then
  // reads and joins only the page's rows: an OFFSET over the join would fetch and join every skipped member
  // (212 ms for the last page of a 100,000-member club in bench:channel).
  const from =
    offset === 0
      ? undefined
      : sql`${fanClub.fanNo} >= (select f.fan_no from fan_club f where f.bj_user_key = ${bjUserKey} order by f.fan_no offset ${offset} limit 1)`;
  const rows = await db
    .select(fanItemColumns)
    .from(fanClub)
    .innerJoin(users, eq(users.userKey, fanClub.userKey))
    .where(and(eq(fanClub.bjUserKey, bjUserKey), from))
    .orderBy(fanClub.fanNo)
    .limit(limit);
  return { list: rows.map((r) => fanItem(r, vips.get(r.userKey) ?? null)), total };
}

/** The VIPs, rank 1 first. */
export async function vipPage(
  db: Db,
  bjUserKey: number,
  vips: Map<number, number>,
  offset: number,
  limit: number,
): Promise<{ list: FanItem[]; total: number }> {
  const keys = [...vips.keys()].slice(offset, offset + limit);
  if (keys.length === 0) return { list: [], total: vips.size };
  const rows = await db
    .select(fanItemColumns)
    .from(fanClub)
    .innerJoin(users, eq(users.userKey, fanClub.userKey))
    .where(and(eq(fanClub.bjUserKey, bjUserKey), inArray(fanClub.userKey, keys)));
  const list = rows.map((r) => fanItem(r, vips.get(r.userKey) ?? null)).sort((a, b) => (a.vip_rank ?? 0) - (b.vip_rank ?? 0));
  return { list, total: vips.size };
}

function fanItem(
  r: { userKey: number; id: string; nick: string; profileImage: string; fanNo: number; joinedAt: Date },
  vipRank: number | null,
): FanItem {
  return {
    user_key: r.userKey,
    id: r.id,
    nick: r.nick,
    profile_image: r.profileImage,
    fan_no: r.fanNo,
    vip_rank: vipRank,
    joined_at: r.joinedAt.toISOString(),
  };
}

/** The fan clubs a member belongs to, newest first. */
export async function myFanClubs(db: Db, userKey: number, offset: number, limit: number) {
  const where = and(eq(fanClub.userKey, userKey), eq(users.state, 'active'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...memberColumns, fanNo: fanClub.fanNo, joinedAt: fanClub.joinedAt })
      .from(fanClub)
      .innerJoin(users, eq(users.userKey, fanClub.bjUserKey))
      .where(where)
      .orderBy(desc(fanClub.joinedAt), desc(fanClub.bjUserKey))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(fanClub).innerJoin(users, eq(users.userKey, fanClub.bjUserKey)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- comments ----------------------------------------------------------------------------------------

/**
 * Leaves out what `readerKey` blocked (their own block list, the chat's): a blocked member's comments and
 * messages never reach the blocker, not even those written before the block. No reader (a guest): nothing.
 */
function notBlockedBy(readerKey: number | null, author: AnyPgColumn): SQL | undefined {
  if (!readerKey) return undefined;
  return notExists(
    sql`(select 1 from ${chatUserBlock} where ${chatUserBlock.userKey} = ${readerKey} and ${chatUserBlock.blockedUserKey} = ${author})`,
  );
}

/** A page of a channel's comments, newest first, without those of members the reader blocked. */
export async function commentPage(db: Db, bjUserKey: number, readerKey: number | null, offset: number, limit: number) {
  const where = and(
    eq(channelComment.bjUserKey, bjUserKey),
    isNull(channelComment.deletedAt),
    notBlockedBy(readerKey, channelComment.userKey),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        commentSn: channelComment.commentSn,
        userKey: channelComment.userKey,
        content: channelComment.content,
        createdAt: channelComment.createdAt,
        id: users.id,
        nick: users.nick,
        profileImage: users.profileImage,
      })
      .from(channelComment)
      .innerJoin(users, eq(users.userKey, channelComment.userKey))
      .where(where)
      .orderBy(desc(channelComment.commentSn))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(channelComment).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertComment(db: Db, bjUserKey: number, userKey: number, content: string): Promise<number> {
  const [row] = await db.insert(channelComment).values({ bjUserKey, userKey, content }).returning({ sn: channelComment.commentSn });
  return row?.sn ?? 0;
}

export async function findComment(db: Db, commentSn: number) {
  const [row] = await db
    .select()
    .from(channelComment)
    .where(and(eq(channelComment.commentSn, commentSn), isNull(channelComment.deletedAt)));
  return row;
}

export async function deleteComment(db: Db, commentSn: number, by: number): Promise<boolean> {
  const rows = await db
    .update(channelComment)
    .set({ deletedAt: new Date(), deletedBy: by })
    .where(and(eq(channelComment.commentSn, commentSn), isNull(channelComment.deletedAt)))
    .returning({ sn: channelComment.commentSn });
  return rows.length > 0;
}

// ---- messages ----------------------------------------------------------------------------------------

const boxWhere = (box: MessageBox, userKey: number) =>
  box === 'received'
    ? and(eq(userMessage.toUserKey, userKey), isNull(userMessage.recipientDeletedAt))
    : and(eq(userMessage.fromUserKey, userKey), isNull(userMessage.senderDeletedAt));

/** A box as its owner reads it: received messages from members the owner blocked are left out. */
const shownWhere = (box: MessageBox, userKey: number) =>
  box === 'received' ? and(boxWhere(box, userKey), notBlockedBy(userKey, userMessage.fromUserKey)) : boxWhere(box, userKey);

export async function unreadCnt(db: Db, userKey: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userMessage)
    .where(and(shownWhere('received', userKey), isNull(userMessage.readAt)));
  return row?.n ?? 0;
}

export async function messagePage(db: Db, box: MessageBox, userKey: number, offset: number, limit: number) {
  const other = box === 'received' ? userMessage.fromUserKey : userMessage.toUserKey;
  const where = shownWhere(box, userKey);
  const [rows, [total], unread] = await Promise.all([
    db
      .select({
        messageSn: userMessage.messageSn,
        content: userMessage.content,
        createdAt: userMessage.createdAt,
        readAt: userMessage.readAt,
        userKey: users.userKey,
        id: users.id,
        nick: users.nick,
        profileImage: users.profileImage,
      })
      .from(userMessage)
      .innerJoin(users, eq(users.userKey, other))
      .where(where)
      .orderBy(desc(userMessage.messageSn))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(userMessage).where(where),
    unreadCnt(db, userKey),
  ]);
  return { rows, total: total?.n ?? 0, unread };
}

export async function insertMessage(db: Db, fromUserKey: number, toUserKey: number, content: string): Promise<number> {
  const [row] = await db.insert(userMessage).values({ fromUserKey, toUserKey, content }).returning({ sn: userMessage.messageSn });
  return row?.sn ?? 0;
}

/** Marks a received message read; answers whether the message is in the member's received box. */
export async function markRead(db: Db, userKey: number, messageSn: number): Promise<boolean> {
  const rows = await db
    .update(userMessage)
    .set({ readAt: sql`coalesce(${userMessage.readAt}, now())` })
    .where(and(eq(userMessage.messageSn, messageSn), boxWhere('received', userKey)))
    .returning({ sn: userMessage.messageSn });
  return rows.length > 0;
}

/** Deletes a message from one of the member's boxes (the row goes once both sides deleted it). */
export async function deleteMessage(db: Db, box: MessageBox, userKey: number, messageSn: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(userMessage)
      .set(box === 'received' ? { recipientDeletedAt: new Date() } : { senderDeletedAt: new Date() })
      .where(and(eq(userMessage.messageSn, messageSn), boxWhere(box, userKey)))
      .returning({ sn: userMessage.messageSn, a: userMessage.senderDeletedAt, b: userMessage.recipientDeletedAt });
    const row = rows[0];
    if (!row) return false;
    if (row.a && row.b) await tx.delete(userMessage).where(eq(userMessage.messageSn, messageSn));
    return true;
  });
}

// ---- feed --------------------------------------------------------------------------------------------

export async function feedPage(db: Db, bjUserKey: number, offset: number, limit: number) {
  const where = and(eq(channelFeed.bjUserKey, bjUserKey), isNull(channelFeed.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ feedSn: channelFeed.feedSn, content: channelFeed.content, createdAt: channelFeed.createdAt })
      .from(channelFeed)
      .where(where)
      .orderBy(desc(channelFeed.feedSn))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(channelFeed).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertFeed(db: Db, bjUserKey: number, userKey: number, content: string): Promise<number> {
  const [row] = await db.insert(channelFeed).values({ bjUserKey, userKey, content }).returning({ sn: channelFeed.feedSn });
  return row?.sn ?? 0;
}

export async function findFeed(db: Db, feedSn: number) {
  const [row] = await db
    .select()
    .from(channelFeed)
    .where(and(eq(channelFeed.feedSn, feedSn), isNull(channelFeed.deletedAt)));
  return row;
}

export async function deleteFeed(db: Db, feedSn: number, by: number): Promise<boolean> {
  const rows = await db
    .update(channelFeed)
    .set({ deletedAt: new Date(), deletedBy: by })
    .where(and(eq(channelFeed.feedSn, feedSn), isNull(channelFeed.deletedAt)))
    .returning({ sn: channelFeed.feedSn });
  return rows.length > 0;
}

// ---- bookmarks ---------------------------------------------------------------------------------------

/** A replay that can be bookmarked: ended and kept. */
export async function keptReplay(db: Db, vodKey: string): Promise<boolean> {
  const [row] = await db
    .select({ k: broadcast.vodKey })
    .from(broadcast)
    .where(and(eq(broadcast.vodKey, vodKey), eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true)));
  return row !== undefined;
}

export async function isBookmarked(db: Db, userKey: number, vodKey: string): Promise<boolean> {
  const [row] = await db
    .select({ k: channelBookmark.userKey })
    .from(channelBookmark)
    .where(and(eq(channelBookmark.userKey, userKey), eq(channelBookmark.vodKey, vodKey)));
  return row !== undefined;
}

export async function bookmarkCount(db: Db, userKey: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(channelBookmark).where(eq(channelBookmark.userKey, userKey));
  return row?.n ?? 0;
}

export async function setBookmark(db: Db, userKey: number, vodKey: string, on: boolean): Promise<void> {
  if (on) await db.insert(channelBookmark).values({ userKey, vodKey }).onConflictDoNothing();
  else await db.delete(channelBookmark).where(and(eq(channelBookmark.userKey, userKey), eq(channelBookmark.vodKey, vodKey)));
}

/** My bookmarks, newest first, with the replays still kept (a replay removed since drops out). */
export async function bookmarkPage(db: Db, userKey: number, offset: number, limit: number) {
  const where = and(eq(channelBookmark.userKey, userKey), eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true));
  const [rows, [total]] = await Promise.all([
    db
      .select({ vodKey: channelBookmark.vodKey, bookmarkedAt: channelBookmark.createdAt })
      .from(channelBookmark)
      .innerJoin(broadcast, eq(broadcast.vodKey, channelBookmark.vodKey))
      .where(where)
      .orderBy(desc(channelBookmark.createdAt), desc(channelBookmark.vodKey))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(channelBookmark).innerJoin(broadcast, eq(broadcast.vodKey, channelBookmark.vodKey)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- my page fragments -------------------------------------------------------------------------------

/** The newest kept replays of the BJs a member follows (their keys, newest first). */
export async function followedReplayKeys(db: Db, userKey: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ vodKey: broadcast.vodKey })
    .from(broadcast)
    .innerJoin(channelSubscribe, and(eq(channelSubscribe.bjUserKey, broadcast.bjUserKey), eq(channelSubscribe.userKey, userKey)))
    .where(and(eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true)))
    .orderBy(desc(sql`coalesce(${broadcast.endedAt}, ${broadcast.startedAt})`), desc(broadcast.broadcastSn))
    .limit(limit);
  return rows.map((r) => r.vodKey);
}

/** A member's latest channel comments with their channel, and how many they have. */
export async function myComments(db: Db, userKey: number, limit: number) {
  const where = and(eq(channelComment.userKey, userKey), isNull(channelComment.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        commentSn: channelComment.commentSn,
        content: channelComment.content,
        createdAt: channelComment.createdAt,
        bjUserKey: users.userKey,
        id: users.id,
        nick: users.nick,
      })
      .from(channelComment)
      .innerJoin(users, eq(users.userKey, channelComment.bjUserKey))
      .where(where)
      .orderBy(desc(channelComment.commentSn))
      .limit(limit),
    db.select({ n: count() }).from(channelComment).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---- broadcaster profile -----------------------------------------------------------------------------

export async function imagesOf(db: Db, bjUserKey: number): Promise<ChannelImagesSet> {
  const [row] = await db.select().from(channelImage).where(eq(channelImage.bjUserKey, bjUserKey));
  return { banner_image: row?.bannerImage ?? '', main_image: row?.mainImage ?? '' };
}

export async function setImage(db: Exec, bjUserKey: number, kind: ChannelImageKind, url: string): Promise<void> {
  const set = kind === 'banner' ? { bannerImage: url, updatedAt: new Date() } : { mainImage: url, updatedAt: new Date() };
  await db
    .insert(channelImage)
    .values({ bjUserKey, ...set })
    .onConflictDoUpdate({ target: channelImage.bjUserKey, set });
}

export async function editedProfile(db: Db, bjUserKey: number): Promise<ChannelProfile | null> {
  const [row] = await db.select().from(channelProfile).where(eq(channelProfile.bjUserKey, bjUserKey));
  if (!row) return null;
  return {
    activity_name_ko: row.activityNameKo,
    activity_name_en: row.activityNameEn,
    debut_date: row.debutDate,
    agency: row.agency,
    intro: row.intro,
    operating_plan: row.operatingPlan,
    social_url: row.socialUrl,
    tags: row.tags,
  };
}

export async function saveProfile(db: Db, bjUserKey: number, p: ChannelProfile): Promise<void> {
  const values = {
    activityNameKo: p.activity_name_ko,
    activityNameEn: p.activity_name_en,
    debutDate: p.debut_date,
    agency: p.agency,
    intro: p.intro,
    operatingPlan: p.operating_plan,
    socialUrl: p.social_url,
    tags: p.tags,
    updatedAt: new Date(),
  };
  await db
    .insert(channelProfile)
    .values({ bjUserKey, ...values })
    .onConflictDoUpdate({ target: channelProfile.bjUserKey, set: values });
}
