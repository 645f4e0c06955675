import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHAT_NODES_SET,
  ChatEvent,
  ChatEventDetail,
  channelsEndpoints,
  chatEndpoints,
  profileEndpoints,
  ResultCode,
  type RoomUserListParam,
  VideoChatCode,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { ChatClient, chatHost, chatToken, type Frame, isMsg, isOutside, RoomSession } from '../../testing/chat-client.js';
import { buildAccount, unique } from '../../testing/members.js';
import { publishRoomEvent } from './chat.events.js';

/**
 * Two chat nodes over Redis (docs/chat-protocol.md, "Many nodes"), each a real process started the way
 * `npm start -- --roles chat` starts one (so one can be killed with SIGKILL), and the API in this process
 * (token, monitor, notices). Every key and channel of this file lives under its own REDIS_PREFIX.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `cn${randomBytes(4).toString('hex')}:`;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
type Account = Awaited<ReturnType<typeof buildAccount>>;

interface NodeProcess {
  host: string;
  child: ChildProcess;
  exited: Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A chat node process (main.ts --roles chat) advertising its own host; resolves once it answers. */
async function startNode(): Promise<NodeProcess> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--roles', 'chat'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: inject('databaseUrl'),
      DATABASE_POOL_MAX: '4',
      REDIS_URL,
      REDIS_PREFIX: PREFIX,
      HOST: '127.0.0.1',
      PORT: String(port),
      CHAT_ADVERTISE: host,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`chat node exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://${host}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('chat node did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { host, child, exited };
}

let api: TestApp;
let a: NodeProcess;
let b: NodeProcess;
const clients: ChatClient[] = [];
const sessions: RoomSession[] = [];

beforeAll(async () => {
  api = await startTestApp({ roles: ['api'], env: { REDIS_URL, REDIS_PREFIX: PREFIX } });
  [a, b] = await Promise.all([startNode(), startNode()]);
  // Both nodes are in the presence set the monitor reads.
  for (let i = 0; (await api.bus.presence.members(CHAT_NODES_SET)).length < 2; i++) {
    if (i > 100) throw new Error('chat nodes not registered');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 90_000);

afterAll(async () => {
  await Promise.allSettled([...sessions.map((s) => s.stop()), ...clients.map((c) => c.close())]);
  for (const node of [a, b]) {
    if (node && node.child.exitCode === null && node.child.signalCode === null) {
      node.child.kill('SIGTERM');
      await node.exited;
    }
  }
  await api?.close();
});

async function newRoom(): Promise<{ vk: string; bj: Account }> {
  const bj = await buildAccount(api, { typeCd: 'bj', role: 'bj' });
  const vk = unique('cn');
  await buildBroadcast(api.database.db, bj.userKey, { vodKey: vk, title: `방송 ${vk}` });
  return { vk, bj };
}

/** A socket on `node`, joined to `vk` as the account of `who` (a guest without). */
async function joinedOn(node: NodeProcess, vk: string, who?: { cookie: string }): Promise<ChatClient> {
  const c = await ChatClient.connect(node.host);
  clients.push(c);
  const answer = await c.join(await chatToken(api, vk, who?.cookie), vk);
  if (answer.result !== 1) throw new Error(`join failed: ${JSON.stringify(answer)}`);
  return c;
}

describe('two chat nodes', () => {
  it('the monitor spreads rooms over both nodes, the same room always to the same node, and avoids a lost host', async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 16; i++) {
      const vk = unique('spread');
      const first = await chatHost(api, vk);
      expect(first.result).toBe(1);
      expect([a.host, b.host]).toContain(first.param.chat_host);
      expect((await chatHost(api, vk)).param.chat_host).toBe(first.param.chat_host);
      const other = first.param.chat_host === a.host ? b.host : a.host;
      expect((await chatHost(api, vk, first.param.chat_host)).param.chat_host).toBe(other);
      seen.set(first.param.chat_host, (seen.get(first.param.chat_host) ?? 0) + 1);
    }
    expect(seen.size).toBe(2);
  });

  it('members of one room on different nodes see each other: messages, joins, counts and whispers', async () => {
    const { vk } = await newRoom();
    const alice = await buildAccount(api);
    const bob = await buildAccount(api);
    const carol = await buildAccount(api);
    const ac = await joinedOn(a, vk, alice);
    const bc = await joinedOn(b, vk, bob);
    const cc = await joinedOn(b, vk, carol);
    expect((await ac.waitFor((f) => f.service === 'USER_JOIN' && f.param.user?.user_key === bob.userKey)).param.user).toMatchObject({
      nick: bob.nick,
    });

    expect(await ac.send('from node A')).toMatchObject({ result: 1 });
    expect((await bc.waitFor(isMsg('from node A'))).param.user.user_key).toBe(alice.userKey);
    await cc.waitFor(isMsg('from node A'));
    expect(await bc.send('from node B')).toMatchObject({ result: 1 });
    await ac.waitFor(isMsg('from node B'));

    // Counts sum over both nodes (the summaries travel once a second).
    await ac.waitFor((f) => f.service === 'USER_JOIN' && f.param.user_total_count === 3, { timeoutMs: 5000 });
    await expect
      .poll(async () => (await ac.request('ROOM_USER_LIST')).user_list.map((u: { user_key: number }) => u.user_key).sort(), {
        timeout: 5000,
      })
      .toEqual([alice.userKey, bob.userKey, carol.userKey].sort());

    expect(await ac.send('across', { T: ChatEvent.WHISPER_SENDER, target: bob.userKey })).toMatchObject({ result: 1 });
    expect((await bc.waitFor(isMsg('across', ChatEvent.WHISPER_RECEIVER))).param.user.user_key).toBe(alice.userKey);
    await ac.waitFor(isMsg('across', ChatEvent.WHISPER_SENDER));
    await cc.expectNone((f) => f.param?.m === 'across', 300);
    const absent = await buildAccount(api);
    expect(await ac.send('nobody', { T: ChatEvent.WHISPER_SENDER, target: absent.userKey })).toMatchObject({
      result: 0,
      code: ResultCode.CHAT_TARGET_NOT_FOUND,
    });
  });

  it('stickers, the room notice and a pin cross nodes; the pin takes a message written on the other node; joiners on both get the state', async () => {
    const { vk, bj } = await newRoom();
    const viewer = await buildAccount(api);
    const bjc = await joinedOn(a, vk, bj);
    const vc = await joinedOn(b, vk, viewer);

    expect(await vc.send('', { T: ChatEvent.STICKER, value: 'clap' })).toMatchObject({ result: 1 });
    expect((await bjc.waitFor(isOutside(ChatEvent.STICKER))).param).toMatchObject({
      by: { user_key: viewer.userKey },
      data: { sticker: 'clap' },
    });

    expect(await bjc.send('노드 넘어 공지', { T: ChatEventDetail.ROOM_NOTICE_SET })).toMatchObject({ result: 1 });
    expect((await vc.waitFor(isOutside(ChatEventDetail.ROOM_NOTICE_SET))).param.m).toBe('노드 넘어 공지');
    // A message written on node B, pinned by the BJ on node A.
    expect(await vc.send('B에서 쓴 질문')).toMatchObject({ result: 1 });
    const msg = await bjc.waitFor(isMsg('B에서 쓴 질문'));
    expect(await bjc.send('', { T: ChatEventDetail.MESSAGE_PINNED, value: msg.param.mid })).toMatchObject({ result: 1 });
    expect((await vc.waitFor(isOutside(ChatEventDetail.MESSAGE_PINNED))).param.data.pin).toMatchObject({
      mid: msg.param.mid,
      m: 'B에서 쓴 질문',
      user: { user_key: viewer.userKey },
    });
    // Node B applied the change to its copy of the room: its joiners get both.
    for (const node of [a, b]) {
      const late = await ChatClient.connect(node.host);
      clients.push(late);
      const answer = await late.join(await chatToken(api, vk), vk);
      expect(answer.room).toMatchObject({ notice: { m: '노드 넘어 공지' }, pin: { mid: msg.param.mid } });
    }
  });

  it('events published by the API and moderation outcomes reach every node holding the room', async () => {
    const { vk, bj } = await newRoom();
    const bjc = await joinedOn(a, vk, bj);
    const u = await buildAccount(api);
    const uc = await joinedOn(b, vk, u);
    const guest = await joinedOn(a, vk);

    await publishRoomEvent(api.bus, vk, { code: ChatEvent.STAR_GIFT_LAST, ts: Date.now(), m: '별 10,000개' });
    for (const c of [bjc, uc, guest]) expect((await c.waitFor(isOutside(ChatEvent.STAR_GIFT_LAST))).param.m).toBe('별 10,000개');

    const operator = await buildAccount(api, { role: 'operator' });
    expect((await api.call(chatEndpoints.notice, { m: '공지', vod_key: vk }, { cookie: operator.cookie })).body.rslt_cd).toBe(0);
    for (const c of [bjc, uc]) await c.waitFor(isOutside(ChatEventDetail.OPERATOR_NOTICE_ROOM));

    // The BJ on node A freezes the chat: the user on node B is told and refused there.
    expect(await bjc.send('', { T: ChatEventDetail.FREEZE_ALL_ON })).toMatchObject({ result: 1 });
    await uc.waitFor(isOutside(ChatEventDetail.FREEZE_ALL_ON));
    expect(await uc.send('hello?')).toMatchObject({ result: 0, code: ResultCode.CHAT_FROZEN });
    // A forced exit decided on node A takes the user out on node B.
    expect(await bjc.send('', { T: ChatEvent.FORCED_EXIT, target: u.userKey })).toMatchObject({ result: 1 });
    await uc.waitFor(isOutside(ChatEvent.FORCED_EXIT));
    await expect.poll(async () => (await uc.send('x')).code).toBe(ResultCode.CHAT_NOT_JOINED);
    expect((await uc.join(await chatToken(api, vk, u.cookie), vk)).code).toBe(ResultCode.CHAT_FORCED_OUT);
  });

  it("a block made on /mypage/blocking reaches the member's sockets on both nodes at once", async () => {
    const [one, two] = [await newRoom(), await newRoom()];
    const me = await buildAccount(api);
    const pest = await buildAccount(api);
    const mine = [await joinedOn(a, one.vk, me), await joinedOn(b, two.vk, me)];
    const pests = [await joinedOn(b, one.vk, pest), await joinedOn(a, two.vk, pest)];
    const marks = mine.map((c) => c.mark());
    const res = await api.call(channelsEndpoints.blockingProc, { id: pest.id, block_yn: 'Y' }, { cookie: me.cookie });
    expect(res.body.rslt_set).toEqual({ blocked_yn: 'Y' });
    for (const [i, c] of mine.entries()) {
      const pushed = await c.waitFor(isOutside(ChatEvent.CHAT_BLOCK_UPDATE), { from: marks[i] });
      expect(pushed.param).toMatchObject({ by: { user_key: me.userKey }, data: { scope: 'self', off: 0, blocked: [pest.userKey] } });
    }
    // The pest, on the other node of each room, is refused at once.
    for (const p of pests)
      expect(await p.send('psst', { T: ChatEvent.WHISPER_SENDER, target: me.userKey })).toMatchObject({
        result: 0,
        code: ResultCode.CHAT_WHISPER_REFUSED,
      });
    // The pest's whisper from the member's own node is checked against the list that node now holds.
    const pestBeside = await joinedOn(a, one.vk, pest);
    expect(await pestBeside.send('psst', { T: ChatEvent.WHISPER_SENDER, target: me.userKey })).toMatchObject({
      result: 0,
      code: ResultCode.CHAT_WHISPER_REFUSED,
    });
  });

  it("a BJ's private viewer count stays private on both nodes: the BJ counts everyone, a viewer on the other node nothing; shown again, both know at once", async () => {
    const { vk, bj } = await newRoom();
    const setting = (yn: 'Y' | 'N') => api.call(profileEndpoints.setting, { viewer_count_yn: yn }, { cookie: bj.cookie });
    expect((await setting('N')).body.rslt_set).toMatchObject({ viewer_count_yn: 'N' });
    const host = await joinedOn(a, vk, bj);
    const viewer = await joinedOn(b, vk, await buildAccount(api));
    const late = await buildAccount(api);
    const [hostMark, viewerMark] = [host.mark(), viewer.mark()];
    await joinedOn(b, vk, late);
    // The BJ's node counts the members of both nodes; the viewer's node names the newcomer without a count.
    await host.waitFor((f) => f.service === 'USER_JOIN' && f.param?.user_total_count === 3, { from: hostMark, timeoutMs: 5000 });
    const seen = await viewer.waitFor((f) => f.service === 'USER_JOIN' && f.param?.user?.user_key === late.userKey, { from: viewerMark });
    expect('user_total_count' in seen.param).toBe(false);
    expect((await viewer.request<RoomUserListParam>('ROOM_USER_LIST')).user_total_count).toBe(0);
    // The BJ's own list counts the other node's members once that node's summary arrives (within a tick).
    await expect.poll(async () => (await host.request<RoomUserListParam>('ROOM_USER_LIST')).user_total_count, { timeout: 3000 }).toBe(3);
    expect(viewer.since(viewerMark).some((f) => typeof f.param?.user_total_count === 'number' && f.param.user_total_count > 0)).toBe(false);

    // Shown again through the API: the node of the viewer hears it on the bus and gives the count at once.
    const back = viewer.mark();
    await setting('Y');
    expect((await viewer.waitFor(isOutside(ChatEvent.VOD_INFO_UPDATE), { from: back })).param.data).toMatchObject({ count_hidden: 0 });
    await viewer.waitFor((f) => f.service === 'USER_JOIN' && f.param?.user_total_count === 3, { from: back });
  });

  it('video connection: an application on one node, the studio on the other; accepted, then signals relayed across', async () => {
    const { vk, bj } = await newRoom();
    const studio = await joinedOn(a, vk, bj);
    expect(await studio.send('', { T: VideoChatCode.REQUEST, value: { op: 'studio' } } as never)).toMatchObject({ result: 1 });
    const viewer = await buildAccount(api);
    const vc = await joinedOn(b, vk, viewer);
    const state = (s: string) => (f: Frame) => isOutside(VideoChatCode.REQUEST)(f) && f.param.data?.guest?.state === s;
    expect(await vc.send('', { T: VideoChatCode.REQUEST, value: { op: 'apply' } } as never)).toMatchObject({ result: 1 });
    await studio.waitFor(state('applied'));
    // The book travelled: a duplicate on the studio's node is refused there too.
    const again = await joinedOn(a, vk, viewer);
    expect(await again.send('', { T: VideoChatCode.REQUEST, value: { op: 'apply' } } as never)).toMatchObject({
      result: 0,
      code: ResultCode.ALREADY_APPLIED,
    });
    expect(await studio.send('', { T: VideoChatCode.ANSWER, value: { op: 'accept' }, target: viewer.userKey } as never)).toMatchObject({
      result: 1,
    });
    await vc.waitFor(state('accepted'));
    await studio.send('', { T: VideoChatCode.SIGNAL, value: { kind: 'offer', sdp: 'v=0 offer' }, target: viewer.userKey } as never);
    expect((await vc.waitFor(isOutside(VideoChatCode.SIGNAL))).param.data).toEqual({ kind: 'offer', sdp: 'v=0 offer', from: bj.userKey });
    await vc.send('', { T: VideoChatCode.SIGNAL, value: { kind: 'answer', sdp: 'v=0 answer' } } as never);
    expect((await studio.waitFor(isOutside(VideoChatCode.SIGNAL))).param.data).toMatchObject({ kind: 'answer', from: viewer.userKey });
    // Only the call socket got the offer, not the member's other socket on the other node.
    expect(again.frames.some(isOutside(VideoChatCode.SIGNAL))).toBe(false);
    // The guest's call socket leaves (a reload): its node marks them away, and the studio hears it.
    await vc.close();
    await studio.waitFor((f) => state('accepted')(f) && f.param.data.guest.away === 1, { timeoutMs: 4000 });
    // Back on the studio's node, the guest takes the call over; the studio's offer reaches the new socket.
    expect(await again.send('', { T: VideoChatCode.ANSWER, value: { op: 'resume' } } as never)).toMatchObject({ result: 1 });
    await studio.waitFor((f) => state('accepted')(f) && f.param.data.guest.call === 2);
    await studio.send('', { T: VideoChatCode.SIGNAL, value: { kind: 'offer', sdp: 'v=0 again' }, target: viewer.userKey } as never);
    expect((await again.waitFor(isOutside(VideoChatCode.SIGNAL))).param.data).toMatchObject({ sdp: 'v=0 again' });
  });

  it('a killed node: its clients are back in the room through the monitor on the other node within 5 s; a guest whose call it held is away, then takes it over', async () => {
    const { vk, bj } = await newRoom();
    const home = (await chatHost(api, vk)).param.chat_host;
    const victim = home === a.host ? a : b;
    const survivor = victim === a ? b : a;
    const member = await buildAccount(api);
    const session = await new RoomSession(api, vk, { cookie: member.cookie, retryMs: 100 }).start();
    sessions.push(session);
    expect(session.host).toBe(victim.host);
    const witness = await joinedOn(survivor, vk, await buildAccount(api));
    // The member is a guest on camera, their call socket on the victim, the BJ's studio on the survivor.
    const studio = await joinedOn(survivor, vk, bj);
    expect(await studio.send('', { T: VideoChatCode.REQUEST, value: { op: 'studio' } } as never)).toMatchObject({ result: 1 });
    expect(await session.client?.send('', { T: VideoChatCode.REQUEST, value: { op: 'apply' } } as never)).toMatchObject({ result: 1 });
    await studio.waitFor((f) => isOutside(VideoChatCode.REQUEST)(f) && f.param.data?.guest?.state === 'applied');
    expect(await studio.send('', { T: VideoChatCode.ANSWER, value: { op: 'accept' }, target: member.userKey } as never)).toMatchObject({
      result: 1,
    });

    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    await victim.exited;
    await session.joined(2, 5000);
    const back = session.joins[1] as { host: string; at: number };
    expect(back.host).toBe(survivor.host);
    expect(back.at - killedAt).toBeLessThan(5000);

    expect(await session.client?.send('back again')).toMatchObject({ result: 1 });
    await witness.waitFor(isMsg('back again'));
    // The monitor stops answering the dead node once its presence expires.
    await expect.poll(async () => (await chatHost(api, vk)).param.chat_host, { timeout: 5000 }).toBe(survivor.host);

    // The survivor stops hearing from the victim: the guest is away, and their new socket takes the call over.
    const guestState = (f: Frame) => isOutside(VideoChatCode.REQUEST)(f) && f.param.data?.guest?.state === 'accepted';
    await studio.waitFor((f) => guestState(f) && f.param.data.guest.away === 1, { timeoutMs: 8000 });
    expect(await session.client?.send('', { T: VideoChatCode.ANSWER, value: { op: 'resume' } } as never)).toMatchObject({ result: 1 });
    await studio.waitFor((f) => guestState(f) && f.param.data.guest.call === 2 && f.param.data.guest.away === undefined);
  });

  it('a node stopped gracefully closes its sockets with 1001 and leaves the presence set at once', async () => {
    const node = [a, b].find((n) => n.child.exitCode === null && n.child.signalCode === null) as NodeProcess;
    const { vk } = await newRoom();
    const c = await joinedOn(node, vk, await buildAccount(api));
    node.child.kill('SIGTERM');
    expect((await c.closed).code).toBe(1001);
    await node.exited;
    expect(node.child.exitCode).toBe(0);
    expect(await api.bus.presence.members(CHAT_NODES_SET)).not.toContain(node.host);
    expect(await chatHost(api, vk)).toMatchObject({ result: 0, param: { code: ResultCode.CHAT_UNAVAILABLE } });
  });
});
