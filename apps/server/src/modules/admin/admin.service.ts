import type { AdminAuditEntry, AdminAuditListReq, AdminDashboard, AdminOrderListReq, AdminPaymentOrder, Lang } from '@byeol/contract';
import type { Db } from '../../platform/db.js';
import { AppError, invalid } from '../../platform/errors.js';
import { findOrder, toAdminOrder } from '../payments/index.js';
import type { SiteService } from '../site/site.service.js';
import type { SessionUser } from '../users/users.session.js';
import { type AuditRow, dashboardCounts, findOrders, listAudit, memberNames } from './admin.repository.js';

/** Entries of one order's audit trail shown with it (an order has a handful: placed, confirmed, refunded…). */
const ORDER_TRAIL_MAX = 100;

/** A real calendar day (the schema only checks the shape). */
function checkDay(value: string, field: string): void {
  if (value === '') return;
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) throw invalid(field);
}

function toAuditEntry(r: AuditRow): AdminAuditEntry {
  const member = r.member_key === null ? null : `${r.member_nick ?? ''} (${r.member_id ?? r.member_key})`;
  let target: AdminAuditEntry['target'] = null;
  if (r.order_sn !== null) target = { kind: 'order', sn: r.order_sn, label: r.order_no ?? String(r.order_sn) };
  else if (r.product_sn !== null) target = { kind: 'product', sn: r.product_sn, label: `#${r.product_sn}` };
  else if (r.item_sn !== null) target = { kind: 'item', sn: r.item_sn, label: `#${r.item_sn} ${r.item_nm ?? ''}`.trim() };
  else if (r.target_kind !== null && r.target_sn !== null) {
    const kind = r.target_kind as NonNullable<AdminAuditEntry['target']>['kind'];
    target = { kind, sn: r.target_sn, label: member ? `#${r.target_sn} · ${member}` : `#${r.target_sn}` };
  } else if (r.member_key !== null) target = { kind: 'member', sn: r.member_key, label: member ?? String(r.member_key) };
  return {
    audit_id: `${r.source}:${r.ref}`,
    source: r.source,
    action: r.action,
    actor_user_key: r.actor_user_key,
    actor_id: r.actor_id ?? '',
    actor_nick: r.actor_nick ?? '',
    target,
    before: r.before,
    after: r.after,
    created_at: new Date(r.created_at).toISOString(),
  };
}

/**
 * The operator console's reads (docs/admin.md). The role check (operators and GMs) happens in the routes
 * before any of these run; every change the console makes goes through the owning module's call.
 */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly site: SiteService,
  ) {}

  async dashboard(operator: SessionUser): Promise<AdminDashboard> {
    const [counts, me] = await Promise.all([dashboardCounts(this.db), memberNames(this.db, operator.userKey)]);
    return {
      user_key: operator.userKey,
      nick: me.nick,
      role: operator.role === 'gm' ? 'gm' : 'operator',
      pending_deposits: counts.pending,
      open_reports: counts.reports,
      waiting_questions: counts.questions,
      today_paid_orders: counts.paid,
      today_paid_price: counts.price,
    };
  }

  async orders(q: AdminOrderListReq, lang: Lang): Promise<{ list: AdminPaymentOrder[]; total: number }> {
    checkDay(q.date_from, 'date_from');
    checkDay(q.date_to, 'date_to');
    if (q.date_from !== '' && q.date_to !== '' && q.date_from > q.date_to) throw invalid('date_to');
    const [terms, { rows, total }] = await Promise.all([this.terms(lang), findOrders(this.db, q)]);
    // Shaped by the payments module's own mapping, so the console shows what every other call shows.
    return { list: rows.map((row) => toAdminOrder(row, terms)), total };
  }

  async order(sn: number, lang: Lang): Promise<{ order: AdminPaymentOrder; audit: AdminAuditEntry[] }> {
    const row = await findOrder(this.db, sn);
    if (!row) throw new AppError('PAYMENT_ORDER_NOT_FOUND');
    const [terms, owner, trail] = await Promise.all([
      this.terms(lang),
      memberNames(this.db, row.user_key),
      listAudit(this.db, { action: '', actor: '', orderSn: sn, offset: 0, limit: ORDER_TRAIL_MAX }),
    ]);
    return { order: toAdminOrder({ ...row, ...owner }, terms), audit: trail.rows.map(toAuditEntry) };
  }

  async audit(q: AdminAuditListReq): Promise<{ list: AdminAuditEntry[]; total: number }> {
    const { rows, total } = await listAudit(this.db, q);
    return { list: rows.map(toAuditEntry), total };
  }

  private async terms(lang: Lang) {
    return (await this.site.info(lang)).site_terms;
  }
}
