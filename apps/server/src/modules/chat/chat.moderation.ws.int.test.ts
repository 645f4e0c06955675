import { type ChatPlugins, ChatPush, ResultCode } from '@byeol/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { ChatClient, chatToken, type Frame, isMsg, isOutside } from '../../testing/chat-client.js';
import { buildAccount, sql, unique } from '../../testing/members.js';

/**
 * Moderation over real sockets: a chat node (the `chat` role) on the test app, members joining with real
 * chat tokens, actions sent as ROOM_MSG_SEND custom codes. The rules themselves are covered role by role
 * in chat.moderation.int.test.ts; this file checks that the engine enforces their outcomes.
 */

let t: TestApp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestApp({ roles: ['api', 'chat'] });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await t?.close();
});

type Account = Awaited<ReturnType<typeof buildAccount>>;

/** A live broadcast of a fresh BJ, with a manager-to-be, two users and an operator. */
async function liveRoom() {
  const bj = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
  const [manager, user, other] = await Promise.all([buildAccount(t), buildAccount(t), buildAccount(t)]);
  const operator = await buildAccount(t, { role: 'operator' });
  const vk = unique('wsmod');
  await buildBroadcast(t.database.db, bj.userKey, { vodKey: vk, title: '모더레이션' });
  return { vk, bj, manager, user, other, operator };
}

/** Connects and joins as `who` (a guest without an account); answers the client and the join answer. */
async function joinAs(vk: string, who?: Account) {
  const c = await ChatClient.connect(t.url);
  clients.push(c);
  const answer = await c.join(await chatToken(t, vk, who?.cookie), vk);
  return { c, answer };
}
async function joined(vk: string, who?: Account) {
  const { c, answer } = await joinAs(vk, who);
  expect(answer.result).toBe(1);
  return c;
}

const act = (c: ChatClient, plugins: ChatPlugins, m = '') => c.send(m, plugins);
const accepted = async (c: ChatClient, plugins: ChatPlugins, m = '') => {
  const a = await act(c, plugins, m);
  expect(a, JSON.stringify(plugins)).toMatchObject({ result: 1 });
  return a;
};
const outsideFor = (code: number, target?: number) => (f: Frame) =>
  isOutside(code)(f) && (target === undefined || f.param?.target?.user_key === target);

/** Every chat row touching a room's BJ, broadcast or cast. */
async function snapshot(r: Awaited<ReturnType<typeof liveRoom>>) {
  const keys = [r.bj, r.manager, r.user, r.other, r.operator].map((a) => a.userKey);
  return {
    manager: await sql(t, 'select user_key from chat_manager where bj_user_key = $1 order by 1', [r.bj.userKey]),
    roomBlock: await sql(t, 'select user_key from chat_room_block where bj_user_key = $1 order by 1', [r.bj.userKey]),
    userBlock: await sql(t, 'select user_key, blocked_user_key from chat_user_block where user_key = any($1) order by 1, 2', [keys]),
    sanction: await sql(t, 'select kind, user_key from chat_sanction where vod_key = $1 order by 1, 2', [r.vk]),
    setting: await sql(t, 'select * from chat_setting where bj_user_key = $1', [r.bj.userKey]),
    state: await sql(t, 'select frozen from chat_room_state where vod_key = $1', [r.vk]),
    log: await sql(t, 'select action_sn from chat_action_log where vod_key = $1', [r.vk]),
  };
}

describe('moderation over sockets', () => {
  it('the BJ appoints a manager, who forces a user out; the user cannot rejoin until the BJ lifts it', async () => {
    const r = await liveRoom();
    const bj = await joined(r.vk, r.bj);
    const manager = await joined(r.vk, r.manager);
    const user = await joined(r.vk, r.user);
    const other = await joined(r.vk, r.other);

    // Before the appointment the manager-to-be is a user.
    expect(await act(manager, { T: 70, target: r.user.userKey })).toMatchObject({ result: 0, code: ResultCode.FORBIDDEN });
    await accepted(bj, { T: 80, target: r.manager.userKey });
    for (const c of [bj, manager, user, other])
      expect((await c.waitFor(outsideFor(80, r.manager.userKey))).param).toMatchObject({
        by: { user_key: r.bj.userKey, is_bj: 1 },
        target: { user_key: r.manager.userKey, is_manager: 1 },
      });

    // The new manager moderates without rejoining.
    const mark = other.mark();
    await accepted(manager, { T: 70, target: r.user.userKey });
    const pushed = await user.waitFor(outsideFor(70, r.user.userKey));
    expect(pushed.param.by).toMatchObject({ user_key: r.manager.userKey, is_manager: 1 });
    await other.waitFor(outsideFor(70, r.user.userKey), { from: mark });
    // Out of the room: the user no longer gets its messages, nor may send to it.
    const userMark = user.mark();
    await accepted(other, { T: 0 }, '강퇴 후 메시지');
    await other.waitFor(isMsg('강퇴 후 메시지'));
    await bj.waitFor(isMsg('강퇴 후 메시지'));
    expect(user.since(userMark).some(isMsg('강퇴 후 메시지'))).toBe(false);
    expect(await act(user, { T: 0 }, '다시 왔어요')).toMatchObject({ result: 0, code: ResultCode.CHAT_NOT_JOINED });

    // Rejoining is refused, on the same socket and on a new one.
    const again = await user.join(await chatToken(t, r.vk, r.user.cookie), r.vk);
    expect(again).toMatchObject({ code: ResultCode.CHAT_FORCED_OUT });
    expect(again.result).not.toBe(1);
    expect((await joinAs(r.vk, r.user)).answer).toMatchObject({ code: ResultCode.CHAT_FORCED_OUT });

    // Only the BJ (or an operator) lifts it: the manager may not.
    expect(await act(manager, { T: 70, target: r.user.userKey, off: 1 })).toMatchObject({ result: 0, code: ResultCode.FORBIDDEN });
    expect((await joinAs(r.vk, r.user)).answer).toMatchObject({ code: ResultCode.CHAT_FORCED_OUT });
    await accepted(bj, { T: 70, target: r.user.userKey, off: 1 });
    await manager.waitFor((f) => isOutside(70)(f) && f.param?.data?.off === 1);
    const back = await joined(r.vk, r.user);
    await accepted(back, { T: 0 }, '돌아왔어요');
    await other.waitFor(isMsg('돌아왔어요'));
  });

  it('a user’s attempt at every moderation action is refused and changes nothing', async () => {
    const r = await liveRoom();
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [r.bj.userKey, r.manager.userKey]);
    const user = await joined(r.vk, r.user);
    const other = await joined(r.vk, r.other);
    const manager = await joined(r.vk, r.manager);
    const before = await snapshot(r);
    const mark = other.mark();
    const attempts: ChatPlugins[] = [
      { T: 70, target: r.other.userKey },
      { T: 70, target: r.other.userKey, off: 1 },
      { T: 80, target: r.other.userKey },
      { T: 81, target: r.manager.userKey },
      { T: 90 },
      { T: 91 },
      { T: 100, target: r.other.userKey },
      { T: 101, target: r.other.userKey },
      { T: 230, target: r.other.userKey, value: 'room' },
      { T: 8200, target: r.other.userKey },
      { T: 8100, value: 30 },
      { T: 8101, value: ['금지어'] },
      { T: 8102, value: 'N' },
      { T: 8103, value: 'N' },
      { T: 8104, value: 'N' },
      { T: 8105, value: '안녕' },
      { T: 9990 },
      { T: 20 },
      { T: 60 },
      { T: 9991 },
      { T: 8000 },
      { T: 240 },
    ];
    for (const plugins of attempts)
      expect(await act(user, plugins, '공지'), JSON.stringify(plugins)).toMatchObject({ result: 0, code: ResultCode.FORBIDDEN });
    // A guest may not either.
    const guest = await joined(r.vk);
    expect(await act(guest, { T: 90 })).toMatchObject({ result: 0, code: ResultCode.LOGIN_REQUIRED });
    expect(await snapshot(r)).toEqual(before);
    // Nobody saw an event, and the room still works for everyone.
    await accepted(other, { T: 0 }, '멀쩡해요');
    await manager.waitFor(isMsg('멀쩡해요'));
    // (11 is the manager's enter effect, from their join.)
    expect(other.since(mark).filter((f) => f.service === ChatPush.OUTSIDE_MSG && f.param?.code !== 11)).toEqual([]);
    expect(manager.frames.filter((f) => f.service === ChatPush.OUTSIDE_MSG && f.param?.code !== 11)).toEqual([]);
    await accepted(user, { T: 0 }, '나도 멀쩡');
    await other.waitFor(isMsg('나도 멀쩡'));
  });

  it('freezing the chat stops a user’s messages but not the manager’s; unfreezing lets them write again', async () => {
    const r = await liveRoom();
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [r.bj.userKey, r.manager.userKey]);
    const manager = await joined(r.vk, r.manager);
    const user = await joined(r.vk, r.user);
    await accepted(manager, { T: 90 });
    await user.waitFor(isOutside(90));
    expect(await act(user, { T: 0 }, '얼었나요')).toMatchObject({ result: 0, code: ResultCode.CHAT_FROZEN });
    await accepted(manager, { T: 0 }, '매니저는 말해요');
    await user.waitFor(isMsg('매니저는 말해요'));
    // A joiner learns the chat is frozen (92).
    const late = await joined(r.vk, r.other);
    await late.waitFor(isOutside(92));
    await accepted(manager, { T: 91 });
    await user.waitFor(isOutside(91));
    await accepted(user, { T: 0 }, '풀렸다');
    await manager.waitFor(isMsg('풀렸다'));
  });

  it('a suspended user cannot write until restored; the others can', async () => {
    const r = await liveRoom();
    const bj = await joined(r.vk, r.bj);
    const user = await joined(r.vk, r.user);
    const other = await joined(r.vk, r.other);
    await accepted(bj, { T: 100, target: r.user.userKey });
    await user.waitFor(outsideFor(100, r.user.userKey));
    expect(await act(user, { T: 0 }, '말 못 해')).toMatchObject({ result: 0, code: ResultCode.CHAT_USER_FROZEN });
    await accepted(other, { T: 0 }, '나는 돼요');
    await accepted(bj, { T: 101, target: r.user.userKey });
    await user.waitFor(outsideFor(101, r.user.userKey));
    await accepted(user, { T: 0 }, '다시 말해요');
    await other.waitFor(isMsg('다시 말해요'));
  });

  it('a hidden user’s messages reach moderators and themselves, not the other users', async () => {
    const r = await liveRoom();
    const bj = await joined(r.vk, r.bj);
    const user = await joined(r.vk, r.user);
    const other = await joined(r.vk, r.other);
    await accepted(bj, { T: 8200, target: r.user.userKey });
    const pushed = await other.waitFor(isOutside(8200));
    expect(pushed.param.data.hide_users).toEqual([r.user.userKey]);
    const mark = other.mark();
    await accepted(user, { T: 0 }, '숨겨진 말');
    await bj.waitFor(isMsg('숨겨진 말'));
    await user.waitFor(isMsg('숨겨진 말'));
    await accepted(bj, { T: 0 }, '그다음 말');
    await other.waitFor(isMsg('그다음 말'), { from: mark });
    expect(other.since(mark).some(isMsg('숨겨진 말'))).toBe(false);
    // A joiner learns the hidden list with the room.
    const { answer } = await joinAs(r.vk, r.manager);
    expect(answer.room?.hide_users).toEqual([r.user.userKey]);
    await accepted(bj, { T: 8200, target: r.user.userKey, off: 1 });
    await other.waitFor((f) => isOutside(8200)(f) && f.param.data.hide_users.length === 0);
    await accepted(user, { T: 0 }, '다시 보여요');
    await other.waitFor(isMsg('다시 보여요'));
  });

  it('blocking a user for oneself refuses their whispers; the list goes only to the member', async () => {
    const r = await liveRoom();
    const user = await joined(r.vk, r.user);
    const other = await joined(r.vk, r.other);
    const bj = await joined(r.vk, r.bj);
    await accepted(other, { T: 30, target: r.user.userKey }, '안녕?');
    await user.waitFor(isMsg('안녕?', 31));

    const otherMark = other.mark();
    const bjMark = bj.mark();
    await accepted(user, { T: 230, target: r.other.userKey, value: 'self' });
    const list = await user.waitFor(isOutside(230));
    expect(list.param.data).toEqual({ scope: 'self', off: 0, blocked: [r.other.userKey] });
    expect(await act(other, { T: 30, target: r.user.userKey }, '또 안녕?')).toMatchObject({
      result: 0,
      code: ResultCode.CHAT_WHISPER_REFUSED,
    });
    await accepted(bj, { T: 0 }, '차단 후');
    await other.waitFor(isMsg('차단 후'), { from: otherMark });
    expect(other.since(otherMark).some(isOutside(230))).toBe(false);
    expect(bj.since(bjMark).some(isOutside(230))).toBe(false);
    expect(user.frames.some(isMsg('또 안녕?', 31))).toBe(false);

    await accepted(user, { T: 230, target: r.other.userKey, value: 'self', off: 1 });
    await user.waitFor((f) => isOutside(230)(f) && f.param.data.off === 1);
    await accepted(other, { T: 30, target: r.user.userKey }, '이제 돼?');
    await user.waitFor(isMsg('이제 돼?', 31));
  });

  it('a room block removes the user now and keeps them out until the BJ unblocks them', async () => {
    const r = await liveRoom();
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [r.bj.userKey, r.manager.userKey]);
    const manager = await joined(r.vk, r.manager);
    const user = await joined(r.vk, r.user);
    await accepted(manager, { T: 230, target: r.user.userKey, value: 'room' });
    await user.waitFor((f) => isOutside(230)(f) && f.param.data.scope === 'room');
    expect((await joinAs(r.vk, r.user)).answer).toMatchObject({ code: ResultCode.CHAT_BLOCKED });
    expect(await act(manager, { T: 230, target: r.user.userKey, value: 'room', off: 1 })).toMatchObject({
      result: 0,
      code: ResultCode.FORBIDDEN,
    });
    const operator = await joined(r.vk, r.operator);
    await accepted(operator, { T: 230, target: r.user.userKey, value: 'room', off: 1 });
    await joined(r.vk, r.user);
  });
});
