import { type Endpoint, MISSION_LIMITS, MissionEvent, missionsEndpoints, ResultCode, type ResultCodeName } from '@byeol/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../../platform/bus.js';
import { type CallOptions, startTestApp, type TestApp } from '../../testing/app.js';
import { type Account, balancesOf, buildBj, buildViewer, ledgerOf, liveRoom, newKey } from '../../testing/builders.js';
import { ChatClient, chatToken, isOutside } from '../../testing/chat-client.js';
import { sql } from '../../testing/members.js';
import { LiveRooms } from '../live/live.rooms.js';
import { LedgerService } from '../wallet/wallet.service.js';
import { verifyLedger } from '../wallet/wallet.verify.js';
import { MissionService } from './missions.service.js';
import { verifyMissionEscrow } from './missions.verify.js';

/**
 * Issue 23: challenge and battle missions through the real calls against PostgreSQL, a chat node in the
 * test app (roles api + chat) for the room's events: pledges held in the BJ's escrow, payouts at the reward
 * rate, refunds in full, the abuse limits, the time-outs, and 300 concurrent pledges with mixed outcomes
 * after which the ledger and the escrow check hold and every balance equals a recomputation.
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

const e = missionsEndpoints;
const code = (name: ResultCodeName) => ResultCode[name];
const as = (m: Account | null) => (m ? { cookie: m.cookie } : {});
const call = <E extends Endpoint>(ep: E, input: Record<string, unknown> = {}, o?: CallOptions) =>
  t.call(ep, Object.fromEntries(Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))), o);

async function request(viewer: Account, vk: string, star: number, title = '노래 한 곡 불러주세요') {
  const res = await call(e.create, { vod_key: vk, title, star_cnt: star, idempotency_key: newKey() }, as(viewer));
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return res.body.rslt_set.mission;
}
async function add(viewer: Account, sn: number, star: number, side = 0, key = newKey()) {
  return call(e.add, { mission_sn: sn, star_cnt: star, side_no: side, idempotency_key: key }, as(viewer));
}
async function ok<T>(p: Promise<{ body: { rslt_cd: number; rslt_msg: string; rslt_set: T } }>): Promise<T> {
  const res = await p;
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return res.body.rslt_set;
}
const escrowOf = async (bj: Account) =>
  Number(
    (
      await sql<{ balance: string }>(
        t,
        "select balance from wallet_account where user_key = $1 and kind = 'escrow' and currency = 'STAR'",
        [bj.userKey],
      )
    )[0]?.balance ?? 0,
  );
const exact = async () => {
  expect(await verifyLedger(t.database.pool)).toMatchObject({ ok: true });
  expect(await verifyMissionEscrow(t.database.pool)).toMatchObject({ ok: true, escrow_drift: [], total_drift: [], settle_drift: [] });
};

describe('a challenge mission', () => {
  it('holds the pledges in escrow, pays the BJ at the reward rate on success, and tells the room each step', async () => {
    const bj = await buildBj(t);
    const a = await buildViewer(t, { star: 5_000 });
    const b = await buildViewer(t, { star: 2_000 });
    const vk = await liveRoom(t, bj.userKey);
    const room = await ChatClient.connect(t.url);
    clients.push(room);
    expect((await room.join(await chatToken(t, vk), vk)).result).toBe(1);

    const m = await request(a, vk, 1_000);
    expect(m).toMatchObject({ state: 'pending', mission_type: 'challenge', total_star: 1_000, pledge_cnt: 1, my_star: 1_000 });
    expect(m.requester).toEqual({ user_key: a.userKey, nick: a.nick });
    const requested = await room.waitFor(isOutside(MissionEvent.REQUEST));
    expect(requested.param).toMatchObject({ code: 40, m: '노래 한 곡 불러주세요', by: { user_key: a.userKey }, data: { star_cnt: 1_000 } });

    const added = await ok(add(b, m.mission_sn, 500));
    expect(added).toMatchObject({ balance: 1_500, mission: { total_star: 1_500, pledge_cnt: 2, my_star: 500 } });
    expect((await room.waitFor(isOutside(MissionEvent.ADD))).param.data).toMatchObject({ star_cnt: 500, mission: { total_star: 1_500 } });
    expect(await escrowOf(bj)).toBe(1_500);
    expect((await balancesOf(t, a.userKey)).STAR).toBe(4_000);

    // Only the BJ (or a manager) runs it; a success needs a start.
    expect((await call(e.start, { mission_sn: m.mission_sn }, as(a))).body.rslt_cd).toBe(code('MISSION_MANAGERS_ONLY'));
    expect((await call(e.result, { mission_sn: m.mission_sn, result: 'success' }, as(bj))).body.rslt_cd).toBe(code('MISSION_STATE'));
    const started = await ok(call(e.start, { mission_sn: m.mission_sn, duration_sec: 120 }, as(bj)));
    expect(started.mission).toMatchObject({ state: 'running', duration_sec: 120 });
    expect(Date.parse(started.mission.ends_at ?? '') - Date.parse(started.mission.started_at ?? '')).toBe(120_000);
    await room.waitFor(isOutside(MissionEvent.START));

    const before = await balancesOf(t, bj.userKey);
    const done = await ok(call(e.result, { mission_sn: m.mission_sn, result: 'success' }, as(bj)));
    // The reward rate is 1.0 by default: the whole 1,500 to the BJ's earnings.
    expect(done.mission).toMatchObject({ state: 'success', paid_star: 1_500, platform_star: 0, refunded_star: 0 });
    expect(done.contributors).toEqual([
      { user_key: a.userKey, nick: a.nick, star_cnt: 1_000, side_no: 0 },
      { user_key: b.userKey, nick: b.nick, star_cnt: 500, side_no: 0 },
    ]);
    expect((await balancesOf(t, bj.userKey)).earnings - before.earnings).toBe(1_500);
    expect(await escrowOf(bj)).toBe(0);
    const settled = await room.waitFor(isOutside(MissionEvent.SUCCESS));
    expect(settled.param.data).toMatchObject({ mission: { state: 'success', paid_star: 1_500 }, contributors: done.contributors });

    // The same verdict again answers the settled mission; nothing is paid twice; no more pledges.
    expect((await call(e.result, { mission_sn: m.mission_sn, result: 'success' }, as(bj))).body.rslt_cd).toBe(0);
    expect((await call(e.result, { mission_sn: m.mission_sn, result: 'fail' }, as(bj))).body.rslt_cd).toBe(code('MISSION_CLOSED'));
    expect((await add(b, m.mission_sn, 100)).body.rslt_cd).toBe(code('MISSION_CLOSED'));
    expect((await balancesOf(t, bj.userKey)).earnings - before.earnings).toBe(1_500);
    expect((await balancesOf(t, b.userKey)).STAR).toBe(1_500);
    await exact();
  });

  it('pays the BJ its reward-rate share (rounded down) and the platform the rest', async () => {
    const ledger = new LedgerService({ db: t.database.db, pool: t.database.pool, rewardRate: () => '0.7' });
    const bus = new MemoryBus();
    const service = new MissionService(t.database.db, ledger, bus, new LiveRooms(t.database.db, bus));
    const bj = await buildBj(t);
    const a = await buildViewer(t, { star: 3_000 });
    const vk = await liveRoom(t, bj.userKey);
    const m = await request(a, vk, 1_001);
    const actor = { userKey: bj.userKey, id: bj.id, nick: bj.nick, role: 'bj' as const };
    await service.start(actor, m.mission_sn, 60);
    const done = await service.result(actor, { mission_sn: m.mission_sn, result: 'success', side_no: 0 });
    expect(done.mission).toMatchObject({ state: 'success', paid_star: 700, platform_star: 301 });
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(700);
    await ledger.close();
    await exact();
  });

  it('returns every pledge in full on fail and on cancel, and refuses what the rules refuse', async () => {
    const bj = await buildBj(t);
    const a = await buildViewer(t, { star: 3_000 });
    const b = await buildViewer(t, { star: 700 });
    const vk = await liveRoom(t, bj.userKey);

    const refusals: Array<[Record<string, unknown>, Account | null, ResultCodeName]> = [
      [{ vod_key: vk, title: '미션', star_cnt: 999 }, a, 'MISSION_PLEDGE_MIN'],
      [{ vod_key: vk, title: '   ', star_cnt: 1_000 }, a, 'MISSION_TITLE_REQUIRED'],
      [{ vod_key: vk, title: '가'.repeat(MISSION_LIMITS.titleMax + 1), star_cnt: 1_000 }, a, 'MISSION_TITLE_LENGTH'],
      [{ vod_key: vk, title: '미션', star_cnt: 1_000, mission_type: 'battle', sides: '빨강\n파랑' }, a, 'MISSION_MANAGERS_ONLY'],
      [{ vod_key: vk, title: '미션', star_cnt: 1_000 }, null, 'LOGIN_REQUIRED'],
      [{ vod_key: vk, title: '미션', star_cnt: 1_000 }, b, 'WALLET_INSUFFICIENT'],
      [{ vod_key: 'nope', title: '미션', star_cnt: 1_000 }, a, 'BROADCAST_NOT_FOUND'],
    ];
    for (const [form, who, name] of refusals) {
      const res = await call(e.create, { idempotency_key: newKey(), ...form }, as(who));
      expect(res.body.rslt_cd, `${JSON.stringify(form)}: ${res.body.rslt_msg}`).toBe(code(name));
    }
    // The SPEC's messages, in the caller's language.
    const low = await call(e.create, { vod_key: vk, title: '미션', star_cnt: 10, idempotency_key: newKey() }, { ...as(a), lang: 'en' });
    expect(low.body.rslt_msg).toBe('Missions in this room take at least 1,000 STAR.');
    expect((await call(e.add, { star_cnt: 10, idempotency_key: newKey() }, as(a))).body.rslt_cd).toBe(code('MISSION_SELECT_REQUIRED'));
    expect((await balancesOf(t, b.userKey)).STAR).toBe(700);

    const failing = await request(a, vk, 1_000);
    await ok(add(b, failing.mission_sn, 700));
    expect((await add(bj, failing.mission_sn, 100)).body.rslt_cd).toBe(code('MISSION_SELF'));
    await ok(call(e.start, { mission_sn: failing.mission_sn }, as(bj)));
    const failed = await ok(call(e.result, { mission_sn: failing.mission_sn, result: 'fail' }, as(bj)));
    expect(failed.mission).toMatchObject({ state: 'fail', paid_star: 0, refunded_star: 1_700 });
    expect((await balancesOf(t, a.userKey)).STAR).toBe(3_000);
    expect((await balancesOf(t, b.userKey)).STAR).toBe(700);

    const cancelling = await request(a, vk, 1_200);
    await ok(add(b, cancelling.mission_sn, 300));
    const cancelled = await ok(call(e.cancel, { mission_sn: cancelling.mission_sn }, as(bj)));
    expect(cancelled.mission).toMatchObject({ state: 'cancelled', cancel_reason: 'bj', refunded_star: 1_500 });
    expect((await balancesOf(t, a.userKey)).STAR).toBe(3_000);
    expect((await balancesOf(t, b.userKey)).STAR).toBe(700);
    expect(await escrowOf(bj)).toBe(0);
    await exact();
  });

  it('answers a retried pledge once, whatever the number of retries at once', async () => {
    const bj = await buildBj(t);
    const a = await buildViewer(t, { star: 5_000 });
    const b = await buildViewer(t, { star: 5_000 });
    const vk = await liveRoom(t, bj.userKey);
    const key = newKey();
    const form = { vod_key: vk, title: '댄스', star_cnt: 1_000, idempotency_key: key };
    const made = await Promise.all(Array.from({ length: 5 }, () => call(e.create, form, as(a))));
    const sns = new Set(made.map((r) => r.body.rslt_set?.mission.mission_sn).filter(Boolean));
    expect(sns.size, made.map((r) => r.body.rslt_msg).join(', ')).toBe(1);
    const [sn] = [...sns] as number[];
    const addKey = newKey();
    const adds = await Promise.all(Array.from({ length: 5 }, () => add(b, sn as number, 250, 0, addKey)));
    expect(adds.every((r) => r.body.rslt_cd === 0)).toBe(true);
    const info = await ok(call(e.info, { mission_sn: sn }, as(b)));
    expect(info.mission).toMatchObject({ total_star: 1_250, pledge_cnt: 2, my_star: 250 });
    expect((await balancesOf(t, a.userKey)).STAR).toBe(4_000);
    expect((await balancesOf(t, b.userKey)).STAR).toBe(4_750);
    await exact();
  });

  it('makes a member wait 5 minutes after the BJ cancels a request, and blocks requests for a day after five', async () => {
    const a = await buildViewer(t, { star: 20_000 });
    const bj = await buildBj(t);
    const vk = await liveRoom(t, bj.userKey);
    const first = await request(a, vk, 1_000);
    await ok(call(e.cancel, { mission_sn: first.mission_sn }, as(bj)));
    const wait = await call(e.create, { vod_key: vk, title: '다시', star_cnt: 1_000, idempotency_key: newKey() }, as(a));
    expect(wait.body.rslt_cd).toBe(code('MISSION_COOLDOWN'));
    expect(wait.body.rslt_msg).toContain('5분');
    // Other BJs' rooms take the request; the wait is per room's BJ.
    const others = await Promise.all(Array.from({ length: 4 }, async () => [await buildBj(t)] as const));
    for (const [other] of others) {
      const m = await request(a, await liveRoom(t, other.userKey), 1_000);
      await ok(call(e.cancel, { mission_sn: m.mission_sn }, as(other)));
    }
    // Five cancelled by BJs within a day: no requests anywhere for 24 hours.
    const fresh = await buildBj(t);
    const blocked = await call(
      e.create,
      { vod_key: await liveRoom(t, fresh.userKey), title: '미션', star_cnt: 1_000, idempotency_key: newKey() },
      as(a),
    );
    expect(blocked.body.rslt_cd).toBe(code('MISSION_BLOCKED'));
    // A day later the block is over (the cancellations moved back 25 hours).
    await sql(t, "update mission set settled_at = settled_at - interval '25 hours' where requester_user_key = $1", [a.userKey]);
    await request(a, vk, 1_000);
    expect((await balancesOf(t, a.userKey)).STAR).toBe(19_000);
    await exact();
  });
});

describe("who runs a room's missions", () => {
  it("lets the BJ's manager run them, and keeps a member the BJ blocked out with nothing charged", async () => {
    const bj = await buildBj(t);
    const manager = await buildViewer(t);
    const a = await buildViewer(t, { star: 5_000 });
    const blocked = await buildViewer(t, { star: 5_000 });
    const vk = await liveRoom(t, bj.userKey);
    await sql(t, 'insert into chat_manager (bj_user_key, user_key, appointed_by) values ($1, $2, $1)', [bj.userKey, manager.userKey]);
    await sql(t, 'insert into chat_room_block (bj_user_key, user_key, blocked_by) values ($1, $2, $1)', [bj.userKey, blocked.userKey]);
    expect((await ok(call(e.list, { vod_key: vk }, as(manager)))).can_manage).toBe(true);
    expect((await ok(call(e.list, { vod_key: vk }, as(a)))).can_manage).toBe(false);

    const battle = (
      await ok(call(e.create, { vod_key: vk, title: '매니저 배틀', mission_type: 'battle', sides: '왼쪽\n오른쪽' }, as(manager)))
    ).mission;
    await ok(add(a, battle.mission_sn, 700, 2));
    const refusedAdd = await add(blocked, battle.mission_sn, 500, 1);
    expect(refusedAdd.body.rslt_cd).toBe(code('MISSION_ROOM_BLOCKED'));
    const refusedRequest = await call(e.create, { vod_key: vk, title: '요청', star_cnt: 1_000, idempotency_key: newKey() }, as(blocked));
    expect(refusedRequest.body.rslt_cd).toBe(code('MISSION_ROOM_BLOCKED'));
    expect((await balancesOf(t, blocked.userKey)).STAR).toBe(5_000);

    await ok(call(e.start, { mission_sn: battle.mission_sn }, as(manager)));
    const won = await ok(call(e.result, { mission_sn: battle.mission_sn, result: 'win', side_no: 2 }, as(manager)));
    expect(won.mission).toMatchObject({ state: 'settled', winner_side: 2, paid_star: 700 });
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(700);
    // A key that is no idempotency key is refused before anything moves.
    const badKey = await call(e.create, { vod_key: vk, title: '요청', star_cnt: 1_000, idempotency_key: 'x' }, as(a));
    expect(badKey.body.rslt_cd).toBe(code('INVALID_INPUT'));
    expect((await balancesOf(t, a.userKey)).STAR).toBe(4_300);
    await exact();
  });
});

describe('a battle mission', () => {
  it("pays the winning side's pledges and returns the losers' under the refund rule; the pay rule pays all; a draw returns all", async () => {
    const bj = await buildBj(t);
    const [x, y, z] = await Promise.all([
      buildViewer(t, { star: 5_000 }),
      buildViewer(t, { star: 5_000 }),
      buildViewer(t, { star: 5_000 }),
    ]);
    const vk = await liveRoom(t, bj.userKey);
    expect((await call(e.create, { vod_key: vk, title: '배틀', mission_type: 'battle', sides: '빨강' }, as(bj))).body.rslt_cd).toBe(
      code('MISSION_SIDES_INVALID'),
    );
    const battle = async (rule: 'refund' | 'pay') =>
      (
        await ok(
          call(e.create, { vod_key: vk, title: `배틀 ${rule}`, mission_type: 'battle', sides: '빨강\n파랑', lose_rule: rule }, as(bj)),
        )
      ).mission;

    const r = await battle('refund');
    expect(r.sides.map((s) => s.label)).toEqual(['빨강', '파랑']);
    expect((await add(x, r.mission_sn, 100, 0)).body.rslt_cd).toBe(code('MISSION_SIDE_REQUIRED'));
    await ok(add(x, r.mission_sn, 1_000, 1));
    await ok(add(y, r.mission_sn, 600, 2));
    await ok(add(z, r.mission_sn, 400, 2));
    const won = await ok(call(e.result, { mission_sn: r.mission_sn, result: 'win', side_no: 1 }, as(bj)));
    expect(won.mission).toMatchObject({ state: 'settled', winner_side: 1, paid_star: 1_000, refunded_star: 1_000 });
    expect(won.mission.sides).toEqual([
      { side_no: 1, label: '빨강', total_star: 1_000, pledge_cnt: 1 },
      { side_no: 2, label: '파랑', total_star: 1_000, pledge_cnt: 2 },
    ]);
    expect([(await balancesOf(t, x.userKey)).STAR, (await balancesOf(t, y.userKey)).STAR, (await balancesOf(t, z.userKey)).STAR]).toEqual([
      4_000, 5_000, 5_000,
    ]);

    const p = await battle('pay');
    await ok(add(x, p.mission_sn, 300, 1));
    await ok(add(y, p.mission_sn, 200, 2));
    expect((await ok(call(e.result, { mission_sn: p.mission_sn, result: 'win', side_no: 2 }, as(bj)))).mission).toMatchObject({
      paid_star: 500,
      refunded_star: 0,
    });

    const d = await battle('pay');
    await ok(add(z, d.mission_sn, 800, 1));
    expect((await ok(call(e.result, { mission_sn: d.mission_sn, result: 'draw' }, as(bj)))).mission).toMatchObject({
      winner_side: 0,
      paid_star: 0,
      refunded_star: 800,
    });
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(1_500);
    expect((await balancesOf(t, z.userKey)).STAR).toBe(5_000);
    await exact();
  });
});

describe('time-outs', () => {
  it('cancels a mission pending an hour, one overdue an hour after its timer, and the open ones of an ended broadcast, returning every pledge', async () => {
    const bj = await buildBj(t);
    const a = await buildViewer(t, { star: 10_000 });
    const vk = await liveRoom(t, bj.userKey);
    const stale = await request(a, vk, 1_000);
    const overdue = await request(a, vk, 2_000);
    const fresh = await request(a, vk, 1_500);
    await ok(call(e.start, { mission_sn: overdue.mission_sn, duration_sec: 10 }, as(bj)));
    await sql(t, "update mission set created_at = now() - interval '61 minutes' where mission_sn = $1", [stale.mission_sn]);
    await sql(t, "update mission set ends_at = now() - interval '61 minutes' where mission_sn = $1", [overdue.mission_sn]);
    const bus = new MemoryBus();
    const service = new MissionService(t.database.db, ledgerOf(t), bus, new LiveRooms(t.database.db, bus));
    expect((await service.sweep()).cancelled).toBeGreaterThanOrEqual(2);
    const reasons = await sql<{ mission_sn: string; state: string; cancel_reason: string | null }>(
      t,
      'select mission_sn, state, cancel_reason from mission where mission_sn = any($1) order by mission_sn',
      [[stale.mission_sn, overdue.mission_sn, fresh.mission_sn]],
    );
    expect(reasons.map((r) => [r.state, r.cancel_reason])).toEqual([
      ['cancelled', 'timeout'],
      ['cancelled', 'overdue'],
      ['pending', null],
    ]);
    expect((await balancesOf(t, a.userKey)).STAR).toBe(8_500);
    await sql(t, "update broadcast set state = 'ended' where vod_key = $1", [vk]);
    await service.sweep();
    expect((await ok(call(e.info, { mission_sn: fresh.mission_sn }, as(a)))).mission).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'ended',
    });
    expect((await balancesOf(t, a.userKey)).STAR).toBe(10_000);
    await exact();
  });
});

describe('under load', () => {
  it(`opens at most ${MISSION_LIMITS.openMax} missions in a room, however many requests come at once`, async () => {
    const bj = await buildBj(t);
    const vk = await liveRoom(t, bj.userKey);
    const tries = MISSION_LIMITS.openMax + 5;
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => call(e.create, { vod_key: vk, title: `동시 ${i}` }, as(bj))));
    const codes = answers.map((r) => r.body.rslt_cd);
    expect(codes.filter((c) => c === 0)).toHaveLength(MISSION_LIMITS.openMax);
    expect(codes.filter((c) => c === code('MISSION_TOO_MANY'))).toHaveLength(5);
    const [open] = await sql<{ n: number }>(
      t,
      "select count(*)::int as n from mission where vod_key = $1 and state in ('pending', 'running')",
      [vk],
    );
    expect(open?.n).toBe(MISSION_LIMITS.openMax);
  });

  it('300 concurrent pledges from 100 members over missions that succeed, fail, get cancelled or time out: exact to the STAR', async () => {
    const FUNDS = 10_000;
    const bj = await buildBj(t);
    const vk = await liveRoom(t, bj.userKey);
    const members = await Promise.all(Array.from({ length: 100 }, () => buildViewer(t, { star: FUNDS })));
    const outcomes = ['success', 'fail', 'cancel', 'timeout', 'success', 'battle'] as const;
    const missions: number[] = [];
    for (const [i, outcome] of outcomes.entries()) {
      const form =
        outcome === 'battle'
          ? { vod_key: vk, title: `부하 ${i}`, mission_type: 'battle', sides: '하나\n둘', lose_rule: 'refund' }
          : { vod_key: vk, title: `부하 ${i}` };
      missions.push((await ok(call(e.create, form, as(bj)))).mission.mission_sn);
    }
    for (const sn of [missions[0], missions[1], missions[4]]) await ok(call(e.start, { mission_sn: sn }, as(bj)));
    // 300 pledges at once, 3 per member, amounts 1–500, each battle pledge on side 1 or 2.
    const plan = Array.from({ length: 300 }, (_, i) => ({
      member: members[i % 100] as Account,
      sn: missions[(i * 7) % missions.length] as number,
      star: 1 + ((i * 37) % 500),
      side: 1 + (i % 2),
    }));
    const results = await Promise.all(
      plan.map((p) => add(p.member, p.sn, p.star, p.sn === missions[5] ? p.side : 0).then((r) => r.body.rslt_cd)),
    );
    expect(results.filter((c) => c !== 0)).toEqual([]);
    // Mixed ends, some while more pledges are still arriving would be refused (settled ones take none).
    await Promise.all([
      ok(call(e.result, { mission_sn: missions[0], result: 'success' }, as(bj))),
      ok(call(e.result, { mission_sn: missions[1], result: 'fail' }, as(bj))),
      ok(call(e.cancel, { mission_sn: missions[2] }, as(bj))),
      ok(call(e.result, { mission_sn: missions[4], result: 'success' }, as(bj))),
      ok(call(e.result, { mission_sn: missions[5], result: 'win', side_no: 2 }, as(bj))),
    ]);
    await sql(t, "update mission set created_at = now() - interval '2 hours' where mission_sn = $1", [missions[3]]);
    const bus = new MemoryBus();
    await new MissionService(t.database.db, ledgerOf(t), bus, new LiveRooms(t.database.db, bus)).sweep();

    // Recompute: a member keeps what went to failed, cancelled, timed-out missions and the losing battle side.
    const paidBy = new Map<number, number>();
    let paidTotal = 0;
    for (const p of plan) {
      const paid = p.sn === missions[0] || p.sn === missions[4] || (p.sn === missions[5] && p.side === 2);
      if (!paid) continue;
      paidBy.set(p.member.userKey, (paidBy.get(p.member.userKey) ?? 0) + p.star);
      paidTotal += p.star;
    }
    for (const m of members) expect((await balancesOf(t, m.userKey)).STAR, m.id).toBe(FUNDS - (paidBy.get(m.userKey) ?? 0));
    expect((await balancesOf(t, bj.userKey)).earnings).toBe(paidTotal);
    expect(await escrowOf(bj)).toBe(0);
    const states = await sql<{ state: string }>(t, 'select state from mission where mission_sn = any($1) order by mission_sn', [missions]);
    expect(states.map((s) => s.state)).toEqual(['success', 'fail', 'cancelled', 'cancelled', 'success', 'settled']);
    await exact();
  });
});
