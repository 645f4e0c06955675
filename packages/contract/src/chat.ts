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
