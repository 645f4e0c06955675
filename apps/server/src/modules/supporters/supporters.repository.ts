import {
  type AdminSupporterPlan,
  SUPPORTER_LIMITS,
  type Supporter,
  type SupporterBj,
  type SupporterCharge,
  type SupporterChargeState,
  type SupporterPlan,
  type SupporterState,
  type SupporterType,
} from '@byeol/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

// ---- plans ---------------------------------------------------------------------------------------------

export interface PlanRow {
  plan_sn: number;
  price: number;
  on_sale: boolean;
  sort: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const PLAN_COLUMNS = sql.raw('plan_sn, price, on_sale, sort, created_at, updated_at');

export const toPlan = (r: PlanRow): SupporterPlan => ({ plan_sn: r.plan_sn, price: r.price });

export function toAdminPlan(r: PlanRow): AdminSupporterPlan {
  return {
    plan_sn: r.plan_sn,
    price: r.price,
    on_sale_yn: r.on_sale ? 'Y' : 'N',
    sort: r.sort,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function findPlan(db: Exec, planSn: number, lock = false): Promise<PlanRow | undefined> {
  const { rows } = await db.execute<PlanRow & Record<string, unknown>>(
    sql`select ${PLAN_COLUMNS} from supporter_plan where plan_sn = ${planSn}${lock ? sql` for update` : sql``}`,
  );
  return rows[0];
}

export async function listPlans(db: Exec, q: { onSaleOnly: boolean; offset: number; limit: number }) {
  const { rows } = await db.execute<PlanRow & { total: number } & Record<string, unknown>>(
    sql`select ${PLAN_COLUMNS}, count(*) over ()::int as total from supporter_plan
        where ${q.onSaleOnly ? sql`on_sale` : sql`true`} order by sort, price, plan_sn offset ${q.offset} limit ${q.limit}`,
  );
  return { rows: rows as PlanRow[], total: rows[0]?.total ?? 0 };
}

export async function savePlan(
  db: Exec,
  planSn: number | undefined,
  v: { price: number; onSale: boolean; sort: number },
  isDemo = false,
): Promise<PlanRow | undefined> {
  const { rows } = await db.execute<PlanRow & Record<string, unknown>>(
    planSn === undefined
      ? sql`insert into supporter_plan (price, on_sale, sort, is_demo) values (${v.price}, ${v.onSale}, ${v.sort}, ${isDemo})
            returning ${PLAN_COLUMNS}`
      : sql`update supporter_plan set price = ${v.price}, on_sale = ${v.onSale}, sort = ${v.sort}, updated_at = now()
            where plan_sn = ${planSn} returning ${PLAN_COLUMNS}`,
  );
  return rows[0];
}

export async function writeAudit(
  db: Exec,
  a: { actor: number; action: 'plan_save'; planSn: number; before: Record<string, unknown> | null; after: Record<string, unknown> },
) {
  await db.execute(sql`
    insert into supporter_audit (actor_user_key, action, plan_sn, before, after)
    values (${a.actor}, ${a.action}, ${a.planSn}, ${a.before === null ? null : JSON.stringify(a.before)}::jsonb, ${JSON.stringify(a.after)}::jsonb)`);
}

// ---- broadcasters --------------------------------------------------------------------------------------

interface BjRow {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  live: boolean;
}

const toBj = (r: BjRow): SupporterBj => ({
  user_key: r.user_key,
  id: r.id,
  nick: r.nick,
  profile_image: r.profile_image,
  live_yn: r.live ? 'Y' : 'N',
});

/** Active broadcaster accounts by nick prefix (case ignored) or one by user_key, live ones first. */
export async function listBjs(
  db: Exec,
  q: { nick: string; userKey?: number | undefined; offset: number; limit: number },
): Promise<{ list: SupporterBj[]; total: number }> {
  const where: SQL[] = [sql`u.type_cd = 'bj'`, sql`u.state = 'active'`];
  if (q.userKey !== undefined) where.push(sql`u.user_key = ${q.userKey}`);
  const nick = q.nick.trim().slice(0, SUPPORTER_LIMITS.searchMax);
  if (nick !== '') where.push(sql`lower(u.nick) like ${`${nick.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const { rows } = await db.execute<BjRow & { total: number } & Record<string, unknown>>(sql`
    select u.user_key::float8 as user_key, u.id, u.nick, u.profile_image,
      exists (select 1 from broadcast b where b.bj_user_key = u.user_key and b.state = 'live') as live,
      count(*) over ()::int as total
    from users u where ${sql.join(where, sql` and `)}
    order by live desc, lower(u.nick), u.user_key offset ${q.offset} limit ${q.limit}`);
  return { list: rows.map(toBj), total: rows[0]?.total ?? 0 };
}

/** The vod_key of the BJ's live broadcast, if live now. */
export async function liveVodKey(db: Exec, bjUserKey: number): Promise<string | undefined> {
  const { rows } = await db.execute<{ vod_key: string }>(
    sql`select vod_key from broadcast where bj_user_key = ${bjUserKey} and state = 'live' limit 1`,
  );
  return rows[0]?.vod_key;
}

// ---- charges -------------------------------------------------------------------------------------------

export interface ChargeRow {
  charge_sn: number;
  order_no: string;
  user_key: number;
  bj_user_key: number;
  type: SupporterType;
  plan_sn: number;
  amount: number;
  state: SupporterChargeState;
  /** A pending checkout past SUPPORTER_LIMITS.checkoutMinutes reads as expired. */
  state_now: SupporterChargeState;
  idem_key: string;
  customer_key: string;
  supporter_sn: number | null;
  period_no: number;
  attempt: number;
  payment_key: string | null;
  card_label: string;
  period_from: Date | string | null;
  period_to: Date | string | null;
  fail_code: string;
  fail_msg: string;
  paid_at: Date | string | null;
  created_at: Date | string;
}

const CHARGE_COLUMNS = sql.raw(`c.charge_sn::float8 as charge_sn, c.order_no, c.user_key::float8 as user_key,
  c.bj_user_key::float8 as bj_user_key, c.type, c.plan_sn, c.amount, c.state,
  (case when c.state = 'pending' and c.created_at <= now() - make_interval(mins => ${SUPPORTER_LIMITS.checkoutMinutes})
    then 'expired' else c.state end) as state_now,
  c.idem_key, c.customer_key, c.supporter_sn::float8 as supporter_sn, c.period_no, c.attempt, c.payment_key, c.card_label,
  c.period_from, c.period_to, c.fail_code, c.fail_msg, c.paid_at, c.created_at`);

export function toCharge(r: ChargeRow & { bj_id: string; bj_nick: string }): SupporterCharge {
  return {
    charge_sn: r.charge_sn,
    order_id: r.order_no,
    type: r.type,
    state: r.state_now,
    bj: { user_key: r.bj_user_key, id: r.bj_id, nick: r.bj_nick },
    amount: r.amount,
    period_from: isoOrNull(r.period_from),
    period_to: isoOrNull(r.period_to),
    period_no: r.period_no,
    card_label: r.card_label,
    fail_msg: r.fail_msg,
    supporter_sn: r.supporter_sn,
    created_at: iso(r.created_at),
    paid_at: isoOrNull(r.paid_at),
  };
}

export async function findCharge(db: Exec, by: { sn: number } | { orderNo: string } | { userKey: number; idemKey: string }, lock = false) {
  const where =
    'sn' in by
      ? sql`c.charge_sn = ${by.sn}`
      : 'orderNo' in by
        ? sql`c.order_no = ${by.orderNo}`
        : sql`c.user_key = ${by.userKey} and c.idem_key = ${by.idemKey}`;
  const { rows } = await db.execute<ChargeRow & { bj_id: string; bj_nick: string } & Record<string, unknown>>(
    sql`select ${CHARGE_COLUMNS}, b.id as bj_id, b.nick as bj_nick from supporter_charge c join users b on b.user_key = c.bj_user_key
        where ${where}${lock ? sql` for update of c` : sql``}`,
  );
  return rows[0];
}

/** A checkout's pending charge ('S' + KST day + serial: the orderId the provider sees); undefined when the key raced in. */
export async function insertCheckoutCharge(
  db: Exec,
  c: { userKey: number; bjUserKey: number; type: SupporterType; planSn: number; amount: number; idemKey: string; customerKey: string },
): Promise<number | undefined> {
  const { rows } = await db.execute<{ sn: number }>(sql`
    with s as (select nextval(pg_get_serial_sequence('supporter_charge', 'charge_sn')) as sn)
    insert into supporter_charge (charge_sn, order_no, user_key, bj_user_key, type, plan_sn, amount, idem_key, customer_key)
    select s.sn, 'S' || to_char(now() at time zone 'Asia/Seoul', 'YYYYMMDD') || '-' || lpad(s.sn::text, 8, '0'),
      ${c.userKey}, ${c.bjUserKey}, ${c.type}, ${c.planSn}, ${c.amount}, ${c.idemKey}, ${c.customerKey}
    from s
    on conflict (user_key, idem_key) do nothing
    returning charge_sn::float8 as sn`);
  return rows[0]?.sn;
}

/** A monthly job charge (pending within the job's transaction until the provider answers). */
export async function insertJobCharge(
  db: Exec,
  c: { orderNo: string; sub: SupporterRow; periodNo: number; attempt: number; idemKey: string },
): Promise<number> {
  const { rows } = await db.execute<{ sn: number }>(sql`
    insert into supporter_charge (order_no, user_key, bj_user_key, type, plan_sn, amount, idem_key, customer_key, supporter_sn, period_no, attempt)
    values (${c.orderNo}, ${c.sub.user_key}, ${c.sub.bj_user_key}, 'auto', ${c.sub.plan_sn}, ${c.sub.price}, ${c.idemKey},
      ${c.sub.customer_key}, ${c.sub.supporter_sn}, ${c.periodNo}, ${c.attempt})
    returning charge_sn::float8 as sn`);
  return (rows[0] as { sn: number }).sn;
}

export async function markChargePaid(
  db: Exec,
  sn: number,
  p: {
    paymentKey: string;
    cardLabel: string;
    supporterSn: number;
    periodNo: number;
    from: Date | string;
    to: Date | string;
    provider: unknown;
  },
) {
  await db.execute(sql`
    update supporter_charge set state = 'paid', payment_key = ${p.paymentKey}, card_label = ${p.cardLabel},
      supporter_sn = ${p.supporterSn}, period_no = ${p.periodNo}, period_from = ${iso(p.from)}::timestamptz,
      period_to = ${iso(p.to)}::timestamptz, provider = ${JSON.stringify(p.provider)}::jsonb, paid_at = now()
    where charge_sn = ${sn}`);
}

export async function markChargeFailed(db: Exec, sn: number, f: { code: string; message: string }) {
  await db.execute(sql`
    update supporter_charge set state = 'failed', fail_code = ${f.code.slice(0, 100)}, fail_msg = ${f.message.slice(0, 300)}
    where charge_sn = ${sn}`);
}

/** The caller's paid and failed charges of one type, newest first (the details lists). */
export async function listCharges(
  db: Exec,
  q: { userKey: number; type: SupporterType; range?: { from: Date; to: Date } | undefined; offset: number; limit: number },
) {
  const where: SQL[] = [sql`c.user_key = ${q.userKey}`, sql`c.type = ${q.type}`, sql`c.state in ('paid', 'failed')`];
  if (q.range)
    where.push(sql`c.created_at >= ${q.range.from.toISOString()}::timestamptz and c.created_at < ${q.range.to.toISOString()}::timestamptz`);
  const { rows } = await db.execute<ChargeRow & { bj_id: string; bj_nick: string; total: number } & Record<string, unknown>>(sql`
    select ${CHARGE_COLUMNS}, b.id as bj_id, b.nick as bj_nick, count(*) over ()::int as total
    from supporter_charge c join users b on b.user_key = c.bj_user_key
    where ${sql.join(where, sql` and `)} order by c.created_at desc, c.charge_sn desc offset ${q.offset} limit ${q.limit}`);
  return { list: rows.map(toCharge), total: rows[0]?.total ?? 0 };
}

// ---- supports ------------------------------------------------------------------------------------------

export interface SupporterRow {
  supporter_sn: number;
  user_key: number;
  bj_user_key: number;
  type: SupporterType;
  plan_sn: number;
  price: number;
  state: 'active' | 'cancelled' | 'lapsed';
  periods: number;
  paid_until: Date | string | null;
  next_charge_at: Date | string | null;
  fail_cnt: number;
  billing_key: string | null;
  customer_key: string;
  card_label: string;
  created_at: Date | string;
}

const SUPPORTER_COLUMNS = sql.raw(`s.supporter_sn::float8 as supporter_sn, s.user_key::float8 as user_key,
  s.bj_user_key::float8 as bj_user_key, s.type, s.plan_sn, s.price, s.state, s.periods, s.paid_until, s.next_charge_at,
  s.fail_cnt, s.billing_key, s.customer_key, s.card_label, s.created_at`);

/** What a member sees of a support (never the billing key). */
export function toSupporter(
  r: SupporterRow & { bj_id: string; bj_nick: string; bj_profile_image: string; user_nick: string },
  now = Date.now(),
): Supporter {
  const paying = r.paid_until !== null && new Date(r.paid_until).getTime() > now;
  const state: SupporterState = r.state === 'active' ? (r.type === 'regular' && !paying ? 'ended' : 'active') : paying ? r.state : 'ended';
  return {
    supporter_sn: r.supporter_sn,
    type: r.type,
    state,
    bj: { user_key: r.bj_user_key, id: r.bj_id, nick: r.bj_nick, profile_image: r.bj_profile_image },
    user: { user_key: r.user_key, nick: r.user_nick },
    price: r.price,
    periods: r.periods,
    paid_until: isoOrNull(r.paid_until),
    next_charge_at: r.state === 'active' ? isoOrNull(r.next_charge_at) : null,
    fail_cnt: r.fail_cnt,
    card_label: r.card_label,
    created_at: iso(r.created_at),
  };
}

export async function findSupporter(db: Exec, sn: number, lock = false): Promise<SupporterRow | undefined> {
  const { rows } = await db.execute<SupporterRow & Record<string, unknown>>(
    sql`select ${SUPPORTER_COLUMNS} from supporter s where s.supporter_sn = ${sn}${lock ? sql` for update` : sql``}`,
  );
  return rows[0];
}

/** The member's one regular support of the BJ (locked), if any. */
export async function findRegular(db: Exec, userKey: number, bjUserKey: number): Promise<SupporterRow | undefined> {
  const { rows } = await db.execute<SupporterRow & Record<string, unknown>>(
    sql`select ${SUPPORTER_COLUMNS} from supporter s
        where s.user_key = ${userKey} and s.bj_user_key = ${bjUserKey} and s.type = 'regular' for update`,
  );
  return rows[0];
}

export async function hasActiveAuto(db: Exec, userKey: number, bjUserKey: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`select 1 from supporter where user_key = ${userKey} and bj_user_key = ${bjUserKey} and type = 'auto' and state = 'active'`,
  );
  return rows.length > 0;
}

/**
 * A regular support paid one more month: from the end of the paid time, or from now when it has passed.
 * Answers the support and the month paid.
 */
export async function extendRegular(
  db: Exec,
  c: { userKey: number; bjUserKey: number; planSn: number; price: number },
): Promise<{ sn: number; periods: number; from: Date; to: Date }> {
  const { rows } = await db.execute<{ sn: number; periods: number; from: Date; to: Date }>(sql`
    insert into supporter as s (user_key, bj_user_key, type, plan_sn, price, periods, paid_until)
    values (${c.userKey}, ${c.bjUserKey}, 'regular', ${c.planSn}, ${c.price}, 1, now() + interval '1 month')
    on conflict (user_key, bj_user_key) where type = 'regular' do update set
      plan_sn = excluded.plan_sn, price = excluded.price, periods = s.periods + 1, updated_at = now(),
      paid_until = greatest(s.paid_until, now()) + interval '1 month'
    returning s.supporter_sn::float8 as sn, s.periods, s.paid_until - interval '1 month' as "from", s.paid_until as "to"`);
  return rows[0] as { sn: number; periods: number; from: Date; to: Date };
}

/** A new auto-pay support whose first month is paid now; charged again when it ends. */
export async function insertAuto(
  db: Exec,
  c: { userKey: number; bjUserKey: number; planSn: number; price: number; billingKey: string; customerKey: string; cardLabel: string },
): Promise<{ sn: number; from: Date; to: Date }> {
  const { rows } = await db.execute<{ sn: number; from: Date; to: Date }>(sql`
    insert into supporter (user_key, bj_user_key, type, plan_sn, price, periods, paid_until, next_charge_at, billing_key, customer_key, card_label)
    values (${c.userKey}, ${c.bjUserKey}, 'auto', ${c.planSn}, ${c.price}, 1, now() + interval '1 month', now() + interval '1 month',
      ${c.billingKey}, ${c.customerKey}, ${c.cardLabel})
    returning supporter_sn::float8 as sn, paid_until - interval '1 month' as "from", paid_until as "to"`);
  return rows[0] as { sn: number; from: Date; to: Date };
}

/** The job paid the next month of an auto-pay support: it runs on from where the paid time ends (or now). */
export async function renewAuto(db: Exec, sn: number): Promise<{ periods: number; from: Date; to: Date }> {
  const { rows } = await db.execute<{ periods: number; from: Date; to: Date }>(sql`
    update supporter s set periods = periods + 1, fail_cnt = 0, updated_at = now(),
      paid_until = greatest(paid_until, now()) + interval '1 month',
      next_charge_at = greatest(paid_until, now()) + interval '1 month'
    where supporter_sn = ${sn}
    returning periods, paid_until - interval '1 month' as "from", paid_until as "to"`);
  return rows[0] as { periods: number; from: Date; to: Date };
}

/** A failed monthly charge: tried again in retryHours, or lapsed (key dropped) after retryMax retries. */
export async function failAuto(db: Exec, sn: number, now: Date): Promise<'retry' | 'lapsed'> {
  const { rows } = await db.execute<{ state: string }>(sql`
    update supporter set fail_cnt = fail_cnt + 1, updated_at = now(),
      state = case when fail_cnt + 1 > ${SUPPORTER_LIMITS.retryMax} then 'lapsed' else state end,
      billing_key = case when fail_cnt + 1 > ${SUPPORTER_LIMITS.retryMax} then null else billing_key end,
      next_charge_at = case when fail_cnt + 1 > ${SUPPORTER_LIMITS.retryMax} then null
        else ${now.toISOString()}::timestamptz + make_interval(hours => ${SUPPORTER_LIMITS.retryHours}) end
    where supporter_sn = ${sn} returning state`);
  return rows[0]?.state === 'lapsed' ? 'lapsed' : 'retry';
}

/** The provider did not answer a charge: its row goes (nothing is known charged) and the support waits until `until`. */
export async function deferCharge(db: Exec, chargeSn: number, supporterSn: number, until: Date) {
  await db.execute(sql`delete from supporter_charge where charge_sn = ${chargeSn}`);
  await db.execute(
    sql`update supporter set next_charge_at = ${until.toISOString()}::timestamptz, updated_at = now() where supporter_sn = ${supporterSn}`,
  );
}

export async function cancelAuto(db: Exec, sn: number) {
  await db.execute(sql`
    update supporter set state = 'cancelled', next_charge_at = null, billing_key = null, cancelled_at = now(), updated_at = now()
    where supporter_sn = ${sn}`);
}

/**
 * Supports as lists show them: the member's (`userKey`) or a BJ's supporters (`bjUserKey`), newest
 * first; `current` keeps only those supporting now.
 */
export async function listSupporters(
  db: Exec,
  q: { userKey?: number; bjUserKey?: number; current: boolean; offset: number; limit: number },
): Promise<{ list: Supporter[]; total: number }> {
  const where: SQL[] = [sql`s.periods > 0`];
  if (q.userKey !== undefined) where.push(sql`s.user_key = ${q.userKey}`);
  if (q.bjUserKey !== undefined) where.push(sql`s.bj_user_key = ${q.bjUserKey}`);
  if (q.current) where.push(sql`s.paid_until > now()`);
  const { rows } = await db.execute<
    SupporterRow & { bj_id: string; bj_nick: string; bj_profile_image: string; user_nick: string; total: number } & Record<string, unknown>
  >(sql`
    select ${SUPPORTER_COLUMNS}, b.id as bj_id, b.nick as bj_nick, b.profile_image as bj_profile_image, u.nick as user_nick,
      count(*) over ()::int as total
    from supporter s join users b on b.user_key = s.bj_user_key join users u on u.user_key = s.user_key
    where ${sql.join(where, sql` and `)}
    order by (s.paid_until > now()) desc, s.supporter_sn desc offset ${q.offset} limit ${q.limit}`);
  const now = Date.now();
  return { list: rows.map((r) => toSupporter(r, now)), total: rows[0]?.total ?? 0 };
}

export async function supporterView(db: Exec, sn: number): Promise<Supporter | undefined> {
  const { rows } = await db.execute<
    SupporterRow & { bj_id: string; bj_nick: string; bj_profile_image: string; user_nick: string } & Record<string, unknown>
  >(sql`
    select ${SUPPORTER_COLUMNS}, b.id as bj_id, b.nick as bj_nick, b.profile_image as bj_profile_image, u.nick as user_nick
    from supporter s join users b on b.user_key = s.bj_user_key join users u on u.user_key = s.user_key
    where s.supporter_sn = ${sn}`);
  return rows[0] ? toSupporter(rows[0]) : undefined;
}
