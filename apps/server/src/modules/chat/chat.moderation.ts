import {
  CHAT_LIMITS,
  ChatEvent,
  ChatEventDetail,
  type ChatPinnedMessage,
  type ChatPlugins,
  type ChatRoomNotice,
  type ChatRoomRole,
  type ChatRoomSettings,
  ChatSettingCode,
  type ChatUserInfo,
  charCount as chars,
  chatRoomRole,
  FREEZE_ALLOW_ROLES,
  type OutsideMsgPush,
  type ResultCodeName,
} from '@byeol/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { freezeAllowOf, isRoomBj, settingsOf } from './chat.repository.js';
import { CHAT_CONTROL_CHARS } from './chat.room.js';
import { announceStandingChange } from './chat.standings.js';
import {
  chatActionLog,
  chatManager,
  chatRoomBlock,
  chatRoomBoard,
  chatRoomState,
  chatSanction,
  chatSetting,
  chatUserBlock,
} from './chat.tables.js';
import type {
  ActionEffects,
  ActionOutcome,
  ApplyAction,
  ChatActor,
  ChatStore,
  MessageLookup,
  PushTarget,
  RoomContext,
  TargetLookup,
} from './chat.types.js';

/**
 * Chat moderation (docs/chat-moderation.md): every custom code a client may send in ROOM_MSG_SEND
 * plugins, checked against the actor's role as the database has it (never as the client claims it),
 * stored together with its chat_action_log row in one transaction, and answered with the pushes and the
 * in-memory effects the engine applies.
 */

/**
 * What an actor may do. SPEC §4 gives the room role; an operator (or GM) keeps every power of an operator
 * in any room even where the room role would say manager or user, and the BJ stays the BJ.
 */
export type ModerationPower = 'bj' | 'operator' | 'manager' | 'user' | 'guest';

export function moderationPower(info: ChatUserInfo, room: Pick<RoomContext, 'bjUserKey' | 'bjOwnerUserKey'>): ModerationPower {
  const role: ChatRoomRole = chatRoomRole(info, room.bjUserKey);
  if (role === 'guest') return 'guest';
  if (role === 'bj' || isRoomBj(room, info.user_key)) return 'bj';
  if (info.is_operator === 1) return 'operator';
  return role;
}

const MODERATORS: readonly ModerationPower[] = ['bj', 'operator', 'manager'];
const OWNERS: readonly ModerationPower[] = ['bj', 'operator'];
const OPERATORS: readonly ModerationPower[] = ['operator'];
const MEMBERS: readonly ModerationPower[] = ['bj', 'operator', 'manager', 'user'];

type Fail = Extract<ActionOutcome, { ok: false }>;
const fail = (code: ResultCodeName, params?: Record<string, string | number>): Fail =>
  params ? { ok: false, code, params } : { ok: false, code };
const invalid = (field: string) => fail('INVALID_INPUT', { field });

class Refused extends Error {
  constructor(readonly outcome: Fail) {
    super(outcome.code);
  }
}

/** A database transaction, as Drizzle hands it to db.transaction's callback. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What one accepted action asks of the transaction, and what it answers once stored. */
interface Plan {
  code: number;
  target?: ChatUserInfo;
  detail: Record<string, unknown>;
  /** Writes the state change (inside the transaction); answers what the pushes and effects need. */
  write(tx: Tx): Promise<Done>;
}
interface Done {
  pushes: Array<{ target: PushTarget; push: OutsideMsgPush }>;
  effects: ActionEffects;
}

interface Ctx {
  room: RoomContext;
  actor: ChatUserInfo;
  power: ModerationPower;
  plugins: ChatPlugins;
  m: string;
  lookup: TargetLookup;
  message: MessageLookup;
  ts: number;
}

const SETTING_BY_CODE = new Map<number, keyof ChatRoomSettings>(
  (Object.entries(ChatSettingCode) as Array<[keyof ChatRoomSettings, number]>).map(([field, code]) => [code, field]),
);

// Control characters (a line break included): a greeting or a notice is one line of plain text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Validates a setting's new value; answers the value to store or the INVALID_INPUT outcome. */
export function validateSetting(field: keyof ChatRoomSettings, value: unknown): { ok: true; value: unknown } | Fail {
  switch (field) {
    case 'slow_sec':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > CHAT_LIMITS.slowModeMaxSec) return invalid(field);
      return { ok: true, value };
    case 'banned_words': {
      if (!Array.isArray(value) || value.length > CHAT_LIMITS.bannedWordsMax) return invalid(field);
      const words: string[] = [];
      const seen = new Set<string>();
      for (const w of value) {
        if (typeof w !== 'string') return invalid(field);
        const word = w.trim();
        if (word.length === 0 || chars(word) > CHAT_LIMITS.bannedWordMaxLength || CONTROL.test(word)) return invalid(field);
        const folded = word.toLowerCase();
        if (seen.has(folded)) continue;
        seen.add(folded);
        words.push(word);
      }
      return { ok: true, value: words };
    }
    case 'links_yn':
    case 'user_list_public_yn':
    case 'sponsor_list_public_yn':
      if (value !== 'Y' && value !== 'N') return invalid(field);
      return { ok: true, value };
    case 'greeting': {
      if (typeof value !== 'string') return invalid(field);
      const greeting = value.trim();
      if (chars(greeting) > CHAT_LIMITS.greetingMax || CONTROL.test(greeting)) return invalid(field);
      return { ok: true, value: greeting };
    }
  }
}

/** The chat_setting column of each setting, as stored. */
function settingColumn(field: keyof ChatRoomSettings, value: unknown): Partial<typeof chatSetting.$inferInsert> {
  switch (field) {
    case 'slow_sec':
      return { slowSec: value as number };
    case 'banned_words':
      return { bannedWords: value as string[] };
    case 'links_yn':
      return { linksYn: value === 'Y' };
    case 'user_list_public_yn':
      return { userListPublicYn: value === 'Y' };
    case 'sponsor_list_public_yn':
      return { sponsorListPublicYn: value === 'Y' };
    case 'greeting':
      return { greeting: value as string };
  }
}

const isOff = (plugins: ChatPlugins) => plugins.off === 1;

function requirePower(ctx: Ctx, allowed: readonly ModerationPower[]) {
  if (!allowed.includes(ctx.power)) throw new Refused(fail('FORBIDDEN'));
}

/** The user the action is about: a signed-in member other than the actor, as the engine's lookup finds them. */
async function targetOf(ctx: Ctx): Promise<ChatUserInfo> {
  const key = ctx.plugins.target;
  if (typeof key !== 'number' || !Number.isSafeInteger(key) || key <= 0) throw new Refused(invalid('target'));
  if (key === ctx.actor.user_key) throw new Refused(fail('CHAT_TARGET_PROTECTED'));
  const found = await ctx.lookup(key);
  if (!found || found.user_key !== key || found.is_guest === 1) throw new Refused(fail('CHAT_TARGET_NOT_FOUND'));
  return found;
}

/**
 * Targets a sanction (forced exit, suspension, room block, hiding) may not touch: the BJ (or the BJ
 * account's owner), operators, and — for a manager acting — other managers.
 */
function protect(ctx: Ctx, target: ChatUserInfo) {
  if (target.is_bj === 1 || isRoomBj(ctx.room, target.user_key) || target.is_operator === 1)
    throw new Refused(fail('CHAT_TARGET_PROTECTED'));
  if (ctx.power === 'manager' && target.is_manager === 1) throw new Refused(fail('CHAT_TARGET_PROTECTED'));
}

const toRoom: PushTarget = { to: 'room' };
const toModerators: PushTarget = { to: 'moderators' };

function push(ctx: Ctx, code: number, extra: Omit<OutsideMsgPush, 'code' | 'ts' | 'by'> = {}): OutsideMsgPush {
  return { code, ts: ctx.ts, by: ctx.actor, ...extra };
}

async function sanction(tx: Tx, ctx: Ctx, kind: 'forced_exit' | 'freeze', userKey: number, on: boolean) {
  if (on) await tx.insert(chatSanction).values({ vodKey: ctx.room.vk, userKey, kind, byUserKey: ctx.actor.user_key }).onConflictDoNothing();
  else
    await tx
      .delete(chatSanction)
      .where(and(eq(chatSanction.vodKey, ctx.room.vk), eq(chatSanction.kind, kind), eq(chatSanction.userKey, userKey)));
}

// ---------------------------------------------------------------------------------------------------
// One planner per code. Each checks the power first (a user learns nothing else), then the input.
// ---------------------------------------------------------------------------------------------------

/** 70 forced exit; `off: 1` lifts it (the BJ or an operator only: "until the BJ lifts it"). */
async function forcedExit(ctx: Ctx): Promise<Plan> {
  const off = isOff(ctx.plugins);
  requirePower(ctx, off ? OWNERS : MODERATORS);
  const target = await targetOf(ctx);
  if (!off) protect(ctx, target);
  return {
    code: ChatEvent.FORCED_EXIT,
    target,
    detail: off ? { off: 1 } : {},
    async write(tx) {
      await sanction(tx, ctx, 'forced_exit', target.user_key, !off);
      if (off)
        return {
          pushes: [{ target: toModerators, push: push(ctx, ChatEvent.FORCED_EXIT, { target, data: { off: 1 } }) }],
          effects: { member: { userKey: target.user_key, standing: { forcedOut: false } } },
        };
      return {
        pushes: [{ target: toRoom, push: push(ctx, ChatEvent.FORCED_EXIT, { target }) }],
        effects: { removeUser: target.user_key, member: { userKey: target.user_key, standing: { forcedOut: true } } },
      };
    },
  };
}

/** 80 appoint / 81 dismiss a manager (80 with `off: 1` is 81): the BJ or an operator. */
async function manager(ctx: Ctx, appoint: boolean): Promise<Plan> {
  requirePower(ctx, OWNERS);
  const found = await targetOf(ctx);
  if (found.is_bj === 1 || isRoomBj(ctx.room, found.user_key)) throw new Refused(fail('CHAT_TARGET_PROTECTED'));
  const target: ChatUserInfo = { ...found, is_manager: appoint ? 1 : 0 };
  const code = appoint ? ChatEvent.MANAGER_APPOINTED : ChatEvent.MANAGER_DISMISSED;
  return {
    code,
    target,
    detail: {},
    async write(tx) {
      if (appoint)
        await tx
          .insert(chatManager)
          .values({ bjUserKey: ctx.room.bjUserKey, userKey: target.user_key, appointedBy: ctx.actor.user_key })
          .onConflictDoNothing();
      else await tx.delete(chatManager).where(and(eq(chatManager.bjUserKey, ctx.room.bjUserKey), eq(chatManager.userKey, target.user_key)));
      return {
        pushes: [{ target: toRoom, push: push(ctx, code, { target }) }],
        effects: { member: { userKey: target.user_key, standing: { isManager: appoint } } },
      };
    },
  };
}

/**
 * 90 freeze / 91 unfreeze the whole chat (90 with `off: 1` is 91): moderators. A freeze may keep the chat
 * open to roles (`value`: 'fan', 'follower', a list or comma-separated; FREEZE_ALLOW_ROLES), e.g. a chat
 * for the fan club only; the push carries `data.allow`.
 */
async function freezeAll(ctx: Ctx, on: boolean): Promise<Plan> {
  requirePower(ctx, MODERATORS);
  const code = on ? ChatEventDetail.FREEZE_ALL_ON : ChatEventDetail.FREEZE_ALL_OFF;
  const raw = ctx.plugins.value;
  const asked =
    raw === undefined || raw === null || raw === '' ? [] : Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const names = asked.map((v) => (typeof v === 'string' ? v.trim() : v));
  if (on && names.some((v) => !(FREEZE_ALLOW_ROLES as readonly unknown[]).includes(v))) throw new Refused(invalid('value'));
  const allow = on ? freezeAllowOf(names as string[]) : [];
  return {
    code,
    detail: allow.length > 0 ? { allow } : {},
    async write(tx) {
      await tx
        .insert(chatRoomState)
        .values({ vodKey: ctx.room.vk, frozen: on, frozenAllow: allow })
        .onConflictDoUpdate({ target: chatRoomState.vodKey, set: { frozen: on, frozenAllow: allow, updatedAt: sql`now()` } });
      return {
        pushes: [{ target: toRoom, push: push(ctx, code, allow.length > 0 ? { data: { allow } } : {}) }],
        effects: { room: { frozen: on, frozenAllow: allow } },
      };
    },
  };
}

/** 100 suspend / 101 restore one user's chat in this broadcast (100 with `off: 1` is 101): moderators. */
async function freezeUser(ctx: Ctx, on: boolean): Promise<Plan> {
  requirePower(ctx, MODERATORS);
  const target = await targetOf(ctx);
  protect(ctx, target);
  const code = on ? ChatEventDetail.FREEZE_USER_ON : ChatEventDetail.FREEZE_USER_OFF;
  return {
    code,
    target,
    detail: {},
    async write(tx) {
      await sanction(tx, ctx, 'freeze', target.user_key, on);
      return {
        pushes: [{ target: toRoom, push: push(ctx, code, { target }) }],
        effects: { member: { userKey: target.user_key, standing: { frozen: on } } },
      };
    },
  };
}

/** 230 block: 'room' (moderators; lifting: the BJ or an operator) or 'self' (any member, their own list). */
async function block(ctx: Ctx): Promise<Plan> {
  const off = isOff(ctx.plugins);
  const scope = ctx.plugins.value;
  if (scope === 'self') {
    requirePower(ctx, MEMBERS);
    const target = await targetOf(ctx);
    const me = ctx.actor.user_key;
    return {
      code: ChatEvent.CHAT_BLOCK_UPDATE,
      target,
      detail: { scope: 'self', ...(off ? { off: 1 } : {}) },
      async write(tx) {
        if (off)
          await tx.delete(chatUserBlock).where(and(eq(chatUserBlock.userKey, me), eq(chatUserBlock.blockedUserKey, target.user_key)));
        else await tx.insert(chatUserBlock).values({ userKey: me, blockedUserKey: target.user_key }).onConflictDoNothing();
        const rows = await tx
          .select({ k: chatUserBlock.blockedUserKey })
          .from(chatUserBlock)
          .where(eq(chatUserBlock.userKey, me))
          .orderBy(chatUserBlock.blockedUserKey);
        const blocked = rows.map((r) => r.k);
        return {
          pushes: [
            {
              target: { to: 'user', userKey: me },
              push: push(ctx, ChatEvent.CHAT_BLOCK_UPDATE, { target, data: { scope: 'self', off: off ? 1 : 0, blocked } }),
            },
          ],
          effects: { member: { userKey: me, standing: { blocks: blocked } } },
        };
      },
    };
  }
  if (scope !== 'room') throw new Refused(invalid('value'));
  requirePower(ctx, off ? OWNERS : MODERATORS);
  const target = await targetOf(ctx);
  if (!off) protect(ctx, target);
  return {
    code: ChatEvent.CHAT_BLOCK_UPDATE,
    target,
    detail: { scope: 'room', ...(off ? { off: 1 } : {}) },
    async write(tx) {
      if (off)
        await tx
          .delete(chatRoomBlock)
          .where(and(eq(chatRoomBlock.bjUserKey, ctx.room.bjUserKey), eq(chatRoomBlock.userKey, target.user_key)));
      else
        await tx
          .insert(chatRoomBlock)
          .values({ bjUserKey: ctx.room.bjUserKey, userKey: target.user_key, blockedBy: ctx.actor.user_key })
          .onConflictDoNothing();
      if (off)
        return {
          pushes: [{ target: toModerators, push: push(ctx, ChatEvent.CHAT_BLOCK_UPDATE, { target, data: { scope: 'room', off: 1 } }) }],
          effects: { member: { userKey: target.user_key, standing: { roomBlocked: false } } },
        };
      return {
        pushes: [{ target: toRoom, push: push(ctx, ChatEvent.CHAT_BLOCK_UPDATE, { target, data: { scope: 'room', off: 0 } }) }],
        effects: { removeUser: target.user_key, member: { userKey: target.user_key, standing: { roomBlocked: true } } },
      };
    },
  };
}

/** 8200 hide / unhide (`off: 1`) a user's messages in the BJ's rooms: moderators. */
async function hideUser(ctx: Ctx): Promise<Plan> {
  requirePower(ctx, MODERATORS);
  const off = isOff(ctx.plugins);
  const target = await targetOf(ctx);
  if (!off) protect(ctx, target);
  const key = target.user_key;
  return {
    code: ChatEvent.HIDE_USER,
    target,
    detail: off ? { off: 1 } : {},
    async write(tx) {
      const next = off
        ? sql`array_remove(${chatSetting.hideUsers}, ${key}::bigint)`
        : sql`case when ${key}::bigint = any(${chatSetting.hideUsers}) then ${chatSetting.hideUsers} else array_append(${chatSetting.hideUsers}, ${key}::bigint) end`;
      const [row] = await tx
        .insert(chatSetting)
        .values({ bjUserKey: ctx.room.bjUserKey, hideUsers: off ? [] : [key] })
        .onConflictDoUpdate({ target: chatSetting.bjUserKey, set: { hideUsers: next, updatedAt: sql`now()` } })
        .returning({ hideUsers: chatSetting.hideUsers });
      const hideUsers = (row?.hideUsers ?? []).map(Number);
      return {
        pushes: [{ target: toRoom, push: push(ctx, ChatEvent.HIDE_USER, { target, data: { hide_users: hideUsers, off: off ? 1 : 0 } }) }],
        effects: { room: { hideUsers } },
      };
    },
  };
}

/** 8100–8105 one setting each: the BJ or an operator (managers may not change settings). */
async function setting(ctx: Ctx, code: number, field: keyof ChatRoomSettings): Promise<Plan> {
  requirePower(ctx, OWNERS);
  const checked = validateSetting(field, ctx.plugins.value);
  if (!checked.ok) throw new Refused(checked);
  const { value } = checked;
  return {
    code,
    detail: { value },
    async write(tx) {
      const column = settingColumn(field, value);
      const [row] = await tx
        .insert(chatSetting)
        .values({ bjUserKey: ctx.room.bjUserKey, ...column })
        .onConflictDoUpdate({ target: chatSetting.bjUserKey, set: { ...column, updatedAt: sql`now()` } })
        .returning();
      const settings = settingsOf(row);
      return { pushes: [{ target: toRoom, push: push(ctx, code, { data: { value } }) }], effects: { room: { settings } } };
    },
  };
}

/** 9990 an operator's notice to this room. */
async function notice(ctx: Ctx): Promise<Plan> {
  requirePower(ctx, OPERATORS);
  const m = typeof ctx.m === 'string' ? ctx.m.trim() : '';
  if (m.length === 0 || chars(m) > CHAT_LIMITS.noticeMax) throw new Refused(invalid('m'));
  return {
    code: ChatEventDetail.OPERATOR_NOTICE_ROOM,
    detail: { m },
    async write() {
      return { pushes: [{ target: toRoom, push: push(ctx, ChatEventDetail.OPERATOR_NOTICE_ROOM, { m }) }], effects: {} };
    },
  };
}

/** A run of characters a notice never keeps (one line of plain text): each run becomes one space. */
const CONTROL_RUNS = new RegExp(`(?:${CHAT_CONTROL_CHARS.source})+`, 'g');

/** Writes the room's board (notice, pin) of this broadcast. */
async function writeBoard(tx: Tx, ctx: Ctx, set: { notice: ChatRoomNotice | null } | { pin: ChatPinnedMessage | null }) {
  await tx
    .insert(chatRoomBoard)
    .values({ vodKey: ctx.room.vk, ...set })
    .onConflictDoUpdate({ target: chatRoomBoard.vodKey, set: { ...set, updatedAt: sql`now()` } });
}

/** 120 sets the room's notice (`m`, plain text), 121 (or 120 with `off: 1`) takes it down: the BJ, a manager, an operator. */
async function roomNotice(ctx: Ctx, on: boolean): Promise<Plan> {
  requirePower(ctx, MODERATORS);
  const m = on ? ctx.m.replace(CONTROL_RUNS, ' ').trim() : '';
  if (on && (chars(m) < 1 || chars(m) > CHAT_LIMITS.roomNoticeMax))
    throw new Refused(fail('CHAT_NOTICE_LENGTH', { max: CHAT_LIMITS.roomNoticeMax }));
  const code = on ? ChatEventDetail.ROOM_NOTICE_SET : ChatEventDetail.ROOM_NOTICE_CLEARED;
  const notice: ChatRoomNotice | null = on ? { m, by: ctx.actor, ts: ctx.ts } : null;
  return {
    code,
    detail: on ? { m } : {},
    async write(tx) {
      await writeBoard(tx, ctx, { notice });
      return {
        pushes: [{ target: toRoom, push: push(ctx, code, notice ? { m, data: { notice } } : {}) }],
        effects: { room: { notice } },
      };
    },
  };
}

/** 130 pins a recent room message (`value`: its mid), 131 (or 130 with `off: 1`) unpins: the BJ, a manager, an operator. */
async function pinMessage(ctx: Ctx, on: boolean): Promise<Plan> {
  requirePower(ctx, MODERATORS);
  let pin: ChatPinnedMessage | null = null;
  if (on) {
    const mid = ctx.plugins.value;
    if (typeof mid !== 'string' || mid.length === 0 || mid.length > 64) throw new Refused(invalid('value'));
    const found = ctx.message(mid);
    if (!found) throw new Refused(fail('CHAT_PIN_NOT_FOUND'));
    pin = { mid: found.mid, m: found.m, user: found.user, ts: found.ts, by: ctx.actor, pinned_at: ctx.ts };
  }
  const code = on ? ChatEventDetail.MESSAGE_PINNED : ChatEventDetail.PIN_CLEARED;
  return {
    code,
    ...(pin ? { target: pin.user } : {}),
    detail: pin ? { mid: pin.mid, m: pin.m } : {},
    async write(tx) {
      await writeBoard(tx, ctx, { pin });
      return { pushes: [{ target: toRoom, push: push(ctx, code, pin ? { data: { pin } } : {}) }], effects: { room: { pin } } };
    },
  };
}

function plan(ctx: Ctx): Promise<Plan> {
  const T = ctx.plugins.T;
  switch (T) {
    case ChatEvent.FORCED_EXIT:
      return forcedExit(ctx);
    case ChatEvent.MANAGER_APPOINTED:
      return manager(ctx, !isOff(ctx.plugins));
    case ChatEvent.MANAGER_DISMISSED:
      return manager(ctx, false);
    case ChatEventDetail.FREEZE_ALL_ON:
      return freezeAll(ctx, !isOff(ctx.plugins));
    case ChatEventDetail.FREEZE_ALL_OFF:
      return freezeAll(ctx, false);
    case ChatEventDetail.FREEZE_USER_ON:
      return freezeUser(ctx, !isOff(ctx.plugins));
    case ChatEventDetail.FREEZE_USER_OFF:
      return freezeUser(ctx, false);
    case ChatEvent.CHAT_BLOCK_UPDATE:
      return block(ctx);
    case ChatEvent.HIDE_USER:
      return hideUser(ctx);
    case ChatEventDetail.OPERATOR_NOTICE_ROOM:
      return notice(ctx);
    case ChatEventDetail.ROOM_NOTICE_SET:
      return roomNotice(ctx, !isOff(ctx.plugins));
    case ChatEventDetail.ROOM_NOTICE_CLEARED:
      return roomNotice(ctx, false);
    case ChatEventDetail.MESSAGE_PINNED:
      return pinMessage(ctx, !isOff(ctx.plugins));
    case ChatEventDetail.PIN_CLEARED:
      return pinMessage(ctx, false);
  }
  const field = SETTING_BY_CODE.get(T);
  if (field) return setting(ctx, T, field);
  // Gifts, items, 9991, vod state, vod info and every other code come only from the platform (the bus).
  throw new Refused(fail('FORBIDDEN'));
}

/**
 * The moderation entry point. The actor is read again from the database (`store.lookupUser`): their
 * room role, manager appointment and operator role are what the server holds now, whatever the socket
 * or the client says. A committed block, unblock or manager change is announced on the bus
 * (chat.standings.ts): every process's gifts see it at once.
 */
export function createModeration(db: Db, store: ChatStore, bus: Bus, log?: Pick<FastifyBaseLogger, 'warn'>): ApplyAction {
  return async function applyAction(
    room: RoomContext,
    actor: ChatActor,
    plugins: ChatPlugins,
    m: string,
    lookup: TargetLookup,
    message: MessageLookup = () => null,
  ) {
    if (actor.info.user_key === 0 || actor.info.is_guest === 1) return fail('LOGIN_REQUIRED');
    if (!plugins || typeof plugins !== 'object' || !Number.isInteger(plugins.T)) return invalid('plugins');
    if (room.state === 'ended') return fail('BROADCAST_ENDED');
    if (room.state === 'frozen') return fail('BROADCAST_FROZEN');
    const fresh = await store.lookupUser(room, actor.info.user_key);
    if (!fresh) return fail('LOGIN_REQUIRED');
    const ctx: Ctx = { room, actor: fresh, power: moderationPower(fresh, room), plugins, m, lookup, message, ts: Date.now() };
    if (ctx.power === 'guest') return fail('LOGIN_REQUIRED');
    try {
      const chosen = await plan(ctx);
      const done = await db.transaction(async (tx) => {
        const result = await chosen.write(tx);
        await tx.insert(chatActionLog).values({
          vodKey: room.vk,
          bjUserKey: room.bjUserKey,
          actorUserKey: fresh.user_key,
          actorRole: ctx.power,
          code: chosen.code,
          targetUserKey: chosen.target?.user_key ?? null,
          detail: chosen.detail,
        });
        return result;
      });
      const standing = done.effects.member?.standing;
      if (standing && ('roomBlocked' in standing || 'isManager' in standing)) {
        // Not announced: the lists in other processes are read again within ROOM_STANDINGS_TTL_MS.
        await announceStandingChange(bus, room.bjUserKey).catch((err: unknown) =>
          log?.warn({ err, bj_user_key: room.bjUserKey }, 'room standing change not announced'),
        );
      }
      return { ok: true, pushes: done.pushes, effects: done.effects };
    } catch (e) {
      if (e instanceof Refused) return e.outcome;
      throw e;
    }
  };
}
