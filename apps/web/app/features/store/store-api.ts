import {
  type EndpointInput,
  type ItemDealSet,
  type ItemListReq,
  itemsEndpoints,
  type ListSet,
  type MyItemSummary,
  ResultCode,
  type StoreItem,
  type StoreListReq,
  type UserItem,
} from '@byeol/contract';
import { type Answer, send } from '../../lib/answer';
import { api } from '../../lib/api';

/**
 * The store and item calls of SPEC §7 (docs/items.md) from the browser. Each resolves an envelope, never
 * throws: a refusal carries its message in the caller's language (rslt_msg), a network failure `fallback`.
 */

export const STORE_PAGE_SIZE = 24;
export const MY_ITEMS_PAGE_SIZE = 20;

/** A details list (statements, item history) may answer the months it offers besides its rows. */
export type MonthList<T> = ListSet<T> & { months?: string[] };

export function storeMore(req: Partial<StoreListReq>, fallback: string): Promise<Answer<ListSet<StoreItem>>> {
  return send(() => api.call(itemsEndpoints.storeList, req), fallback);
}

export function myItemsMore(req: Partial<ItemListReq>, fallback: string): Promise<Answer<ListSet<UserItem>>> {
  return send(() => api.call(itemsEndpoints.list, req), fallback);
}

export function myItemSummary(fallback: string): Promise<Answer<MyItemSummary>> {
  return send(() => api.call(itemsEndpoints.summary), fallback);
}

/** What a purchase sends: the contract's request of item_deal_proc, without the idempotency key (sent as a header). */
export type DealInput = Omit<EndpointInput<typeof itemsEndpoints.deal>, 'idempotency_key'>;

/**
 * A purchase (for yourself or as a gift). `key` is made once per press of "buy" and sent as the
 * Idempotency-Key header, so the one retry the HTTP layer makes after a lost answer cannot charge twice.
 */
export function dealItem(input: DealInput, key: string, fallback: string): Promise<Answer<ItemDealSet>> {
  return send(() => api.call(itemsEndpoints.deal, input, { headers: { 'Idempotency-Key': key }, retry: true }), fallback);
}

export function applyItem(userItemSn: number, vodKey: string | undefined, fallback: string): Promise<Answer<unknown>> {
  return send(() => api.call(itemsEndpoints.use, { user_item_sn: String(userItemSn), vod_key: vodKey }), fallback);
}

export function stopItem(userItemSn: number, fallback: string): Promise<Answer<unknown>> {
  return send(() => api.call(itemsEndpoints.suspend, { user_item_sn: String(userItemSn) }), fallback);
}

/** A refund, keyed like a purchase. */
export function refundItem(userItemSn: number, key: string, fallback: string): Promise<Answer<unknown>> {
  return send(
    () => api.call(itemsEndpoints.refund, { user_item_sn: String(userItemSn) }, { headers: { 'Idempotency-Key': key }, retry: true }),
    fallback,
  );
}

export function isLoginRequired(res: Pick<Answer<unknown>, 'rslt_cd'>): boolean {
  return res.rslt_cd === ResultCode.LOGIN_REQUIRED;
}
