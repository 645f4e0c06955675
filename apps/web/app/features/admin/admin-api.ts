import type {
  AdminAuditEntry,
  AdminPaymentOrder,
  AdminPaymentProduct,
  AdminPaymentProductSaveReq,
  AdminStoreItem,
  DepositConfirmReq,
  WalletGrantSet,
} from '@byeol/contract';
import { api } from '../../lib/api';
import { type Answer, send } from '../account/account-api';

/**
 * The console's actions from the browser (docs/admin.md): each is the owning module's call (payments,
 * wallet). Each resolves an envelope, never throws: a refusal carries its message in the operator's language
 * (rslt_msg) and often the field it is about (rslt_set.field); a network failure answers `fallback`.
 */

export function confirmDeposit(req: DepositConfirmReq, fallback: string): Promise<Answer<AdminPaymentOrder>> {
  return send(() => api.post<AdminPaymentOrder>('/admin/deposit_confirm', req), fallback);
}

export function rejectDeposit(sn: number, reason: string, fallback: string): Promise<Answer<AdminPaymentOrder>> {
  return send(() => api.post<AdminPaymentOrder>('/admin/deposit_reject', { user_payment_log_sn: sn, reason }), fallback);
}

/** A manual refund of a paid order (payments module): the credit is reversed exactly, or refused. */
export function refundOrder(sn: number, reason: string, fallback: string): Promise<Answer<AdminPaymentOrder>> {
  return send(() => api.post<AdminPaymentOrder>('/admin/payment_refund', { user_payment_log_sn: sn, reason }), fallback);
}

export interface OrderDetail {
  order: AdminPaymentOrder;
  audit: AdminAuditEntry[];
}

export function orderDetail(sn: number, fallback: string): Promise<Answer<OrderDetail>> {
  return send(() => api.post<OrderDetail>('/admin/payment_order_detail', { user_payment_log_sn: sn }), fallback);
}

export function saveProduct(req: AdminPaymentProductSaveReq, fallback: string): Promise<Answer<AdminPaymentProduct>> {
  return send(() => api.post<AdminPaymentProduct>('/admin/payment_product_save', req), fallback);
}

/** Creates (no `item_sn`) or updates a catalogue item (items module). */
export function saveItem(body: Record<string, string>, fallback: string): Promise<Answer<AdminStoreItem>> {
  return send(() => api.post<AdminStoreItem>('/admin/item_save', body), fallback);
}

/** An operator grant; `key` is kept while the answer is undecided (lib/action-key), so a retry grants once. */
export function grant(
  req: { id: string; currency: string; amount: string; reason: string },
  key: string,
  fallback: string,
): Promise<Answer<WalletGrantSet>> {
  return send(() => api.post<WalletGrantSet>('/admin/wallet_grant', req, { headers: { 'Idempotency-Key': key }, retry: true }), fallback);
}
