import type { AdminAuditListReq, AdminAuditSource, AdminOrderListReq } from '@byeol/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { ORDER_COLUMNS, type OrderRow, STATE_NOW } from '../payments/index.js';

/**
 * The console's reads over other modules' tables (payments, wallet, users): read-only SQL. Orders are
 * found here by the console's filters and shaped by the payments module's own mapping (`toAdminOrder`,
 * admin.service.ts), so an order looks the same in every operator call.
 */

/** `like` text matching `value` literally. */
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A member by login ID (exactly, case ignored) or by a part of the nickname. */
const memberMatches = (alias: string, value: string) =>
  sql`(lower(${sql.raw(alias)}.id) = lower(${value}) or ${sql.raw(alias)}.nick ilike ${likeText(value)})`;

export async function dashboardCounts(
  db: Db,
): Promise<{ pending: number; paid: number; price: number; reports: number; questions: number }> {
  const { rows } = await db.execute<{ pending: number; paid: number; price: number; reports: number; questions: number }>(sql`
    select
      (select count(*)::int from user_payment_log
         where state = 'pending' and method = 'bankbook' and deadline_at > now()) as pending,
      (select count(*)::int from cs_report where state <> 'complete') as reports,
      (select count(*)::int from cs_qna where state = 'waiting') as questions,
      count(*)::int as paid,
      coalesce(sum(price), 0)::float8 as price
    from user_payment_log
    where paid_at >= (date_trunc('day', now() at time zone 'Asia/Seoul') at time zone 'Asia/Seoul')`);
  return rows[0] ?? { pending: 0, paid: 0, price: 0, reports: 0, questions: 0 };
}

/**
 * One page of the orders matching the console's filters, newest first, with their owners' ID and nick and
 * the total: one query for the page.
 */
export async function findOrders(
  db: Db,
  q: AdminOrderListReq,
): Promise<{ rows: Array<OrderRow & { id: string; nick: string }>; total: number }> {
  const where: SQL[] = [sql`true`];
  if (q.order_no !== '') where.push(sql`o.order_no = ${q.order_no.toUpperCase()}`);
  if (q.member !== '') where.push(memberMatches('u', q.member));
  if (q.state !== '') where.push(sql`${STATE_NOW} = ${q.state}`);
  if (q.method !== '') where.push(sql`o.method = ${q.method}`);
  // KST days, both ends included.
  if (q.date_from !== '') where.push(sql`o.created_at >= (${q.date_from}::date::timestamp at time zone 'Asia/Seoul')`);
  if (q.date_to !== '') where.push(sql`o.created_at < ((${q.date_to}::date + 1)::timestamp at time zone 'Asia/Seoul')`);
  const { rows } = await db.execute<OrderRow & { id: string; nick: string; total: number } & Record<string, unknown>>(sql`
    select ${ORDER_COLUMNS}, u.id, u.nick, count(*) over ()::int as total
    from user_payment_log o join users u on u.user_key = o.user_key
    where ${sql.join(where, sql` and `)}
    order by o.user_payment_log_sn desc offset ${q.offset} limit ${q.limit}`);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function memberNames(db: Db, userKey: number): Promise<{ id: string; nick: string }> {
  const { rows } = await db.execute<{ id: string; nick: string }>(sql`select id, nick from users where user_key = ${userKey}`);
  return rows[0] ?? { id: '', nick: '' };
}

export interface AuditRow {
  source: AdminAuditSource;
  ref: string;
  action: string;
  actor_user_key: number;
  actor_id: string | null;
  actor_nick: string | null;
  order_sn: number | null;
  order_no: string | null;
  product_sn: number | null;
  item_sn: number | null;
  /** The item's Korean name now. */
  item_nm: string | null;
  member_key: number | null;
  member_id: string | null;
  member_nick: string | null;
  /** The community's and the policies' targets (post, reply, report, qna, notice, faq, policy). */
  target_kind: string | null;
  target_sn: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  created_at: Date | string;
}

/**
 * payment_audit, wallet_grant_audit, store_item_audit, ranking_setting_audit (and the other domains' audits, level tables included) as one list (a grant's before/after is the member's balance, with the
 * amount and the reason), newest first. `orderSn` narrows it to one order's trail.
 */
export async function listAudit(
  db: Db,
  q: Pick<AdminAuditListReq, 'action' | 'actor' | 'offset' | 'limit'> & { orderSn?: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (q.action !== '') where.push(sql`a.action = ${q.action}`);
  if (q.actor !== '') where.push(memberMatches('actor', q.actor));
  if (q.orderSn !== undefined) where.push(sql`a.order_sn = ${q.orderSn}`);
  const { rows } = await db.execute<AuditRow & { total: number } & Record<string, unknown>>(sql`
    with a as (
      select 'payment' as source, p.audit_sn::text as ref, p.action, p.actor_user_key, p.user_payment_log_sn as order_sn,
             p.product_sn, null::int as item_sn, null::bigint as member_key, null::text as target_kind, null::bigint as target_sn,
             p.before, p.after, p.created_at
      from payment_audit p
      union all
      select 'wallet_grant', g.txn_id::text, 'wallet_grant', g.operator_user_key, null, null, null, g.user_key, null, null,
             jsonb_build_object('balance', g.balance_before),
             jsonb_build_object('balance', g.balance_after, 'currency', g.currency, 'amount', g.amount, 'reason', g.reason),
             g.created_at
      from wallet_grant_audit g
      union all
      select 'item', i.audit_sn::text, i.action, i.actor_user_key, null, null, i.item_sn, null, null, null, i.before, i.after, i.created_at
      from store_item_audit i
      union all
      select 'ranking', r.audit_sn::text, r.action, r.actor_user_key, null, null, null, null, null, null, r.before, r.after, r.created_at
      from ranking_setting_audit r
      union all
      select 'community', c.audit_sn::text, c.action, c.actor_user_key, null, null, null, c.member_key, c.target_kind, c.target_sn,
             c.before, c.after, c.created_at
      from community_audit c
      union all
      select 'policy', (v.guide_id * 100000 + v.ver)::text, 'policy_publish', v.published_by, null, null, null, null, 'policy', v.guide_id,
             null, jsonb_build_object('ver', v.ver, 'reason', v.reason, 'effective_at', v.effective_at), v.created_at
      from policy_version v where v.published_by is not null
      union all
      select 'editorial', e.audit_sn::text, e.action, e.actor_user_key, null, null, null, null, e.target_kind, e.target_sn,
             e.before, e.after, e.created_at
      from editorial_audit e
      union all
      select 'concert', k.audit_sn::text, k.action, k.actor_user_key, null, null, null, k.member_key, k.target_kind, k.target_sn,
             k.before, k.after, k.created_at
      from concert_audit k
      union all
      select 'stars', s.audit_sn::text, s.action, s.actor_user_key, null, null, null, s.member_key, 'member', s.member_key,
             s.before, s.after, s.created_at
      from star_audit s
      union all
      select 'levels', l.audit_sn::text, l.action, l.actor_user_key, null, null, null, null, 'level_table', null,
             l.before, l.after, l.created_at
      from level_setting_audit l
    )
    select a.source, a.ref, a.action, a.actor_user_key::float8 as actor_user_key, actor.id as actor_id, actor.nick as actor_nick,
           a.order_sn::float8 as order_sn, o.order_no, a.product_sn, a.item_sn, it.names->>'ko' as item_nm, a.member_key::float8 as member_key,
           m.id as member_id, m.nick as member_nick, a.target_kind, a.target_sn::float8 as target_sn, a.before, a.after, a.created_at,
           count(*) over ()::int as total
    from a
    left join users actor on actor.user_key = a.actor_user_key
    left join user_payment_log o on o.user_payment_log_sn = a.order_sn
    left join store_item it on it.item_sn = a.item_sn
    left join users m on m.user_key = coalesce(a.member_key, o.user_key)
    where ${sql.join(where, sql` and `)}
    order by a.created_at desc, a.source, a.ref::bigint desc
    offset ${q.offset} limit ${q.limit}`);
  return { rows, total: rows[0]?.total ?? 0 };
}
