import {
  type AccountRole,
  type ChatUserInfo,
  checkAmount,
  MISSION_LIMITS,
  MISSION_OPEN_STATES,
  type MissionCancelReason,
  type MissionContributor,
  type MissionCreateReq,
  type MissionDetail,
  MissionEvent,
  type MissionEventCode,
  type MissionInfo,
  type MissionListExtra,
  type MissionLoseRule,
  type MissionResultReq,
  type MissionSide,
  type MissionState,
  type MissionType,
  type OutsideMsgPush,
} from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db, Exec, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { isChatManager, isRoomBj, isRoomBlocked, publishRoomEvent } from '../chat/index.js';
import type { LiveRoom, LiveRooms } from '../live/index.js';
import { applyInTx, type LedgerService } from '../wallet/index.js';

/** The member acting, as the session knows them. */
export interface MissionActor {
  userKey: number;
  id: string;
  nick: string;
  role: AccountRole;
}

type Ledger = Pick<LedgerService, 'resolve' | 'rewardSplit'>;

const when = (d: Date | string) => (d instanceof Date ? d : new Date(d));
const iso = (d: Date | string | null) => (d === null ? null : when(d).toISOString());

interface Row extends Record<string, unknown> {
  mission_sn: number;
  vod_key: string;
  bj_user_key: number;
  mission_type: MissionType;
  title: string;
  state: MissionState;
  requester_user_key: number | null;
  requester_nick: string | null;
  lose_rule: MissionLoseRule;
  duration_sec: number | null;
  started_at: Date | null;
  ends_at: Date | null;
  winner_side: number | null;
  total_star: number;
  pledge_cnt: number;
  paid_star: number;
  platform_star: number;
  refunded_star: number;
  cancel_reason: MissionCancelReason | null;
  created_at: Date;
  settled_at: Date | null;
  sides: MissionSide[];
  my_star: number;
}

/** A mission's columns with its requester's nick, sides and the viewer's own pledges (`viewer` 0: none). */
const selectMission = (viewer: number) => sql`
  select m.mission_sn::float8 as mission_sn, m.vod_key, m.bj_user_key::float8 as bj_user_key, m.mission_type, m.title,
         m.state, m.requester_user_key::float8 as requester_user_key, ru.nick as requester_nick, m.lose_rule,
         m.duration_sec, m.started_at, m.ends_at, m.winner_side, m.total_star::float8 as total_star, m.pledge_cnt,
         m.paid_star::float8 as paid_star, m.platform_star::float8 as platform_star,
         m.refunded_star::float8 as refunded_star, m.cancel_reason, m.created_at, m.settled_at,
         coalesce((select json_agg(json_build_object('side_no', s.side_no, 'label', s.label, 'total_star', s.total_star,
                                                     'pledge_cnt', s.pledge_cnt) order by s.side_no)
                     from mission_side s where s.mission_sn = m.mission_sn), '[]'::json) as sides,
         coalesce((select sum(p.star_cnt) from mission_pledge p
                    where p.mission_sn = m.mission_sn and p.user_key = ${viewer}), 0)::float8 as my_star
    from mission m left join users ru on ru.user_key = m.requester_user_key`;

function infoOf(r: Row): MissionInfo {
  return {
    mission_sn: r.mission_sn,
    vod_key: r.vod_key,
    bj_user_key: r.bj_user_key,
    mission_type: r.mission_type,
    title: r.title,
    state: r.state,
    total_star: r.total_star,
    pledge_cnt: r.pledge_cnt,
    requester: r.requester_user_key === null ? null : { user_key: r.requester_user_key, nick: r.requester_nick ?? '' },
    sides: r.sides.map((s) => ({ ...s, total_star: Number(s.total_star), pledge_cnt: Number(s.pledge_cnt) })),
    lose_rule: r.lose_rule,
    winner_side: r.winner_side,
    duration_sec: r.duration_sec,
    created_at: when(r.created_at).toISOString(),
    started_at: iso(r.started_at),
    ends_at: iso(r.ends_at),
    expires_at: r.state === 'pending' ? new Date(when(r.created_at).getTime() + MISSION_LIMITS.pendingTtlMs).toISOString() : null,
    settled_at: iso(r.settled_at),
    cancel_reason: r.cancel_reason,
    paid_star: r.paid_star,
    platform_star: r.platform_star,
    refunded_star: r.refunded_star,
    my_star: r.my_star,
  };
}

/** A battle's side labels from the form's one-per-line text, or MISSION_SIDES_INVALID. */
export function parseSides(raw: string | undefined): string[] {
  const labels = (raw ?? '')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const ok =
    labels.length >= MISSION_LIMITS.sidesMin &&
    labels.length <= MISSION_LIMITS.sidesMax &&
    labels.every((l) => [...l].length <= MISSION_LIMITS.sideLabelMax) &&
    new Set(labels).size === labels.length;
  if (!ok)
    throw new AppError('MISSION_SIDES_INVALID', {
      min: MISSION_LIMITS.sidesMin,
      max: MISSION_LIMITS.sidesMax,
      len: MISSION_LIMITS.sideLabelMax,
    });
  return labels;
}

/** A pledge's amount: a whole number of STAR, at least `min`. */
function pledgeAmount(raw: string | undefined, min: number): number {
  const checked = checkAmount(raw ?? '', { min, max: MISSION_LIMITS.pledgeMax }, 'star_cnt');
  if (checked.ok) return checked.value;
  throw checked.code === 'WALLET_AMOUNT_TOO_SMALL'
    ? new AppError('MISSION_PLEDGE_MIN', { min })
    : new AppError(checked.code, checked.params);
}

/** Thrown inside a pledge's transaction when the ledger answers an earlier call's posting: rolls it back. */
class Replayed extends Error {
  /** `balance`: the payer's balance the first call answered (the ledger's replay carries it). */
  constructor(
    readonly txnId: number,
    readonly balance: number,
  ) {
    super('replayed');
  }
}

/** How a settlement ends a mission. */
type Outcome =
  | { state: 'success' }
  | { state: 'fail' }
  | { state: 'settled'; winner: number }
  | { state: 'cancelled'; reason: MissionCancelReason; by: number | null };

const eventOf = (o: Outcome): MissionEventCode =>
  o.state === 'success'
    ? MissionEvent.SUCCESS
    : o.state === 'fail'
      ? MissionEvent.FAIL
      : o.state === 'settled'
        ? MissionEvent.SETTLE
        : MissionEvent.CANCEL;

/**
 * Missions in the live room (docs/missions.md): challenge and battle missions with STAR pledges held in the
 * BJ's escrow account of the ledger.
 *
 * - A pledge is one database transaction: the mission row is updated first (its totals; the update also
 *   checks the mission is still open and locks it), then the ledger posting (member's wallet → the BJ's
 *   escrow, idempotent by the caller's key), then the pledge row. A settlement locks the same row first, so
 *   it sees every committed pledge and no pledge commits into a settled mission.
 * - A settlement is one database transaction: the mission's new state and at most two ledger postings (the
 *   payout escrow → the BJ's earnings and the platform's revenue at the reward rate; the refund escrow →
 *   each member's wallet), keyed `mission:{sn}:pay` / `mission:{sn}:refund`, so a crash leaves it either
 *   done or not begun, and a retry can never pay twice.
 */
export class MissionService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly bus: Bus,
    private readonly rooms: LiveRooms,
    private readonly log?: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  // ---- reads -------------------------------------------------------------------------------------

  async list(viewer: MissionActor | null, vodKey: string): Promise<{ list: MissionInfo[]; total: number; extra: MissionListExtra }> {
    const room = await this.rooms.get(vodKey);
    if (!room) throw new AppError('BROADCAST_NOT_FOUND');
    const { rows } = await this.db.execute<Row>(
      sql`${selectMission(viewer?.userKey ?? 0)} where m.vod_key = ${vodKey}
          order by (m.state in ('pending', 'running')) desc, m.mission_sn desc limit 50`,
    );
    const [pledgeMin, canManage] = await Promise.all([this.pledgeMin(room.bjUserKey), viewer ? this.canManage(viewer, room) : false]);
    const extra: MissionListExtra = { vod_key: vodKey, pledge_min: pledgeMin, can_manage: canManage };
    return { list: rows.map(infoOf), total: rows.length, extra };
  }

  async info(viewer: MissionActor | null, missionSn: number | undefined): Promise<MissionDetail> {
    const r = await this.row(this.db, requireSn(missionSn), viewer?.userKey ?? 0);
    return { mission: infoOf(r), contributors: await contributorsOf(this.db, r.mission_sn) };
  }

  /** The BJ's smallest pledge (MISSION_LIMITS.pledgeMinDefault unless set). */
  async pledgeMin(bjUserKey: number, db: Exec = this.db): Promise<number> {
    const { rows } = await db.execute<{ pledge_min: number }>(sql`select pledge_min from mission_setting where bj_user_key = ${bjUserKey}`);
    return rows[0]?.pledge_min ?? MISSION_LIMITS.pledgeMinDefault;
  }

  // ---- a viewer's request, the BJ's missions, pledges ------------------------------------------------

  async create(actor: MissionActor, req: MissionCreateReq, key: string | null): Promise<MissionDetail> {
    const room = await this.openRoom(req.vod_key);
    const manager = await this.canManage(actor, room);
    if (req.mission_type === 'battle' && !manager) throw new AppError('MISSION_MANAGERS_ONLY');
    const sides = req.mission_type === 'battle' ? parseSides(req.sides) : [];
    let amount = 0;
    if (!manager) {
      if (await isRoomBlocked(this.db, room.bjUserKey, actor.userKey)) throw new AppError('MISSION_ROOM_BLOCKED');
      await this.requireMayRequest(actor.userKey, room.bjUserKey);
      amount = pledgeAmount(req.star_cnt, await this.pledgeMin(room.bjUserKey));
      if (!key) throw new AppError('REQUIRED', { field: 'idempotency_key' });
    } else if (req.mission_type === 'challenge' && req.star_cnt && req.star_cnt !== '0' && !isRoomBj(room, actor.userKey)) {
      // A manager's own challenge may carry a pledge of theirs; the BJ's never does (MISSION_SELF).
      amount = pledgeAmount(req.star_cnt, 1);
      if (!key) throw new AppError('REQUIRED', { field: 'idempotency_key' });
    }
    const open = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mission where vod_key = ${req.vod_key} and state in ('pending', 'running')`,
    );
    if ((open.rows[0]?.n ?? 0) >= MISSION_LIMITS.openMax) throw new AppError('MISSION_TOO_MANY', { max: MISSION_LIMITS.openMax });
    const accounts = amount > 0 ? await this.pledgeAccounts(actor.userKey, room.bjUserKey) : null;
    let sn: number;
    try {
      sn = await this.db.transaction(async (tx) => {
        // Counted again under the room's lock: two requests at once never make the 21st open mission.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mission-open:${req.vod_key}`}))`);
        const now = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from mission where vod_key = ${req.vod_key} and state in ('pending', 'running')`,
        );
        if ((now.rows[0]?.n ?? 0) >= MISSION_LIMITS.openMax) throw new AppError('MISSION_TOO_MANY', { max: MISSION_LIMITS.openMax });
        const inserted = await tx.execute<{ mission_sn: number }>(sql`
          insert into mission (vod_key, bj_user_key, mission_type, title, requester_user_key, created_by, lose_rule,
                               total_star, pledge_cnt)
          values (${req.vod_key}, ${room.bjUserKey}, ${req.mission_type}, ${req.title}, ${manager ? null : actor.userKey},
                  ${actor.userKey}, ${req.lose_rule}, ${amount}, ${amount > 0 ? 1 : 0})
          returning mission_sn::float8 as mission_sn`);
        const missionSn = inserted.rows[0]?.mission_sn;
        if (missionSn === undefined) throw new Error('mission insert returned nothing');
        for (const [i, label] of sides.entries()) {
          await tx.execute(sql`insert into mission_side (mission_sn, side_no, label) values (${missionSn}, ${i + 1}, ${label})`);
        }
        if (accounts && key) await this.postPledge(tx, actor.userKey, missionSn, 0, amount, key, accounts);
        return missionSn;
      });
    } catch (err) {
      // The same request again (its key): the mission its first call created.
      if (err instanceof Replayed) return this.replayAnswer(actor, err.txnId);
      throw err;
    }
    const detail = await this.info(actor, sn);
    this.announce(room.vodKey, MissionEvent.REQUEST, detail, actor, room, { star_cnt: amount });
    return detail;
  }

  async add(
    actor: MissionActor,
    req: { mission_sn?: number | undefined; star_cnt: string; side_no: number },
    key: string,
  ): Promise<MissionDetail & { balance: number }> {
    const sn = requireSn(req.mission_sn);
    const m = await this.row(this.db, sn, actor.userKey);
    if (!MISSION_OPEN_STATES.includes(m.state)) throw new AppError('MISSION_CLOSED');
    const room = await this.openRoom(m.vod_key);
    if (isRoomBj(room, actor.userKey)) throw new AppError('MISSION_SELF');
    if (await isRoomBlocked(this.db, room.bjUserKey, actor.userKey)) throw new AppError('MISSION_ROOM_BLOCKED');
    const side = m.mission_type === 'battle' ? req.side_no : 0;
    if (m.mission_type === 'battle' && !m.sides.some((s) => s.side_no === side)) throw new AppError('MISSION_SIDE_REQUIRED');
    const amount = pledgeAmount(req.star_cnt, 1);
    const accounts = await this.pledgeAccounts(actor.userKey, room.bjUserKey);
    let balance: number;
    try {
      balance = await this.db.transaction(async (tx) => {
        const updated = await tx.execute(sql`
          update mission set total_star = total_star + ${amount}, pledge_cnt = pledge_cnt + 1
           where mission_sn = ${sn} and state in ('pending', 'running')`);
        if (updated.rowCount === 0) throw new AppError('MISSION_CLOSED');
        if (side > 0) {
          await tx.execute(sql`
            update mission_side set total_star = total_star + ${amount}, pledge_cnt = pledge_cnt + 1
             where mission_sn = ${sn} and side_no = ${side}`);
        }
        return this.postPledge(tx, actor.userKey, sn, side, amount, key, accounts);
      });
    } catch (err) {
      if (err instanceof Replayed) return { ...(await this.replayAnswer(actor, err.txnId)), balance: err.balance };
      throw err;
    }
    const detail = await this.info(actor, sn);
    this.announce(room.vodKey, MissionEvent.ADD, detail, actor, room, { star_cnt: amount, side_no: side });
    return { ...detail, balance };
  }

  // ---- the BJ's steps ------------------------------------------------------------------------------

  async start(actor: MissionActor, missionSn: number | undefined, durationSec: number): Promise<MissionDetail> {
    const sn = requireSn(missionSn);
    const m = await this.row(this.db, sn, actor.userKey);
    const room = await this.managedRoom(actor, m);
    const updated = await this.db.execute(sql`
      update mission set state = 'running', started_at = now(), duration_sec = ${durationSec},
                         ends_at = now() + make_interval(secs => ${durationSec})
       where mission_sn = ${sn} and state = 'pending'`);
    if (updated.rowCount === 0) throw new AppError(MISSION_OPEN_STATES.includes(m.state) ? 'MISSION_STATE' : 'MISSION_CLOSED');
    const detail = await this.info(actor, sn);
    this.announce(room.vodKey, MissionEvent.START, detail, actor, room);
    return detail;
  }

  async result(actor: MissionActor, req: MissionResultReq): Promise<MissionDetail> {
    const sn = requireSn(req.mission_sn);
    const m = await this.row(this.db, sn, actor.userKey);
    const room = await this.managedRoom(actor, m, false);
    let outcome: Outcome;
    if (m.mission_type === 'challenge') {
      if (req.result !== 'success' && req.result !== 'fail') throw new AppError('INVALID_INPUT', { field: 'result' });
      outcome = { state: req.result };
    } else {
      if (req.result !== 'win' && req.result !== 'draw') throw new AppError('INVALID_INPUT', { field: 'result' });
      if (req.result === 'win' && !m.sides.some((s) => s.side_no === req.side_no)) throw new AppError('MISSION_SIDE_REQUIRED');
      outcome = { state: 'settled', winner: req.result === 'win' ? req.side_no : 0 };
    }
    // The same verdict again (a double click, a retry after a lost answer) answers the settled mission.
    if (sameOutcome(m, outcome)) return this.info(actor, sn);
    // A challenge is judged once it started; a battle may be decided at any time while open.
    const allowed: MissionState[] = m.mission_type === 'challenge' ? ['running'] : ['pending', 'running'];
    if (!allowed.includes(m.state)) throw new AppError(MISSION_OPEN_STATES.includes(m.state) ? 'MISSION_STATE' : 'MISSION_CLOSED');
    const settled = await this.settle(sn, m.bj_user_key, outcome, allowed);
    if (!settled) {
      const now = await this.row(this.db, sn, actor.userKey);
      if (sameOutcome(now, outcome)) return this.info(actor, sn);
      throw new AppError('MISSION_CLOSED');
    }
    return this.announceSettled(room.vodKey, sn, outcome, actor, room);
  }

  async cancel(actor: MissionActor, missionSn: number | undefined): Promise<MissionDetail> {
    const sn = requireSn(missionSn);
    const m = await this.row(this.db, sn, actor.userKey);
    const room = await this.managedRoom(actor, m, false);
    if (m.state === 'cancelled') return this.info(actor, sn);
    if (!MISSION_OPEN_STATES.includes(m.state)) throw new AppError('MISSION_CLOSED');
    const outcome: Outcome = { state: 'cancelled', reason: 'bj', by: actor.userKey };
    if (!(await this.settle(sn, m.bj_user_key, outcome, [...MISSION_OPEN_STATES]))) {
      const now = await this.row(this.db, sn, actor.userKey);
      if (now.state === 'cancelled') return this.info(actor, sn);
      throw new AppError('MISSION_CLOSED');
    }
    return this.announceSettled(room.vodKey, sn, outcome, actor, room);
  }

  async setPledgeMin(actor: MissionActor, pledgeMin: number): Promise<{ pledge_min: number }> {
    if (actor.role !== 'bj') throw new AppError('MISSION_MANAGERS_ONLY');
    await this.db.execute(sql`
      insert into mission_setting (bj_user_key, pledge_min) values (${actor.userKey}, ${pledgeMin})
      on conflict (bj_user_key) do update set pledge_min = excluded.pledge_min, updated_at = now()`);
    return { pledge_min: pledgeMin };
  }

  // ---- time-outs -----------------------------------------------------------------------------------

  /**
   * Ends what nobody ends (every few seconds, in every process; each mission is settled once whoever gets
   * its lock first): pending missions after an hour (timeout), running ones an hour after their timer
   * without a verdict (overdue), and open missions of a broadcast that ended (ended). Every pledge returns.
   */
  async sweep(limit = 100): Promise<{ cancelled: number }> {
    const { rows } = await this.db.execute<
      { mission_sn: number; bj_user_key: number; vod_key: string; reason: MissionCancelReason } & Record<string, unknown>
    >(sql`
      select m.mission_sn::float8 as mission_sn, m.bj_user_key::float8 as bj_user_key, m.vod_key,
             case when b.state = 'ended' then 'ended'
                  when m.state = 'pending' and m.created_at <= now() - make_interval(secs => ${MISSION_LIMITS.pendingTtlMs / 1000}) then 'timeout'
                  else 'overdue' end as reason
        from mission m join broadcast b on b.vod_key = m.vod_key
       where m.state in ('pending', 'running')
         and (b.state = 'ended'
              or (m.state = 'pending' and m.created_at <= now() - make_interval(secs => ${MISSION_LIMITS.pendingTtlMs / 1000}))
              or (m.state = 'running' and m.ends_at <= now() - make_interval(secs => ${MISSION_LIMITS.verdictGraceMs / 1000})))
       order by m.mission_sn limit ${limit}`);
    let cancelled = 0;
    for (const r of rows) {
      const outcome: Outcome = { state: 'cancelled', reason: r.reason, by: null };
      if (!(await this.settle(r.mission_sn, r.bj_user_key, outcome, [...MISSION_OPEN_STATES]))) continue;
      cancelled += 1;
      const detail = await this.info(null, r.mission_sn);
      this.publish(r.vod_key, eventOf(outcome), detail, undefined, detail.contributors);
    }
    return { cancelled };
  }

  // ---- internals -------------------------------------------------------------------------------------

  /**
   * Settles mission `sn` if it is still in one of `from` states: its new state and its ledger postings in one
   * transaction. Answers false when another call settled it first.
   */
  async settle(sn: number, bjUserKey: number, outcome: Outcome, from: MissionState[]): Promise<boolean> {
    // Accounts resolved before the transaction (created if missing), so it holds no lock while they are.
    const [escrow, earnings, revenue] = await this.ledger.resolve([
      { kind: 'escrow', userKey: bjUserKey, currency: 'STAR' },
      { kind: 'earnings', userKey: bjUserKey, currency: 'STAR' },
      { kind: 'revenue', currency: 'STAR' },
    ] as const);
    return this.db.transaction(async (tx) => {
      const locked = await tx.execute<{
        mission_type: MissionType;
        lose_rule: MissionLoseRule;
        state: MissionState;
        total_star: number;
      }>(sql`
        select mission_type, lose_rule, state, total_star::float8 as total_star from mission where mission_sn = ${sn} for update`);
      const m = locked.rows[0];
      if (!m || !from.includes(m.state)) return false;
      // Pledges committed before the lock was taken are all there now (a pledge updates this row first).
      const rows = await tx.execute<{ user_key: number; side_no: number; star: number } & Record<string, unknown>>(sql`
        select user_key::float8 as user_key, side_no, sum(star_cnt)::float8 as star
          from mission_pledge where mission_sn = ${sn} group by user_key, side_no`);
      const paying = (p: { side_no: number }) =>
        outcome.state === 'success' ||
        (outcome.state === 'settled' && outcome.winner > 0 && (p.side_no === outcome.winner || m.lose_rule === 'pay'));
      let payTotal = 0;
      const refunds = new Map<number, number>();
      for (const p of rows.rows) {
        if (paying(p)) payTotal += p.star;
        else refunds.set(p.user_key, (refunds.get(p.user_key) ?? 0) + p.star);
      }
      const refundTotal = [...refunds.values()].reduce((a, b) => a + b, 0);
      if (payTotal + refundTotal !== m.total_star)
        throw new Error(`mission ${sn}: pledges ${payTotal + refundTotal} ≠ total ${m.total_star}`);
      const txnIds: number[] = [];
      let split = { bj: 0, platform: 0 };
      if (payTotal > 0) {
        split = await this.ledger.rewardSplit(payTotal);
        const credits = [
          { account: earnings.accountId, amount: split.bj },
          { account: revenue.accountId, amount: split.platform },
        ].filter((c) => c.amount > 0);
        txnIds.push(await postFromEscrow(tx, sn, 'pay', 'mission', escrow.accountId, payTotal, credits));
      }
      if (refundTotal > 0) {
        // Every pledger paid from their STAR wallet, so it exists.
        const found = await tx.execute<{ user_key: number; account_id: number }>(sql`
          select user_key::float8 as user_key, account_id::float8 as account_id from wallet_account
           where user_key = any(${sql.param([...refunds.keys()])}::bigint[]) and kind = 'wallet' and currency = 'STAR'`);
        const wallets = new Map(found.rows.map((r) => [r.user_key, r.account_id]));
        const credits = [...refunds.entries()].map(([userKey, amount]) => {
          const account = wallets.get(userKey);
          if (account === undefined) throw new Error(`mission ${sn}: no wallet for member ${userKey}`);
          return { account, amount };
        });
        txnIds.push(await postFromEscrow(tx, sn, 'refund', 'refund', escrow.accountId, refundTotal, credits));
      }
      const winner = outcome.state === 'settled' ? outcome.winner : null;
      const reason = outcome.state === 'cancelled' ? outcome.reason : null;
      const by = outcome.state === 'cancelled' ? outcome.by : null;
      await tx.execute(sql`
        update mission set state = ${outcome.state}, winner_side = ${winner}, cancel_reason = ${reason}, cancelled_by = ${by},
                           paid_star = ${split.bj}, platform_star = ${split.platform}, refunded_star = ${refundTotal},
                           settle_txn_ids = ${sql.param(txnIds)}::bigint[], settled_at = now()
         where mission_sn = ${sn}`);
      return true;
    });
  }

  private async postPledge(
    tx: Tx,
    userKey: number,
    missionSn: number,
    side: number,
    amount: number,
    key: string,
    accounts: { wallet: number; escrow: number },
  ): Promise<number> {
    const [applied] = await applyInTx(tx, [
      {
        actor: userKey,
        key,
        fingerprint: `mission:${accounts.wallet}:${accounts.escrow}:STAR:${amount}:${side}`,
        kind: 'mission',
        currency: 'STAR',
        from: accounts.wallet,
        fromSystem: false,
        amount,
        meta: { mission_sn: missionSn, side_no: side },
        credits: [{ account: accounts.escrow, amount }],
      },
    ]);
    if (!applied) throw new Error('wallet_apply answered nothing');
    if (applied.outcome === 'reused') throw new AppError('WALLET_KEY_REUSED');
    if (applied.outcome === 'replay') throw new Replayed(applied.txnId, applied.payerBalance);
    if (applied.state === 'refused') throw new AppError('WALLET_INSUFFICIENT', { currency: 'STAR', balance: applied.payerBalance });
    await tx.execute(sql`
      insert into mission_pledge (mission_sn, user_key, side_no, star_cnt, txn_id)
      values (${missionSn}, ${userKey}, ${side}, ${amount}, ${applied.txnId})`);
    return applied.payerBalance;
  }

  private async pledgeAccounts(userKey: number, bjUserKey: number): Promise<{ wallet: number; escrow: number }> {
    const [wallet, escrow] = await this.ledger.resolve([
      { kind: 'wallet', userKey, currency: 'STAR' },
      { kind: 'escrow', userKey: bjUserKey, currency: 'STAR' },
    ]);
    return { wallet: wallet.accountId, escrow: escrow.accountId };
  }

  /** The mission of an earlier call's pledge (its ledger transaction), as a replay answers it. */
  private async replayAnswer(actor: MissionActor, txnId: number): Promise<MissionDetail> {
    const { rows } = await this.db.execute<{ mission_sn: number }>(
      sql`select mission_sn::float8 as mission_sn from mission_pledge where txn_id = ${txnId}`,
    );
    const sn = rows[0]?.mission_sn;
    // The key paid for something other than a mission pledge.
    if (sn === undefined) throw new AppError('WALLET_KEY_REUSED');
    return this.info(actor, sn);
  }

  /** A viewer's request is refused for 5 minutes after a BJ cancelled one, and for a day after five in a day. */
  private async requireMayRequest(userKey: number, bjUserKey: number): Promise<void> {
    const { rows } = await this.db.execute<{ n: number; last_here: Date | null }>(sql`
      select count(*)::int as n,
             max(settled_at) filter (where bj_user_key = ${bjUserKey}) as last_here
        from mission
       where requester_user_key = ${userKey} and cancel_reason = 'bj'
         and settled_at > now() - make_interval(secs => ${MISSION_LIMITS.cancelBlockWindowMs / 1000})`);
    const r = rows[0];
    if (!r) return;
    if (r.n >= MISSION_LIMITS.cancelBlockCount) throw new AppError('MISSION_BLOCKED');
    if (r.last_here) {
      const left = when(r.last_here).getTime() + MISSION_LIMITS.cancelCooldownMs - Date.now();
      if (left > 0) throw new AppError('MISSION_COOLDOWN', { minutes: Math.ceil(left / 60_000) });
    }
  }

  private async openRoom(vodKey: string): Promise<LiveRoom> {
    const room = await this.rooms.get(vodKey);
    if (!room) throw new AppError('BROADCAST_NOT_FOUND');
    if (room.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    if (room.state !== 'live') throw new AppError('BROADCAST_ENDED');
    return room;
  }

  /** The mission's room when the actor runs it (its BJ, a manager, an operator), else MISSION_MANAGERS_ONLY. */
  private async managedRoom(actor: MissionActor, m: Row, live = true): Promise<LiveRoom> {
    const room = live ? await this.openRoom(m.vod_key) : await this.rooms.get(m.vod_key);
    if (!room) throw new AppError('BROADCAST_NOT_FOUND');
    if (!(await this.canManage(actor, room))) throw new AppError('MISSION_MANAGERS_ONLY');
    return room;
  }

  private async canManage(actor: MissionActor, room: LiveRoom): Promise<boolean> {
    if (isRoomBj(room, actor.userKey) || actor.role === 'operator' || actor.role === 'gm') return true;
    return isChatManager(this.db, room.bjUserKey, actor.userKey);
  }

  private async row(db: Exec, sn: number, viewer: number): Promise<Row> {
    const { rows } = await db.execute<Row>(sql`${selectMission(viewer)} where m.mission_sn = ${sn}`);
    const r = rows[0];
    if (!r) throw new AppError('MISSION_NOT_FOUND');
    return r;
  }

  private async announceSettled(vodKey: string, sn: number, outcome: Outcome, actor: MissionActor, room: LiveRoom): Promise<MissionDetail> {
    const detail = await this.info(actor, sn);
    this.announce(vodKey, eventOf(outcome), detail, actor, room, {}, detail.contributors);
    return detail;
  }

  private announce(
    vodKey: string,
    code: MissionEventCode,
    detail: MissionDetail,
    actor: MissionActor,
    room: LiveRoom,
    extra: { star_cnt?: number; side_no?: number } = {},
    contributors?: MissionContributor[],
  ): void {
    const by: ChatUserInfo = {
      user_key: actor.userKey,
      id: actor.id,
      nick: actor.nick,
      is_bj: isRoomBj(room, actor.userKey) ? 1 : 0,
      is_manager: 0,
      is_operator: actor.role === 'operator' || actor.role === 'gm' ? 1 : 0,
      is_guest: 0,
    };
    this.publish(vodKey, code, detail, by, contributors, extra);
  }

  private publish(
    vodKey: string,
    code: MissionEventCode,
    detail: MissionDetail,
    by: ChatUserInfo | undefined,
    contributors?: MissionContributor[],
    extra: { star_cnt?: number; side_no?: number } = {},
  ): void {
    // The caller's own pledge total is not the room's business.
    const mission = { ...detail.mission, my_star: 0 };
    const push: OutsideMsgPush = {
      code,
      ts: Date.now(),
      ...(by ? { by } : {}),
      m: mission.title,
      data: { mission, ...extra, ...(contributors ? { contributors } : {}) },
    };
    publishRoomEvent(this.bus, vodKey, push).catch((err: unknown) =>
      this.log?.error({ err, vod_key: vodKey, mission_sn: mission.mission_sn }, 'mission event not published'),
    );
  }
}

function requireSn(sn: number | undefined): number {
  if (sn === undefined) throw new AppError('MISSION_SELECT_REQUIRED');
  return sn;
}

function sameOutcome(m: Pick<Row, 'state' | 'winner_side'>, o: Outcome): boolean {
  if (m.state !== o.state) return false;
  return o.state !== 'settled' || m.winner_side === o.winner;
}

async function contributorsOf(db: Exec, sn: number): Promise<MissionContributor[]> {
  const { rows } = await db.execute<MissionContributor & Record<string, unknown>>(sql`
    select p.user_key::float8 as user_key, u.nick, sum(p.star_cnt)::float8 as star_cnt, p.side_no
      from mission_pledge p join users u on u.user_key = p.user_key
     where p.mission_sn = ${sn}
     group by p.user_key, u.nick, p.side_no
     order by sum(p.star_cnt) desc, min(p.pledge_sn)
     limit ${MISSION_LIMITS.settleTop}`);
  return rows;
}

/** One settlement posting out of a BJ's escrow, keyed by the mission so it can happen once. */
async function postFromEscrow(
  tx: Tx,
  sn: number,
  what: 'pay' | 'refund',
  kind: 'mission' | 'refund',
  escrow: number,
  amount: number,
  credits: Array<{ account: number; amount: number }>,
): Promise<number> {
  const [applied] = await applyInTx(tx, [
    {
      actor: 0,
      key: `mission:${sn}:${what}`,
      fingerprint: `mission:${sn}:${what}:${amount}`,
      kind,
      currency: 'STAR',
      from: escrow,
      fromSystem: false,
      amount,
      meta: { mission_sn: sn },
      credits,
    },
  ]);
  if (applied?.outcome !== 'new' || applied.state !== 'done')
    throw new Error(`mission ${sn}: the ${what} posting was ${applied ? `${applied.outcome}/${applied.state}` : 'not answered'}`);
  return applied.txnId;
}
