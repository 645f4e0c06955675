import { randomBytes } from 'node:crypto';
import {
  CHAT_MONITOR_PATH,
  CHAT_TOKEN_TTL_SEC,
  CHAT_USER_LIST_PATH,
  ChatEventDetail,
  type ChatHostParam,
  type ChatHttpAnswer,
  type ChatNoticeSet,
  type ChatTokenSet,
  type ChatUserInfo,
  chatEndpoints,
  type Lang,
  type OutsideMsgPush,
  ResultCode,
  type ResultCodeName,
  type RoomUserListParam,
  resultMessage,
} from '@byeol/contract';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, parseFormBody } from '../../platform/api.js';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { route } from '../../platform/route.js';
import { concertTicketHeld } from '../concerts/index.js';
import { findBroadcast } from '../live/index.js';
import { requireRole } from '../users/users.session.js';
import { publishAllRoomsEvent, publishRoomEvent } from './chat.events.js';
import { nodeHost, pickChatNode } from './chat.node.js';
import { type ChatEngine, Refusal } from './chat.server.js';
import { chatActionLog } from './chat.tables.js';
import { signChatToken } from './chat.token.js';

/**
 * The chat's HTTP calls (docs/chat-protocol.md, "Endpoints"): the chat token and the operator notice under
 * /v1 (api role), the monitor that picks a chat node (api and chat roles), and a chat node's user list.
 * The two SPEC `.ws` calls answer `{result, param}` (never the API envelope), also for garbage input.
 */

/** POST /v1/chat/chat_token and POST /v1/admin/chat_notice (api role). */
export const chatApiRoutes: FastifyPluginAsyncZod<{ db: Db; bus: Bus; secret: string }> = async (app, { db, bus, secret }) => {
  route(app, chatEndpoints.token, async (request, { vod_key }) => {
    const found = await findBroadcast(db, vod_key);
    if (!found) throw new AppError('BROADCAST_NOT_FOUND');
    const { b } = found;
    if (b.state === 'ended') throw new AppError('BROADCAST_ENDED');
    if (b.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    // The gates of play_info (play.service.ts): adult broadcasts need a verified adult, login-required ones an account.
    const account = await request.currentAccount();
    if (b.adultYn && !account?.adultVerifiedAt) throw new AppError('ADULT_REQUIRED');
    if (b.loginRequiredYn && !account) throw new AppError('LOGIN_REQUIRED');
    // A concert's room is its ticket holders' (and staff's), as its media is (docs/concerts.md).
    if (b.concertSn) {
      if (!account) throw new AppError('LOGIN_REQUIRED');
      const staff = account.role === 'operator' || account.role === 'gm';
      if (!staff && b.bjUserKey !== account.userKey && !(await concertTicketHeld(db, b.concertSn, account.userKey))) {
        throw new AppError('CONCERT_TICKET_REQUIRED');
      }
    }
    const exp = Math.floor(Date.now() / 1000) + CHAT_TOKEN_TTL_SEC;
    const us = signChatToken(secret, {
      v: 1,
      vk: b.vodKey,
      uk: account?.userKey ?? 0,
      id: account?.id ?? '',
      nick: account?.nick ?? '',
      gid: account ? '' : randomBytes(8).toString('hex'),
      op: account && (account.role === 'operator' || account.role === 'gm') ? 1 : 0,
      ow: account?.ownerUserKey ?? 0,
      lg: request.lang,
      // Translations (250) into lg for members who turned them on; guests have no settings.
      tr: account?.settings?.translation === true ? 1 : 0,
      pv: account && account.phoneNo !== '' ? 1 : 0,
      exp,
    });
    const set: ChatTokenSet = { us, expires_in: CHAT_TOKEN_TTL_SEC, guest_yn: account ? 'N' : 'Y' };
    return ok(request, set);
  });

  route(app, chatEndpoints.notice, async (request, { m, vod_key }) => {
    const operator = await requireRole(request, 'operator');
    let bjUserKey = 0;
    if (vod_key) {
      const found = await findBroadcast(db, vod_key);
      if (!found) throw new AppError('BROADCAST_NOT_FOUND');
      if (found.b.state !== 'live') throw new AppError('BROADCAST_NOT_LIVE');
      bjUserKey = found.b.bjUserKey;
    }
    const code = vod_key ? ChatEventDetail.OPERATOR_NOTICE_ROOM : ChatEventDetail.OPERATOR_NOTICE_ALL;
    await db.insert(chatActionLog).values({
      vodKey: vod_key ?? '',
      bjUserKey,
      actorUserKey: operator.userKey,
      actorRole: operator.role,
      code,
      detail: { m },
    });
    const by: ChatUserInfo = {
      user_key: operator.userKey,
      id: operator.id,
      nick: operator.nick,
      is_bj: 0,
      is_manager: 0,
      is_operator: 1,
      is_guest: 0,
    };
    const push: OutsideMsgPush = { code, ts: Date.now(), by, m };
    if (vod_key) await publishRoomEvent(bus, vod_key, push);
    else await publishAllRoomsEvent(bus, push);
    request.log.info({ vod_key, by: operator.userKey, code }, 'chat notice');
    const set: ChatNoticeSet = { code };
    return ok(request, set);
  });
};

// ---------------------------------------------------------------------------------------------------
// The `.ws` calls: form or JSON bodies, `{result, param}` answers
// ---------------------------------------------------------------------------------------------------

type Field = { value: string | undefined } | { refused: ResultCodeName; field: string };

/** A text field of a `.ws` body: a string (or a number), at most `max` characters. */
function field(body: Record<string, unknown>, name: string, required: boolean, max: number): Field {
  const raw = body[name];
  if (raw === undefined || raw === null || raw === '') return required ? { refused: 'REQUIRED', field: name } : { value: undefined };
  const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
  if (typeof text !== 'string' || text.length > max) return { refused: 'INVALID_INPUT', field: name };
  const value = text.trim();
  if (value === '') return required ? { refused: 'REQUIRED', field: name } : { value: undefined };
  return { value };
}

/** The body as fields: a parsed form or JSON object, or a text body read as a form; null when it is neither. */
function bodyOf(body: unknown): Record<string, unknown> | null {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body === 'string') {
    try {
      return parseFormBody(body);
    } catch {
      return null;
    }
  }
  if (typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) return body as Record<string, unknown>;
  return null;
}

const failure = (lang: Lang, code: ResultCodeName, params: Record<string, string | number> = {}): ChatHttpAnswer<{ code: number }> => ({
  result: 0,
  param: { msg: resultMessage(code, lang, params), code: ResultCode[code] },
});

/** Refusals of bad input name the field; garbage of any kind is answered, never thrown. */
function readFields(request: FastifyRequest, spec: Array<[name: string, required: boolean, max: number]>) {
  const body = bodyOf(request.body);
  if (!body) return { answer: failure(request.lang, 'INVALID_INPUT', { field: 'body' }) };
  const values: Record<string, string | undefined> = {};
  for (const [name, required, max] of spec) {
    const f = field(body, name, required, max);
    if ('refused' in f) return { answer: failure(request.lang, f.refused, { field: f.field }) };
    values[name] = f.value;
  }
  return { values };
}

/** Shared by the two `.ws` plugins: any body type is read, any failure is a `{result: 0}` answer. */
function wsCallConventions(app: FastifyInstance) {
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return reply.code(200).send(failure(request.lang, error.code, error.params));
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send(failure(request.lang, 'BODY_TOO_LARGE', { field: 'body' }));
    if (status >= 400 && status < 500) return reply.code(200).send(failure(request.lang, 'INVALID_INPUT', { field: 'body' }));
    request.log.error({ err: error }, 'chat call failed');
    return reply.code(500).send(failure(request.lang, 'INTERNAL_ERROR'));
  });
}

/**
 * POST /chat/monitor/web/ReqChatHost.ws (site_key, vod_key, optional avoid): the chat node for the room by
 * rendezvous hashing over the live nodes (chat.node.ts); CHAT_UNAVAILABLE when none is alive.
 */
export const chatMonitorRoutes: FastifyPluginAsync<{ bus: Bus; sslPort: number }> = async (app, { bus, sslPort }) => {
  wsCallConventions(app);
  app.post(CHAT_MONITOR_PATH, { schema: { hide: true } }, async (request) => {
    const read = readFields(request, [
      ['site_key', false, 40],
      ['vod_key', true, 100],
      ['avoid', false, 300],
    ]);
    if (read.answer) return read.answer;
    const { vod_key, avoid } = read.values as { vod_key: string; avoid?: string };
    const host = request.host;
    const node = await pickChatNode(bus, vod_key, avoid, host);
    if (!node) return failure(request.lang, 'CHAT_UNAVAILABLE');
    const answer: ChatHttpAnswer<ChatHostParam> = { result: 1, param: { chat_host: nodeHost(node, host), chat_ssl_port: sslPort } };
    return answer;
  });
};

/** POST /chat/server/app/ROOM_USER_LIST.ws (vk, optional us): the room's signed-in users (chat role). */
export const chatNodeRoutes: FastifyPluginAsync<{ engine: ChatEngine }> = async (app, { engine }) => {
  wsCallConventions(app);
  app.post(CHAT_USER_LIST_PATH, { schema: { hide: true } }, async (request) => {
    const read = readFields(request, [
      ['vk', true, 100],
      ['us', false, 2048],
    ]);
    if (read.answer) return read.answer;
    const { vk, us } = read.values as { vk: string; us?: string };
    const list = await engine.userListFor(vk, us);
    if (list instanceof Refusal) return failure(request.lang, list.code, list.params);
    const answer: ChatHttpAnswer<RoomUserListParam> = { result: 1, param: list };
    return answer;
  });
};
