import {
  type ItemDealSet,
  type ItemListReq,
  type ListSet,
  type MyItemSummary,
  ResultCode,
  type StoreItem,
  type StoreListReq,
  type UserItem,
} from '@byeol/contract';
import { api } from '../../lib/api';
import { type Answer, send } from '../account/account-api';

/**
 * The store and item calls of SPEC §7 (docs/items.md) from the browser. Each resolves an envelope, never
 * throws: a refusal carries its message in the caller's language (rslt_msg), a network failure `fallback`.
 */

export const STORE_PAGE_SIZE = 24;
export const MY_ITEMS_PAGE_SIZE = 20;

/** A details list (statements, item history) may answer the months it offers besides its rows. */
export type MonthList<T> = ListSet<T> & { months?: string[] };

export function storeMore(req: Partial<StoreListReq>, fallback: string): Promise<Answer<ListSet<StoreItem>>> {
  return send(() => api.post<ListSet<StoreItem>>('/sub/store_more', req), fallback);
}

export function myItemsMore(req: Partial<ItemListReq>, fallback: string): Promise<Answer<ListSet<UserItem>>> {
  return send(() => api.post<ListSet<UserItem>>('/mypage/item_more', req), fallback);
}

export function myItemSummary(fallback: string): Promise<Answer<MyItemSummary>> {
  return send(() => api.get<MyItemSummary>('/mypage/item'), fallback);
}

export interface DealInput {
  item_sn: number;
  cnt: string;
  gift_id?: string;
  message?: string;
  vod_key?: string;
}

/**
 * A purchase (for yourself or as a gift). `key` is made once per press of "buy" and sent as the
 * Idempotency-Key header, so the one retry the HTTP layer makes after a lost answer cannot charge twice.
 */
export function dealItem(input: DealInput, key: string, fallback: string): Promise<Answer<ItemDealSet>> {
  return send(
    () =>
      api.post<ItemDealSet>(
        '/item/item_deal_proc',
        { ...input, item_sn: String(input.item_sn) },
        { headers: { 'Idempotency-Key': key }, retry: true },
      ),
    fallback,
  );
}

export function applyItem(userItemSn: number, vodKey: string | undefined, fallback: string): Promise<Answer<unknown>> {
  return send(() => api.post('/item/item_use', { user_item_sn: userItemSn, vod_key: vodKey }), fallback);
}

export function stopItem(userItemSn: number, fallback: string): Promise<Answer<unknown>> {
  return send(() => api.post('/item/suspend_user_item', { user_item_sn: userItemSn }), fallback);
}

/** A refund, keyed like a purchase. */
export function refundItem(userItemSn: number, key: string, fallback: string): Promise<Answer<unknown>> {
  return send(
    () => api.post('/item/item_refund_proc', { user_item_sn: userItemSn }, { headers: { 'Idempotency-Key': key }, retry: true }),
    fallback,
  );
}

export function isLoginRequired(res: Pick<Answer<unknown>, 'rslt_cd'>): boolean {
  return res.rslt_cd === ResultCode.LOGIN_REQUIRED;
}
