import {
  BJ_TYPE_OF_KIND,
  type BlockedItem,
  type BookmarkItem,
  CHANNEL_LIMITS,
  type ChannelComment,
  type ChannelImageKind,
  type ChannelImagesSet,
  type ChannelInfoSet,
  type ChannelProfile,
  ChatEvent,
  type ChatUserInfo,
  type CommentHtmlSet,
  type FanItem,
  type FeedPost,
  type GiftboxHtmlSet,
  type MessageBox,
  type MessageItem,
  MYPAGE_FRAGMENT_SIZE,
  type MyFanclubItem,
  type NamecardSet,
  type OutsideMsgPush,
  type RecentVodHtmlSet,
  type SelfBlockChatEventData,
  type SubscribeItem,
  type SubscribeVodHtmlSet,
} from '@byeol/contract';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { TtlCache } from '../../platform/ttl-cache.js';
import { broadcasterProfile } from '../applications/index.js';
import {
  bannedWordsOf,
  bannedWordsPattern,
  blockedKeysOf,
  hasSelfBlocked,
  isChatManager,
  publishMemberEvent,
  publishRoomEvent,
  selfBlocks,
  setSelfBlock,
  sponsorListPublic,
} from '../chat/index.js';
import { findBroadcast, listReplays, recentViews, replaysByKeys } from '../live/index.js';
import { claimUpload, removeStored } from '../uploads/index.js';
import {
  activeMemberById,
  activeMemberByKey,
  bookmarkCount,
  bookmarkPage,
  channelBroadcasts,
  commentPage,
  deleteComment,
  deleteFeed,
  deleteMessage,
  editedProfile,
  fanClubMember,
  fanClubPage,
  fanClubSize,
  fanNosOf,
  feedPage,
  findComment,
  findFeed,
  followedReplayKeys,
  followerCnt,
  imagesOf,
  insertComment,
  insertFeed,
  insertMessage,
  isBookmarked,
  isSubscribed,
  keptReplay,
  latestGivers,
  liveOf,
  type MemberRow,
  markRead,
  messagePage,
  myComments,
  myFanClubs,
  saveProfile,
  setBookmark,
  setImage,
  setSubscribed,
  subscriptions,
  toChannelBroadcast,
  unreadCnt,
  vipPage,
  vipRanks,
} from './channels.repository.js';

/** The caller as the session knows them (null for guests). */
export interface Viewer {
  userKey: number;
  role: string;
  /** Login ID and nick, for what the chat shows (a follow announced in the BJ's live room). */
  id?: string;
  nick?: string;
}

const isStaff = (v: Viewer | null) => v?.role === 'operator' || v?.role === 'gm';
const yn = (b: boolean) => (b ? ('Y' as const) : ('N' as const));
const isBj = (m: MemberRow) => m.typeCd === 'bj';
/** The BJ account itself or the main account owning it. */
const ownsChannel = (bj: MemberRow, v: Viewer | null) => v !== null && (v.userKey === bj.userKey || v.userKey === bj.ownerUserKey);

/**
 * How old a channel's public parts may be (its BJ, head and VIPs): a popular channel is opened by thousands
 * of fans at once, and a few seconds' delay on a count costs nothing (this process forgets a head at once
 * when it changes a follow).
 */
const CHANNEL_TTL_MS = 3000;

type PublicHead = Omit<ChannelInfoSet, 'viewer'>;

/** Plain text of one comment or message: control characters out, the BJ's banned words masked. */
function cleanText(raw: string, banned: readonly string[]): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters (but line breaks) are removed.
  let text = raw.replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
  const re = bannedWordsPattern(banned);
  if (re) text = text.replace(re, '***');
  return text;
}

const PROFILE_FIELDS = ['activity_name_ko', 'activity_name_en', 'debut_date', 'agency', 'intro', 'operating_plan', 'social_url'] as const;

function profileOf(form: Record<string, string> | null): ChannelProfile {
  const text = (k: string) => (typeof form?.[k] === 'string' ? (form[k] as string) : '');
  const profile = Object.fromEntries(PROFILE_FIELDS.map((k) => [k, text(k)])) as Omit<ChannelProfile, 'tags'>;
  const tags = text('tags')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  // Only http(s) links are shown as links.
  const social = /^https?:\/\//i.test(profile.social_url) ? profile.social_url : '';
  return { ...profile, social_url: social, tags };
}

export class ChannelsService {
  private readonly bjs = new TtlCache<string, MemberRow | null>(CHANNEL_TTL_MS);
  private readonly heads = new TtlCache<number, PublicHead>(CHANNEL_TTL_MS);
  private readonly vips = new TtlCache<number, Map<number, number>>(CHANNEL_TTL_MS);
  /** Pages of the fan and VIP lists (the same for every reader allowed to see them). */
  private readonly fanPages = new TtlCache<string, { list: FanItem[]; total: number }>(CHANNEL_TTL_MS);

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    /** Where uploads are stored: a replaced banner or main image's file is removed after the change commits. */
    private readonly uploadsDir: string,
  ) {}

  /** A channel's BJ by login ID (case-insensitive), or CHANNEL_NOT_FOUND. */
  private async requireChannel(id: string): Promise<MemberRow> {
    const bj = await this.bjs.get(id.toLowerCase(), async () => (await activeMemberById(this.db, id)) ?? null);
    if (!bj || !isBj(bj)) throw new AppError('CHANNEL_NOT_FOUND');
    return bj;
  }

  /** Forgets a channel's head (its BJ went live, ended or changed the broadcast: LIVE_BUS_CHANNEL). */
  forget(bjUserKey: number): void {
    this.heads.delete(bjUserKey);
  }

  private vipsOf(bjUserKey: number): Promise<Map<number, number>> {
    return this.vips.get(bjUserKey, () => vipRanks(this.db, bjUserKey));
  }

  // ---- channel -------------------------------------------------------------------------------------

  async info(viewer: Viewer | null, id: string): Promise<ChannelInfoSet> {
    const bj = await this.requireChannel(id);
    const [head, standing] = await Promise.all([
      this.heads.get(bj.userKey, () => this.publicHead(bj)),
      viewer ? this.standingOf(viewer, bj) : Promise.resolve(null),
    ]);
    return { ...head, viewer: standing };
  }

  private async publicHead(bj: MemberRow): Promise<PublicHead> {
    const db = this.db;
    const [broadcasts, followers, fans, publicYn, edited, form, images] = await Promise.all([
      channelBroadcasts(db, bj.userKey),
      followerCnt(db, bj.userKey),
      fanClubSize(db, bj.userKey),
      sponsorListPublic(db, bj.userKey),
      editedProfile(db, bj.userKey),
      broadcasterProfile(db, bj.userKey),
      imagesOf(db, bj.userKey),
    ]);
    return {
      bj: {
        user_key: bj.userKey,
        id: bj.id,
        nick: bj.nick,
        profile_image: bj.profileImage,
        state_memo: bj.stateMemo,
        bj_type_cd: bj.bjTypeCd,
      },
      profile: edited ?? profileOf(form),
      follower_cnt: followers,
      fan_cnt: fans,
      fan_list_public_yn: publicYn,
      live: broadcasts.live ? toChannelBroadcast(broadcasts.live) : null,
      latest_replay: broadcasts.latest ? toChannelBroadcast(broadcasts.latest) : null,
      replay_cnt: broadcasts.replayCnt,
      images,
    };
  }

  private async standingOf(viewer: Viewer, bj: MemberRow): Promise<ChannelInfoSet['viewer']> {
    const [subscribed, blocked, member, vips] = await Promise.all([
      isSubscribed(this.db, viewer.userKey, bj.userKey),
      hasSelfBlocked(this.db, bj.userKey, viewer.userKey),
      fanClubMember(this.db, bj.userKey, viewer.userKey),
      this.vipsOf(bj.userKey),
    ]);
    return {
      subscribed_yn: yn(subscribed),
      blocked_yn: yn(blocked),
      fan_no: member?.fanNo ?? null,
      vip_rank: vips.get(viewer.userKey) ?? null,
      is_owner: yn(ownsChannel(bj, viewer)),
    };
  }

  /** The fan club or the VIPs; a private list (SPEC §4) only for the BJ, their managers and operators. */
  async fans(viewer: Viewer | null, id: string, kind: 'fan' | 'vip', offset: number, limit: number) {
    const bj = await this.requireChannel(id);
    const head = await this.heads.get(bj.userKey, () => this.publicHead(bj));
    if (head.fan_list_public_yn === 'N' && !(await this.moderates(viewer, bj))) throw new AppError('CHANNEL_LIST_PRIVATE');
    return this.fanPages.get(`${bj.userKey}:${kind}:${offset}:${limit}`, async () => {
      const vips = await this.vipsOf(bj.userKey);
      return kind === 'vip'
        ? vipPage(this.db, bj.userKey, vips, offset, limit)
        : fanClubPage(this.db, bj.userKey, vips, head.fan_cnt, offset, limit);
    });
  }

  private async moderates(viewer: Viewer | null, bj: MemberRow): Promise<boolean> {
    if (!viewer) return false;
    if (ownsChannel(bj, viewer) || isStaff(viewer)) return true;
    return isChatManager(this.db, bj.userKey, viewer.userKey);
  }

  // ---- follows -------------------------------------------------------------------------------------

  async subscribe(viewer: Viewer, id: string, on: boolean) {
    const bj = await this.requireChannel(id);
    if (ownsChannel(bj, viewer)) throw new AppError('SUBSCRIBE_SELF');
    const { count, changed } = await setSubscribed(this.db, viewer.userKey, bj.userKey, on);
    this.heads.delete(bj.userKey);
    if (changed) await this.announceFollow(viewer, bj, on);
    return { subscribed_yn: yn(on), follower_cnt: count };
  }

  /**
   * A follow while the BJ is live: 211 (channel join) to the room, so the room sees the new follower; an
   * unfollow: 212 (channel leave) to the BJ's own sockets only. Fire and forget: the follow stands either way.
   */
  private async announceFollow(viewer: Viewer, bj: MemberRow, on: boolean): Promise<void> {
    const live = (await liveOf(this.db, [bj.userKey])).get(bj.userKey);
    if (!live) return;
    const by: ChatUserInfo = {
      user_key: viewer.userKey,
      id: viewer.id ?? '',
      nick: viewer.nick ?? '',
      is_bj: 0,
      is_manager: 0,
      is_operator: 0,
      is_guest: 0,
      is_follower: on ? 1 : 0,
    };
    const push: OutsideMsgPush = { code: on ? ChatEvent.CHANNEL_JOIN : ChatEvent.CHANNEL_LEAVE, ts: Date.now(), by, target: by };
    await publishRoomEvent(this.bus, live.vod_key, push, on ? undefined : bj.userKey).catch(() => undefined);
  }

  async subscriptions(viewer: Viewer, offset: number, limit: number): Promise<{ list: SubscribeItem[]; total: number }> {
    const { rows, total } = await subscriptions(this.db, viewer.userKey, offset, limit);
    const list = rows.map((r) => ({
      user_key: r.userKey,
      id: r.id,
      nick: r.nick,
      profile_image: r.profileImage,
      subscribed_at: r.subscribedAt.toISOString(),
      follower_cnt: r.followerCnt,
      live: r.live,
    }));
    return { list, total };
  }

  async myFanClubs(viewer: Viewer, offset: number, limit: number): Promise<{ list: MyFanclubItem[]; total: number }> {
    const { rows, total } = await myFanClubs(this.db, viewer.userKey, offset, limit);
    const vips = await Promise.all(rows.map((r) => this.vipsOf(r.userKey)));
    const list = rows.map((r, i) => ({
      user_key: r.userKey,
      id: r.id,
      nick: r.nick,
      profile_image: r.profileImage,
      fan_no: r.fanNo,
      vip_rank: vips[i]?.get(viewer.userKey) ?? null,
      joined_at: r.joinedAt.toISOString(),
    }));
    return { list, total };
  }

  // ---- comments ------------------------------------------------------------------------------------

  async comments(viewer: Viewer | null, id: string, offset: number, limit: number): Promise<{ list: ChannelComment[]; total: number }> {
    const bj = await this.requireChannel(id);
    // What the reader blocked is left out, comments written before the block too.
    const { rows, total } = await commentPage(this.db, bj.userKey, viewer?.userKey ?? null, offset, limit);
    const canModerate = await this.moderates(viewer, bj);
    const fanNos = await fanNosOf(
      this.db,
      bj.userKey,
      rows.map((r) => r.userKey),
    );
    const list = rows.map((r) => ({
      comment_sn: r.commentSn,
      user_key: r.userKey,
      id: r.id,
      nick: r.nick,
      profile_image: r.profileImage,
      content: r.content,
      created_at: r.createdAt.toISOString(),
      can_delete_yn: yn(canModerate || r.userKey === viewer?.userKey),
      fan_no: fanNos.get(r.userKey) ?? null,
    }));
    return { list, total };
  }

  /** A comment on a channel: refused when the BJ blocked the writer; banned words masked. */
  async writeComment(viewer: Viewer, id: string, content: string): Promise<number> {
    const bj = await this.requireChannel(id);
    await enforceLimits(this.bus, [
      { key: `channel-comment:${viewer.userKey}`, max: CHANNEL_LIMITS.commentRate, windowMs: CHANNEL_LIMITS.commentWindowMs },
    ]);
    if (await hasSelfBlocked(this.db, bj.userKey, viewer.userKey)) throw new AppError('CHANNEL_BLOCKED');
    const text = cleanText(content, await bannedWordsOf(this.db, bj.userKey));
    if (text === '') throw new AppError('CHANNEL_CONTENT_REQUIRED', { field: 'content' });
    return insertComment(this.db, bj.userKey, viewer.userKey, text);
  }

  /** Its author, the channel's BJ (or a manager) and operators may delete a comment. */
  async deleteComment(viewer: Viewer, commentSn: number): Promise<number> {
    const comment = await findComment(this.db, commentSn);
    if (!comment) throw new AppError('CHANNEL_COMMENT_NOT_FOUND');
    if (comment.userKey !== viewer.userKey) {
      const bj = await activeMemberByKey(this.db, comment.bjUserKey);
      if (!bj || !(await this.moderates(viewer, bj))) throw new AppError('FORBIDDEN');
    }
    if (!(await deleteComment(this.db, commentSn, viewer.userKey))) throw new AppError('CHANNEL_COMMENT_NOT_FOUND');
    return commentSn;
  }

  // ---- broadcaster profile -------------------------------------------------------------------------

  /** A BJ account's session edits its own channel's profile; the head shows it at once in this process. */
  async saveProfile(viewer: Viewer & { isBj: boolean }, profile: ChannelProfile): Promise<ChannelProfile> {
    if (!viewer.isBj) throw new AppError('FORBIDDEN');
    await saveProfile(this.db, viewer.userKey, profile);
    this.heads.delete(viewer.userKey);
    return profile;
  }

  /**
   * The BJ sets the channel's banner or main image from their own upload of the matching purpose, or
   * removes it (fileSn 0). The replaced file is removed once the change has committed.
   */
  async setImage(viewer: Viewer & { isBj: boolean }, kind: ChannelImageKind, fileSn: number): Promise<ChannelImagesSet> {
    if (!viewer.isBj) throw new AppError('FORBIDDEN');
    const removed = await this.db.transaction(async (tx) => {
      const claimed = await claimUpload(tx, viewer.userKey, fileSn, kind === 'banner' ? 'channel_banner' : 'channel_main');
      await setImage(tx, viewer.userKey, kind, claimed.url);
      return claimed.removed;
    });
    await removeStored(this.uploadsDir, removed);
    this.heads.delete(viewer.userKey);
    return imagesOf(this.db, viewer.userKey);
  }

  /** My page's gift box: for a BJ, the latest givers of STAR with their totals; empty for other accounts. */
  async giftbox(viewer: Viewer & { isBj: boolean }): Promise<GiftboxHtmlSet> {
    if (!viewer.isBj) return { star_list: [], star_total: 0, fan_cnt: 0 };
    const [{ rows, starTotal }, fans] = await Promise.all([
      latestGivers(this.db, viewer.userKey, MYPAGE_FRAGMENT_SIZE),
      fanClubSize(this.db, viewer.userKey),
    ]);
    return {
      star_total: starTotal,
      fan_cnt: fans,
      star_list: rows.map((r) => ({
        user_key: r.userKey,
        id: r.id,
        nick: r.nick,
        profile_image: r.profileImage,
        star_total: r.starTotal,
        gift_cnt: r.giftCnt,
        last_gift_at: r.lastGiftAt.toISOString(),
      })),
    };
  }

  // ---- feed ----------------------------------------------------------------------------------------

  async feed(viewer: Viewer | null, id: string, offset: number, limit: number): Promise<{ list: FeedPost[]; total: number }> {
    const bj = await this.requireChannel(id);
    const { rows, total } = await feedPage(this.db, bj.userKey, offset, limit);
    const canDelete = ownsChannel(bj, viewer) || isStaff(viewer);
    const list = rows.map((r) => ({
      feed_sn: r.feedSn,
      content: r.content,
      created_at: r.createdAt.toISOString(),
      can_delete_yn: yn(canDelete),
    }));
    return { list, total };
  }

  /** A post on the caller's own channel feed: the session must be a BJ account; the channel's banned words are masked. */
  async writeFeed(viewer: Viewer & { isBj: boolean }, content: string): Promise<number> {
    if (!viewer.isBj) throw new AppError('CHANNEL_FEED_BJ_ONLY');
    await enforceLimits(this.bus, [
      { key: `channel-feed:${viewer.userKey}`, max: CHANNEL_LIMITS.commentRate, windowMs: CHANNEL_LIMITS.commentWindowMs },
    ]);
    const text = cleanText(content, await bannedWordsOf(this.db, viewer.userKey));
    if (text === '') throw new AppError('CHANNEL_CONTENT_REQUIRED', { field: 'content' });
    return insertFeed(this.db, viewer.userKey, viewer.userKey, text);
  }

  /** The channel's owner and operators delete a feed post. */
  async deleteFeed(viewer: Viewer, feedSn: number): Promise<number> {
    const post = await findFeed(this.db, feedSn);
    if (!post) throw new AppError('CHANNEL_FEED_NOT_FOUND');
    const bj = await activeMemberByKey(this.db, post.bjUserKey);
    if (!bj || !(ownsChannel(bj, viewer) || isStaff(viewer))) throw new AppError('FORBIDDEN');
    if (!(await deleteFeed(this.db, feedSn, viewer.userKey))) throw new AppError('CHANNEL_FEED_NOT_FOUND');
    return feedSn;
  }

  // ---- program channels ------------------------------------------------------------------------------

  /** A program channel's replays (the channel must be a program account). */
  async programReplays(id: string, offset: number, limit: number) {
    const bj = await this.requireProgram(id);
    return listReplays(this.db, { offset, limit, bjUserKey: bj.userKey });
  }

  async programComments(viewer: Viewer | null, id: string, offset: number, limit: number) {
    await this.requireProgram(id);
    return this.comments(viewer, id, offset, limit);
  }

  private async requireProgram(id: string): Promise<MemberRow> {
    const bj = await this.requireChannel(id);
    if (bj.bjTypeCd !== BJ_TYPE_OF_KIND.program) throw new AppError('CHANNEL_NOT_FOUND');
    return bj;
  }

  // ---- bookmarks -----------------------------------------------------------------------------------

  async bookmark(viewer: Viewer, vodKey: string, on: boolean) {
    if (on) {
      if (!(await keptReplay(this.db, vodKey))) throw new AppError('BOOKMARK_NOT_FOUND');
      if ((await bookmarkCount(this.db, viewer.userKey)) >= CHANNEL_LIMITS.bookmarkMax) {
        throw new AppError('BOOKMARK_LIMIT', { max: CHANNEL_LIMITS.bookmarkMax });
      }
    }
    await setBookmark(this.db, viewer.userKey, vodKey, on);
    return { bookmarked_yn: yn(on) };
  }

  async bookmarked(viewer: Viewer, vodKey: string) {
    return { bookmarked_yn: yn(await isBookmarked(this.db, viewer.userKey, vodKey)) };
  }

  async unread(viewer: Viewer) {
    return { unread_cnt: await unreadCnt(this.db, viewer.userKey) };
  }

  async bookmarks(viewer: Viewer, offset: number, limit: number): Promise<{ list: BookmarkItem[]; total: number }> {
    const { rows, total } = await bookmarkPage(this.db, viewer.userKey, offset, limit);
    const replays = new Map(
      (
        await replaysByKeys(
          this.db,
          rows.map((r) => r.vodKey),
        )
      ).map((v) => [v.vod_key, v]),
    );
    const list: BookmarkItem[] = [];
    for (const r of rows) {
      const replay = replays.get(r.vodKey);
      if (replay) list.push({ ...replay, bookmarked_at: r.bookmarkedAt.toISOString() });
    }
    return { list, total };
  }

  // ---- blocking ------------------------------------------------------------------------------------

  async block(viewer: Viewer, id: string, on: boolean) {
    const target = await activeMemberById(this.db, id);
    if (!target) throw new AppError('BLOCK_USER_NOT_FOUND');
    if (target.userKey === viewer.userKey) throw new AppError('BLOCK_SELF');
    if (on) {
      const { total } = await selfBlocks(this.db, viewer.userKey, 0, 1);
      if (total >= CHANNEL_LIMITS.blockMax && !(await hasSelfBlocked(this.db, viewer.userKey, target.userKey))) {
        throw new AppError('BLOCK_LIMIT', { max: CHANNEL_LIMITS.blockMax });
      }
    }
    if (await setSelfBlock(this.db, viewer.userKey, target.userKey, on)) await this.announceBlock(viewer, target, on);
    return { blocked_yn: yn(on) };
  }

  /**
   * A change of the block list reaches the member's open chat sockets on every node at once (230 'self'
   * with the whole list, publishMemberEvent): whispers from a blocked member are refused there and the web
   * hides their lines. Fire and forget: the block stands either way, and the next join reads it.
   */
  private async announceBlock(viewer: Viewer, target: MemberRow, on: boolean): Promise<void> {
    const blocked = (await blockedKeysOf(this.db, viewer.userKey)).sort((a, b) => a - b);
    const info = (userKey: number, id: string, nick: string): ChatUserInfo => ({
      user_key: userKey,
      id,
      nick,
      is_bj: 0,
      is_manager: 0,
      is_operator: 0,
      is_guest: 0,
    });
    const data: SelfBlockChatEventData = { scope: 'self', off: on ? 0 : 1, blocked };
    const push: OutsideMsgPush = {
      code: ChatEvent.CHAT_BLOCK_UPDATE,
      ts: Date.now(),
      // Each chat node puts in the member and the target as its room shows them.
      by: info(viewer.userKey, viewer.id ?? '', viewer.nick ?? ''),
      target: info(target.userKey, target.id, target.nick),
      data: { ...data },
    };
    await publishMemberEvent(this.bus, viewer.userKey, push).catch(() => undefined);
  }

  async blocks(viewer: Viewer, offset: number, limit: number): Promise<{ list: BlockedItem[]; total: number }> {
    const { rows, total } = await selfBlocks(this.db, viewer.userKey, offset, limit);
    const members = await Promise.all(rows.map((r) => activeMemberByKey(this.db, r.blockedUserKey)));
    const list: BlockedItem[] = [];
    rows.forEach((r, i) => {
      const m = members[i];
      if (m)
        list.push({ user_key: m.userKey, id: m.id, nick: m.nick, profile_image: m.profileImage, blocked_at: r.createdAt.toISOString() });
    });
    return { list, total };
  }

  // ---- messages ------------------------------------------------------------------------------------

  async messages(viewer: Viewer, box: MessageBox, offset: number, limit: number) {
    const { rows, total, unread } = await messagePage(this.db, box, viewer.userKey, offset, limit);
    const list: MessageItem[] = rows.map((r) => ({
      message_sn: r.messageSn,
      other: { user_key: r.userKey, id: r.id, nick: r.nick, profile_image: r.profileImage },
      content: r.content,
      read_yn: yn(r.readAt !== null),
      created_at: r.createdAt.toISOString(),
    }));
    return { list, total, unread };
  }

  /** A message to a member; refused when the recipient blocked the sender (SPEC §8 'blocked'). */
  async send(viewer: Viewer, toId: string, content: string): Promise<number> {
    const to = await activeMemberById(this.db, toId);
    if (!to) throw new AppError('MESSAGE_RECIPIENT_NOT_FOUND');
    if (to.userKey === viewer.userKey) throw new AppError('MESSAGE_SELF');
    await enforceLimits(this.bus, [
      { key: `message:${viewer.userKey}`, max: CHANNEL_LIMITS.messageRate, windowMs: CHANNEL_LIMITS.messageWindowMs },
    ]);
    if (await hasSelfBlocked(this.db, to.userKey, viewer.userKey)) throw new AppError('CHANNEL_BLOCKED');
    const text = cleanText(content, []);
    if (text === '') throw new AppError('MESSAGE_REQUIRED', { field: 'content' });
    return insertMessage(this.db, viewer.userKey, to.userKey, text);
  }

  async read(viewer: Viewer, messageSn: number) {
    if (!(await markRead(this.db, viewer.userKey, messageSn))) throw new AppError('MESSAGE_NOT_FOUND');
    return { message_sn: messageSn, read_yn: 'Y' as const, unread_cnt: await unreadCnt(this.db, viewer.userKey) };
  }

  async deleteMessage(viewer: Viewer, box: MessageBox, messageSn: number) {
    if (!(await deleteMessage(this.db, box, viewer.userKey, messageSn))) throw new AppError('MESSAGE_NOT_FOUND');
    return { message_sn: messageSn, read_yn: 'Y' as const, unread_cnt: await unreadCnt(this.db, viewer.userKey) };
  }

  // ---- my page fragments (SPEC §7 `…_html`) --------------------------------------------------------

  async followedReplays(viewer: Viewer): Promise<SubscribeVodHtmlSet> {
    const keys = await followedReplayKeys(this.db, viewer.userKey, MYPAGE_FRAGMENT_SIZE);
    const byKey = new Map((await replaysByKeys(this.db, keys)).map((v) => [v.vod_key, v]));
    return { vod_list: keys.flatMap((k) => byKey.get(k) ?? []) };
  }

  async recentViews(viewer: Viewer): Promise<RecentVodHtmlSet> {
    return { vod_list: await recentViews(this.db, viewer.userKey, MYPAGE_FRAGMENT_SIZE) };
  }

  async myComments(viewer: Viewer): Promise<CommentHtmlSet> {
    const { rows, total } = await myComments(this.db, viewer.userKey, MYPAGE_FRAGMENT_SIZE);
    return {
      comment_list: rows.map((r) => ({
        comment_sn: r.commentSn,
        content: r.content,
        created_at: r.createdAt.toISOString(),
        channel: { user_key: r.bjUserKey, id: r.id, nick: r.nick },
      })),
      total_count: total,
    };
  }

  // ---- namecards -----------------------------------------------------------------------------------

  async namecard(viewer: Viewer | null, userKey: number, vodKey?: string): Promise<NamecardSet> {
    const member = await activeMemberByKey(this.db, userKey);
    if (!member) throw new AppError('NO_DATA');
    const bjCard = isBj(member);
    let roomBj: MemberRow | undefined;
    if (vodKey !== undefined) {
      const room = await findBroadcast(this.db, vodKey);
      if (!room) throw new AppError('BROADCAST_NOT_FOUND');
      roomBj = await activeMemberByKey(this.db, room.b.bjUserKey);
    }
    const [followers, subscribed, blocked, fanNos, vips, moderates] = await Promise.all([
      bjCard ? followerCnt(this.db, member.userKey) : Promise.resolve(0),
      viewer && bjCard ? isSubscribed(this.db, viewer.userKey, member.userKey) : Promise.resolve(false),
      viewer ? hasSelfBlocked(this.db, viewer.userKey, member.userKey) : Promise.resolve(false),
      roomBj ? fanNosOf(this.db, roomBj.userKey, [member.userKey]) : Promise.resolve(new Map<number, number>()),
      roomBj ? this.vipsOf(roomBj.userKey) : Promise.resolve(new Map<number, number>()),
      roomBj ? this.moderates(viewer, roomBj) : Promise.resolve(false),
    ]);
    return {
      user_key: member.userKey,
      id: member.id,
      nick: member.nick,
      profile_image: member.profileImage,
      state_memo: member.stateMemo,
      is_bj: bjCard ? 1 : 0,
      channel_url: bjCard ? `/channel/bj/${encodeURIComponent(member.id)}` : '',
      follower_cnt: followers,
      subscribed_yn: yn(subscribed),
      blocked_yn: yn(blocked),
      fan_no: fanNos.get(member.userKey) ?? null,
      vip_rank: vips.get(member.userKey) ?? null,
      view: moderates ? 'bj' : 'user',
    };
  }
}
