import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHAT_LIMITS,
  CHAT_MONITOR_PATH,
  CHAT_TOKEN_TTL_SEC,
  CHAT_USER_LIST_PATH,
  ChatEvent,
  ChatEventDetail,
  type ChatHostParam,
  type ChatHttpAnswer,
  ChatSettingCode,
  type ChatTokenSet,
  chatEndpoints,
  LIVE_BUS_CHANNEL,
  type LiveBusMessage,
  mediaEndpoints,
  ResultCode,
  type RoomUserListParam,
  resultMessage,
} from '@byeol/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MemoryBus } from '../../platform/bus.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { ChatClient, chatHost, chatToken, chatTokenCall, type Frame, isMsg, isOutside } from '../../testing/chat-client.js';
import { buildAccount, sql, unique } from '../../testing/members.js';
import { broadcast } from '../live/live.tables.js';
import { publishAllRoomsEvent, publishRoomEvent } from './chat.events.js';
import { createModeration } from './chat.moderation.js';
import { createChatStore } from './chat.repository.js';
import { SLICE_WRITES } from './chat.room.js';
import { ChatEngine } from './chat.server.js';
import { type ChatTokenClaims, signChatToken, verifyChatToken } from './chat.token.js';

/**
 * The chat engine against the real server (api + chat roles in one process, the in-memory bus: the
 * one-process default), real PostgreSQL, real WebSocket clients (testing/chat-client.ts). Moderation
 * states are made with the real actions (ROOM_MSG_SEND with a custom T) or written to the real tables.
 * Other files share the database: every assertion is about this file's own rows.
 */
const SECRET = 'byeol-development-chat-token-secret';
type Account = Awaited<ReturnType<typeof buildAccount>>;

let t: TestApp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ roles: ['api', 'chat'], env: { REDIS_URL: '' } });
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await t?.close();
});

async function newBj(over: Partial<Parameters<typeof buildAccount>[1]> = {}): Promise<Account> {
  return buildAccount(t, { typeCd: 'bj', role: 'bj', ...over });
}

/** A broadcast of a fresh BJ (or of `bj`), live unless said otherwise. */
async function newRoom(over: Partial<typeof broadcast.$inferInsert> = {}, bj?: Account) {
  const owner = bj ?? (await newBj());
  const vk = unique('ck');
  await buildBroadcast(t.database.db, owner.userKey, { vodKey: vk, title: `방송 ${vk}`, ...over });
  return { vk, bj: owner };
}

async function connect(lang?: 'ko' | 'en' | 'ja' | 'zh-CN'): Promise<ChatClient> {
  const c = await ChatClient.connect(t.url, lang ? { lang } : {});
  clients.push(c);
  return c;
}

/** A socket joined to `vk` as the account of `cookie` (a guest without). */
async function joined(vk: string, who?: { cookie: string }, lang?: 'ko' | 'en'): Promise<ChatClient> {
  const c = await connect(lang);
  const answer = await c.join(await chatToken(t, vk, who?.cookie, lang), vk);
  if (answer.result !== 1) throw new Error(`join failed: ${JSON.stringify(answer)}`);
  return c;
}

/** A token signed like the API signs them, with any claims (expired, other room, unknown room). */
function forge(claims: Partial<ChatTokenClaims> & { vk: string }, secret = SECRET): string {
  return signChatToken(secret, {
    v: 1,
    uk: 0,
    id: '',
    nick: '',
    gid: 'g',
    op: 0,
    ow: 0,
    lg: 'ko',
    exp: Math.floor(Date.now() / 1000) + 60,
    ...claims,
  });
}

const refusedWith = (name: keyof typeof ResultCode, extra: Record<string, unknown> = {}) =>
  expect.objectContaining({ result: 0, code: ResultCode[name], ...extra });
const say = (c: ChatClient, m: string) => c.send(m);
const act = (c: ChatClient, T: number, extra: Record<string, unknown> = {}, m = '') => c.send(m, { T, ...extra });
const ok = { result: 1 };

describe('POST /v1/chat/chat_token', () => {
  it('signs a member token with the account, its roles and the caller language', async () => {
    const { vk } = await newRoom();
    const owner = await buildAccount(t);
    const member = await buildAccount(t, { ownerUserKey: owner.userKey });
    const res = await chatTokenCall(t, vk, member.cookie, 'ja');
    expect(res.rslt_cd).toBe(0);
    const set = res.rslt_set as ChatTokenSet;
    expect(set).toMatchObject({ guest_yn: 'N', expires_in: CHAT_TOKEN_TTL_SEC });
    const claims = verifyChatToken(SECRET, set.us);
    expect(claims).toMatchObject({ vk, uk: member.userKey, id: member.id, nick: member.nick, gid: '', op: 0, ow: owner.userKey, lg: 'ja' });
    expect(claims?.exp).toBeGreaterThan(Date.now() / 1000 + CHAT_TOKEN_TTL_SEC - 5);

    const operator = await buildAccount(t, { role: 'operator' });
    expect(verifyChatToken(SECRET, await chatToken(t, vk, operator.cookie))?.op).toBe(1);
  });

  it('gives a signed-out caller a read-only guest token', async () => {
    const { vk } = await newRoom();
    const res = await chatTokenCall(t, vk);
    expect(res.rslt_set).toMatchObject({ guest_yn: 'Y' });
    const claims = verifyChatToken(SECRET, (res.rslt_set as ChatTokenSet).us);
    expect(claims).toMatchObject({ uk: 0, id: '', op: 0, lg: 'ko' });
    expect(claims?.gid).toMatch(/^[0-9a-f]{16}$/);
  });

  it('applies the play gates: unknown, ended, frozen, login-required and adult broadcasts', async () => {
    const member = await buildAccount(t);
    const adult = await buildAccount(t, { adultVerifiedAt: new Date() });
    expect((await chatTokenCall(t, unique('nope'))).rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
    const ended = await newRoom({ state: 'ended', endedAt: new Date() });
    expect((await chatTokenCall(t, ended.vk, member.cookie)).rslt_cd).toBe(ResultCode.BROADCAST_ENDED);
    const frozen = await newRoom({ state: 'frozen', frozenAt: new Date() });
    expect((await chatTokenCall(t, frozen.vk, member.cookie)).rslt_cd).toBe(ResultCode.BROADCAST_FROZEN);
    const login = await newRoom({ loginRequiredYn: true });
    const guest = await chatTokenCall(t, login.vk, undefined, 'en');
    expect(guest).toMatchObject({ rslt_cd: ResultCode.LOGIN_REQUIRED, rslt_msg: resultMessage('LOGIN_REQUIRED', 'en') });
    expect((await chatTokenCall(t, login.vk, member.cookie)).rslt_cd).toBe(0);
    const adultRoom = await newRoom({ adultYn: true });
    expect((await chatTokenCall(t, adultRoom.vk)).rslt_cd).toBe(ResultCode.ADULT_REQUIRED);
    expect((await chatTokenCall(t, adultRoom.vk, member.cookie)).rslt_cd).toBe(ResultCode.ADULT_REQUIRED);
    expect((await chatTokenCall(t, adultRoom.vk, adult.cookie)).rslt_cd).toBe(0);
  });

  it('refuses garbage and calls without the API headers', async () => {
    const missing = await t.call(chatEndpoints.token, {});
    expect(missing.body).toMatchObject({ rslt_cd: ResultCode.REQUIRED, rslt_set: { field: 'vod_key' } });
    const long = await t.call(chatEndpoints.token, { vod_key: 'x'.repeat(101) });
    expect(long.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'vod_key' } });
    const { vk } = await newRoom();
    const headless = await t.call(chatEndpoints.token, { vod_key: vk }, { headers: false });
    expect(headless.status).toBe(403);
    expect(headless.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
  });
});

describe('POST ReqChatHost.ws (the monitor)', () => {
  it('answers this node (advertising nothing: the host the caller used) for a form or a JSON body', async () => {
    const host = new URL(t.url).host;
    const { vk } = await newRoom();
    expect(await chatHost(t, vk)).toEqual({ result: 1, param: { chat_host: host, chat_ssl_port: 0 } });
    const json = await fetch(t.url + CHAT_MONITOR_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ site_key: 1, vod_key: vk }),
    });
    expect(await json.json()).toEqual({ result: 1, param: { chat_host: host, chat_ssl_port: 0 } });
    // The only node is answered even when the caller asks to avoid it (there is no other).
    expect((await chatHost(t, vk, host)).param.chat_host).toBe(host);
  });

  it('answers garbage with result 0 and a message naming the field', async () => {
    const post = async (body: string, type: string) => {
      const res = await fetch(t.url + CHAT_MONITOR_PATH, { method: 'POST', headers: { 'content-type': type, cookie: 'xlang=en' }, body });
      expect(res.status).toBeLessThan(500);
      return (await res.json()) as ChatHttpAnswer<ChatHostParam>;
    };
    expect(await post('site_key=1', 'application/x-www-form-urlencoded')).toEqual({
      result: 0,
      param: { msg: resultMessage('REQUIRED', 'en', { field: 'vod_key' }), code: ResultCode.REQUIRED },
    });
    expect((await post('{"vod_key": ', 'application/json')).result).toBe(0);
    expect((await post('[1,2]', 'application/json')).result).toBe(0);
    expect(await post(JSON.stringify({ vod_key: { $ne: 1 } }), 'application/json')).toMatchObject({
      result: 0,
      param: { msg: resultMessage('INVALID_INPUT', 'en', { field: 'vod_key' }) },
    });
    expect((await post('vod_key=%E0%A4%A', 'application/x-www-form-urlencoded')).result).toBe(0);
    expect((await post('\u0000\u0001garbage', 'application/octet-stream')).result).toBe(0);
    const { vk } = await newRoom();
    expect((await post(`vod_key=${vk}`, 'text/plain')).result).toBe(1);
  });

  it('answers CHAT_UNAVAILABLE in the caller language when no chat node is alive', async () => {
    const apiOnly = await startTestApp({ roles: ['api'], env: { REDIS_URL: '' } });
    try {
      const res = await fetch(apiOnly.url + CHAT_MONITOR_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'xlang=en' },
        body: 'site_key=1&vod_key=abc',
      });
      expect(await res.json()).toEqual({
        result: 0,
        param: { msg: resultMessage('CHAT_UNAVAILABLE', 'en'), code: ResultCode.CHAT_UNAVAILABLE },
      });
    } finally {
      await apiOnly.close();
    }
  });
});

describe('ROOM_JOIN', () => {
  it('joins with user_info, the count and the room; the BJ, its owner account, managers and operators get their badges', async () => {
    const owner = await buildAccount(t);
    const bj = await newBj({ ownerUserKey: owner.userKey });
    const { vk } = await newRoom({}, bj);
    const member = await buildAccount(t);
    const manager = await buildAccount(t);
    const operator = await buildAccount(t, { role: 'operator' });
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, manager.userKey]);

    const c = await connect();
    const answer = await c.join(await chatToken(t, vk, member.cookie), vk);
    expect(answer).toMatchObject({
      result: 1,
      user_info: { user_key: member.userKey, id: member.id, nick: member.nick, is_bj: 0, is_manager: 0, is_operator: 0, is_guest: 0 },
      user_total_count: 1,
      room: { vk, bj_user_key: bj.userKey, title: `방송 ${vk}`, frozen: 0, hide_users: [], settings: { slow_sec: 0, links_yn: 'Y' } },
    });
    const info = async (who: Account) => (await (await connect()).join(await chatToken(t, vk, who.cookie), vk)).user_info;
    expect(await info(bj)).toMatchObject({ is_bj: 1, is_manager: 0 });
    expect(await info(owner)).toMatchObject({ is_bj: 1 });
    expect(await info(manager)).toMatchObject({ is_bj: 0, is_manager: 1 });
    expect(await info(operator)).toMatchObject({ is_operator: 1, is_manager: 0 });
    const guest = await (await connect()).join(await chatToken(t, vk), vk);
    expect(guest).toMatchObject({ result: 1, user_info: { user_key: 0, is_guest: 1 }, user_total_count: 6 });
  });

  it('pushes USER_JOIN with the user, and ENTER_EFFECT (11) when a moderator enters', async () => {
    const { vk, bj } = await newRoom();
    const watcher = await joined(vk, await buildAccount(t));
    const from = watcher.mark();
    const member = await buildAccount(t);
    await joined(vk, member);
    const join = await watcher.waitFor((f) => f.service === 'USER_JOIN' && f.param.user?.user_key === member.userKey, { from });
    expect(join.param.user_total_count).toBe(2);
    await joined(vk, bj);
    const enter = await watcher.waitFor(isOutside(ChatEvent.ENTER_EFFECT), { from });
    expect(enter.param.target).toMatchObject({ user_key: bj.userKey, is_bj: 1 });
    // A second socket of the same member is no new user.
    await joined(vk, member);
    await watcher.expectNone((f) => f.service === 'USER_JOIN' && f.param.user?.user_key === member.userKey, 300);
  });

  it('greets the joiner, and tells them the chat is frozen (92) or they are suspended (102)', async () => {
    const { vk, bj } = await newRoom();
    const member = await buildAccount(t);
    await sql(t, `insert into chat_setting (bj_user_key, greeting) values ($1, '어서 오세요 <b>!</b>')`, [bj.userKey]);
    await sql(t, 'insert into chat_room_state (vod_key, frozen) values ($1, true)', [vk]);
    await sql(t, `insert into chat_sanction (vod_key, user_key, kind, by_user_key) values ($1, $2, 'freeze', $3)`, [
      vk,
      member.userKey,
      bj.userKey,
    ]);
    const c = await connect();
    const answer = await c.join(await chatToken(t, vk, member.cookie), vk);
    expect(answer.room).toMatchObject({ frozen: 1, settings: { greeting: '어서 오세요 <b>!</b>' } });
    expect((await c.waitFor(isOutside(ChatEvent.GREETINGS))).param.m).toBe('어서 오세요 <b>!</b>');
    await c.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_STATE));
    expect((await c.waitFor(isOutside(ChatEventDetail.FREEZE_USER_STATE))).param.target.user_key).toBe(member.userKey);
  });

  it('refuses bad, expired, forged and other-room tokens, unknown, ended and frozen rooms; the socket stays usable', async () => {
    const { vk } = await newRoom();
    const other = await newRoom();
    const ended = await newRoom({ state: 'ended', endedAt: new Date() });
    const frozen = await newRoom({ state: 'frozen', frozenAt: new Date() });
    const c = await connect('en');
    expect(await c.join('garbage', vk)).toEqual({
      result: 0,
      rid: expect.any(Number),
      code: ResultCode.CHAT_TOKEN_INVALID,
      msg: resultMessage('CHAT_TOKEN_INVALID', 'en'),
    });
    expect(await c.join(forge({ vk, exp: Math.floor(Date.now() / 1000) - 1 }), vk)).toEqual(refusedWith('CHAT_TOKEN_INVALID'));
    expect(await c.join(forge({ vk }, 'another-secret-of-16+'), vk)).toEqual(refusedWith('CHAT_TOKEN_INVALID'));
    expect(await c.join(await chatToken(t, other.vk), vk)).toEqual(refusedWith('CHAT_TOKEN_INVALID'));
    const unknown = unique('nope');
    expect(await c.join(forge({ vk: unknown, lg: 'ja' }), unknown)).toEqual({
      result: 0,
      rid: expect.any(Number),
      code: ResultCode.BROADCAST_NOT_FOUND,
      msg: resultMessage('BROADCAST_NOT_FOUND', 'ja'),
    });
    expect(await c.join(forge({ vk: ended.vk }), ended.vk)).toEqual(refusedWith('BROADCAST_ENDED'));
    expect(await c.join(forge({ vk: frozen.vk }), frozen.vk)).toEqual(refusedWith('BROADCAST_FROZEN'));
    expect(c.open).toBe(true);
    expect(await c.join(await chatToken(t, vk), vk)).toMatchObject({ result: 1 });
  });

  it('moves a socket from room to room, one at a time; joining the same room again keeps it working', async () => {
    const one = await newRoom();
    const two = await newRoom();
    const member = await buildAccount(t);
    const c = await connect();
    expect((await c.join(await chatToken(t, one.vk, member.cookie), one.vk)).result).toBe(1);
    expect((await c.join(await chatToken(t, one.vk, member.cookie), one.vk)).user_total_count).toBe(1);
    expect(await say(c, 'alone, again')).toMatchObject(ok);
    await c.waitFor(isMsg('alone, again'));
    const watcher = await joined(one.vk, await buildAccount(t));
    expect((await c.join(await chatToken(t, two.vk, member.cookie), two.vk)).result).toBe(1);
    await watcher.waitFor((f) => f.service === 'USER_OUT' && f.param.user?.user_key === member.userKey);
    expect(await say(c, 'in room two')).toMatchObject(ok);
    await c.waitFor(isMsg('in room two'));
    await watcher.expectNone(isMsg('in room two'), 200);
  });

  it('refuses members forced out of the broadcast (a real forced exit) and members blocked in the room', async () => {
    const { vk, bj } = await newRoom();
    const bjc = await joined(vk, bj);
    const out = await buildAccount(t);
    const outc = await joined(vk, out);
    expect(await act(bjc, ChatEvent.FORCED_EXIT, { target: out.userKey })).toMatchObject(ok);
    const exit = await outc.waitFor(isOutside(ChatEvent.FORCED_EXIT));
    expect(exit.param.target.user_key).toBe(out.userKey);
    expect(await say(outc, 'still here?')).toEqual(refusedWith('CHAT_NOT_JOINED'));
    expect(await outc.join(await chatToken(t, vk, out.cookie, 'en'), vk)).toEqual(
      refusedWith('CHAT_FORCED_OUT', { msg: resultMessage('CHAT_FORCED_OUT', 'en') }),
    );
    // Lifted by the BJ: back in.
    expect(await act(bjc, ChatEvent.FORCED_EXIT, { target: out.userKey, off: 1 })).toMatchObject(ok);
    expect(await outc.join(await chatToken(t, vk, out.cookie), vk)).toMatchObject({ result: 1 });

    const blocked = await buildAccount(t);
    await sql(t, 'insert into chat_room_block (bj_user_key, user_key, blocked_by) values ($1, $2, $1)', [bj.userKey, blocked.userKey]);
    expect(await (await connect()).join(await chatToken(t, vk, blocked.cookie), vk)).toEqual(refusedWith('CHAT_BLOCKED'));
  });
});

describe('ROOM_MSG_SEND', () => {
  it('broadcasts a message to everyone, guests included, with the sender and a message id', async () => {
    const { vk } = await newRoom();
    const a = await buildAccount(t);
    const ac = await joined(vk, a);
    const bc = await joined(vk, await buildAccount(t));
    const guest = await joined(vk);
    expect(await say(ac, '  안녕하세요  ')).toEqual({ result: 1, rid: expect.any(Number) });
    for (const c of [ac, bc, guest]) {
      const f = await c.waitFor(isMsg('안녕하세요'));
      expect(f.param).toMatchObject({ mid: expect.any(String), user: { user_key: a.userKey, nick: a.nick }, ts: expect.any(Number) });
    }
  });

  it('keeps HTML as text, removes control characters, replaces banned words case-insensitively', async () => {
    const { vk, bj } = await newRoom();
    const bjc = await joined(vk, bj);
    const c = await joined(vk, await buildAccount(t));
    const html = '<b>hi</b><script>alert("x")</script> & <img src=x onerror=alert(1)>';
    expect(await say(c, html)).toMatchObject(ok);
    await bjc.waitFor(isMsg(html));
    expect(await say(c, 'a\u0000b\u0007c\u202ed\n')).toMatchObject(ok);
    await bjc.waitFor(isMsg('abcd'));
    expect(await act(bjc, ChatSettingCode.banned_words, { value: ['나쁜말', 'BadWord'] })).toMatchObject(ok);
    expect(await say(c, 'a badword and a BADWORD and 나쁜말!')).toMatchObject(ok);
    await bjc.waitFor(isMsg('a *** and a *** and ***!'));
  });

  it('refuses empty and too long messages, guests, and sockets not in a room', async () => {
    const { vk } = await newRoom();
    const c = await joined(vk, await buildAccount(t), 'en');
    const length = refusedWith('CHAT_MESSAGE_LENGTH', { msg: resultMessage('CHAT_MESSAGE_LENGTH', 'en', { max: CHAT_LIMITS.messageMax }) });
    expect(await say(c, '   ')).toEqual(length);
    expect(await say(c, '가'.repeat(CHAT_LIMITS.messageMax + 1))).toEqual(length);
    expect(await say(c, '가'.repeat(CHAT_LIMITS.messageMax))).toMatchObject(ok);
    const guest = await joined(vk);
    expect(await say(guest, 'hello')).toEqual(refusedWith('LOGIN_REQUIRED'));
    expect(await (await connect()).send('hello')).toEqual(refusedWith('CHAT_NOT_JOINED'));
  });

  it('limits the rate of non-moderators, and slow mode set by the BJ; moderators are not limited', async () => {
    const { vk, bj } = await newRoom();
    const bjc = await joined(vk, bj);
    const c = await joined(vk, await buildAccount(t), 'en');
    for (let i = 0; i < CHAT_LIMITS.ratePerWindow; i++) expect(await say(c, `m${i}`)).toMatchObject(ok);
    const fast = await say(c, 'one too many');
    expect(fast).toEqual(refusedWith('CHAT_TOO_FAST'));
    expect(fast.msg).toMatch(/in [1-3] seconds/);
    for (let i = 0; i < CHAT_LIMITS.ratePerWindow + 3; i++) expect(await say(bjc, `bj${i}`)).toMatchObject(ok);

    expect(await act(bjc, ChatSettingCode.slow_sec, { value: 30 })).toMatchObject(ok);
    const d = await joined(vk, await buildAccount(t), 'en');
    expect(await say(d, 'first')).toMatchObject(ok);
    const slow = await say(d, 'second');
    expect(slow).toEqual(refusedWith('CHAT_TOO_FAST', { msg: resultMessage('CHAT_TOO_FAST', 'en', { num: 30 }) }));
    expect(await say(bjc, 'the BJ is not slowed')).toMatchObject(ok);
  });

  it('refuses non-moderators while the chat is frozen (90/91) or they are suspended (100/101)', async () => {
    const { vk, bj } = await newRoom();
    const manager = await buildAccount(t);
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, manager.userKey]);
    const bjc = await joined(vk, bj);
    const mc = await joined(vk, manager);
    const u = await buildAccount(t);
    const uc = await joined(vk, u);
    expect(await act(mc, ChatEventDetail.FREEZE_ALL_ON)).toMatchObject(ok);
    await uc.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_ON));
    expect(await say(uc, 'hello')).toEqual(refusedWith('CHAT_FROZEN'));
    expect(await say(mc, 'managers still talk')).toMatchObject(ok);
    expect(await act(bjc, ChatEventDetail.FREEZE_ALL_OFF)).toMatchObject(ok);
    await uc.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_OFF));
    expect(await say(uc, 'free again')).toMatchObject(ok);

    expect(await act(mc, ChatEventDetail.FREEZE_USER_ON, { target: u.userKey })).toMatchObject(ok);
    await uc.waitFor(isOutside(ChatEventDetail.FREEZE_USER_ON));
    expect(await say(uc, 'hello')).toEqual(refusedWith('CHAT_USER_FROZEN'));
    expect(await act(mc, ChatEventDetail.FREEZE_USER_OFF, { target: u.userKey })).toMatchObject(ok);
    await uc.waitFor(isOutside(ChatEventDetail.FREEZE_USER_OFF));
    expect(await say(uc, 'restored')).toMatchObject(ok);
    // A user may not freeze anything.
    expect(await act(uc, ChatEventDetail.FREEZE_ALL_ON)).toEqual(refusedWith('FORBIDDEN'));
  });

  it('keeps a frozen chat open to the roles the moderator names: the fan club, the followers (issue 17)', async () => {
    const { vk, bj } = await newRoom();
    const bjc = await joined(vk, bj);
    const [fan, follower, other] = [await buildAccount(t), await buildAccount(t), await buildAccount(t)];
    await sql(t, 'insert into fan_club (bj_user_key, user_key, fan_no, joined_txn_id) values ($1, $2, 1, 0)', [bj.userKey, fan.userKey]);
    await sql(t, 'insert into channel_subscribe (user_key, bj_user_key) values ($1, $2)', [follower.userKey, bj.userKey]);
    const [fc, flc, oc] = [await joined(vk, fan, 'en'), await joined(vk, follower, 'en'), await joined(vk, other, 'en')];

    expect(await act(bjc, ChatEventDetail.FREEZE_ALL_ON, { value: 'everyone' })).toEqual(refusedWith('INVALID_INPUT'));
    expect(await act(bjc, ChatEventDetail.FREEZE_ALL_ON, { value: ['fan'] })).toMatchObject(ok);
    const pushed = await oc.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_ON));
    expect(pushed.param.data).toEqual({ allow: ['fan'] });
    expect(await say(fc, 'fan club talks')).toMatchObject(ok);
    expect(await say(flc, 'follower')).toEqual(refusedWith('CHAT_FROZEN_FANS', { msg: 'Only fan club members can chat right now.' }));
    expect(await say(oc, 'anyone')).toEqual(refusedWith('CHAT_FROZEN_FANS'));

    expect(await act(bjc, ChatEventDetail.FREEZE_ALL_ON, { value: 'fan,follower' })).toMatchObject(ok);
    await oc.waitFor((f) => isOutside(ChatEventDetail.FREEZE_ALL_ON)(f) && f.param?.data?.allow?.length === 2);
    expect(await say(flc, 'followers too')).toMatchObject(ok);
    expect(await say(oc, 'still not')).toEqual(refusedWith('CHAT_FROZEN_FOLLOWERS'));
    // A member joining meanwhile learns who may talk.
    const late = await connect();
    const answer = await late.join(await chatToken(t, vk, (await buildAccount(t)).cookie), vk);
    expect(answer.room).toMatchObject({ frozen: 1, frozen_allow: ['fan', 'follower'] });
    expect(await act(bjc, ChatEventDetail.FREEZE_ALL_OFF)).toMatchObject(ok);
    await oc.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_OFF));
    expect(await say(oc, 'free again')).toMatchObject(ok);
  });

  it('refuses links for non-moderators when the BJ turns them off', async () => {
    const { vk, bj } = await newRoom();
    const bjc = await joined(vk, bj);
    const c = await joined(vk, await buildAccount(t));
    expect(await say(c, 'see https://example.com/x')).toMatchObject(ok);
    expect(await act(bjc, ChatSettingCode.links_yn, { value: 'N' })).toMatchObject(ok);
    for (const m of ['see https://example.com/x', 'go to www.example.org', 'byeol.kr 와요', 'ftp://files.example/x'])
      expect(await say(c, m)).toEqual(refusedWith('CHAT_LINKS_NOT_ALLOWED'));
    expect(await say(c, 'no links here. ok?')).toMatchObject(ok);
    expect(await say(bjc, 'the BJ may: https://example.com')).toMatchObject(ok);
  });

  it("delivers a hidden user's messages to themselves and the moderators only", async () => {
    const { vk, bj } = await newRoom();
    const bjc = await joined(vk, bj);
    const hidden = await buildAccount(t);
    const hc = await joined(vk, hidden);
    const other = await joined(vk, await buildAccount(t));
    expect(await act(bjc, ChatEvent.HIDE_USER, { target: hidden.userKey })).toMatchObject(ok);
    await other.waitFor(isOutside(ChatEvent.HIDE_USER));
    expect(await say(hc, 'can anyone see me')).toMatchObject(ok);
    await bjc.waitFor(isMsg('can anyone see me'));
    await hc.waitFor(isMsg('can anyone see me'));
    await other.expectNone(isMsg('can anyone see me'), 300);
  });
});

describe('whispers (T 30)', () => {
  it('reach only the sender (T 30) and the receiver (T 31)', async () => {
    const { vk } = await newRoom();
    const a = await buildAccount(t);
    const b = await buildAccount(t);
    const ac = await joined(vk, a);
    const bc = await joined(vk, b);
    const third = await joined(vk, await buildAccount(t));
    const guest = await joined(vk);
    expect(await ac.send('<i>psst</i>', { T: ChatEvent.WHISPER_SENDER, target: b.userKey })).toMatchObject(ok);
    const received = await bc.waitFor(isMsg('<i>psst</i>', ChatEvent.WHISPER_RECEIVER));
    expect(received.param).toMatchObject({ user: { user_key: a.userKey }, to: { user_key: b.userKey } });
    const sent = await ac.waitFor(isMsg('<i>psst</i>', ChatEvent.WHISPER_SENDER));
    expect(sent.param.to.user_key).toBe(b.userKey);
    await third.expectNone((f) => f.service === 'MSG_SEND' && f.param.m === '<i>psst</i>', 200);
    expect(guest.frames.some((f) => f.service === 'MSG_SEND' && f.param.m === '<i>psst</i>')).toBe(false);
    expect(ac.frames.some(isMsg('<i>psst</i>', ChatEvent.WHISPER_RECEIVER))).toBe(false);
  });

  it('are refused to a guest, to oneself, to someone not in the room, and to a receiver who blocked the sender', async () => {
    const { vk } = await newRoom();
    const a = await buildAccount(t);
    const b = await buildAccount(t);
    const ac = await joined(vk, a);
    const bc = await joined(vk, b);
    const w = (target: number) => ac.send('hi', { T: ChatEvent.WHISPER_SENDER, target });
    expect(await w(0)).toEqual(refusedWith('CHAT_WHISPER_REFUSED'));
    expect(await w(a.userKey)).toEqual(refusedWith('CHAT_WHISPER_REFUSED'));
    const absent = await buildAccount(t);
    expect(await w(absent.userKey)).toEqual(refusedWith('CHAT_TARGET_NOT_FOUND'));
    // b blocks a through the real action (230, their own list).
    expect(await act(bc, ChatEvent.CHAT_BLOCK_UPDATE, { target: a.userKey, value: 'self' })).toMatchObject(ok);
    await bc.waitFor(isOutside(ChatEvent.CHAT_BLOCK_UPDATE));
    expect(await w(b.userKey)).toEqual(refusedWith('CHAT_WHISPER_REFUSED'));
    const guest = await joined(vk);
    expect(await guest.send('hi', { T: ChatEvent.WHISPER_SENDER, target: a.userKey })).toEqual(refusedWith('LOGIN_REQUIRED'));
  });
});

describe('ROOM_BYE and ROOM_USER_LIST', () => {
  it('leaves the room with USER_OUT; the socket can join again', async () => {
    const { vk } = await newRoom();
    const watcher = await joined(vk, await buildAccount(t));
    const leaver = await buildAccount(t);
    const lc = await joined(vk, leaver);
    expect(await lc.request('ROOM_BYE')).toEqual({ result: 1, rid: expect.any(Number) });
    const out = await watcher.waitFor((f) => f.service === 'USER_OUT' && f.param.user?.user_key === leaver.userKey);
    expect(out.param.user_total_count).toBe(1);
    expect(await say(lc, 'gone')).toEqual(refusedWith('CHAT_NOT_JOINED'));
    expect(await lc.join(await chatToken(t, vk, leaver.cookie), vk)).toMatchObject({ result: 1, user_total_count: 2 });
  });

  it('lists signed-in users once each, moderators first, on the socket and over HTTP; a private list only for moderators', async () => {
    const { vk, bj } = await newRoom();
    const manager = await buildAccount(t);
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, manager.userKey]);
    const u = await buildAccount(t);
    const uc = await joined(vk, u);
    await joined(vk, u);
    await joined(vk);
    const mc = await joined(vk, manager);
    const bjc = await joined(vk, bj);
    const list = await uc.request<RoomUserListParam & { result: number }>('ROOM_USER_LIST');
    expect(list.result).toBe(1);
    expect(list.user_total_count).toBe(4);
    expect(list.user_list.map((x) => x.user_key)).toEqual([bj.userKey, manager.userKey, u.userKey]);

    const http = async (us?: string) => {
      const res = await fetch(t.url + CHAT_USER_LIST_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ vk, ...(us ? { us } : {}) }),
      });
      return (await res.json()) as ChatHttpAnswer<RoomUserListParam>;
    };
    expect((await http()).param.user_list.map((x) => x.user_key)).toEqual([bj.userKey, manager.userKey, u.userKey]);

    expect(await act(bjc, ChatSettingCode.user_list_public_yn, { value: 'N' })).toMatchObject(ok);
    await uc.waitFor(isOutside(ChatSettingCode.user_list_public_yn));
    expect(await uc.request('ROOM_USER_LIST')).toMatchObject({ user_list: [], user_total_count: 4 });
    expect((await mc.request<RoomUserListParam>('ROOM_USER_LIST')).user_list).toHaveLength(3);
    expect(await http()).toEqual({ result: 1, param: { user_list: [], user_total_count: 4 } });
    expect((await http(await chatToken(t, vk, u.cookie))).param.user_list).toEqual([]);
    expect((await http(await chatToken(t, vk, manager.cookie))).param.user_list).toHaveLength(3);
    expect((await http(await chatToken(t, vk, bj.cookie))).param.user_list).toHaveLength(3);

    const bad = await fetch(t.url + CHAT_USER_LIST_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(((await bad.json()) as ChatHttpAnswer<object>).result).toBe(0);
    expect((await (await fetch(t.url + CHAT_USER_LIST_PATH, { method: 'POST' })).json()) as object).toMatchObject({ result: 0 });
  });

  it('pushes count-only USER_JOIN now and then for guests', async () => {
    const { vk } = await newRoom();
    const watcher = await joined(vk, await buildAccount(t));
    const from = watcher.mark();
    await joined(vk);
    await joined(vk);
    const count = await watcher.waitFor((f) => f.service === 'USER_JOIN' && f.param.user === undefined && f.param.user_total_count === 3, {
      from,
      timeoutMs: 4000,
    });
    expect(count.param).toEqual({ user_total_count: 3 });
  });
});

describe('events from the platform', () => {
  it('delivers an OUTSIDE_MSG published by another module to the room, or to one user', async () => {
    const { vk } = await newRoom();
    const a = await buildAccount(t);
    const ac = await joined(vk, a);
    const bc = await joined(vk, await buildAccount(t));
    await publishRoomEvent(t.bus, vk, { code: ChatEvent.STAR_GIFT_FIRST, ts: Date.now(), m: '별 10개', data: { amount: 10 } });
    for (const c of [ac, bc])
      expect((await c.waitFor(isOutside(ChatEvent.STAR_GIFT_FIRST))).param).toMatchObject({ m: '별 10개', data: { amount: 10 } });
    await publishRoomEvent(t.bus, vk, { code: ChatEvent.ITEM_GIFT, ts: Date.now(), m: 'for a' }, a.userKey);
    await ac.waitFor(isOutside(ChatEvent.ITEM_GIFT));
    await bc.expectNone(isOutside(ChatEvent.ITEM_GIFT), 200);
    await publishAllRoomsEvent(t.bus, { code: ChatEvent.NOTICE_FIRST, ts: Date.now(), m: 'all' });
    await bc.waitFor(isOutside(ChatEvent.NOTICE_FIRST));
  });

  it('closes the room with 8000 and ROOM_CLOSE in each language when the broadcast ends', async () => {
    const { vk, bj } = await newRoom();
    const ko = await joined(vk, await buildAccount(t));
    const en = await joined(vk, undefined, 'en');
    await t.database.db.update(broadcast).set({ state: 'ended', endedAt: new Date() }).where(eq(broadcast.vodKey, vk));
    await t.bus.publish(LIVE_BUS_CHANNEL, { type: 'ended', vod_key: vk, bj_user_key: bj.userKey } satisfies LiveBusMessage);
    expect((await ko.waitFor(isOutside(ChatEvent.VOD_STATE))).param.data).toEqual({ state: 'ended' });
    expect((await ko.waitFor((f) => f.service === 'ROOM_CLOSE')).param).toEqual({
      vk,
      state: 'ended',
      msg: resultMessage('BROADCAST_ENDED', 'ko'),
    });
    expect((await en.waitFor((f) => f.service === 'ROOM_CLOSE')).param).toEqual({
      vk,
      state: 'ended',
      msg: resultMessage('BROADCAST_ENDED', 'en'),
    });
    expect(await say(ko, 'anyone?')).toEqual(refusedWith('CHAT_NOT_JOINED'));
    expect(await ko.join(forge({ vk }), vk)).toEqual(refusedWith('BROADCAST_ENDED'));
  });

  it('closes the room with ROOM_CLOSE when an operator freezes the broadcast (the real freeze call)', async () => {
    const { vk } = await newRoom();
    const c = await joined(vk, await buildAccount(t));
    const operator = await buildAccount(t, { role: 'operator' });
    const frozen = await t.call(mediaEndpoints.freeze, { vod_key: vk }, { cookie: operator.cookie });
    expect(frozen.body.rslt_cd).toBe(0);
    expect((await c.waitFor(isOutside(ChatEvent.VOD_STATE))).param.data).toEqual({ state: 'frozen' });
    expect((await c.waitFor((f) => f.service === 'ROOM_CLOSE')).param).toMatchObject({ vk, state: 'frozen' });
    expect(await c.join(forge({ vk }), vk)).toEqual(refusedWith('BROADCAST_FROZEN'));
  });

  it('pushes 240 when the title or tags change', async () => {
    const { vk, bj } = await newRoom();
    const c = await joined(vk, await buildAccount(t));
    await t.database.db
      .update(broadcast)
      .set({ title: '새 제목', tags: ['kpop'] })
      .where(eq(broadcast.vodKey, vk));
    await t.bus.publish(LIVE_BUS_CHANNEL, { type: 'updated', vod_key: vk, bj_user_key: bj.userKey } satisfies LiveBusMessage);
    expect((await c.waitFor(isOutside(ChatEvent.VOD_INFO_UPDATE))).param.data).toEqual({
      title: '새 제목',
      tags: ['kpop'],
      count_hidden: 0,
    });
  });
});

describe('POST /v1/admin/chat_notice', () => {
  it('sends 9990 to one room and 9991 to every room, recorded; operators only', async () => {
    const one = await newRoom();
    const two = await newRoom();
    const operator = await buildAccount(t, { role: 'operator' });
    const c1 = await joined(one.vk, await buildAccount(t));
    const c2 = await joined(two.vk);
    const res = await t.call(chatEndpoints.notice, { m: '<b>점검</b> 안내', vod_key: one.vk }, { cookie: operator.cookie });
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { code: ChatEventDetail.OPERATOR_NOTICE_ROOM } });
    const notice = await c1.waitFor(isOutside(ChatEventDetail.OPERATOR_NOTICE_ROOM));
    expect(notice.param).toMatchObject({ m: '<b>점검</b> 안내', by: { user_key: operator.userKey, is_operator: 1 } });
    await c2.expectNone(isOutside(ChatEventDetail.OPERATOR_NOTICE_ROOM), 200);
    const logged = await sql(t, 'select code, detail from chat_action_log where vod_key = $1 and actor_user_key = $2', [
      one.vk,
      operator.userKey,
    ]);
    expect(logged).toEqual([{ code: 9990, detail: { m: '<b>점검</b> 안내' } }]);

    expect((await t.call(chatEndpoints.notice, { m: 'everyone' }, { cookie: operator.cookie })).body.rslt_cd).toBe(0);
    for (const c of [c1, c2]) expect((await c.waitFor(isOutside(ChatEventDetail.OPERATOR_NOTICE_ALL))).param.m).toBe('everyone');

    const member = await buildAccount(t);
    expect((await t.call(chatEndpoints.notice, { m: 'x' }, { cookie: member.cookie })).body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    expect((await t.call(chatEndpoints.notice, { m: 'x' })).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const empty = await t.call(chatEndpoints.notice, { m: '  ' }, { cookie: operator.cookie });
    expect(empty.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'm' } });
    const long = await t.call(chatEndpoints.notice, { m: 'x'.repeat(CHAT_LIMITS.noticeMax + 1) }, { cookie: operator.cookie });
    expect(long.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'm' } });
    const ended = await newRoom({ state: 'ended', endedAt: new Date() });
    expect((await t.call(chatEndpoints.notice, { m: 'x', vod_key: ended.vk }, { cookie: operator.cookie })).body.rslt_cd).toBe(
      ResultCode.BROADCAST_NOT_LIVE,
    );
  });
});

describe('garbage and slow consumers', () => {
  it('answers garbage frames with CHAT_FRAME_INVALID and keeps the socket working', async () => {
    const { vk } = await newRoom();
    const c = await joined(vk, await buildAccount(t), 'en');
    const invalid = (service: string) => (f: Frame) => f.service === service && f.param.code === ResultCode.CHAT_FRAME_INVALID;
    const cases: Array<[string | Buffer, string, boolean?]> = [
      ['not json', 'ROOM_MSG_SEND'],
      ['null', 'ROOM_MSG_SEND'],
      ['[1,2,3]', 'ROOM_MSG_SEND'],
      ['"ROOM_JOIN"', 'ROOM_MSG_SEND'],
      ['{"service":"NOPE","param":{}}', 'ROOM_MSG_SEND'],
      ['{"service":"ROOM_JOIN","param":[]}', 'ROOM_JOIN'],
      ['{"service":"ROOM_JOIN","param":{"us":1,"vk":"x"}}', 'ROOM_JOIN'],
      ['{"service":"ROOM_MSG_SEND","param":{"m":{"x":1}}}', 'ROOM_MSG_SEND'],
      ['{"service":"ROOM_MSG_SEND","param":{"m":"x","plugins":{"T":"0"}}}', 'ROOM_MSG_SEND'],
      ['{"service":"ROOM_MSG_SEND","param":{"m":"x","plugins":{"T":30,"target":"7"}}}', 'ROOM_MSG_SEND'],
      ['{"service":"ROOM_MSG_SEND","param":{"m":"x","plugins":{"T":30}}}', 'ROOM_MSG_SEND'],
      ['{"service":"ROOM_MSG_SEND","param":{"m":"x","rid":"a"}}', 'ROOM_MSG_SEND'],
      [JSON.stringify({ service: 'ROOM_MSG_SEND', param: { m: 'x'.repeat(CHAT_LIMITS.frameMaxBytes) } }), 'ROOM_MSG_SEND'],
      [Buffer.from([1, 2, 3]), 'ROOM_MSG_SEND', true],
    ];
    for (const [data, service, binary] of cases) {
      const from = c.mark();
      c.sendRaw(data, binary);
      const f = await c.waitFor(invalid(service), { from });
      expect(f.param).toMatchObject({ result: 0, msg: resultMessage('CHAT_FRAME_INVALID', 'en') });
    }
    expect(c.open).toBe(true);
    expect(await say(c, 'still fine')).toMatchObject(ok);
    await c.waitFor(isMsg('still fine'));
  });

  it('drops a socket that stops reading while the others keep receiving', async () => {
    const { vk } = await newRoom();
    const reader = await joined(vk, await buildAccount(t));
    const stuck = await joined(vk);
    // The stuck client stops reading: the kernel buffers fill, then the server's own buffer passes the bound.
    (stuck.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const before = t.app.chat?.statsNow().slowDropped ?? 0;
    const big = 'x'.repeat(64 * 1024);
    for (let i = 0; i < 600 && (t.app.chat?.statsNow().slowDropped ?? 0) === before; i++) {
      await publishRoomEvent(t.bus, vk, { code: ChatEvent.NOTICE_FIRST, ts: Date.now(), m: big, data: { i } });
      if (i % 20 === 19) await reader.waitFor((f) => f.service === 'OUTSIDE_MSG' && f.param.data?.i === i, { timeoutMs: 10_000 });
    }
    expect(t.app.chat?.statsNow().slowDropped).toBe(before + 1);
    await expect.poll(() => t.app.chat?.room(vk)?.conns.size).toBe(1);
    await publishRoomEvent(t.bus, vk, { code: ChatEvent.NOTICE_LAST, ts: Date.now(), m: 'after' });
    await reader.waitFor(isOutside(ChatEvent.NOTICE_LAST), { timeoutMs: 10_000 });
    stuck.ws.terminate();
  });
});

describe('fan-out', () => {
  it('walks a big room in slices: every frame reaches every socket once and in one order, an answer after the frames raised before it; an idle room keeps none', async () => {
    const { vk, bj } = await newRoom();
    // The BJ is a moderator: no rate limit. More guests than one slice of the writer takes.
    const sender = await joined(vk, bj);
    const guests = await Promise.all(
      Array.from({ length: SLICE_WRITES + 44 }, async (_, i) => {
        const c = await connect();
        const answer = await c.join(forge({ vk, gid: `fan${i}` }), vk);
        if (answer.result !== 1) throw new Error(`join failed: ${JSON.stringify(answer)}`);
        return c;
      }),
    );
    const tag = randomBytes(3).toString('hex');
    const said: Array<Promise<{ result: number; rid?: number }>> = [];
    for (let i = 0; i < 40; i++) {
      // Room frames from two sources: the sender's messages and events from the bus, raised while the walk goes on.
      if (i % 4 === 3) await publishRoomEvent(t.bus, vk, { code: ChatEvent.NOTICE_FIRST, ts: Date.now(), m: `${tag}-${i}` });
      else said.push(say(sender, `${tag}-${i}`));
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 5));
    }
    const answers = await Promise.all(said);
    const tagged = (c: ChatClient) =>
      c.frames
        .filter((f) => (f.service === 'MSG_SEND' || f.service === 'OUTSIDE_MSG') && String(f.param.m).startsWith(tag))
        .map((f) => f.param.m);
    for (const c of [sender, ...guests]) await expect.poll(() => tagged(c).length, { timeout: 10_000 }).toBe(40);
    const order = tagged(sender);
    expect(new Set(order).size).toBe(40);
    for (const c of guests) expect(tagged(c)).toEqual(order);
    // Each answer comes after the sender's own message (raised before the answer), in the sender's stream.
    const at = (pred: (f: Frame) => boolean) => sender.frames.findIndex(pred);
    for (const [k, answer] of answers.entries()) {
      expect(answer).toMatchObject(ok);
      const i = k + Math.floor(k / 3);
      const message = at(isMsg(`${tag}-${i}`));
      expect(message).toBeGreaterThanOrEqual(0);
      expect(message).toBeLessThan(at((f) => f.service === 'ROOM_MSG_SEND' && f.param.rid === answer.rid));
    }
    await expect.poll(() => t.app.chat?.room(vk)?.windowSize).toBe(0);
    await Promise.all(guests.map((c) => c.close()));
  });
});

describe('liveness', () => {
  it('pings each socket once per interval and terminates one that stopped answering', async () => {
    // A node of its own (its own bus, so the monitor of the app under test knows nothing of it), pinging every 600 ms.
    const server = http.createServer();
    const store = createChatStore(t.database.db);
    const bus = new MemoryBus();
    const engine = new ChatEngine({
      bus,
      store,
      applyAction: createModeration(t.database.db, store, bus),
      secret: SECRET,
      nodeId: unique('alive'),
      capacity: 100,
      log: t.app.log as unknown as FastifyBaseLogger,
      pingIntervalMs: 600,
    });
    engine.attach(server);
    await engine.start();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/wsock`;
      const { vk } = await newRoom();
      const answering = await ChatClient.connect(url);
      clients.push(answering);
      expect((await answering.join(forge({ vk }), vk)).result).toBe(1);
      const mute = new WebSocket(url, { autoPong: false, perMessageDeflate: false });
      let pings = 0;
      mute.on('ping', () => pings++);
      const closed = new Promise<number>((resolve) => mute.once('close', (code) => resolve(code)));
      await new Promise((resolve, reject) => mute.once('open', resolve).once('error', reject));
      const pinged = { answering: 0 };
      answering.ws.on('ping', () => pinged.answering++);
      const t0 = Date.now();
      // Terminated (1006: no close frame) after its second visit, one interval or two after it connected.
      expect(await closed).toBe(1006);
      expect(pings).toBeGreaterThanOrEqual(1);
      expect(Date.now() - t0).toBeLessThan(2000);
      // The answering socket is pinged about once per interval, not once per step, and stays.
      await new Promise((r) => setTimeout(r, 1300));
      expect(pinged.answering).toBeGreaterThanOrEqual(2);
      expect(pinged.answering).toBeLessThanOrEqual(4);
      expect(answering.open).toBe(true);
      expect(engine.statsNow().sockets).toBe(1);
    } finally {
      await engine.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('unit-like checks on the wire', () => {
  it('a message id is unique per message', async () => {
    const { vk } = await newRoom();
    const c = await joined(vk, await buildAccount(t));
    const tag = randomBytes(3).toString('hex');
    for (let i = 0; i < 3; i++) await say(c, `${tag}${i}`);
    await c.waitFor(isMsg(`${tag}2`));
    const mids = c.frames.filter((f) => f.service === 'MSG_SEND' && String(f.param.m).startsWith(tag)).map((f) => f.param.mid);
    expect(new Set(mids).size).toBe(3);
  });
});
