import {
  ChatEvent,
  detailsMonths,
  ITEM_LIMITS,
  type ListSet,
  ResultCode,
  type StatementEntry,
  type StatementListExtra,
  walletEndpoints,
} from '@byeol/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import {
  type Account,
  balancesOf,
  buildBj,
  buildOperator,
  buildViewer,
  ledgerOf,
  liveRoom,
  newKey,
  txnsOfKey,
} from '../../testing/builders.js';
import { ChatClient, chatToken, type Frame, isOutside } from '../../testing/chat-client.js';
import { sql } from '../../testing/members.js';
import { verifyLedger } from './wallet.verify.js';

/**
 * Star gifts in the live room (issue 6): the chat event over real sockets, fans, the gift ranking and its
 * private setting, blocked viewers, and the month windows of the details calls. A chat node runs in the
 * test app (roles api + chat); the gift goes through the real HTTP call.
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

async function joined(vk: string, who?: Account) {
  const c = await ChatClient.connect(t.url);
  clients.push(c);
  const answer = await c.join(await chatToken(t, vk, who?.cookie), vk);
  expect(answer.result).toBe(1);
  return { c, answer };
}

const gift = (viewer: Account, form: Record<string, string>) =>
  t.call(walletEndpoints.gift, { idempotency_key: newKey(), ...form }, { cookie: viewer.cookie });

const rank = (vk: string, who?: Account, scope: 'room' | 'bj' = 'room') =>
  t.call(walletEndpoints.giftRank, { vod_key: vk, scope }, who ? { cookie: who.cookie } : {});

const giftEvent = (f: Frame) =>
  f.service === 'OUTSIDE_MSG' && f.param?.code >= ChatEvent.STAR_GIFT_FIRST && f.param?.code <= ChatEvent.STAR_GIFT_LAST;

describe('the star-gift event in the room', () => {
  it('reaches every socket of the room once, with the tier code, the message and the viewer', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t, { star: 1_000 });
    const vk = await liveRoom(t, bj.userKey);
    const { c: bjSocket } = await joined(vk, bj);
    const { c: guest } = await joined(vk);
    const key = newKey();

    const res = await gift(viewer, { vod_key: vk, star_cnt: '150', message: '  축하해요!\n최고  ', idempotency_key: key });
    expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ star_cnt: 150, balance: 850, first_gift: true });

    for (const socket of [bjSocket, guest]) {
      const frame = await socket.waitFor(isOutside(21));
      expect(frame.param).toMatchObject({
        code: 21,
        m: '축하해요! 최고',
        by: { user_key: viewer.userKey, nick: viewer.nick, is_fan: 1, is_guest: 0, is_bj: 0 },
        data: { star_cnt: 150, txn_id: res.body.rslt_set.txn_id, first_gift: true },
      });
    }

    // The same key again, alone and 5 times at once: the same answer, no second event, nothing charged twice.
    const again = await gift(viewer, { vod_key: vk, star_cnt: '150', message: '  축하해요!\n최고  ', idempotency_key: key });
    expect(again.body.rslt_set).toMatchObject({ txn_id: res.body.rslt_set.txn_id, balance: 850, first_gift: true });
    const storm = await Promise.all(
      Array.from({ length: 5 }, () => gift(viewer, { vod_key: vk, star_cnt: '150', message: '  축하해요!\n최고  ', idempotency_key: key })),
    );
    for (const r of storm) expect(r.body.rslt_set?.txn_id).toBe(res.body.rslt_set.txn_id);
    await bjSocket.expectNone(giftEvent, 500);
    expect(bjSocket.frames.filter(giftEvent)).toHaveLength(1);
    expect(guest.frames.filter(giftEvent)).toHaveLength(1);
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(850);

    // A key retried with concurrency on a fresh gift: one event too.
    const key2 = newKey();
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => gift(viewer, { vod_key: vk, star_cnt: '10000', idempotency_key: key2 })),
    );
    expect(new Set(burst.map((r) => r.body.rslt_cd))).toEqual(new Set([ResultCode.WALLET_INSUFFICIENT]));
    const key3 = newKey();
    const ok = await Promise.all(Array.from({ length: 10 }, () => gift(viewer, { vod_key: vk, star_cnt: '5', idempotency_key: key3 })));
    expect(new Set(ok.map((r) => r.body.rslt_set?.txn_id)).size).toBe(1);
    const tier20 = await guest.waitFor(isOutside(20));
    expect(tier20.param).toMatchObject({ data: { star_cnt: 5, first_gift: false } });
    expect(tier20.param.m).toBeUndefined();
    await guest.expectNone(giftEvent, 400);
    expect(guest.frames.filter(isOutside(20))).toHaveLength(1);
    expect(await verifyLedger(t.database.pool)).toMatchObject({ ok: true });
  });

  it('tiers by amount: 1–99 → 20, 100–999 → 21, 1,000–9,999 → 22, 10,000 and more → 23', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t, { star: 20_000 });
    const vk = await liveRoom(t, bj.userKey);
    const { c } = await joined(vk, bj);
    for (const [amount, code] of [
      ['99', 20],
      ['100', 21],
      ['1000', 22],
      ['10000', 23],
    ] as const) {
      const from = c.mark();
      expect((await gift(viewer, { vod_key: vk, star_cnt: amount })).body.rslt_cd).toBe(0);
      const frame = await c.waitFor(giftEvent, { from });
      expect(frame.param.code, amount).toBe(code);
    }
  });
});

describe('fans', () => {
  it('a first gift makes the viewer a fan: is_fan on their messages at once and on rejoin; totals add up', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t, { star: 500 });
    const vk = await liveRoom(t, bj.userKey);
    const { c: bjSocket } = await joined(vk, bj);
    const { c: before, answer } = await joined(vk, viewer);
    expect(answer.user_info?.is_fan ?? 0).toBe(0);

    const first = await gift(viewer, { vod_key: vk, star_cnt: '30' });
    expect(first.body.rslt_set.first_gift).toBe(true);
    await bjSocket.waitFor(giftEvent);
    // The giver's socket already in the room now speaks as a fan.
    expect((await before.send('팬이에요')).result).toBe(1);
    const line = await bjSocket.waitFor((f) => f.service === 'MSG_SEND' && f.param?.m === '팬이에요');
    expect(line.param.user).toMatchObject({ user_key: viewer.userKey, is_fan: 1 });

    const second = await gift(viewer, { vod_key: vk, star_cnt: '20' });
    expect(second.body.rslt_set.first_gift).toBe(false);
    // Fans are written a moment after the commit (wallet.fans.ts).
    await ledgerOf(t).fans.drain();
    expect(
      await sql(t, 'select star_total::int, gift_cnt from bj_fan where bj_user_key = $1 and user_key = $2', [bj.userKey, viewer.userKey]),
    ).toEqual([{ star_total: 50, gift_cnt: 2 }]);

    // The same key 20 times at once: one gift, counted once, answered as the first gift every time.
    const fan2 = await buildViewer(t, { star: 100 });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => gift(fan2, { vod_key: vk, star_cnt: '7', idempotency_key: key })));
    expect(answers.map((a) => a.body.rslt_cd)).toEqual(Array(20).fill(0));
    expect(new Set(answers.map((a) => a.body.rslt_set.txn_id)).size).toBe(1);
    expect(answers.every((a) => a.body.rslt_set.first_gift)).toBe(true);
    await ledgerOf(t).fans.drain();
    // A later retry is a replay: the ledger says it was their first gift to this BJ.
    expect((await gift(fan2, { vod_key: vk, star_cnt: '7', idempotency_key: key })).body.rslt_set).toMatchObject({
      txn_id: answers[0]?.body.rslt_set.txn_id,
      first_gift: true,
    });
    expect(
      await sql(t, 'select star_total::int, gift_cnt from bj_fan where bj_user_key = $1 and user_key = $2', [bj.userKey, fan2.userKey]),
    ).toEqual([{ star_total: 7, gift_cnt: 1 }]);
    expect(
      await sql(t, 'select star_total::int, gift_cnt from star_gift_rank where vod_key = $1 and user_key = $2', [vk, fan2.userKey]),
    ).toEqual([{ star_total: 7, gift_cnt: 1 }]);

    await before.close();
    const { answer: rejoin } = await joined(vk, viewer);
    expect(rejoin.user_info?.is_fan).toBe(1);
    // A fan of one BJ is not a fan in another BJ's room.
    const other = await liveRoom(t, (await buildBj(t)).userKey);
    const { answer: elsewhere } = await joined(other, viewer);
    expect(elsewhere.user_info?.is_fan ?? 0).toBe(0);
  });
});

describe('the gift ranking (POST /v1/star/gift_rank)', () => {
  it('ranks the room and the BJ; a private sponsor list is shown to the BJ, managers and operators only', async () => {
    const bj = await buildBj(t);
    const [a, b, manager] = await Promise.all([buildViewer(t, { star: 1_000 }), buildViewer(t, { star: 1_000 }), buildViewer(t)]);
    const operator = await buildOperator(t);
    const vk = await liveRoom(t, bj.userKey);
    const earlier = await liveRoom(t, bj.userKey, 'ended');
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, manager.userKey]);
    // b gave in an earlier broadcast too (a row of that room's ranking and of the BJ's fans).
    await sql(t, 'insert into star_gift_rank (vod_key, user_key, star_total, gift_cnt) values ($1, $2, 500, 1)', [earlier, b.userKey]);
    await sql(t, 'insert into bj_fan (bj_user_key, user_key, star_total, gift_cnt) values ($1, $2, 500, 1)', [bj.userKey, b.userKey]);

    for (const [who, amount] of [
      [a, '100'],
      [b, '40'],
      [a, '50'],
      [b, '70'],
    ] as const) {
      expect((await gift(who, { vod_key: vk, star_cnt: amount })).body.rslt_cd).toBe(0);
    }
    await ledgerOf(t).fans.drain();

    const room = await rank(vk);
    expect(room.body.rslt_cd).toBe(0);
    expect(room.body.rslt_set).toMatchObject({ scope: 'room', sponsor_list_public_yn: 'Y', hidden_yn: 'N', data_totalcount: 2 });
    expect(room.body.rslt_set.data_list).toEqual([
      { rank: 1, user_key: a.userKey, nick: a.nick, star_total: 150, gift_cnt: 2 },
      { rank: 2, user_key: b.userKey, nick: b.nick, star_total: 110, gift_cnt: 2 },
    ]);
    const fans = await rank(vk, a, 'bj');
    expect(fans.body.rslt_set.data_list.map((e) => [e.user_key, e.star_total])).toEqual([
      [b.userKey, 610],
      [a.userKey, 150],
    ]);

    // The BJ makes sponsor lists private through the chat (8104).
    const { c: bjSocket } = await joined(vk, bj);
    expect(await bjSocket.send('', { T: 8104, value: 'N' })).toMatchObject({ result: 1 });
    for (const who of [undefined, a, b]) {
      const hidden = await rank(vk, who);
      expect(hidden.body.rslt_cd).toBe(0);
      expect(hidden.body.rslt_set).toMatchObject({ sponsor_list_public_yn: 'N', hidden_yn: 'Y', data_list: [], data_totalcount: 0 });
      expect((await rank(vk, who, 'bj')).body.rslt_set.data_list).toEqual([]);
    }
    for (const who of [bj, manager, operator]) {
      const shown = await rank(vk, who);
      expect(shown.body.rslt_set).toMatchObject({ sponsor_list_public_yn: 'N', hidden_yn: 'N', data_totalcount: 2 });
      expect(shown.body.rslt_set.data_list[0]?.user_key).toBe(a.userKey);
    }
    expect((await rank('no-such-room', a)).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
  });
});

describe('who may gift', () => {
  it('refuses a viewer the BJ blocked from their rooms, moving nothing and announcing nothing', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t, { star: 100 });
    const vk = await liveRoom(t, bj.userKey);
    const { c } = await joined(vk, bj);
    // A gift before the block: the BJ's lists are now held in this process's memory (chat.standings.ts).
    expect((await gift(viewer, { vod_key: vk, star_cnt: '1' })).body.rslt_cd).toBe(0);
    await c.waitFor(giftEvent);
    // The BJ blocks the viewer from their rooms in the chat (230, scope room): the next gift is refused.
    expect(await c.send('', { T: 230, target: viewer.userKey, value: 'room' })).toMatchObject({ result: 1 });
    const mark = c.mark();
    const key = newKey();
    const res = await t.call(
      walletEndpoints.gift,
      { vod_key: vk, star_cnt: '10', idempotency_key: key },
      { cookie: viewer.cookie, lang: 'en' },
    );
    expect(res.body.rslt_cd).toBe(ResultCode.WALLET_GIFT_BLOCKED);
    expect(res.body.rslt_msg).toBe('You cannot send gifts in this broadcast.');
    await ledgerOf(t).fans.drain();
    expect(await balancesOf(t, viewer.userKey)).toMatchObject({ STAR: 99 });
    expect(await txnsOfKey(t, viewer.userKey, key)).toEqual([]);
    expect(await sql(t, 'select gift_cnt from bj_fan where bj_user_key = $1', [bj.userKey])).toEqual([{ gift_cnt: 1 }]);
    await c.expectNone(giftEvent, 300);
    expect(c.since(mark).some(giftEvent)).toBe(false);

    // Unblocked in the chat (230 off), the same viewer can gift again at once.
    expect(await c.send('', { T: 230, target: viewer.userKey, value: 'room', off: 1 })).toMatchObject({ result: 1 });
    expect((await gift(viewer, { vod_key: vk, star_cnt: '10' })).body.rslt_cd).toBe(0);
    await c.waitFor(giftEvent, { from: mark });
  });

  it('keeps the codes of an unknown room, an ended room and gifting yourself', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t, { star: 100 });
    const live = await liveRoom(t, bj.userKey);
    const ended = await liveRoom(t, bj.userKey, 'ended');
    expect((await gift(viewer, { vod_key: 'nope-room', star_cnt: '1' })).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
    expect((await gift(viewer, { vod_key: ended, star_cnt: '1' })).body.rslt_cd).toBe(ResultCode.BROADCAST_ENDED);
    expect((await gift(bj, { vod_key: live, star_cnt: '1' })).body.rslt_cd).toBe(ResultCode.WALLET_SELF_GIFT);
    expect((await balancesOf(t, viewer.userKey)).STAR).toBe(100);
  });
});

describe('details month windows (POST /v1/mypage/details_star, details_cubic)', () => {
  type Statement = ListSet<StatementEntry> & StatementListExtra;
  const details = (who: Account, form: Record<string, string>, path = '/v1/mypage/details_star') =>
    t.post<Statement>(path, form, { cookie: who.cookie, lang: 'en' });

  it('lists one KST month within the window and answers the months offered; refuses months outside it', async () => {
    const bj = await buildBj(t);
    const viewer = await buildViewer(t, { star: 100, cubic: 5 });
    const vk = await liveRoom(t, bj.userKey);
    expect((await gift(viewer, { vod_key: vk, star_cnt: '10' })).body.rslt_cd).toBe(0);
    const months = detailsMonths(Date.now(), ITEM_LIMITS.detailsMonthsDefault);
    expect(months).toHaveLength(ITEM_LIMITS.detailsMonthsDefault + 1);

    const all = await details(viewer, {});
    expect(all.body.rslt_set).toMatchObject({ currency: 'STAR', months, month: '', data_totalcount: 2 });
    const current = await details(viewer, { month: months[0] as string });
    expect(current.body.rslt_set).toMatchObject({ month: months[0], data_totalcount: 2 });
    expect(current.body.rslt_set.data_list.map((e) => e.amount)).toEqual([-10, 100]);
    const previous = await details(viewer, { month: months[1] as string });
    expect(previous.body.rslt_set).toMatchObject({ data_list: [], data_totalcount: 0 });
    const cubic = await details(viewer, { month: months[0] as string }, '/v1/mypage/details_cubic');
    expect(cubic.body.rslt_set).toMatchObject({ currency: 'CUBIC', months, data_totalcount: 1 });
    // The BJ's earnings, by month too.
    const earnings = await details(bj, { month: months[0] as string, account: 'earnings' });
    expect(earnings.body.rslt_set.data_list.map((e) => e.amount)).toEqual([10]);

    const [y, m] = (months.at(-1) as string).split('-').map(Number) as [number, number];
    const tooOld = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
    const [cy, cm] = (months[0] as string).split('-').map(Number) as [number, number];
    const future = cm === 12 ? `${cy + 1}-01` : `${cy}-${String(cm + 1).padStart(2, '0')}`;
    for (const month of [tooOld, future, '2001-01']) {
      const res = await details(viewer, { month });
      expect(res.body.rslt_cd, month).toBe(ResultCode.WALLET_MONTH_OUT_OF_RANGE);
      expect(res.body.rslt_msg).toBe(`Only this month and the last ${ITEM_LIMITS.detailsMonthsDefault} months can be shown.`);
    }
    for (const month of ['2026-13', '2026-1', 'now']) {
      expect((await details(viewer, { month })).body.rslt_cd, month).toBe(ResultCode.INVALID_INPUT);
    }
  });
});
