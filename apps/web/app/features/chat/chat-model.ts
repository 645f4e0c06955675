import {
  type CaptionChatEventData,
  ChatEvent,
  ChatEventDetail,
  type ChatFrame,
  type ChatPinnedMessage,
  ChatPush,
  type ChatRoomNotice,
  type ChatRoomRole,
  type ChatRoomSettings,
  type ChatRoomState,
  ChatSettingCode,
  type ChatUserInfo,
  chatRoomRole,
  FREEZE_ALLOW_ROLES,
  type FreezeAllowRole,
  isChatModerator,
  isLang,
  type Lang,
  type MsgSendPush,
  mayTalkWhileFrozen,
  type OutsideMsgPush,
  type RoomClosePush,
  type RoomJoinAnswer,
  type UserPresencePush,
} from '@byeol/contract';

/**
 * What a chat panel shows, made from the client's frames by a pure reducer: the lines (at most
 * MAX_LINES, oldest dropped), the room's state as custom events change it, the user's own standing, and
 * the users seen so far (for `/w nick` and the namecard). Framework-free and unit-tested.
 */

/** Lines kept in memory; the list is virtualised, this bounds memory in a busy room. */
export const MAX_LINES = 500;

export type ChatLine =
  | {
      kind: 'message';
      id: string;
      ts: number;
      user: ChatUserInfo;
      text: string;
      /** null for a room message; a whisper I sent, or one I received. */
      whisper: null | 'sent' | 'received';
      /** Whispers: the other party. */
      to?: ChatUserInfo;
      /** Its translation into my language (caption 250), when my translation setting is on and the server made one. */
      translation?: { text: string; target: Lang };
    }
  | { kind: 'event'; id: string; ts: number; event: OutsideMsgPush }
  | { kind: 'closed'; id: string; ts: number; state: RoomClosePush['state']; msg: string };

/** My own standing in the room, as the pushes about me tell it. */
export interface ChatStanding {
  /** My chat is suspended (100/102 about me, until 101). */
  frozen: boolean;
  forcedOut: boolean;
  blocked: boolean;
}

export interface ChatModel {
  lines: ChatLine[];
  me: ChatUserInfo | null;
  room: ChatRoomState | null;
  userCount: number;
  standing: ChatStanding;
  /** Users I blocked for myself (the join answer's `blocked`, then 230 'self'): their lines are not shown to me. */
  myBlocks: number[];
  /** Users seen in this room by user_key (messages, presence, user lists), newest info wins. */
  known: Record<number, ChatUserInfo>;
  /** The room closed (ROOM_CLOSE or vod state 8000). */
  closed: { state: RoomClosePush['state']; msg: string } | null;
  /** Bumped whenever a line is added, so a view can tell new lines from dropped ones. */
  added: number;
}

export const emptyModel = (): ChatModel => ({
  lines: [],
  me: null,
  room: null,
  userCount: 0,
  standing: { frozen: false, forcedOut: false, blocked: false },
  myBlocks: [],
  known: {},
  closed: null,
  added: 0,
});

export type ChatModelAction =
  | { type: 'joined'; answer: RoomJoinAnswer }
  | { type: 'frames'; frames: ChatFrame[] }
  | { type: 'users'; users: ChatUserInfo[]; total: number };

/** The setting (of ChatRoomSettings) a settings-update code (8100–8105) carries. */
export function settingOfCode(code: number): keyof ChatRoomSettings | null {
  for (const [field, value] of Object.entries(ChatSettingCode)) if (value === code) return field as keyof ChatRoomSettings;
  return null;
}

const isOff = (push: OutsideMsgPush) => push.data?.off === 1 || push.data?.off === true;

/** A chat-block update (230) is a room block or the member's own list ('self'): `data.value` (or `scope`). */
export const blockScope = (push: OutsideMsgPush): 'room' | 'self' => ((push.data?.value ?? push.data?.scope) === 'room' ? 'room' : 'self');

function pushLine(model: ChatModel, line: ChatLine): ChatModel {
  const lines = model.lines.length >= MAX_LINES ? model.lines.slice(model.lines.length - MAX_LINES + 1) : model.lines.slice();
  lines.push(line);
  return { ...model, lines, added: model.added + 1 };
}

function remember(model: ChatModel, ...users: (ChatUserInfo | undefined)[]): ChatModel {
  let known = model.known;
  for (const user of users) {
    if (!user || user.user_key === 0) continue;
    const had = known[user.user_key];
    if (
      had &&
      had.nick === user.nick &&
      had.is_manager === user.is_manager &&
      had.is_bj === user.is_bj &&
      (had.is_fan ?? 0) === (user.is_fan ?? 0) &&
      had.vip_rank === user.vip_rank &&
      (had.is_supporter ?? 0) === (user.is_supporter ?? 0)
    )
      continue;
    if (known === model.known) known = { ...known };
    known[user.user_key] = user;
  }
  return known === model.known ? model : { ...model, known };
}

let eventSeq = 0;
const eventId = () => `e${++eventSeq}`;

/** The pushes of the SPEC §9 codes that change what the room or I can do, applied to the model. */
function applyEvent(model: ChatModel, push: OutsideMsgPush): ChatModel {
  const me = model.me;
  const aboutMe = me !== null && me.user_key !== 0 && push.target?.user_key === me.user_key;
  const room = model.room;
  let next = remember(model, push.by, push.target);
  const patchRoom = (patch: Partial<ChatRoomState>) => {
    if (room) next = { ...next, room: { ...(next.room ?? room), ...patch } };
  };
  switch (push.code) {
    case ChatEvent.FORCED_EXIT:
      if (aboutMe) next = { ...next, standing: { ...next.standing, forcedOut: !isOff(push) } };
      break;
    case ChatEvent.MANAGER_APPOINTED:
    case ChatEvent.MANAGER_DISMISSED: {
      const isManager = push.code === ChatEvent.MANAGER_APPOINTED ? 1 : 0;
      if (aboutMe && me) next = { ...next, me: { ...me, is_manager: isManager } };
      if (push.target) next = remember(next, { ...push.target, is_manager: isManager });
      break;
    }
    case ChatEventDetail.FREEZE_ALL_ON:
      patchRoom({ frozen: 1, frozen_allow: freezeAllowOf(push.data?.allow) });
      break;
    case ChatEventDetail.FREEZE_ALL_STATE:
      // Sent on join: the join's room state already says who may talk.
      patchRoom({ frozen: 1 });
      break;
    case ChatEventDetail.FREEZE_ALL_OFF:
      patchRoom({ frozen: 0, frozen_allow: [] });
      break;
    case ChatEventDetail.FREEZE_USER_ON:
    case ChatEventDetail.FREEZE_USER_STATE:
      if (aboutMe) next = { ...next, standing: { ...next.standing, frozen: true } };
      break;
    case ChatEventDetail.FREEZE_USER_OFF:
      if (aboutMe) next = { ...next, standing: { ...next.standing, frozen: false } };
      break;
    case ChatEvent.CHAT_BLOCK_UPDATE: {
      const target = push.target?.user_key;
      if (target === undefined) break;
      if (blockScope(push) === 'room') {
        if (aboutMe) next = { ...next, standing: { ...next.standing, blocked: !isOff(push) } };
      } else if (me && (push.by?.user_key ?? me.user_key) === me.user_key) {
        // The server sends the whole list of my blocks; without it, patch the one user.
        const list = push.data?.blocked;
        const without = next.myBlocks.filter((k) => k !== target);
        next = { ...next, myBlocks: Array.isArray(list) ? list.map(Number) : isOff(push) ? without : [...without, target] };
      }
      break;
    }
    case ChatEvent.HIDE_USER: {
      const target = push.target?.user_key;
      if (!room) break;
      const list = push.data?.hide_users;
      if (Array.isArray(list)) {
        patchRoom({ hide_users: list.map(Number) });
        break;
      }
      if (target === undefined) break;
      const current = (next.room ?? room).hide_users.filter((k) => k !== target);
      patchRoom({ hide_users: isOff(push) ? current : [...current, target] });
      break;
    }
    case ChatEventDetail.ROOM_NOTICE_SET:
      patchRoom({ notice: noticeOf(push) });
      break;
    case ChatEventDetail.ROOM_NOTICE_CLEARED:
      patchRoom({ notice: null });
      break;
    case ChatEventDetail.MESSAGE_PINNED:
      patchRoom({ pin: pinOf(push) });
      break;
    case ChatEventDetail.PIN_CLEARED:
      patchRoom({ pin: null });
      break;
    case ChatEvent.VOD_INFO_UPDATE: {
      const title = typeof push.data?.title === 'string' ? push.data.title : push.m;
      if (title) patchRoom({ title });
      // The BJ hid or showed the viewer count (/mypage/setting): the member count follows.
      const hidden = push.data?.count_hidden;
      if (hidden === 0 || hidden === 1) patchRoom({ count_hidden: hidden });
      break;
    }
    case ChatEvent.VOD_STATE: {
      const state = push.data?.state;
      if (state === 'ended' || state === 'frozen') next = { ...next, closed: { state, msg: push.m ?? '' } };
      break;
    }
    default: {
      const field = settingOfCode(push.code);
      if (field && room && push.data && 'value' in push.data) {
        const settings = (next.room ?? room).settings;
        patchRoom({ settings: { ...settings, [field]: push.data.value } as ChatRoomSettings });
      }
    }
  }
  return next;
}

/** The notice a 120 push sets (`data.notice`, else `m` and `by`), or null when malformed. */
export function noticeOf(push: OutsideMsgPush): ChatRoomNotice | null {
  const n = push.data?.notice as Partial<ChatRoomNotice> | undefined;
  const m = typeof n?.m === 'string' ? n.m : push.m;
  const by = n?.by ?? push.by;
  if (typeof m !== 'string' || m === '' || !by) return null;
  return { m, by, ts: typeof n?.ts === 'number' ? n.ts : push.ts };
}

/** The pin a 130 push sets (`data.pin`), or null when malformed. */
export function pinOf(push: OutsideMsgPush): ChatPinnedMessage | null {
  const p = push.data?.pin as Partial<ChatPinnedMessage> | undefined;
  if (!p || typeof p.mid !== 'string' || typeof p.m !== 'string' || !p.user || !p.by) return null;
  return { mid: p.mid, m: p.m, user: p.user, ts: Number(p.ts) || 0, by: p.by, pinned_at: Number(p.pinned_at) || 0 };
}

/** The member a line is from: a message's writer, a sticker's sender; null for other lines. */
export function lineAuthor(line: ChatLine): ChatUserInfo | null {
  if (line.kind === 'message') return line.user;
  if (line.kind === 'event' && line.event.code === ChatEvent.STICKER) return line.event.by ?? null;
  return null;
}

/**
 * A caption (250): the translation of a room message, shown under that message (no line of its own). The
 * server sends it after the message; one whose message is no longer kept is dropped.
 */
function applyCaption(model: ChatModel, push: OutsideMsgPush): ChatModel {
  const data = push.data as Partial<CaptionChatEventData> | undefined;
  if (typeof push.m !== 'string' || push.m === '' || typeof data?.mid !== 'string' || !isLang(data.target)) return model;
  for (let i = model.lines.length - 1; i >= 0; i--) {
    const line = model.lines[i];
    if (line?.kind !== 'message' || line.id !== data.mid) continue;
    if (line.whisper !== null) return model;
    const lines = model.lines.slice();
    lines[i] = { ...line, translation: { text: push.m, target: data.target } };
    return { ...model, lines };
  }
  return model;
}

/** Codes that change state without a line of their own (the state shows elsewhere). */
const SILENT_CODES: ReadonlySet<number> = new Set([
  ChatEventDetail.FREEZE_USER_STATE,
  // The video call's signalling and controls (200–203, 93–95) belong to the guest panel and the studio
  // (features/guests), not to the chat list.
  ...Array.from({ length: ChatEvent.VIDEOCHAT_LAST - ChatEvent.VIDEOCHAT_FIRST + 1 }, (_, i) => ChatEvent.VIDEOCHAT_FIRST + i),
  ...Array.from(
    { length: ChatEvent.VIDEO_BLOCK_ALL_LAST - ChatEvent.VIDEO_BLOCK_ALL_FIRST + 1 },
    (_, i) => ChatEvent.VIDEO_BLOCK_ALL_FIRST + i,
  ),
]);

export function chatReducer(model: ChatModel, action: ChatModelAction): ChatModel {
  switch (action.type) {
    case 'joined': {
      const { answer } = action;
      let next: ChatModel = {
        ...model,
        me: answer.user_info ?? model.me,
        room: answer.room ?? model.room,
        userCount: answer.user_total_count ?? model.userCount,
        standing: { frozen: false, forcedOut: false, blocked: false },
        // My own block list as the server knows it at the join (a reload keeps hiding those users' lines).
        myBlocks: Array.isArray(answer.blocked) ? answer.blocked.map(Number) : [],
        closed: null,
      };
      next = remember(next, answer.user_info);
      return next;
    }
    case 'users': {
      const next = remember(model, ...action.users);
      return { ...next, userCount: action.total };
    }
    case 'frames': {
      let next = model;
      for (const frame of action.frames) {
        switch (frame.service) {
          case ChatPush.MSG_SEND: {
            const push = frame.param as unknown as MsgSendPush;
            if (!push.user || typeof push.m !== 'string') break;
            const T = push.plugins?.T ?? 0;
            const whisper = T === ChatEvent.WHISPER_SENDER ? 'sent' : T === ChatEvent.WHISPER_RECEIVER ? 'received' : null;
            next = remember(next, push.user, push.to);
            next = pushLine(next, {
              kind: 'message',
              id: push.mid ?? eventId(),
              ts: push.ts ?? Date.now(),
              user: push.user,
              text: push.m,
              whisper,
              ...(push.to ? { to: push.to } : {}),
            });
            break;
          }
          case ChatPush.USER_JOIN:
          case ChatPush.USER_OUT: {
            const push = frame.param as unknown as UserPresencePush;
            if (typeof push.user_total_count === 'number') next = { ...next, userCount: push.user_total_count };
            if (push.user) next = remember(next, push.user);
            break;
          }
          case ChatPush.OUTSIDE_MSG: {
            const push = frame.param as unknown as OutsideMsgPush;
            if (typeof push.code !== 'number') break;
            if (push.code === ChatEvent.CAPTION) {
              next = applyCaption(next, push);
              break;
            }
            next = applyEvent(next, push);
            if (!SILENT_CODES.has(push.code))
              next = pushLine(next, { kind: 'event', id: eventId(), ts: push.ts ?? Date.now(), event: push });
            break;
          }
          case ChatPush.ROOM_CLOSE: {
            const push = frame.param as unknown as RoomClosePush;
            const state = push.state === 'frozen' ? 'frozen' : 'ended';
            next = { ...next, closed: { state, msg: push.msg ?? '' } };
            next = pushLine(next, { kind: 'closed', id: eventId(), ts: Date.now(), state, msg: push.msg ?? '' });
            break;
          }
        }
      }
      return next;
    }
  }
}

/** My role in the room (SPEC §4), or guest before the join. */
export function myRole(model: ChatModel): ChatRoomRole {
  if (!model.me) return 'guest';
  return chatRoomRole(model.me, model.room?.bj_user_key ?? 0);
}

export function roleOf(model: ChatModel, user: ChatUserInfo): ChatRoomRole {
  return chatRoomRole(user, model.room?.bj_user_key ?? 0);
}

/** A line as the viewer sees it: hidden users' lines are gone for non-moderators and dimmed for moderators. */
export interface VisibleLine {
  line: ChatLine;
  dimmed: boolean;
}

export function visibleLines(model: ChatModel): VisibleLine[] {
  const moderator = isChatModerator(myRole(model));
  const hidden = new Set(model.room?.hide_users ?? []);
  const blocked = new Set(model.myBlocks);
  const out: VisibleLine[] = [];
  for (const line of model.lines) {
    const author = lineAuthor(line);
    if (!author) {
      out.push({ line, dimmed: false });
      continue;
    }
    const key = author.user_key;
    // My own lines and whispers to me from someone I did not block always show.
    if (key !== model.me?.user_key && blocked.has(key)) continue;
    if (hidden.has(key) && (line.kind !== 'message' || line.whisper === null)) {
      if (!moderator) continue;
      out.push({ line, dimmed: true });
      continue;
    }
    out.push({ line, dimmed: false });
  }
  return out;
}

/** `/w nick message` (or `/ㅈ`, the same key on a Korean keyboard): the whisper's target nick and text. */
export function parseWhisperCommand(input: string): { nick: string; text: string } | null {
  const m = /^\/(?:w|ㅈ)\s+(\S+)\s+([\s\S]*\S[\s\S]*)$/.exec(input.trim());
  if (!m?.[1] || !m[2]) return null;
  return { nick: m[1], text: m[2].trim() };
}

/** A known user by nick (exact, then case-insensitive), or by id. */
export function findUserByNick(model: ChatModel, nick: string): ChatUserInfo | null {
  const users = Object.values(model.known);
  return (
    users.find((u) => u.nick === nick) ??
    users.find((u) => u.nick.toLowerCase() === nick.toLowerCase()) ??
    users.find((u) => u.id.toLowerCase() === nick.toLowerCase()) ??
    null
  );
}

/** What replaces the input, if anything: the SPEC §8 states first, then the room being frozen for me. */
export type InputBlock = 'closed' | 'forced-out' | 'blocked' | 'user-frozen' | 'room-frozen' | null;

export function inputBlock(model: ChatModel): InputBlock {
  if (model.closed) return 'closed';
  if (model.standing.forcedOut) return 'forced-out';
  if (model.standing.blocked) return 'blocked';
  const moderator = isChatModerator(myRole(model));
  if (model.standing.frozen && !moderator) return 'user-frozen';
  if (model.room?.frozen === 1 && !moderator && !(model.me && mayTalkWhileFrozen(model.me, model.room.frozen_allow ?? []))) {
    return 'room-frozen';
  }
  return null;
}

/** The roles a freeze push names (unknown ones dropped). */
export function freezeAllowOf(raw: unknown): FreezeAllowRole[] {
  return Array.isArray(raw) ? FREEZE_ALLOW_ROLES.filter((r) => raw.includes(r)) : [];
}
