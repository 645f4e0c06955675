import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import type { Lang } from './lang.js';
/**
 * The chat protocol of SPEC §7 and the custom event codes of SPEC §9, defined once: the server, the
 * web client and the tests import these names, never their own copies.
 */
export const ChatService = {
  ROOM_JOIN: 'ROOM_JOIN',
  ROOM_MSG_SEND: 'ROOM_MSG_SEND',
  ROOM_BYE: 'ROOM_BYE',
  ROOM_USER_LIST: 'ROOM_USER_LIST',
} as const;
export type ChatServiceName = keyof typeof ChatService;

export const ChatPush = {
  USER_JOIN: 'USER_JOIN',
  USER_OUT: 'USER_OUT',
  ROOM_CLOSE: 'ROOM_CLOSE',
  MSG_SEND: 'MSG_SEND',
  OUTSIDE_MSG: 'OUTSIDE_MSG',
} as const;
export type ChatPushName = keyof typeof ChatPush;

/** Every frame on /wsock. */
export interface ChatFrame<P = Record<string, unknown>> {
  service: ChatServiceName | ChatPushName;
  param: P;
}

/** SPEC §9 custom event codes; ranges are given as their first and last code. */
export const ChatEvent = {
  GREETINGS: 10,
  ENTER_EFFECT: 11,
  STICKER: 12,
  STAR_GIFT_FIRST: 20,
  STAR_GIFT_LAST: 23,
  WHISPER_SENDER: 30,
  WHISPER_RECEIVER: 31,
  MISSION_FIRST: 40,
  MISSION_LAST: 46,
  DONATION: 50,
  ITEM_USE: 60,
  ITEM_GIFT: 61,
  FORCED_EXIT: 70,
  MANAGER_APPOINTED: 80,
  MANAGER_DISMISSED: 81,
  FREEZE_ALL_FIRST: 90,
  FREEZE_ALL_LAST: 92,
  VIDEO_BLOCK_ALL_FIRST: 93,
  VIDEO_BLOCK_ALL_LAST: 95,
  FREEZE_USER_FIRST: 100,
  FREEZE_USER_LAST: 102,
  LEVEL_UP_FIRST: 110,
  LEVEL_UP_LAST: 112,
  NOTICE_FIRST: 120,
  NOTICE_LAST: 182,
  GAME: 190,
  VIDEOCHAT_FIRST: 200,
  VIDEOCHAT_LAST: 203,
  CHANNEL_JOIN: 211,
  CHANNEL_LEAVE: 212,
  SUPPORTER_JOIN: 220,
  CHAT_BLOCK_UPDATE: 230,
  VOD_INFO_UPDATE: 240,
  CAPTION: 250,
  VOD_STATE: 8000,
  SETTINGS_UPDATE_FIRST: 8100,
  SETTINGS_UPDATE_LAST: 8105,
  HIDE_USER: 8200,
  OPERATOR_NOTICE: 9990,
  OPERATOR_NOTICE_2: 9991,
} as const;
export type ChatEventName = keyof typeof ChatEvent;

/** Join succeeded when param.result is 1; a send failed when param.result is 0 (SPEC §7). */
export const JOIN_OK = 1;
export const SEND_FAILED = 0;

// ---------------------------------------------------------------------------------------------------
// Paths (SPEC §7). The monitor and the user list are outside /v1, exactly as the SPEC names them; the
// chat token is an ordinary API call under /v1.
// ---------------------------------------------------------------------------------------------------

/** POST {host}/chat/monitor/web/ReqChatHost.ws (site_key, vod_key) → param.chat_host, param.chat_ssl_port. */
export const CHAT_MONITOR_PATH = '/chat/monitor/web/ReqChatHost.ws';
/** POST {chat host}/chat/server/app/ROOM_USER_LIST.ws (vk) → param.user_list. */
export const CHAT_USER_LIST_PATH = '/chat/server/app/ROOM_USER_LIST.ws';
/** The WebSocket of a chat node. */
export const CHAT_SOCKET_PATH = '/wsock';
/** POST /v1/chat/chat_token (vod_key) → rslt_set: ChatTokenSet. The `us` a ROOM_JOIN carries. */
export const CHAT_TOKEN_CALL = '/chat/chat_token';

/** The answer of ReqChatHost.ws and ROOM_USER_LIST.ws: `{result, param}` (result 1 success, else param.msg). */
export interface ChatHttpAnswer<P> {
  result: number;
  param: P & { msg?: string };
}
export interface ChatHostParam {
  /** `host:port` of the chat node (empty origin part means "this host"). */
  chat_host: string;
  /** The port for TLS connections (the same node behind the site's TLS terminator); 0 when the page is http. */
  chat_ssl_port: number;
}

/** What /v1/chat/chat_token answers. */
export interface ChatTokenSet {
  /** The signed, short-lived chat token for ROOM_JOIN's `us`. */
  us: string;
  /** Seconds the token stays valid for a join (a connected socket is not cut when it expires). */
  expires_in: number;
  /** 'Y' for a signed-out viewer: the token joins read-only. */
  guest_yn: 'Y' | 'N';
}

/** A chat token is valid for a join this long (reconnects ask for a new one). */
export const CHAT_TOKEN_TTL_SEC = 120;

// ---------------------------------------------------------------------------------------------------
// Frames. A WebSocket text message from the server is either one ChatFrame or a JSON array of frames
// (every frame the socket lacked, coalesced, in raise order); clients accept both. Clients send one frame
// per message.
// ---------------------------------------------------------------------------------------------------

/** The user as the chat shows them (SPEC §3: chat user info has is_bj and is_manager, 1 means true). */
export interface ChatUserInfo {
  /** 0 for a signed-out guest. */
  user_key: number;
  id: string;
  nick: string;
  is_bj: 0 | 1;
  is_manager: 0 | 1;
  /** Operators and GMs: every moderation action in every room. */
  is_operator: 0 | 1;
  is_guest: 0 | 1;
  /** 1 when the user gifted STAR to the room's BJ at least once (the fan badge); absent or 0 otherwise. */
  is_fan?: 0 | 1;
  /** The user's number in the BJ's fan club (join order); absent when not a member. */
  fan_no?: number;
  /** 1 when the user follows the BJ's channel; absent otherwise. */
  is_follower?: 0 | 1;
  /** 1..VIP_COUNT among the BJ's top givers of STAR (열혈팬; 1 is the 회장), refreshed after gifts; absent otherwise. */
  vip_rank?: number;
  /** 1 when the user is a current paying supporter of the BJ (docs/supporters.md); absent otherwise. */
  is_supporter?: 0 | 1;
}

export type ChatRoomRole = 'bj' | 'manager' | 'operator' | 'user' | 'guest';

/**
 * SPEC §4: bj if the user's key equals the room's bj key; otherwise bj if chat info says is_bj; otherwise
 * manager if is_manager; else user. Operators and guests are told apart after that (they are never bj or
 * manager by key).
 */
export function chatRoomRole(user: ChatUserInfo, roomBjUserKey: number): ChatRoomRole {
  if (user.user_key !== 0 && user.user_key === roomBjUserKey) return 'bj';
  if (user.is_bj === 1) return 'bj';
  if (user.is_manager === 1) return 'manager';
  if (user.is_operator === 1) return 'operator';
  if (user.is_guest === 1 || user.user_key === 0) return 'guest';
  return 'user';
}

/** Moderators of a room: its BJ, its managers, and operators. */
export const isChatModerator = (role: ChatRoomRole) => role === 'bj' || role === 'manager' || role === 'operator';

/** ROOM_JOIN request. */
export interface RoomJoinParam {
  us: string;
  vk: string;
  /** Echoed in the answer when given. */
  rid?: number;
}

/** The room's current state, sent with a successful join and kept up to date by custom events. */
/**
 * Who may still talk in a frozen chat besides the moderators (issue 17, SOOP's "fan club only" chat): a
 * freeze (90) with `plugins.value` = a list of these (an array or comma-separated).
 */
export const FREEZE_ALLOW_ROLES = ['fan', 'follower'] as const;
export type FreezeAllowRole = (typeof FREEZE_ALLOW_ROLES)[number];

/** Whether a member may talk in a chat frozen with `allow` (moderators always may). */
export function mayTalkWhileFrozen(
  user: Pick<ChatUserInfo, 'is_fan' | 'fan_no' | 'is_follower'>,
  allow: readonly FreezeAllowRole[],
): boolean {
  return (allow.includes('fan') && isBjFan(user)) || (allow.includes('follower') && user.is_follower === 1);
}

/** A fan of the room's BJ: a STAR gift (is_fan) or a fan club number (fan_no). */
export const isBjFan = (user: Pick<ChatUserInfo, 'is_fan' | 'fan_no'>): boolean => user.is_fan === 1 || (user.fan_no ?? 0) > 0;

export interface ChatRoomState {
  vk: string;
  bj_user_key: number;
  title: string;
  /** Chat frozen for everyone but moderators (90/91). */
  frozen: 0 | 1;
  /** While frozen, these members may still talk (90 with `value`): fan club members, followers. */
  frozen_allow: FreezeAllowRole[];
  /** SPEC §3 chat_extra.hide_users: users whose messages are hidden (8200). */
  hide_users: number[];
  settings: ChatRoomSettings;
  /**
   * 1 when the BJ keeps the viewer count private (/mypage/setting viewer_count_yn 'N'): the room's member
   * count (user_total_count) then goes to its moderators only; others get 0 and no count pushes. A change
   * arrives as 240 (vod info update) with `count_hidden` in its data.
   */
  count_hidden: 0 | 1;
  /** The room's notice (120/121), null when none. */
  notice: ChatRoomNotice | null;
  /** The pinned message (130/131), null when none. */
  pin: ChatPinnedMessage | null;
}

/** The BJ's chat settings (settings updates 8100–8105, one code per field, see ChatSettingCode). */
export interface ChatRoomSettings {
  /** Seconds a non-moderator waits between messages; 0 is off. */
  slow_sec: number;
  /** Words replaced with ***, case-insensitive. */
  banned_words: string[];
  /** 'N': messages with links are refused for non-moderators. */
  links_yn: 'Y' | 'N';
  /** 'N': the user list (ROOM_USER_LIST) is shown to moderators only (SPEC §4 lists public or private). */
  user_list_public_yn: 'Y' | 'N';
  /** 'N': sponsor lists and rankings are shown to the BJ only (used by the gifts issue). */
  sponsor_list_public_yn: 'Y' | 'N';
  /** Greeting sent to each joiner (10); empty is none. */
  greeting: string;
}

export const DEFAULT_CHAT_SETTINGS: ChatRoomSettings = {
  slow_sec: 0,
  banned_words: [],
  links_yn: 'Y',
  user_list_public_yn: 'Y',
  sponsor_list_public_yn: 'Y',
  greeting: '',
};

/** Which setting each settings-update code (8100–8105) carries in `plugins.value` / `param.data.value`. */
export const ChatSettingCode = {
  slow_sec: 8100,
  banned_words: 8101,
  links_yn: 8102,
  user_list_public_yn: 8103,
  sponsor_list_public_yn: 8104,
  greeting: 8105,
} as const satisfies Record<keyof ChatRoomSettings, number>;

/** ROOM_JOIN answer. */
export interface RoomJoinAnswer {
  result: number;
  rid?: number;
  /** On failure: the reason in the token's language, and its result code. */
  msg?: string;
  code?: number;
  user_info?: ChatUserInfo;
  user_total_count?: number;
  room?: ChatRoomState;
  /**
   * A member's own block list (the user keys of chat_user_block, the list `/mypage/blocking` shows): the
   * client hides these users' lines from the join on; a 230 'self' push replaces it later. [] for guests.
   */
  blocked?: number[];
}

/**
 * plugins of ROOM_MSG_SEND (SPEC §7 "plugins T"): T is 0 for a chat message, otherwise a custom event
 * code the sender asks for (whisper 30, moderation 70/80/81/90/91/100/101/230/8200, settings 8100–8105,
 * operator notice 9990). `target` is the user the event is about; `off: 1` undoes it (lift a forced
 * exit, unblock, unhide); `value` carries a setting's new value.
 */
export interface ChatPlugins {
  T: number;
  target?: number;
  off?: 0 | 1;
  value?: unknown;
}
export const PLAIN_MESSAGE = 0;

/** ROOM_MSG_SEND request. */
export interface RoomMsgSendParam {
  m: string;
  plugins: ChatPlugins;
  rid?: number;
}
export interface RoomMsgSendAnswer {
  result: number;
  rid?: number;
  msg?: string;
  code?: number;
}

/** MSG_SEND push: a chat message (T 0) or a whisper (30 on the sender's copy, 31 on the receiver's). */
export interface MsgSendPush {
  /** Message id, unique per room. */
  mid: string;
  m: string;
  plugins: { T: number };
  user: ChatUserInfo;
  /** Whispers: the other party. */
  to?: ChatUserInfo;
  /** Server time in ms. */
  ts: number;
}

/**
 * USER_JOIN / USER_OUT push. Above CHAT_LIMITS.presencePushMaxRoom users a room stops naming each joiner
 * and leaver: it pushes USER_JOIN without `user` now and then, carrying only the new count.
 */
export interface UserPresencePush {
  user?: ChatUserInfo;
  user_total_count: number;
}

/** OUTSIDE_MSG push: a custom event (SPEC §9 code) raised by moderation, settings or another part of the platform. */
export interface OutsideMsgPush {
  code: number;
  ts: number;
  /** Who did it (moderation), when it matters. */
  by?: ChatUserInfo;
  /** Whom it is about. */
  target?: ChatUserInfo;
  /** Human text (notices, greetings, a gift's message). Plain text: never interpreted as HTML. */
  m?: string;
  data?: Record<string, unknown>;
}

/** ROOM_CLOSE push: the room closed because the broadcast ended or was frozen. */
export interface RoomClosePush {
  vk: string;
  state: 'ended' | 'frozen';
  msg: string;
}

/** ROOM_USER_LIST (socket service and the .ws HTTP call): signed-in users in the room, moderators first. */
export interface RoomUserListParam {
  user_list: ChatUserInfo[];
  user_total_count: number;
}

/** What the codes inside SPEC §9 ranges mean here (the SPEC gives only the ranges). */
export const ChatEventDetail = {
  FREEZE_ALL_ON: 90,
  FREEZE_ALL_OFF: 91,
  /** Sent to a joiner while the chat is frozen. */
  FREEZE_ALL_STATE: 92,
  FREEZE_USER_ON: 100,
  FREEZE_USER_OFF: 101,
  /** Sent to a joiner who is suspended in this room. */
  FREEZE_USER_STATE: 102,
  /** An operator notice to one room. */
  OPERATOR_NOTICE_ROOM: 9990,
  /** An operator notice to every live room. */
  OPERATOR_NOTICE_ALL: 9991,
  /** Room notices and pins inside NOTICE_FIRST..NOTICE_LAST (120–182; issue 24): the BJ or a manager sets the room's notice. */
  ROOM_NOTICE_SET: 120,
  /** The room's notice was taken down. */
  ROOM_NOTICE_CLEARED: 121,
  /** The BJ or a manager pinned a chat message. */
  MESSAGE_PINNED: 130,
  /** The pinned message was unpinned. */
  PIN_CLEARED: 131,
} as const;

/** The room's notice (120): plain text shown as a banner over the chat, kept for the broadcast. */
export interface ChatRoomNotice {
  m: string;
  /** Who set it. */
  by: ChatUserInfo;
  /** When, server time in ms. */
  ts: number;
}

/** The pinned message (130): a copy of a room chat message shown in the pin bar, kept for the broadcast. */
export interface ChatPinnedMessage {
  /** The message's MsgSendPush mid. */
  mid: string;
  m: string;
  /** Who wrote it. */
  user: ChatUserInfo;
  /** When it was written. */
  ts: number;
  /** Who pinned it. */
  by: ChatUserInfo;
  /** When it was pinned. */
  pinned_at: number;
}

/**
 * The stickers the project ships (12; apps/web/public/stickers/{id}.svg), defined once. `fan_only` ones are
 * reserved, as on SOOP, to the BJ's fans (a STAR gift or fan club number: is_fan / fan_no) and the room's
 * moderators.
 */
export const CHAT_STICKERS = [
  { id: 'heart', fan_only: false },
  { id: 'clap', fan_only: false },
  { id: 'cry', fan_only: false },
  { id: 'fire', fan_only: false },
  { id: 'star', fan_only: false },
  { id: 'thanks', fan_only: false },
  { id: 'lightstick', fan_only: true },
  { id: 'crown', fan_only: true },
] as const satisfies ReadonlyArray<{ id: string; fan_only: boolean }>;
export type ChatStickerId = (typeof CHAT_STICKERS)[number]['id'];

/** The sticker of an id, or undefined for an unknown one. */
export const chatSticker = (id: unknown) => CHAT_STICKERS.find((s) => s.id === id);

/** Whether a member may send a sticker: any for moderators, a fan-only one for the BJ's fans. */
export const mayUseSticker = (
  sticker: { fan_only: boolean },
  user: Pick<ChatUserInfo, 'is_fan' | 'fan_no'> | null,
  moderator: boolean,
): boolean => !sticker.fan_only || moderator || (user !== null && isBjFan(user));

/** Where a sticker's picture is served (the web app's public folder). */
export const chatStickerUrl = (id: ChatStickerId) => `/stickers/${id}.svg`;

/** `data` of a sticker push (OUTSIDE_MSG 12); `by` is the sender. */
export interface StickerChatEventData {
  sticker: ChatStickerId;
}

/**
 * The least STAR of each star gift tier, defined once: small 1–99, medium 100–999, large 1,000–9,999, huge
 * 10,000 and more. The tier is the gift's chat code (20 + tier) and how big and long its card is over the
 * video and on the effects overlay (docs/chat-protocol.md, "Gift effects").
 */
export const STAR_GIFT_TIER_MIN = [1, 100, 1_000, 10_000] as const;
export type StarGiftTier = 0 | 1 | 2 | 3;

/** The tier (0 small … 3 huge) of a gift of `amount` STAR, by STAR_GIFT_TIER_MIN. */
export function starGiftTier(amount: number): StarGiftTier {
  let tier = 0;
  for (let i = 1; i < STAR_GIFT_TIER_MIN.length; i++) if (amount >= STAR_GIFT_TIER_MIN[i]!) tier = i;
  return tier as StarGiftTier;
}

/** Star gift code by amount (20–23): ChatEvent.STAR_GIFT_FIRST + its tier. */
export function starGiftCode(amount: number): number {
  return ChatEvent.STAR_GIFT_FIRST + starGiftTier(amount);
}

/** Limits of the chat (not given by the SPEC; see docs/chat-protocol.md). */
export const CHAT_LIMITS = {
  /** Characters in one message (after trimming). */
  messageMax: 200,
  /** Bytes of one incoming frame; a bigger frame is refused and the socket kept. */
  frameMaxBytes: 4096,
  /** Messages per user per window (besides slow mode). */
  ratePerWindow: 5,
  rateWindowMs: 3000,
  /** Slow mode choices the BJ has. */
  slowModeMaxSec: 120,
  bannedWordsMax: 100,
  bannedWordMaxLength: 30,
  greetingMax: 100,
  noticeMax: 300,
  /** Characters of the BJ's room notice (120). */
  roomNoticeMax: 150,
  /** Above this many users in a room, USER_JOIN/USER_OUT are not pushed per user (counts still travel). */
  presencePushMaxRoom: 500,
  /** A socket whose unsent bytes pass this is dropped (a slow consumer never stalls the room). */
  slowConsumerBytes: 1_048_576,
  /** A busy room gathers at least this long of frames per walk over its sockets (an idle room sends at once). */
  tickMs: 25,
} as const;

/** The bus channels of the chat (platform/bus.ts): events for a room, for every room, and node liveness. */
export const chatRoomChannel = (vk: string) => `chat:room:${vk}`;
export const CHAT_ALL_ROOMS_CHANNEL = 'chat:all';
export const CHAT_NODES_SET = 'chat:nodes';

/**
 * What other parts of the platform publish on chatRoomChannel(vk), or on CHAT_ALL_ROOMS_CHANNEL for every
 * room: an OUTSIDE_MSG for the room, or only for one user's sockets in it (`to_user_key`). Chat nodes also
 * use the room channel among themselves; their messages have other kinds and are ignored by everyone else.
 */
export interface ChatRoomBusEvent {
  kind: 'event';
  push: OutsideMsgPush;
  to_user_key?: number;
}

/**
 * `data` of a 230 'self' push: the member's own block list changed (in chat, or on `/mypage/blocking`, which
 * sends it to that member's sockets in every room on CHAT_ALL_ROOMS_CHANNEL with `to_user_key`).
 */
export interface SelfBlockChatEventData {
  scope: 'self';
  /** 1: `target` was unblocked. */
  off: 0 | 1;
  /** The whole list after the change. */
  blocked: number[];
}

/**
 * A caption (250): the translation of a room message, pushed right after the original (never before it,
 * never instead of it) to the members whose translation setting (/mypage/setting `translation_yn`) is on
 * and whose language (the chat token's `lg`) is `target`, when the node's translator has one
 * (docs/chat-protocol.md, "Translation and captions"). The push's `m` is the translated text; `data`:
 */
export interface CaptionChatEventData {
  /** The original message (its MsgSendPush `mid`): the client shows the caption under that line. */
  mid: string;
  /** The original text, as the room got it. */
  orig: string;
  /** The language the original is written in, as its script tells (ko, ja, zh-CN or en). */
  source: Lang;
  /** The language of the translation: the receiver's. */
  target: Lang;
  /** Which translator made it (TRANSLATOR): glossary, http or local-model. */
  engine: CaptionEngine;
}
export type CaptionEngine = 'glossary' | 'http' | 'local-model';

// ---------------------------------------------------------------------------------------------------
// The chat's calls under /v1 (api role): the chat token and the operator notice
// ---------------------------------------------------------------------------------------------------

const chars = (s: string) => [...s].length;
const chatVodKey = z.string().trim().min(1).max(100);

/** POST /v1/chat/chat_token. */
export const ChatTokenSchema = z.object({ vod_key: chatVodKey });
/** POST /v1/admin/chat_notice (operators). */
export const ChatNoticeSchema = z.object({
  /** The notice, plain text, 1 to CHAT_LIMITS.noticeMax characters. */
  m: z
    .string()
    .trim()
    .min(1)
    .refine((m) => chars(m) <= CHAT_LIMITS.noticeMax)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a notice is one line of plain text.
    .refine((m) => !/[\u0000-\u001f\u007f]/.test(m)),
  /** One live room (9990), or every room when left out (9991). */
  vod_key: chatVodKey.optional(),
});

/** What /v1/admin/chat_notice answers: the OUTSIDE_MSG code sent (9990 one room, 9991 every room). */
export interface ChatNoticeSet {
  code: number;
}

/** The chat's API calls, declared once for the server, the web and the tests. */
export const chatEndpoints = {
  token: endpoint<ChatTokenSet>()({
    method: 'POST',
    path: CHAT_TOKEN_CALL,
    request: ChatTokenSchema,
    tags: ['chat'],
    summary: "A short-lived chat token for one room (ROOM_JOIN's us): the play gates first; signed out, a read-only guest token",
  }),
  notice: endpoint<ChatNoticeSet>()({
    method: 'POST',
    path: '/admin/chat_notice',
    request: ChatNoticeSchema,
    tags: ['chat'],
    summary: 'An operator notice: OUTSIDE_MSG 9990 to one live room, or 9991 to every room (operators)',
  }),
} as const;

/** The chat result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const chatCodes = defineCodes('chat', [[6200, 6299]], {
  /** Chat: the chat token (us) is missing, forged or expired; ask for a new one and join again. */
  CHAT_TOKEN_INVALID: {
    code: 6201,
    ko: '채팅 연결이 만료되었습니다. 다시 연결해 주세요.',
    en: 'The chat connection expired. Please reconnect.',
    ja: 'チャット接続の有効期限が切れました。再接続してください。',
    'zh-CN': '聊天连接已过期，请重新连接。',
  },
  /** SPEC §8 'forced out of the broadcast': a moderator forced this user out; no rejoin until the BJ lifts it. */
  CHAT_FORCED_OUT: {
    code: 6202,
    ko: '방송에서 강제퇴장 되었습니다.',
    en: 'You were forced out of the broadcast.',
    ja: '放送から強制退場させられました。',
    'zh-CN': '您已被强制退出直播。',
  },
  /** SPEC §8 'blocked': the BJ or a manager blocked this user in this BJ's rooms. */
  CHAT_BLOCKED: {
    code: 6203,
    ko: '차단되었습니다.',
    en: 'You have been blocked.',
    ja: 'ブロックされています。',
    'zh-CN': '您已被屏蔽。',
  },
  /** The chat is frozen: only the BJ, managers and operators can write. */
  CHAT_FROZEN: {
    code: 6204,
    ko: '채팅이 얼려져 있습니다. BJ와 매니저만 채팅할 수 있습니다.',
    en: 'The chat is frozen. Only the BJ and managers can chat.',
    ja: 'チャットが凍結されています。BJとマネージャーのみチャットできます。',
    'zh-CN': '聊天已冻结，仅主播和管理员可以发言。',
  },
  /** This user's chat is suspended in this room. */
  CHAT_USER_FROZEN: {
    code: 6205,
    ko: '채팅이 금지되었습니다.',
    en: 'Your chat has been suspended in this room.',
    ja: 'このルームでのチャットが停止されています。',
    'zh-CN': '您在此直播间的聊天已被禁止。',
  },
  /** Slow mode (or the per-user rate): `{num}` seconds until the next message. */
  CHAT_TOO_FAST: {
    code: 6206,
    ko: '{num}초 후에 다시 채팅할 수 있습니다.',
    en: 'You can chat again in {num} seconds.',
    ja: '{num}秒後に再びチャットできます。',
    'zh-CN': '{num}秒后可以再次发言。',
  },
  /** A message is empty or longer than `{max}` characters. */
  CHAT_MESSAGE_LENGTH: {
    code: 6207,
    ko: '채팅은 1자 이상 {max}자 이하로 입력해 주세요.',
    en: 'A message must be 1 to {max} characters.',
    ja: 'メッセージは1〜{max}文字で入力してください。',
    'zh-CN': '消息长度须为1至{max}个字符。',
  },
  /** Links are not allowed in this room's chat. */
  CHAT_LINKS_NOT_ALLOWED: {
    code: 6208,
    ko: '이 방송에서는 링크를 보낼 수 없습니다.',
    en: 'Links are not allowed in this chat.',
    ja: 'このチャットではリンクを送信できません。',
    'zh-CN': '此聊天不允许发送链接。',
  },
  /** A send or a list before a successful ROOM_JOIN. */
  CHAT_NOT_JOINED: {
    code: 6209,
    ko: '채팅방에 입장한 후 이용해 주세요.',
    en: 'Join the chat room first.',
    ja: '先にチャットルームに入室してください。',
    'zh-CN': '请先进入聊天室。',
  },
  /** A frame that is not JSON `{service, param}` with a known service and valid fields. */
  CHAT_FRAME_INVALID: {
    code: 6210,
    ko: '잘못된 채팅 요청입니다.',
    en: 'Invalid chat request.',
    ja: '不正なチャットリクエストです。',
    'zh-CN': '无效的聊天请求。',
  },
  /** The whisper cannot be delivered: the receiver blocked the sender, or is a guest or yourself. */
  CHAT_WHISPER_REFUSED: {
    code: 6211,
    ko: '귓속말을 보낼 수 없는 사용자입니다.',
    en: 'You cannot whisper to this user.',
    ja: 'このユーザーにはささやきを送れません。',
    'zh-CN': '无法向该用户发送悄悄话。',
  },
  /** The user an action is about is not in the room (or does not exist). */
  CHAT_TARGET_NOT_FOUND: {
    code: 6212,
    ko: '채팅방에 없는 사용자입니다.',
    en: 'That user is not in this chat room.',
    ja: 'そのユーザーはチャットルームにいません。',
    'zh-CN': '该用户不在此聊天室。',
  },
  /** The action does not apply to that user (the BJ, an operator, a moderator acting on a peer, yourself). */
  CHAT_TARGET_PROTECTED: {
    code: 6213,
    ko: '이 사용자에게는 할 수 없는 작업입니다.',
    en: 'This action cannot be applied to that user.',
    ja: 'このユーザーにはこの操作を行えません。',
    'zh-CN': '无法对该用户执行此操作。',
  },
  /** No chat node is running: chat is unavailable for now. */
  CHAT_UNAVAILABLE: {
    code: 6214,
    ko: '채팅 서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
    en: 'The chat server is unavailable. Please try again shortly.',
    ja: 'チャットサーバーに接続できません。しばらくしてからもう一度お試しください。',
    'zh-CN': '无法连接聊天服务器，请稍后重试。',
  },
  /** This member (or guest) already has CHAT_MAX_SOCKETS_PER_IDENTITY chat connections on this node; `{num}` is the cap. */
  CHAT_TOO_MANY_CONNECTIONS: {
    code: 6215,
    ko: '채팅 연결이 너무 많습니다. 다른 창이나 탭의 방송을 닫고 다시 시도해 주세요. (최대 {num}개)',
    en: 'Too many chat connections. Close the broadcast in another window or tab and try again (at most {num}).',
    ja: 'チャット接続が多すぎます。他のウィンドウやタブの放送を閉じてから、もう一度お試しください（最大{num}件）。',
    'zh-CN': '聊天连接过多。请关闭其他窗口或标签页中的直播后重试（最多{num}个）。',
  },
  /** The chat is frozen for all but the moderators and the fan club (90 with value fan). */
  CHAT_FROZEN_FANS: {
    code: 6216,
    ko: '지금은 팬클럽 회원만 채팅할 수 있습니다.',
    en: 'Only fan club members can chat right now.',
    ja: '現在はファンクラブ会員のみチャットできます。',
    'zh-CN': '现在仅粉丝团成员可以聊天。',
  },
  /** The chat is frozen for all but the moderators and the followers (90 with value follower, maybe fan). */
  CHAT_FROZEN_FOLLOWERS: {
    code: 6217,
    ko: '지금은 팔로워만 채팅할 수 있습니다.',
    en: 'Only followers can chat right now.',
    ja: '現在はフォロワーのみチャットできます。',
    'zh-CN': '现在仅关注者可以聊天。',
  },
  // 6250–6259: room events (issue 24: stickers, room notices, pins).
  /** Sticker (12): no sticker has this id. */
  CHAT_STICKER_UNKNOWN: {
    code: 6250,
    ko: '없는 스티커입니다.',
    en: 'There is no such sticker.',
    ja: '存在しないスタンプです。',
    'zh-CN': '该贴纸不存在。',
  },
  /** Sticker (12): this sticker is for the BJ's fans (a STAR gift or the fan club) only. */
  CHAT_STICKER_FANS_ONLY: {
    code: 6251,
    ko: '팬클럽 회원만 사용할 수 있는 스티커입니다.',
    en: 'This sticker is for fan club members only.',
    ja: 'ファンクラブ会員のみ使えるスタンプです。',
    'zh-CN': '该贴纸仅限粉丝团成员使用。',
  },
  /** Room notice (120): empty or longer than `{max}` characters. */
  CHAT_NOTICE_LENGTH: {
    code: 6252,
    ko: '공지는 1자 이상 {max}자 이하로 입력해 주세요.',
    en: 'A notice must be 1 to {max} characters.',
    ja: 'お知らせは1〜{max}文字で入力してください。',
    'zh-CN': '公告长度须为1至{max}个字符。',
  },
  /** Pin (130): the message is not among the room's recent messages (or is no room message). */
  CHAT_PIN_NOT_FOUND: {
    code: 6253,
    ko: '고정할 메시지를 찾을 수 없습니다.',
    en: 'The message to pin was not found.',
    ja: '固定するメッセージが見つかりません。',
    'zh-CN': '找不到要置顶的消息。',
  },
  /** Video connection: only members who verified a phone number may join the broadcast on camera. */
  VIDEO_GUEST_PHONE_REQUIRED: {
    code: 6240,
    ko: '휴대폰 본인인증을 마친 회원만 화상 참여를 할 수 있습니다.',
    en: 'Only members with a verified phone number can join on camera.',
    ja: '電話番号の認証を済ませた会員のみビデオ参加できます。',
    'zh-CN': '仅完成手机验证的会员可以视频连线。',
  },
  /** Video connection: `{num}` guests are already on camera (the most at once). */
  VIDEO_GUEST_FULL: {
    code: 6241,
    ko: '화상 참여 인원이 가득 찼습니다. (최대 {num}명)',
    en: 'The video connection is full (at most {num} guests).',
    ja: 'ビデオ参加の人数が上限に達しました（最大{num}人）。',
    'zh-CN': '视频连线人数已满（最多{num}人）。',
  },
  /** Video connection: too many applications wait for an answer; try again shortly. */
  VIDEO_GUEST_QUEUE_FULL: {
    code: 6242,
    ko: '화상 참여 신청이 많습니다. 잠시 후 다시 신청해 주세요.',
    en: 'Too many video connection requests are waiting. Please try again shortly.',
    ja: 'ビデオ参加の申請が混み合っています。しばらくしてから再度申請してください。',
    'zh-CN': '视频连线申请过多，请稍后再试。',
  },
  /** Video connection: no such application, invitation or call (it expired, was answered or ended). */
  VIDEO_GUEST_NOT_FOUND: {
    code: 6243,
    ko: '화상 참여 신청이나 연결을 찾을 수 없습니다. 만료되었거나 이미 처리되었습니다.',
    en: 'No such video connection request or call. It expired or was already answered.',
    ja: 'ビデオ参加の申請または接続が見つかりません。期限切れか、すでに処理されています。',
    'zh-CN': '找不到该视频连线申请或通话，可能已过期或已处理。',
  },
});
