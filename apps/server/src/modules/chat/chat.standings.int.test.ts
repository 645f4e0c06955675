import { randomBytes } from 'node:crypto';
import { ChatEvent, ResultCode, walletEndpoints } from '@byeol/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, balancesOf, buildBj, buildViewer, liveRoom, newKey } from '../../testing/builders.js';
import { ChatClient, chatToken, type Frame } from '../../testing/chat-client.js';
import { sql } from '../../testing/members.js';
import { announceStandingChange, ROOM_STANDINGS_TTL_MS, RoomStandings } from './chat.standings.js';

/**
 * Who may gift, answered from each process's memory (issue 20, chat.standings.ts): two app instances
 * sharing one Redis (under a prefix of this file) as two processes of one installation would. `chat` holds
 * the room's chat (the BJ moderates there); `api` only answers the gift calls. What the BJ does in the chat
 * holds for gifts on the other process within a second, well inside the lists' own lifetime
 * (ROOM_STANDINGS_TTL_MS), so only the bus message can have done it.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `rs${randomBytes(4).toString('hex')}:`;
let chat: TestApp;
let api: TestApp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  const env = { REDIS_URL, REDIS_PREFIX: PREFIX };
  [chat, api] = await Promise.all([startTestApp({ env, roles: ['api', 'chat'] }), startTestApp({ env })]);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await Promise.all([chat?.close(), api?.close()]);
});

const giftEvent = (f: Frame) =>
  f.service === 'OUTSIDE_MSG' && f.param?.code >= ChatEvent.STAR_GIFT_FIRST && f.param?.code <= ChatEvent.STAR_GIFT_LAST;

/** One gift of `star` STAR on the api-only process; answers the result code. */
async function giftOnApi(viewer: Account, vk: string, star = 1): Promise<number> {
  const res = await api.call(
    walletEndpoints.gift,
    { vod_key: vk, star_cnt: String(star), idempotency_key: newKey() },
    { cookie: viewer.cookie },
  );
  return res.body.rslt_cd;
}

/** A live room with the BJ in its chat (on the chat process), and a viewer holding `star` STAR. */
async function room(star = 1_000) {
  const bj = await buildBj(chat);
  const viewer = await buildViewer(chat, { star });
  const vk = await liveRoom(chat, bj.userKey);
  const socket = await ChatClient.connect(chat.url);
  clients.push(socket);
  expect((await socket.join(await chatToken(chat, vk, bj.cookie), vk)).result).toBe(1);
  return { bj, viewer, vk, socket };
}

it('holds the lists longer than the second the tests below allow', () => {
  expect(ROOM_STANDINGS_TTL_MS).toBeGreaterThanOrEqual(2_000);
});

describe('blocks and managers, from memory', () => {
  it('refuses the gifts of a viewer the BJ blocks in the chat within a second on another process, and takes them again once unblocked', async () => {
    const { viewer, vk, socket } = await room();
    // A paid gift first: the api process now holds the BJ's lists (the viewer is not on them).
    expect(await giftOnApi(viewer, vk)).toBe(0);
    let paid = 1;

    expect(await socket.send('', { T: 230, target: viewer.userKey, value: 'room' })).toMatchObject({ result: 1 });
    await expect
      .poll(
        async () => {
          const code = await giftOnApi(viewer, vk);
          if (code === 0) paid++;
          return code;
        },
        { timeout: 1_000, interval: 10 },
      )
      .toBe(ResultCode.WALLET_GIFT_BLOCKED);
    // Refused, nothing moved: the balance is what the paid gifts left.
    expect(await balancesOf(chat, viewer.userKey)).toMatchObject({ STAR: 1_000 - paid });
    expect(await giftOnApi(viewer, vk)).toBe(ResultCode.WALLET_GIFT_BLOCKED);

    expect(await socket.send('', { T: 230, target: viewer.userKey, value: 'room', off: 1 })).toMatchObject({ result: 1 });
    await expect.poll(() => giftOnApi(viewer, vk), { timeout: 1_000, interval: 10 }).toBe(0);
  });

  it('shows a manager appointed in the chat as a manager in their next gift event', async () => {
    const { viewer, vk, socket } = await room();
    expect(await giftOnApi(viewer, vk)).toBe(0);
    expect((await socket.waitFor(giftEvent)).param.by).toMatchObject({ user_key: viewer.userKey, is_manager: 0 });

    expect(await socket.send('', { T: 80, target: viewer.userKey })).toMatchObject({ result: 1 });
    await expect
      .poll(
        async () => {
          const mark = socket.mark();
          expect(await giftOnApi(viewer, vk)).toBe(0);
          return (await socket.waitFor(giftEvent, { from: mark })).param.by.is_manager;
        },
        { timeout: 1_000, interval: 10 },
      )
      .toBe(1);
  });

  it('answers from memory: a block written by hand is not seen until it is announced', async () => {
    const { bj, viewer, vk } = await room();
    expect(await giftOnApi(viewer, vk)).toBe(0);
    // Unannounced (by hand in SQL), the block is not read for the next gift: the lists came from memory.
    await sql(chat, 'insert into chat_room_block (bj_user_key, user_key, blocked_by) values ($1, $2, $1)', [bj.userKey, viewer.userKey]);
    expect(await giftOnApi(viewer, vk)).toBe(0);
    // Announced, the other process reads the lists again within a second.
    await announceStandingChange(chat.bus, bj.userKey);
    await expect.poll(() => giftOnApi(viewer, vk), { timeout: 1_000, interval: 10 }).toBe(ResultCode.WALLET_GIFT_BLOCKED);
  });
});

describe('the lists of one process', () => {
  const block = (bj: Account, user: Account) =>
    sql(chat, 'insert into chat_room_block (bj_user_key, user_key, blocked_by) values ($1, $2, $1)', [bj.userKey, user.userKey]);

  it('asks per member for a BJ whose block list is longer than it holds, and reads the lists again after their lifetime', async () => {
    let now = Date.now();
    const standings = new RoomStandings(chat.database.db, chat.bus, { maxPerBj: 2, ttlMs: 5_000, now: () => now });
    const [bj, other] = await Promise.all([buildBj(chat), buildBj(chat)]);
    const viewers = await Promise.all(Array.from({ length: 4 }, () => buildViewer(chat)));
    for (const v of viewers.slice(0, 3)) await block(bj, v);
    await sql(chat, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [
      bj.userKey,
      viewers[3]?.userKey,
    ]);

    // Three blocked members, two held at most: each member is asked for, and answered right.
    const answers = await Promise.all(viewers.map((v) => standings.of(bj.userKey, v.userKey)));
    expect(answers).toEqual([
      { blocked: true, manager: false },
      { blocked: true, manager: false },
      { blocked: true, manager: false },
      { blocked: false, manager: true },
    ]);
    await block(bj, viewers[3] as Account);
    expect(await standings.of(bj.userKey, (viewers[3] as Account).userKey)).toEqual({ blocked: true, manager: true });

    // A short list is held: a block by hand is seen only once the lifetime has passed.
    const [first, second] = viewers as [Account, Account];
    expect(await standings.of(other.userKey, first.userKey)).toEqual({ blocked: false, manager: false });
    await block(other, first);
    expect(await standings.of(other.userKey, first.userKey)).toEqual({ blocked: false, manager: false });
    now += 5_001;
    expect(await standings.of(other.userKey, first.userKey)).toEqual({ blocked: true, manager: false });
    expect(await standings.of(other.userKey, second.userKey)).toEqual({ blocked: false, manager: false });
  });

  it('does not keep lists read while a change was announced', async () => {
    const standings = new RoomStandings(chat.database.db, chat.bus);
    const [bj, viewer] = await Promise.all([buildBj(chat), buildViewer(chat)]);
    // A change is announced while the first read is under way: its answer serves its caller, and is not kept.
    const reading = standings.of(bj.userKey, viewer.userKey);
    standings.forget(bj.userKey);
    expect(await reading).toEqual({ blocked: false, manager: false });
    // So a block written by hand afterwards is read by the next call (kept lists would have hidden it).
    await block(bj, viewer);
    expect(await standings.of(bj.userKey, viewer.userKey)).toEqual({ blocked: true, manager: false });
  });
});
