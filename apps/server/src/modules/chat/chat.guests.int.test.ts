import { createHmac } from 'node:crypto';
import {
  ChatPush,
  ResultCode,
  resultMessage,
  VIDEO_GUESTS,
  VideoBlockCode,
  VideoChatCode,
  type VideoGuestListData,
  type VideoGuestStateData,
  videoGuestEndpoints,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { ChatClient, chatToken, type Frame, isOutside } from '../../testing/chat-client.js';
import { buildAccount, sql, unique } from '../../testing/members.js';
import { turnCredential } from './chat.ice.js';
import { setSelfBlock } from './chat.repository.js';
import { frameJson, PEER_TTL_MS } from './chat.room.js';

/**
 * Video connection with guests (chat.guests.ts) over real sockets against the real server (api + chat
 * roles, in-memory bus), real PostgreSQL: the signalling state machine (200/201), the relay (202), the
 * media controls (203), video block for all (93/94), and the ICE servers call with its TURN credential.
 */
type Account = Awaited<ReturnType<typeof buildAccount>>;
const TURN_SECRET = 'turn-secret-for-the-guests-test';

let t: TestApp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  t = await startTestApp({
    roles: ['api', 'chat'],
    env: {
      REDIS_URL: '',
      ICE_SERVERS: '[{"urls":"stun:stun.example.org:3478"}]',
      TURN_URL: 'turn:turn.example.org:3478,turns:turn.example.org:5349',
      TURN_SECRET,
      TURN_TTL_S: '600',
    },
  });
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await t?.close();
});

async function newRoom() {
  const bj = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
  const vk = unique('gv');
  await buildBroadcast(t.database.db, bj.userKey, { vodKey: vk, title: `방송 ${vk}` });
  return { vk, bj };
}

async function joined(vk: string, who: { cookie: string }, lang?: 'ko' | 'en' | 'ja' | 'zh-CN'): Promise<ChatClient> {
  const c = await ChatClient.connect(t.url, lang ? { lang } : {});
  clients.push(c);
  const answer = await c.join(await chatToken(t, vk, who.cookie, lang), vk);
  if (answer.result !== 1) throw new Error(`join failed: ${JSON.stringify(answer)}`);
  return c;
}

const cmd = (c: ChatClient, T: number, value: Record<string, unknown>, target?: number) =>
  c.send('', { T, value, ...(target !== undefined ? { target } : {}) } as never);
const refusedWith = (name: keyof typeof ResultCode) => expect.objectContaining({ result: 0, code: ResultCode[name] });
const ok = { result: 1 };
/** A 200 state push about `userKey` in `state`. */
const stateOf = (userKey: number, state: string) => (f: Frame) =>
  isOutside(VideoChatCode.REQUEST)(f) &&
  (f.param.data as VideoGuestStateData).op === 'state' &&
  f.param.data.guest.user.user_key === userKey &&
  f.param.data.guest.state === state;
const listOf = (f: Frame) => isOutside(VideoChatCode.REQUEST)(f) && f.param.data?.op === 'list';
/** A 200 state push of `userKey` accepted and away. */
const awayOf = (userKey: number) => (f: Frame) => stateOf(userKey, 'accepted')(f) && f.param.data.guest.away === 1;
/** The user keys of the room's kept guest entries (chat_room_board.guests). */
const keptGuests = async (vk: string) =>
  (await sql<{ k: string }>(t, 'select jsonb_object_keys(guests) as k from chat_room_board where vod_key = $1', [vk])).map((r) => r.k);

/** A room with the BJ's studio socket announced, and a viewer (phone-verified unless told) in it. */
async function roomWithStudio(viewerOver: Partial<Parameters<typeof buildAccount>[1]> = {}) {
  const { vk, bj } = await newRoom();
  const studio = await joined(vk, bj);
  expect(await cmd(studio, VideoChatCode.REQUEST, { op: 'studio' })).toMatchObject(ok);
  await studio.waitFor(listOf);
  const viewer = await buildAccount(t, viewerOver);
  const vc = await joined(vk, viewer);
  return { vk, bj, studio, viewer, vc };
}

describe('video connection requests (200/201)', () => {
  it('a request reaches the BJ with the standing; the BJ accepts; a duplicate is already applied', async () => {
    const { vk, bj, studio, viewer, vc } = await roomWithStudio();
    await sql(t, 'insert into fan_club (bj_user_key, user_key, fan_no, joined_txn_id) values ($1, $2, 3, 0)', [bj.userKey, viewer.userKey]);
    // The fan club number is read at join: join again so the room knows it.
    const again = await joined(vk, viewer);
    const mark = studio.mark();
    expect(await cmd(again, VideoChatCode.REQUEST, { op: 'apply' })).toMatchObject(ok);
    const pushed = await studio.waitFor(stateOf(viewer.userKey, 'applied'), { from: mark });
    const entry = (pushed.param.data as VideoGuestStateData).guest;
    expect(entry.user).toMatchObject({ user_key: viewer.userKey, fan_no: 3 });
    expect(entry.expires_at! - entry.at).toBe(VIDEO_GUESTS.pendingTtlMs);
    // The applicant sees their own state too.
    await again.waitFor(stateOf(viewer.userKey, 'applied'));

    // The same member again, from any socket: 'already applied', in the caller's language.
    const dup = await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    expect(dup).toEqual(refusedWith('ALREADY_APPLIED'));
    expect(dup.msg).toBe(resultMessage('ALREADY_APPLIED', 'ko'));

    expect(await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey)).toMatchObject(ok);
    const accepted = await again.waitFor(stateOf(viewer.userKey, 'accepted'));
    expect(accepted.param.by).toMatchObject({ user_key: bj.userKey });
    expect(await cmd(again, VideoChatCode.REQUEST, { op: 'apply' })).toEqual(refusedWith('ALREADY_APPLIED'));

    // The list the studio asks for holds the accepted guest.
    const m2 = studio.mark();
    await cmd(studio, VideoChatCode.REQUEST, { op: 'list' });
    const list = (await studio.waitFor(listOf, { from: m2 })).param.data as VideoGuestListData;
    expect(list.guests.map((g) => [g.user.user_key, g.state])).toEqual([[viewer.userKey, 'accepted']]);
    expect(list).toMatchObject({ max: 8, studio: 1, video_blocked: 0 });
  });

  it('the BJ refuses; a refused member may apply again', async () => {
    const { studio, viewer, vc } = await roomWithStudio();
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    expect(await cmd(studio, VideoChatCode.ANSWER, { op: 'refuse' }, viewer.userKey)).toMatchObject(ok);
    await vc.waitFor(stateOf(viewer.userKey, 'refused'));
    expect(await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey)).toEqual(refusedWith('VIDEO_GUEST_NOT_FOUND'));
    expect(await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' })).toMatchObject(ok);
  });

  it('a request expires after 60 s (one sweep)', async () => {
    const { vk, studio, viewer, vc } = await roomWithStudio();
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    const room = t.app.chat?.room(vk);
    if (!room || !t.app.chat) throw new Error('no room');
    t.app.chat.guests.sweep(Date.now() + VIDEO_GUESTS.pendingTtlMs - 5_000);
    expect(t.app.chat.guests.entries(room).map((e) => e.state)).toEqual(['applied']);
    t.app.chat.guests.sweep(Date.now() + VIDEO_GUESTS.pendingTtlMs + 1);
    await vc.waitFor(stateOf(viewer.userKey, 'expired'));
    await studio.waitFor(stateOf(viewer.userKey, 'expired'));
    expect(t.app.chat.guests.entries(room)).toEqual([]);
    expect(await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey)).toEqual(refusedWith('VIDEO_GUEST_NOT_FOUND'));
  });

  it('a member without a verified phone is refused, in their language', async () => {
    const { vk } = await newRoom();
    const viewer = await buildAccount(t, { phoneNo: '', phoneCountryNum: '' });
    const vc = await joined(vk, viewer, 'en');
    const refused = await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    expect(refused).toEqual(refusedWith('VIDEO_GUEST_PHONE_REQUIRED'));
    expect(refused.msg).toBe('Only members with a verified phone number can join on camera.');
  });

  it('a member the BJ blocked is refused; a signed-out guest must log in', async () => {
    const { vk, bj } = await newRoom();
    const viewer = await buildAccount(t);
    await setSelfBlock(t.database.db, bj.userKey, viewer.userKey, true);
    const vc = await joined(vk, viewer);
    expect(await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' })).toEqual(refusedWith('CHAT_BLOCKED'));
    const guest = await ChatClient.connect(t.url);
    clients.push(guest);
    await guest.join(await chatToken(t, vk), vk);
    expect(await cmd(guest, VideoChatCode.REQUEST, { op: 'apply' })).toEqual(refusedWith('LOGIN_REQUIRED'));
  });

  it('a viewer who is not a manager cannot accept, invite, mute or block video; a manager can accept', async () => {
    const { vk, bj, viewer, vc } = await roomWithStudio();
    const other = await buildAccount(t);
    const oc = await joined(vk, other);
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    expect(await cmd(oc, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey)).toEqual(refusedWith('FORBIDDEN'));
    expect(await cmd(oc, VideoChatCode.REQUEST, { op: 'invite' }, viewer.userKey)).toEqual(refusedWith('FORBIDDEN'));
    expect(await cmd(oc, VideoChatCode.MEDIA, { mute: 1 }, viewer.userKey)).toEqual(refusedWith('FORBIDDEN'));
    expect(await cmd(oc, VideoBlockCode.ON, {})).toEqual(refusedWith('FORBIDDEN'));
    // A viewer never sees other members' requests.
    await new Promise((r) => setTimeout(r, 100));
    expect(oc.frames.some(stateOf(viewer.userKey, 'applied'))).toBe(false);

    const manager = await buildAccount(t);
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, manager.userKey]);
    const mc = await joined(vk, manager);
    expect(await cmd(mc, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey)).toMatchObject(ok);
    expect((await vc.waitFor(stateOf(viewer.userKey, 'accepted'))).param.by).toMatchObject({ user_key: manager.userKey });
  });

  it('the BJ invites; the member accepts; at most 8 guests at once', async () => {
    const { vk, studio } = await roomWithStudio();
    const members: Array<{ a: Account; c: ChatClient }> = [];
    for (let i = 0; i < VIDEO_GUESTS.maxGuests + 1; i++) {
      const a = await buildAccount(t);
      members.push({ a, c: await joined(vk, a) });
    }
    for (const { a, c } of members.slice(0, VIDEO_GUESTS.maxGuests)) {
      expect(await cmd(studio, VideoChatCode.REQUEST, { op: 'invite' }, a.userKey)).toMatchObject(ok);
      await c.waitFor(stateOf(a.userKey, 'invited'));
      expect(await cmd(c, VideoChatCode.ANSWER, { op: 'accept' })).toMatchObject(ok);
    }
    const ninth = members[VIDEO_GUESTS.maxGuests]!;
    expect(await cmd(studio, VideoChatCode.REQUEST, { op: 'invite' }, ninth.a.userKey)).toEqual(refusedWith('VIDEO_GUEST_FULL'));
    const full = await cmd(ninth.c, VideoChatCode.REQUEST, { op: 'apply' });
    expect(full).toEqual(refusedWith('VIDEO_GUEST_FULL'));
    expect(full.msg).toBe(resultMessage('VIDEO_GUEST_FULL', 'ko', { num: 8 }));
    // One guest hangs up: a place is free.
    expect(await cmd(members[0]!.c, VideoChatCode.ANSWER, { op: 'end' })).toMatchObject(ok);
    await studio.waitFor(stateOf(members[0]!.a.userKey, 'ended'));
    expect(await cmd(ninth.c, VideoChatCode.REQUEST, { op: 'apply' })).toMatchObject(ok);
  });
});

describe('the call (202/203, 93/94)', () => {
  it('signals are relayed only between the studio and the accepted guest', async () => {
    const { vk, bj, studio, viewer, vc } = await roomWithStudio();
    const bystander = await joined(vk, await buildAccount(t));
    const bjPhone = await joined(vk, bj);
    // Before acceptance nothing is relayed.
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    expect(await cmd(studio, VideoChatCode.SIGNAL, { kind: 'offer', sdp: 'v=0' }, viewer.userKey)).toEqual(
      refusedWith('VIDEO_GUEST_NOT_FOUND'),
    );
    await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey);
    await vc.waitFor(stateOf(viewer.userKey, 'accepted'));

    // A 5 KB SDP, more than a chat frame: the sockets in a call may send it.
    const sdp = `v=0\r\n${'a=x\r\n'.repeat(1000)}`;
    expect(await cmd(studio, VideoChatCode.SIGNAL, { kind: 'offer', sdp }, viewer.userKey)).toMatchObject(ok);
    const offer = await vc.waitFor(isOutside(VideoChatCode.SIGNAL));
    expect(offer.param.data).toEqual({ kind: 'offer', sdp, from: bj.userKey });
    expect(await cmd(vc, VideoChatCode.SIGNAL, { kind: 'answer', sdp: 'v=0\r\nanswer' })).toMatchObject(ok);
    const answer = await studio.waitFor(isOutside(VideoChatCode.SIGNAL));
    expect(answer.param.data).toMatchObject({ kind: 'answer', from: viewer.userKey });
    expect(
      await cmd(vc, VideoChatCode.SIGNAL, {
        kind: 'ice',
        candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
      }),
    ).toMatchObject(ok);
    await studio.waitFor((f) => isOutside(VideoChatCode.SIGNAL)(f) && f.param.data.kind === 'ice');
    // Nobody else got a signal: not a bystander, not the BJ's other socket.
    await new Promise((r) => setTimeout(r, 150));
    expect(bystander.frames.some(isOutside(VideoChatCode.SIGNAL))).toBe(false);
    expect(bjPhone.frames.some(isOutside(VideoChatCode.SIGNAL))).toBe(false);
    // A bystander cannot signal; malformed signals are refused.
    expect(await cmd(bystander, VideoChatCode.SIGNAL, { kind: 'offer', sdp: 'v=0' }, bj.userKey)).toEqual(
      refusedWith('VIDEO_GUEST_NOT_FOUND'),
    );
    expect(await cmd(vc, VideoChatCode.SIGNAL, { kind: 'nope' })).toEqual(refusedWith('CHAT_FRAME_INVALID'));
  });

  it('the BJ mutes a guest, forces audio-only, blocks video for all and ends the call', async () => {
    const { vk, studio, viewer, vc } = await roomWithStudio();
    const bystander = await joined(vk, await buildAccount(t));
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey);
    expect(await cmd(studio, VideoChatCode.MEDIA, { mute: 1, audio_only: 1 }, viewer.userKey)).toMatchObject(ok);
    const media = await vc.waitFor(isOutside(VideoChatCode.MEDIA));
    expect((media.param.data as VideoGuestStateData).guest).toMatchObject({ mute: 1, audio_only: 1, state: 'accepted' });

    expect(await cmd(studio, VideoBlockCode.ON, {})).toMatchObject(ok);
    await vc.waitFor(isOutside(VideoBlockCode.ON));
    await bystander.waitFor(isOutside(VideoBlockCode.ON));
    const m = vc.mark();
    await cmd(vc, VideoChatCode.REQUEST, { op: 'list' });
    expect((await vc.waitFor(listOf, { from: m })).param.data).toMatchObject({ video_blocked: 1 });
    expect(await cmd(studio, VideoBlockCode.OFF, {})).toMatchObject(ok);
    await vc.waitFor(isOutside(VideoBlockCode.OFF));

    expect(await cmd(studio, VideoChatCode.ANSWER, { op: 'end' }, viewer.userKey)).toMatchObject(ok);
    await vc.waitFor(stateOf(viewer.userKey, 'ended'));
    expect(await cmd(vc, VideoChatCode.SIGNAL, { kind: 'answer', sdp: 'v=0' })).toEqual(refusedWith('VIDEO_GUEST_NOT_FOUND'));
  });

  it('a guest whose page reloads stays in the call, away, and takes it over from the new socket; the studio offers again', async () => {
    const { vk, studio, viewer, vc } = await roomWithStudio();
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey);
    const accepted = await studio.waitFor(stateOf(viewer.userKey, 'accepted'));
    expect((accepted.param.data as VideoGuestStateData).guest).toMatchObject({ call: 1 });
    expect((accepted.param.data as VideoGuestStateData).guest.away).toBeUndefined();

    // The page reloads: its socket goes. Within a sweep the studio sees the guest away, for reconnectMs.
    const m = studio.mark();
    const before = Date.now();
    await vc.close();
    const away = (await studio.waitFor(awayOf(viewer.userKey), { from: m, timeoutMs: 3000 })).param.data as VideoGuestStateData;
    expect(away.guest.expires_at).toBeGreaterThanOrEqual(before + VIDEO_GUESTS.reconnectMs);
    expect(away.guest.expires_at).toBeLessThanOrEqual(Date.now() + VIDEO_GUESTS.reconnectMs);

    // The new page's socket finds its call in the list, and takes it over.
    const back = await joined(vk, viewer);
    const m2 = back.mark();
    await cmd(back, VideoChatCode.REQUEST, { op: 'list' });
    const list = (await back.waitFor(listOf, { from: m2 })).param.data as VideoGuestListData;
    expect(list.guests).toEqual([expect.objectContaining({ state: 'accepted', away: 1 })]);
    const m3 = studio.mark();
    expect(await cmd(back, VideoChatCode.ANSWER, { op: 'resume' })).toMatchObject(ok);
    const resumed = (await studio.waitFor(stateOf(viewer.userKey, 'accepted'), { from: m3 })).param.data as VideoGuestStateData;
    expect(resumed.guest).toMatchObject({ call: 2, at: accepted.param.data.guest.at });
    expect(resumed.guest.away).toBeUndefined();
    expect(resumed.guest.expires_at).toBeUndefined();

    // The studio's new offer reaches the new socket, and its answer the studio.
    await cmd(studio, VideoChatCode.SIGNAL, { kind: 'offer', sdp: 'v=0 again' }, viewer.userKey);
    expect((await back.waitFor(isOutside(VideoChatCode.SIGNAL))).param.data).toMatchObject({ kind: 'offer', sdp: 'v=0 again' });
    expect(await cmd(back, VideoChatCode.SIGNAL, { kind: 'answer', sdp: 'v=0 answer' })).toMatchObject(ok);
    await studio.waitFor(isOutside(VideoChatCode.SIGNAL));
    // Only the member's own accepted call can be resumed.
    const other = await joined(vk, await buildAccount(t));
    expect(await cmd(other, VideoChatCode.ANSWER, { op: 'resume' })).toEqual(refusedWith('VIDEO_GUEST_NOT_FOUND'));
  });

  it('a guest marked away by a node that lost sight of this one, while their socket here holds the call: this node takes it back', async () => {
    const { vk, studio, viewer, vc } = await roomWithStudio();
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey);
    const accepted = ((await studio.waitFor(stateOf(viewer.userKey, 'accepted'))).param.data as VideoGuestStateData).guest;
    const room = t.app.chat?.room(vk);
    if (!room || !t.app.chat) throw new Error('no room');
    // What another node publishes when the node holding the call went silent to it.
    const away = { ...accepted, away: 1, expires_at: Date.now() + VIDEO_GUESTS.reconnectMs };
    const frame = frameJson(ChatPush.OUTSIDE_MSG, {
      code: VideoChatCode.REQUEST,
      ts: Date.now(),
      target: accepted.user,
      data: { op: 'state', guest: away },
    });
    const m = studio.mark();
    t.app.chat.guests.onBus(room, { kind: 'guests', o: 'another-node', t: 'ev', e: away, f: frame, n: '' });
    await studio.waitFor(awayOf(viewer.userKey), { from: m });
    const back = (
      (await studio.waitFor((f) => stateOf(viewer.userKey, 'accepted')(f) && f.param.data.guest.call === 2, { from: m, timeoutMs: 3000 }))
        .param.data as VideoGuestStateData
    ).guest;
    expect(back.away).toBeUndefined();
    // The same socket still carries the call's signals.
    await cmd(studio, VideoChatCode.SIGNAL, { kind: 'offer', sdp: 'v=0 healed' }, viewer.userKey);
    expect((await vc.waitFor(isOutside(VideoChatCode.SIGNAL))).param.data).toMatchObject({ sdp: 'v=0 healed' });
  });

  it('a guest away past the reconnect time: the call ends, and the room keeps no trace of it', async () => {
    const { vk, studio, viewer, vc } = await roomWithStudio();
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey);
    await studio.waitFor(stateOf(viewer.userKey, 'accepted'));
    await t.app.chat?.guests.flush();
    expect(await keptGuests(vk)).toEqual([String(viewer.userKey)]);
    await vc.close();
    await studio.waitFor(awayOf(viewer.userKey), { timeoutMs: 3000 });
    t.app.chat?.guests.sweep(Date.now() + VIDEO_GUESTS.reconnectMs + 1);
    await studio.waitFor(stateOf(viewer.userKey, 'ended'));
    await t.app.chat?.guests.flush();
    expect(await keptGuests(vk)).toEqual([]);
  });

  it('the guests and the video block outlive the chat node: a node started on the same database takes them over', async () => {
    const { vk, bj, studio, viewer, vc } = await roomWithStudio();
    await cmd(vc, VideoChatCode.REQUEST, { op: 'apply' });
    await cmd(studio, VideoChatCode.ANSWER, { op: 'accept' }, viewer.userKey);
    await studio.waitFor(stateOf(viewer.userKey, 'accepted'));
    expect(await cmd(studio, VideoBlockCode.ON, {})).toMatchObject(ok);
    await t.app.chat?.guests.flush();

    // Another chat node (its own process state, the same database): the room opens there from what was kept.
    const next = await startTestApp({ roles: ['api', 'chat'], env: { REDIS_URL: '' } });
    try {
      const on = async (who: { cookie: string }) => {
        const c = await ChatClient.connect(next.url, {});
        clients.push(c);
        expect(await c.join(await chatToken(next, vk, who.cookie), vk)).toMatchObject({ result: 1 });
        return c;
      };
      const studio2 = await on(bj);
      const m = studio2.mark();
      expect(await cmd(studio2, VideoChatCode.REQUEST, { op: 'studio' })).toMatchObject(ok);
      const list = (await studio2.waitFor(listOf, { from: m })).param.data as VideoGuestListData;
      expect(list).toMatchObject({ video_blocked: 1 });
      expect(list.guests).toEqual([
        expect.objectContaining({ state: 'accepted', user: expect.objectContaining({ user_key: viewer.userKey }) }),
      ]);

      // The node holding the guest's call says nothing here: once PEER_TTL_MS has passed, the guest is away.
      next.app.chat?.guests.sweep(Date.now() + PEER_TTL_MS + 1_000);
      await studio2.waitFor(awayOf(viewer.userKey));
      const vc2 = await on(viewer);
      const m2 = studio2.mark();
      expect(await cmd(vc2, VideoChatCode.ANSWER, { op: 'resume' })).toMatchObject(ok);
      expect(
        ((await studio2.waitFor(stateOf(viewer.userKey, 'accepted'), { from: m2 })).param.data as VideoGuestStateData).guest,
      ).toMatchObject({
        call: 2,
      });
      expect(await cmd(studio2, VideoBlockCode.OFF, {})).toMatchObject(ok);
      await next.app.chat?.guests.flush();
      expect((await sql<{ video_blocked: boolean }>(t, 'select video_blocked from chat_room_board where vod_key = $1', [vk]))[0]).toEqual({
        video_blocked: false,
      });
    } finally {
      await next.close();
    }
  });
});

describe('POST /v1/chat/ice_servers', () => {
  it('gives ICE_SERVERS and a TURN REST credential (coturn use-auth-secret) to a member allowed in a call', async () => {
    const { vk } = await newRoom();
    const viewer = await buildAccount(t);
    const before = Math.floor(Date.now() / 1000);
    const res = await t.call(videoGuestEndpoints.iceServers, { vod_key: vk }, { headers: { cookie: viewer.cookie } });
    expect(res.body.rslt_cd).toBe(0);
    const set = res.body.rslt_set;
    expect(set.ttl).toBe(600);
    expect(set.ice_servers[0]).toEqual({ urls: 'stun:stun.example.org:3478' });
    const turn = set.ice_servers[1] as { urls: string[]; username: string; credential: string };
    expect(turn.urls).toEqual(['turn:turn.example.org:3478', 'turns:turn.example.org:5349']);
    const [expiry, who] = turn.username.split(':');
    expect(who).toBe(String(viewer.userKey));
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600);
    expect(Number(expiry)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
    expect(turnCredential(TURN_SECRET, 7, 60, 1000)).toEqual({
      username: '1060:7',
      credential: createHmac('sha1', TURN_SECRET).update('1060:7').digest('base64'),
    });
  });

  it('is refused signed out, without a verified phone, and to a member the BJ blocked', async () => {
    const { vk, bj } = await newRoom();
    const anon = await t.call(videoGuestEndpoints.iceServers, { vod_key: vk });
    expect(anon.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const noPhone = await buildAccount(t, { phoneNo: '', phoneCountryNum: '' });
    const r1 = await t.call(videoGuestEndpoints.iceServers, { vod_key: vk }, { headers: { cookie: noPhone.cookie } });
    expect(r1.body.rslt_cd).toBe(ResultCode.VIDEO_GUEST_PHONE_REQUIRED);
    const blocked = await buildAccount(t);
    await setSelfBlock(t.database.db, bj.userKey, blocked.userKey, true);
    const r2 = await t.call(videoGuestEndpoints.iceServers, { vod_key: vk }, { headers: { cookie: blocked.cookie } });
    expect(r2.body.rslt_cd).toBe(ResultCode.CHAT_BLOCKED);
    const own = await t.call(videoGuestEndpoints.iceServers, { vod_key: vk }, { headers: { cookie: bj.cookie } });
    expect(own.body.rslt_cd).toBe(0);
  });
});
