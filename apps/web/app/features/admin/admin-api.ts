import {
  type AdminAuditEntry,
  type AdminPaymentOrder,
  type AdminPaymentProduct,
  type AdminPaymentProductSaveReq,
  type AdminStoreItem,
  adminEndpoints,
  type DepositConfirmReq,
  itemsEndpoints,
  paymentsEndpoints,
  type WalletGrantSet,
  walletEndpoints,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';
import type { ItemSaveInput } from './admin-rules';

/**
 * The console's actions from the browser (docs/admin.md): each is the owning module's call (payments,
 * wallet). Each resolves an envelope, never throws: a refusal carries its message in the operator's language
 * (rslt_msg) and often the field it is about (rslt_set.field); a network failure answers `fallback`.
 */

export function confirmDeposit(req: DepositConfirmReq, fallback: string): Promise<Answer<AdminPaymentOrder>> {
  return send(() => api.call(paymentsEndpoints.adminDepositConfirm, req), fallback);
}

export function rejectDeposit(sn: number, reason: string, fallback: string): Promise<Answer<AdminPaymentOrder>> {
  return send(() => api.call(paymentsEndpoints.adminDepositReject, { user_payment_log_sn: sn, reason }), fallback);
}

/** A manual refund of a paid order (payments module): the credit is reversed exactly, or refused. */
export function refundOrder(sn: number, reason: string, fallback: string): Promise<Answer<AdminPaymentOrder>> {
  return send(() => api.call(paymentsEndpoints.adminRefund, { user_payment_log_sn: sn, reason }), fallback);
}

export interface OrderDetail {
  order: AdminPaymentOrder;
  audit: AdminAuditEntry[];
}

export function orderDetail(sn: number, fallback: string): Promise<Answer<OrderDetail>> {
  return send(() => api.call(adminEndpoints.orderDetail, { user_payment_log_sn: sn }), fallback);
}

export function saveProduct(req: AdminPaymentProductSaveReq, fallback: string): Promise<Answer<AdminPaymentProduct>> {
  return send(() => api.call(paymentsEndpoints.adminProductSave, req), fallback);
}

/** Creates (no `item_sn`) or updates a catalogue item (items module). */
export function saveItem(body: ItemSaveInput, fallback: string): Promise<Answer<AdminStoreItem>> {
  return send(() => api.call(itemsEndpoints.adminSave, body), fallback);
}

/** An operator grant; `key` is kept while the answer is undecided (lib/action-key), so a retry grants once. */
export function grant(
  req: { id: string; currency: string; amount: string; reason: string },
  key: string,
  fallback: string,
): Promise<Answer<WalletGrantSet>> {
  return send(() => api.call(walletEndpoints.grant, req, { headers: { 'Idempotency-Key': key }, retry: true }), fallback);
}
