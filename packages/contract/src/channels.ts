import { z } from 'zod';
import { defineCodes } from './codes.js';
import type { LiveListItem, VodListItem } from './content.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';
import { charCount } from './validators.js';

/**
 * Channels and the social graph (issue 17, docs/channels.md): a BJ's channel, follows (subscribe), fan
 * clubs and VIPs, channel comments, a member's block list, the message box and namecards.
 */

/** The top givers of STAR to a BJ shown as VIPs (열혈팬); rank 1 is the 회장. */
export const VIP_COUNT = 20;

export const CHANNEL_LIMITS = {
  /** Characters of a channel comment (SPEC §5 'comments limited to a number of characters'). */
  commentMax: 300,
  /** Characters of a message. */
  messageMax: 500,
  /** Messages a member may send within messageWindowMs. */
  messageRate: 20,
  messageWindowMs: 10 * 60_000,
  /** Comments a member may write within commentWindowMs. */
  commentRate: 10,
  commentWindowMs: 60_000,
  /** Members a member may block. */
  blockMax: 1000,
  /** Characters of a feed post. */
  feedMax: 2000,
  /** Replays a member may bookmark. */
  bookmarkMax: 500,
} as const;

const yn = z.enum(['Y', 'N']);
const chars = charCount;
/** A login ID in a request (the channel's {id}, a recipient): letters, digits and _ only. */
const LoginIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_]+$/);
const SnSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** GET /channel/bj_info: the channel head of /channel/bj/{id} ({id} is the BJ's login ID). */
export const ChannelInfoSchema = z.object({ id: LoginIdSchema });

/** A broadcast as a channel shows it (the live one or a replay). */
export interface ChannelBroadcast {
  vod_key: string;
  title: string;
  thumbnail: string;
  /** 0 when `viewer_cnt_hidden_yn` is 'Y'. */
  viewer_cnt: number;
  /** 'Y' when the BJ keeps their viewer count private (/mypage/setting `viewer_count_yn` N). */
  viewer_cnt_hidden_yn: 'Y' | 'N';
  start_date: string;
  state: 'live' | 'ended' | 'frozen';
  adult_yn: 'Y' | 'N';
}

/** The broadcaster profile of SPEC §3 as the approved application gave it (empty strings when not given). */
export interface ChannelProfile {
  activity_name_ko: string;
  activity_name_en: string;
  debut_date: string;
  agency: string;
  intro: string;
  operating_plan: string;
  social_url: string;
  tags: string[];
}

/** The viewer's own standing with the channel (null for guests). */
export interface ChannelViewer {
  subscribed_yn: 'Y' | 'N';
  blocked_yn: 'Y' | 'N';
  /** Fan number in the BJ's fan club (join order), or null when not a member. */
  fan_no: number | null;
  /** 1..VIP_COUNT among the BJ's top givers, or null. */
  vip_rank: number | null;
  /** The viewer is this channel's BJ. */
  is_owner: 'Y' | 'N';
}

export interface ChannelInfoSet {
  bj: { user_key: number; id: string; nick: string; profile_image: string; state_memo: string; bj_type_cd: string };
  profile: ChannelProfile;
  follower_cnt: number;
  fan_cnt: number;
  /** The BJ lets everyone see the fan and VIP lists (SPEC §4 lists public or private). */
  fan_list_public_yn: 'Y' | 'N';
  live: ChannelBroadcast | null;
  /** The newest replay (shown when not live). */
  latest_replay: ChannelBroadcast | null;
  replay_cnt: number;
  viewer: ChannelViewer | null;
  /** The channel's banner (wide, over the head) and main image (its representative picture); '' when none. */
  images: ChannelImagesSet;
}

/** The channel's pictures (SPEC §3 broadcaster profile: banner image, main image). */
export const CHANNEL_IMAGE_KINDS = ['banner', 'main'] as const;
export type ChannelImageKind = (typeof CHANNEL_IMAGE_KINDS)[number];
export interface ChannelImagesSet {
  banner_image: string;
  main_image: string;
}
/**
 * POST /mypage/channel_image_proc (ours): the BJ sets the banner or main image from an upload of the
 * matching purpose (upload_thum_ajax with purpose channel_banner / channel_main), or removes it (temp_file_sn 0).
 */
export const ChannelImageSchema = z.object({
  kind: z.enum(CHANNEL_IMAGE_KINDS),
  temp_file_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/** GET /mypage/bookmark_info: whether I bookmarked this replay (the replay page's button). */
export const BookmarkInfoSchema = z.object({ vod_key: z.string().trim().min(1).max(64) });

/** GET /mypage/message_unread_cnt: the unread count of my received box (the header's badge). */
export interface MessageUnreadSet {
  unread_cnt: number;
}

/** GET /mypage/giftbox_html: my page fragment of gifts received. */
export interface GiftboxHtmlSet {
  /** For a BJ: the fans who gave STAR most lately, with their totals (empty for other accounts). */
  star_list: Array<{
    user_key: number;
    id: string;
    nick: string;
    profile_image: string;
    star_total: number;
    gift_cnt: number;
    last_gift_at: string;
  }>;
  /** STAR received in all (a BJ's earnings before any settlement). */
  star_total: number;
  fan_cnt: number;
}

/** POST /channel/bj_fan_more/{id}: the fan club (join order) or the VIPs (most STAR first). */
export const BjFanMoreSchema = PagingSchema.extend({
  id: LoginIdSchema,
  kind: z.enum(['fan', 'vip']).default('fan'),
});

export interface FanItem {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  fan_no: number;
  /** 1..VIP_COUNT, or null. */
  vip_rank: number | null;
  joined_at: string;
}

/** POST /channel/bj_comment_more: a channel's guest book, newest first. */
export const BjCommentMoreSchema = PagingSchema.extend({ id: LoginIdSchema });

export interface ChannelComment {
  comment_sn: number;
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  /** Plain text (banned words masked); never HTML. */
  content: string;
  created_at: string;
  /** The viewer may delete it (its author, the channel's BJ or an operator). */
  can_delete_yn: 'Y' | 'N';
  fan_no: number | null;
}

/**
 * POST /mypage/comment_proc: `insert` writes a comment on channel `id`, `delete` removes `comment_sn`.
 * Refusal messages are result-code names (the form shows the same message before sending).
 */
export const CommentProcSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('insert'),
    id: LoginIdSchema,
    content: z
      .string({ message: 'CHANNEL_CONTENT_REQUIRED' })
      .trim()
      .min(1, { message: 'CHANNEL_CONTENT_REQUIRED' })
      .refine((s) => chars(s) <= CHANNEL_LIMITS.commentMax, { message: 'CHANNEL_COMMENT_LENGTH' }),
  }),
  z.object({ mode: z.literal('delete'), comment_sn: SnSchema }),
]);
export interface CommentProcSet {
  comment_sn: number;
}

/** POST /mypage/subscribe_proc: follow (Y) or stop following (N) the BJ with login ID `id`. */
export const SubscribeProcSchema = z.object({ id: LoginIdSchema, subscribe_yn: yn });
export interface SubscribeSet {
  subscribed_yn: 'Y' | 'N';
  follower_cnt: number;
}

/** POST /mypage/subscribe_default_more: the BJs I follow, those on air first. */
export interface SubscribeItem {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  subscribed_at: string;
  follower_cnt: number;
  live: ChannelBroadcast | null;
}

/** POST /mypage/fanclub_more: the fan clubs I belong to. */
export interface MyFanclubItem {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  fan_no: number;
  vip_rank: number | null;
  joined_at: string;
}

/** POST /mypage/blocking_proc: block (Y) or unblock (N) the member with login ID `id`. */
export const BlockingProcSchema = z.object({ id: LoginIdSchema, block_yn: yn });
export interface BlockingSet {
  blocked_yn: 'Y' | 'N';
}
export interface BlockedItem {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  blocked_at: string;
}

export const MESSAGE_BOXES = ['received', 'sent'] as const;
export type MessageBox = (typeof MESSAGE_BOXES)[number];

/** POST /mypage/message_more: one box, newest first. */
export const MessageMoreSchema = PagingSchema.extend({ box: z.enum(MESSAGE_BOXES).default('received') });
export interface MessageItem {
  message_sn: number;
  /** The other member: the sender in `received`, the recipient in `sent`. */
  other: { user_key: number; id: string; nick: string; profile_image: string };
  content: string;
  read_yn: 'Y' | 'N';
  created_at: string;
}
/** message_more answers the list with SPEC §7's total_count and the unread count of the received box. */
export interface MessageListSet extends ListSet<MessageItem> {
  total_count: number;
  unread_cnt: number;
}

/** POST /mypage/message_send_proc: a message to the member with login ID `to_id`. */
export const MessageSendSchema = z.object({
  to_id: LoginIdSchema,
  content: z
    .string({ message: 'MESSAGE_REQUIRED' })
    .trim()
    .min(1, { message: 'MESSAGE_REQUIRED' })
    .refine((s) => chars(s) <= CHANNEL_LIMITS.messageMax, { message: 'MESSAGE_LENGTH' }),
});
export interface MessageSendSet {
  message_sn: number;
}

/** POST /mypage/message_read_proc and message_delete_proc: one message of my boxes. */
export const MessageRefSchema = z.object({ box: z.enum(MESSAGE_BOXES), message_sn: SnSchema });
export interface MessageReadSet {
  message_sn: number;
  read_yn: 'Y' | 'N';
  unread_cnt: number;
}

/** POST /popup/namecard: a member's card. */
export const NamecardSchema = z.object({ user_key: SnSchema });
/** POST /popup/namecard_broadcast: a member's card in a live room; the viewer's room role decides the view (SPEC §2/§6). */
export const NamecardBroadcastSchema = z.object({ user_key: SnSchema, vod_key: z.string().trim().min(1).max(64) });

export interface NamecardSet {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  state_memo: string;
  /** The member is a BJ (has a channel). */
  is_bj: 0 | 1;
  /** `/channel/bj/{id}` when is_bj. */
  channel_url: string;
  follower_cnt: number;
  /** The viewer follows this member's channel. */
  subscribed_yn: 'Y' | 'N';
  /** The viewer blocked this member. */
  blocked_yn: 'Y' | 'N';
  /** In namecard_broadcast: the member's standing with the room's BJ. */
  fan_no: number | null;
  vip_rank: number | null;
  /** namecard_broadcast: 'bj' when the viewer is the room's BJ or a manager or an operator (moderation actions shown). */
  view: 'bj' | 'user';
}

/** POST /channel/feed_more: a channel's feed (the BJ's posts), newest first. */
export const FeedMoreSchema = PagingSchema.extend({ id: LoginIdSchema });
export interface FeedPost {
  feed_sn: number;
  /** Plain text, line breaks kept; never HTML. */
  content: string;
  created_at: string;
  /** The viewer may delete it (the channel's owner or an operator). */
  can_delete_yn: 'Y' | 'N';
}
/** feed_more answers the list with SPEC §7's total_count. */
export interface FeedListSet extends ListSet<FeedPost> {
  total_count: number;
}

/** POST /mypage/feed_proc: the channel's BJ posts on their own feed (`insert`) or deletes a post. */
export const FeedProcSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('insert'),
    content: z
      .string({ message: 'CHANNEL_CONTENT_REQUIRED' })
      .trim()
      .min(1, { message: 'CHANNEL_CONTENT_REQUIRED' })
      .refine((s) => chars(s) <= CHANNEL_LIMITS.feedMax, { message: 'CHANNEL_FEED_LENGTH' }),
  }),
  z.object({ mode: z.literal('delete'), feed_sn: SnSchema }),
]);
export interface FeedProcSet {
  feed_sn: number;
}

/** POST /channel/program_replay_more/{id} and program_comment_more/{id}: a program channel's lists. */
export const ProgramMoreSchema = PagingSchema.extend({ id: LoginIdSchema });

/** POST /mypage/bookmark_proc: save (Y) or drop (N) a replay in my bookmarks. */
export const BookmarkProcSchema = z.object({ vod_key: z.string().trim().min(1).max(64), bookmark_yn: yn });
export interface BookmarkSet {
  bookmarked_yn: 'Y' | 'N';
}
/** POST /mypage/bookmark_more: my bookmarked replays, newest bookmark first. */
export interface BookmarkItem extends VodListItem {
  bookmarked_at: string;
}

/** How many entries a my-page fragment (`…_html`) shows; its page has the whole list. */
export const MYPAGE_FRAGMENT_SIZE = 12;

/** GET /mypage/subscribe_bj_html: the BJs I follow, on air first (the fragment of /mypage). */
export interface SubscribeBjHtmlSet {
  bj_list: SubscribeItem[];
  total_count: number;
}
/** GET /mypage/subscribe_vod_html: the newest replays of the BJs I follow. */
export interface SubscribeVodHtmlSet {
  vod_list: VodListItem[];
}
/** A broadcast I watched lately: live or a kept replay. */
export interface RecentVodItem extends Omit<LiveListItem, 'viewer_cnt'> {
  state: 'live' | 'ended' | 'frozen';
  viewed_at: string;
}
/** GET /mypage/recent_vod_html: what I watched lately, newest first. */
export interface RecentVodHtmlSet {
  vod_list: RecentVodItem[];
}
/** GET /mypage/comment_html: my latest channel comments, with their channel. */
export interface MyCommentItem {
  comment_sn: number;
  content: string;
  created_at: string;
  channel: { user_key: number; id: string; nick: string };
}
export interface CommentHtmlSet {
  comment_list: MyCommentItem[];
  total_count: number;
}

/** Longest value of each profile field (as the application form takes them). */
export const CHANNEL_PROFILE_MAX = {
  activity_name_ko: 30,
  activity_name_en: 40,
  agency: 60,
  intro: 1000,
  operating_plan: 2000,
  social_url: 256,
  /** Tags, each of at most `tag` characters. */
  tags: 10,
  tag: 20,
} as const;

const profileText = (max: number) => z.string().trim().max(max, { message: 'INVALID_INPUT' }).default('');

/**
 * POST /mypage/channel_profile_proc (ours): the BJ edits their channel's broadcaster profile (SPEC §3). The
 * names and the intro are required (SPEC §5 required-input messages); the rest may be empty.
 */
export const ChannelProfileSaveSchema = z.object({
  activity_name_ko: z
    .string({ message: 'CHANNEL_NAME_KO_REQUIRED' })
    .trim()
    .min(1, { message: 'CHANNEL_NAME_KO_REQUIRED' })
    .max(CHANNEL_PROFILE_MAX.activity_name_ko),
  activity_name_en: z
    .string({ message: 'CHANNEL_NAME_EN_REQUIRED' })
    .trim()
    .min(1, { message: 'CHANNEL_NAME_EN_REQUIRED' })
    .max(CHANNEL_PROFILE_MAX.activity_name_en),
  intro: z
    .string({ message: 'CHANNEL_INTRO_REQUIRED' })
    .trim()
    .min(1, { message: 'CHANNEL_INTRO_REQUIRED' })
    .refine((s) => chars(s) <= CHANNEL_PROFILE_MAX.intro),
  operating_plan: profileText(CHANNEL_PROFILE_MAX.operating_plan),
  agency: profileText(CHANNEL_PROFILE_MAX.agency),
  /** YYYY-MM-DD or empty. */
  debut_date: z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/)
    .default(''),
  /** An http(s) address or empty (SPEC §5 url validator: host 1 to 256 characters). */
  social_url: z
    .string()
    .trim()
    .max(CHANNEL_PROFILE_MAX.social_url, { message: 'CHANNEL_URL_INVALID' })
    .refine((s) => s === '' || isHttpUrl(s), { message: 'CHANNEL_URL_INVALID' })
    .default(''),
  /** Comma-separated; duplicates dropped. */
  tags: z
    .string()
    .trim()
    .max(CHANNEL_PROFILE_MAX.tags * (CHANNEL_PROFILE_MAX.tag + 1))
    .default('')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .refine((tags) => tags.length <= CHANNEL_PROFILE_MAX.tags && tags.every((t) => chars(t) <= CHANNEL_PROFILE_MAX.tag), {
      message: 'CHANNEL_TAGS_LIMIT',
    }),
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length >= 1 && url.hostname.length <= 256;
  } catch {
    return false;
  }
}

/** The calls of the channels domain, declared once for the server, the web and the tests. */
export const channelsEndpoints = {
  info: endpoint<ChannelInfoSet>()({
    method: 'GET',
    path: '/channel/bj_info',
    request: ChannelInfoSchema,
    tags: ['channels'],
    summary: "A BJ's channel head: profile, counts, live or latest replay, the viewer's standing",
  }),
  fans: endpoint<ListSet<FanItem>>()({
    method: 'POST',
    path: '/channel/bj_fan_more/:id',
    params: ['id'],
    request: BjFanMoreSchema,
    tags: ['channels'],
    summary: "A BJ's fan club in join order, or the VIPs by STAR given",
  }),
  comments: endpoint<ListSet<ChannelComment>>()({
    method: 'POST',
    path: '/channel/bj_comment_more',
    request: BjCommentMoreSchema,
    tags: ['channels'],
    summary: "A channel's comments, newest first",
  }),
  commentProc: endpoint<CommentProcSet>()({
    method: 'POST',
    path: '/mypage/comment_proc',
    request: CommentProcSchema,
    tags: ['channels'],
    summary: 'Write or delete a channel comment',
  }),
  subscribeProc: endpoint<SubscribeSet>()({
    method: 'POST',
    path: '/mypage/subscribe_proc',
    request: SubscribeProcSchema,
    tags: ['channels'],
    summary: 'Follow or stop following a BJ',
  }),
  subscribeMore: endpoint<ListSet<SubscribeItem>>()({
    method: 'POST',
    path: '/mypage/subscribe_default_more',
    request: PagingSchema,
    tags: ['channels'],
    summary: 'The BJs I follow, those on air first',
  }),
  fanclubMore: endpoint<ListSet<MyFanclubItem>>()({
    method: 'POST',
    path: '/mypage/fanclub_more',
    request: PagingSchema,
    tags: ['channels'],
    summary: 'The fan clubs I belong to',
  }),
  blockingMore: endpoint<ListSet<BlockedItem>>()({
    method: 'POST',
    path: '/mypage/blocking_more',
    request: PagingSchema,
    tags: ['channels'],
    summary: 'My block list',
  }),
  blockingProc: endpoint<BlockingSet>()({
    method: 'POST',
    path: '/mypage/blocking_proc',
    request: BlockingProcSchema,
    tags: ['channels'],
    summary: 'Block or unblock a member (chat, whispers, messages, comments)',
  }),
  messageMore: endpoint<MessageListSet>()({
    method: 'POST',
    path: '/mypage/message_more',
    request: MessageMoreSchema,
    tags: ['channels'],
    summary: 'My received or sent messages',
  }),
  messageSend: endpoint<MessageSendSet>()({
    method: 'POST',
    path: '/mypage/message_send_proc',
    request: MessageSendSchema,
    tags: ['channels'],
    summary: 'Send a message to a member',
  }),
  messageRead: endpoint<MessageReadSet>()({
    method: 'POST',
    path: '/mypage/message_read_proc',
    request: MessageRefSchema,
    tags: ['channels'],
    summary: 'Mark a received message read',
  }),
  messageDelete: endpoint<MessageReadSet>()({
    method: 'POST',
    path: '/mypage/message_delete_proc',
    request: MessageRefSchema,
    tags: ['channels'],
    summary: 'Delete a message from one of my boxes',
  }),
  feed: endpoint<FeedListSet>()({
    method: 'POST',
    path: '/channel/feed_more',
    request: FeedMoreSchema,
    tags: ['channels'],
    summary: "A channel's feed posts, newest first",
  }),
  feedProc: endpoint<FeedProcSet>()({
    method: 'POST',
    path: '/mypage/feed_proc',
    request: FeedProcSchema,
    tags: ['channels'],
    summary: "Post on or delete from the caller's own channel feed",
  }),
  programReplays: endpoint<ListSet<VodListItem> & { total_count: number }>()({
    method: 'POST',
    path: '/channel/program_replay_more/:id',
    params: ['id'],
    request: ProgramMoreSchema,
    tags: ['channels'],
    summary: "A program channel's replays, newest first",
  }),
  programComments: endpoint<ListSet<ChannelComment> & { total_count: number }>()({
    method: 'POST',
    path: '/channel/program_comment_more/:id',
    params: ['id'],
    request: ProgramMoreSchema,
    tags: ['channels'],
    summary: "A program channel's comments, newest first",
  }),
  bookmarkMore: endpoint<ListSet<BookmarkItem>>()({
    method: 'POST',
    path: '/mypage/bookmark_more',
    request: PagingSchema,
    tags: ['channels'],
    summary: 'My bookmarked replays',
  }),
  bookmarkProc: endpoint<BookmarkSet>()({
    method: 'POST',
    path: '/mypage/bookmark_proc',
    request: BookmarkProcSchema,
    tags: ['channels'],
    summary: 'Bookmark a replay or drop the bookmark',
  }),
  subscribeBjHtml: endpoint<SubscribeBjHtmlSet>()({
    method: 'GET',
    path: '/mypage/subscribe_bj_html',
    request: z.object({}),
    tags: ['channels'],
    summary: 'My page fragment: the BJs I follow, on air first',
  }),
  subscribeVodHtml: endpoint<SubscribeVodHtmlSet>()({
    method: 'GET',
    path: '/mypage/subscribe_vod_html',
    request: z.object({}),
    tags: ['channels'],
    summary: 'My page fragment: the newest replays of the BJs I follow',
  }),
  recentVodHtml: endpoint<RecentVodHtmlSet>()({
    method: 'GET',
    path: '/mypage/recent_vod_html',
    request: z.object({}),
    tags: ['channels'],
    summary: 'My page fragment: what I watched lately',
  }),
  giftboxHtml: endpoint<GiftboxHtmlSet>()({
    method: 'GET',
    path: '/mypage/giftbox_html',
    request: z.object({}),
    tags: ['channels'],
    summary: 'My page fragment: gifts received (for a BJ, the latest givers of STAR)',
  }),
  imageProc: endpoint<ChannelImagesSet>()({
    method: 'POST',
    path: '/mypage/channel_image_proc',
    request: ChannelImageSchema,
    tags: ['channels'],
    summary: "The BJ sets or removes the channel's banner or main image",
  }),
  bookmarkInfo: endpoint<BookmarkSet>()({
    method: 'GET',
    path: '/mypage/bookmark_info',
    request: BookmarkInfoSchema,
    tags: ['channels'],
    summary: 'Whether I bookmarked a replay',
  }),
  messageUnread: endpoint<MessageUnreadSet>()({
    method: 'GET',
    path: '/mypage/message_unread_cnt',
    request: z.object({}),
    tags: ['channels'],
    summary: 'The unread count of my received messages',
  }),
  commentHtml: endpoint<CommentHtmlSet>()({
    method: 'GET',
    path: '/mypage/comment_html',
    request: z.object({}),
    tags: ['channels'],
    summary: 'My page fragment: my latest channel comments',
  }),
  profileSave: endpoint<ChannelProfile>()({
    method: 'POST',
    path: '/mypage/channel_profile_proc',
    request: ChannelProfileSaveSchema,
    tags: ['channels'],
    summary: "The BJ edits their channel's broadcaster profile",
  }),
  namecard: endpoint<NamecardSet>()({
    method: 'POST',
    path: '/popup/namecard',
    request: NamecardSchema,
    tags: ['channels'],
    summary: "A member's namecard",
  }),
  namecardBroadcast: endpoint<NamecardSet>()({
    method: 'POST',
    path: '/popup/namecard_broadcast',
    request: NamecardBroadcastSchema,
    tags: ['channels'],
    summary: "A member's namecard in a live room (BJ view for the BJ, managers and operators)",
  }),
} as const;

/**
 * The result codes CommentProcSchema's and MessageSendSchema's messages name, with their placeholders: a
 * form shows resultMessage(code, lang, params) before sending, the server answers the same code.
 */
export const CHANNEL_REFUSAL_PARAMS = {
  CHANNEL_CONTENT_REQUIRED: {},
  CHANNEL_COMMENT_LENGTH: { max: CHANNEL_LIMITS.commentMax },
  CHANNEL_FEED_LENGTH: { max: CHANNEL_LIMITS.feedMax },
  MESSAGE_REQUIRED: {},
  MESSAGE_LENGTH: { max: CHANNEL_LIMITS.messageMax },
  CHANNEL_NAME_KO_REQUIRED: {},
  CHANNEL_NAME_EN_REQUIRED: {},
  CHANNEL_INTRO_REQUIRED: {},
  CHANNEL_URL_INVALID: {},
  CHANNEL_TAGS_LIMIT: { num: CHANNEL_PROFILE_MAX.tags, max: CHANNEL_PROFILE_MAX.tag },
} as const satisfies Record<string, Record<string, number>>;
export type ChannelRefusal = keyof typeof CHANNEL_REFUSAL_PARAMS;
export const isChannelRefusal = (code: string): code is ChannelRefusal => Object.hasOwn(CHANNEL_REFUSAL_PARAMS, code);

/** The channels result codes with their four messages (8100–8199). */
export const channelsCodes = defineCodes('channels', [[8100, 8199]], {
  /** No BJ with this login ID (or the account is not a broadcaster, withdrawn or suspended). */
  CHANNEL_NOT_FOUND: {
    code: 8101,
    ko: '채널을 찾을 수 없습니다.',
    en: 'This channel could not be found.',
    ja: 'チャンネルが見つかりません。',
    'zh-CN': '找不到该频道。',
  },
  /** A BJ cannot follow their own channel. */
  SUBSCRIBE_SELF: {
    code: 8102,
    ko: '내 채널은 구독할 수 없습니다.',
    en: 'You cannot follow your own channel.',
    ja: '自分のチャンネルは購読できません。',
    'zh-CN': '不能订阅自己的频道。',
  },
  /** A member cannot block themselves. */
  BLOCK_SELF: {
    code: 8103,
    ko: '나 자신은 차단할 수 없습니다.',
    en: 'You cannot block yourself.',
    ja: '自分自身はブロックできません。',
    'zh-CN': '不能屏蔽自己。',
  },
  /** SPEC §8 'blocked': the recipient or the channel's BJ blocked the caller. */
  CHANNEL_BLOCKED: {
    code: 8104,
    ko: '차단되었습니다.',
    en: 'You have been blocked.',
    ja: 'ブロックされています。',
    'zh-CN': '您已被屏蔽。',
  },
  /** The BJ keeps the fan and VIP lists private (SPEC §4). */
  CHANNEL_LIST_PRIVATE: {
    code: 8105,
    ko: '비공개 목록입니다.',
    en: 'This list is private.',
    ja: '非公開のリストです。',
    'zh-CN': '此列表不公开。',
  },
  /** SPEC §5 required input: content. */
  CHANNEL_CONTENT_REQUIRED: {
    code: 8106,
    ko: '내용을 입력해 주세요.',
    en: 'Please enter the content.',
    ja: '内容を入力してください。',
    'zh-CN': '请输入内容。',
  },
  /** A comment longer than CHANNEL_LIMITS.commentMax characters. */
  CHANNEL_COMMENT_LENGTH: {
    code: 8107,
    ko: '댓글은 {max}자까지 쓸 수 있습니다.',
    en: 'A comment can be up to {max} characters.',
    ja: 'コメントは{max}文字まで書けます。',
    'zh-CN': '评论最多{max}个字。',
  },
  /** No such comment, or it was deleted. */
  CHANNEL_COMMENT_NOT_FOUND: {
    code: 8108,
    ko: '삭제되었거나 없는 댓글입니다.',
    en: 'This comment does not exist or was deleted.',
    ja: '削除されたか、存在しないコメントです。',
    'zh-CN': '该评论不存在或已被删除。',
  },
  /** SPEC §5 required input: message. */
  MESSAGE_REQUIRED: {
    code: 8109,
    ko: '메시지를 입력해 주세요.',
    en: 'Please enter a message.',
    ja: 'メッセージを入力してください。',
    'zh-CN': '请输入消息。',
  },
  /** A message longer than CHANNEL_LIMITS.messageMax characters. */
  MESSAGE_LENGTH: {
    code: 8110,
    ko: '메시지는 {max}자까지 쓸 수 있습니다.',
    en: 'A message can be up to {max} characters.',
    ja: 'メッセージは{max}文字まで書けます。',
    'zh-CN': '消息最多{max}个字。',
  },
  /** No member with this login ID (or withdrawn). */
  MESSAGE_RECIPIENT_NOT_FOUND: {
    code: 8111,
    ko: '받는 회원을 찾을 수 없습니다.',
    en: 'The recipient could not be found.',
    ja: '受信する会員が見つかりません。',
    'zh-CN': '找不到收件会员。',
  },
  /** A member cannot write to themselves. */
  MESSAGE_SELF: {
    code: 8112,
    ko: '나에게는 메시지를 보낼 수 없습니다.',
    en: 'You cannot send a message to yourself.',
    ja: '自分にはメッセージを送れません。',
    'zh-CN': '不能给自己发送消息。',
  },
  /** No such message in the caller's box. */
  MESSAGE_NOT_FOUND: {
    code: 8113,
    ko: '삭제되었거나 없는 메시지입니다.',
    en: 'This message does not exist or was deleted.',
    ja: '削除されたか、存在しないメッセージです。',
    'zh-CN': '该消息不存在或已被删除。',
  },
  /** The block list is full. */
  BLOCK_LIMIT: {
    code: 8114,
    ko: '차단 목록이 가득 찼습니다. (최대 {max}명)',
    en: 'Your block list is full (up to {max} members).',
    ja: 'ブロックリストがいっぱいです（最大{max}人）。',
    'zh-CN': '屏蔽列表已满（最多{max}人）。',
  },
  /** The member to block does not exist. */
  BLOCK_USER_NOT_FOUND: {
    code: 8115,
    ko: '회원을 찾을 수 없습니다.',
    en: 'The member could not be found.',
    ja: '会員が見つかりません。',
    'zh-CN': '找不到该会员。',
  },
  /** A feed post longer than CHANNEL_LIMITS.feedMax characters. */
  CHANNEL_FEED_LENGTH: {
    code: 8116,
    ko: '게시물은 {max}자까지 쓸 수 있습니다.',
    en: 'A post can be up to {max} characters.',
    ja: '投稿は{max}文字まで書けます。',
    'zh-CN': '帖子最多{max}个字。',
  },
  /** No such feed post, or it was deleted. */
  CHANNEL_FEED_NOT_FOUND: {
    code: 8117,
    ko: '삭제되었거나 없는 게시물입니다.',
    en: 'This post does not exist or was deleted.',
    ja: '削除されたか、存在しない投稿です。',
    'zh-CN': '该帖子不存在或已被删除。',
  },
  /** Only a BJ posts on a feed: their own channel's. */
  CHANNEL_FEED_BJ_ONLY: {
    code: 8118,
    ko: 'BJ만 자신의 채널 피드에 글을 쓸 수 있습니다.',
    en: "Only a BJ can post on their own channel's feed.",
    ja: 'BJだけが自分のチャンネルのフィードに投稿できます。',
    'zh-CN': '只有BJ可以在自己频道的动态中发帖。',
  },
  /** No such replay (or it is not kept). */
  BOOKMARK_NOT_FOUND: {
    code: 8119,
    ko: '다시보기를 찾을 수 없습니다.',
    en: 'The replay could not be found.',
    ja: 'リプレイが見つかりません。',
    'zh-CN': '找不到该回放。',
  },
  /** The bookmarks are full. */
  BOOKMARK_LIMIT: {
    code: 8120,
    ko: '북마크는 {max}개까지 저장할 수 있습니다.',
    en: 'You can keep up to {max} bookmarks.',
    ja: 'ブックマークは{max}件まで保存できます。',
    'zh-CN': '最多可保存{max}个书签。',
  },
  /** SPEC §5 required input: Korean activity name. */
  CHANNEL_NAME_KO_REQUIRED: {
    code: 8121,
    ko: '한글 활동명을 입력해 주세요.',
    en: 'Please enter your activity name in Korean.',
    ja: '韓国語の活動名を入力してください。',
    'zh-CN': '请输入韩文活动名。',
  },
  /** SPEC §5 required input: English activity name. */
  CHANNEL_NAME_EN_REQUIRED: {
    code: 8122,
    ko: '영문 활동명을 입력해 주세요.',
    en: 'Please enter your activity name in English.',
    ja: '英語の活動名を入力してください。',
    'zh-CN': '请输入英文活动名。',
  },
  /** SPEC §5 required input: intro. */
  CHANNEL_INTRO_REQUIRED: {
    code: 8123,
    ko: '소개를 입력해 주세요.',
    en: 'Please enter an introduction.',
    ja: '紹介を入力してください。',
    'zh-CN': '请输入简介。',
  },
  /** SPEC §5 url validator: 'Invalid URL'. */
  CHANNEL_URL_INVALID: {
    code: 8124,
    ko: '올바른 URL이 아닙니다.',
    en: 'Invalid URL',
    ja: '正しいURLではありません。',
    'zh-CN': '网址无效。',
  },
  /** Too many tags, or one too long. */
  CHANNEL_TAGS_LIMIT: {
    code: 8125,
    ko: '태그는 {num}개까지, 각 {max}자까지 쓸 수 있습니다.',
    en: 'Up to {num} tags of up to {max} characters each.',
    ja: 'タグは{num}個まで、各{max}文字までです。',
    'zh-CN': '最多{num}个标签，每个最多{max}个字。',
  },
});
