import type { AdminStoreItem, Envelope, UserItem } from '@byeol/contract';
import { itemsEndpoints } from '@byeol/contract';
import type { CallOptions, TestApp } from '../../testing/app.js';
import { newKey } from '../../testing/builders.js';
import { buildAccount, sql } from '../../testing/members.js';

/** Named builders for the items' integration tests (STYLE.md). */

let operatorCookie: string | undefined;

async function operator(t: TestApp): Promise<string> {
  if (!operatorCookie) operatorCookie = (await buildAccount(t, { role: 'operator' })).cookie;
  return operatorCookie;
}

/** A catalogue item made through the operators' call (defaults: 100 CUBIC, 30 days, 3 uses a day, refundable, giftable). */
export async function buildItem(t: TestApp, over: Record<string, string> = {}): Promise<AdminStoreItem> {
  const res = await t.call(
    itemsEndpoints.adminSave,
    {
      category: 'effect',
      name_ko: '테스트 아이템',
      name_en: 'Test item',
      name_ja: 'テストアイテム',
      name_zh: '测试道具',
      description_ko: '설명',
      image_url: '/items/test.svg',
      price: '100',
      validity_days: '30',
      uses_per_day: '3',
      refund_yn: 'Y',
      gift_yn: 'Y',
      ...over,
    },
    { cookie: await operator(t) },
  );
  if (res.body.rslt_cd !== 0) throw new Error(`item_save failed: ${JSON.stringify(res.body)}`);
  return res.body.rslt_set;
}

/** item_deal_proc as `cookie`, with a fresh key unless given. */
export function deal(t: TestApp, cookie: string, body: Record<string, string>, opts: CallOptions = {}) {
  return t.call(itemsEndpoints.deal, { idempotency_key: newKey(), cnt: '1', ...body }, { cookie, ...opts });
}

/** Buys one item and answers its user_item_sn. */
export async function bought(t: TestApp, cookie: string, itemSn: number): Promise<number> {
  const res = await deal(t, cookie, { item_sn: String(itemSn) });
  const sn = res.body.rslt_set.user_item_sns?.[0];
  if (res.body.rslt_cd !== 0 || sn === undefined) throw new Error(`purchase failed: ${JSON.stringify(res.body)}`);
  return sn;
}

export function useItem(t: TestApp, cookie: string, userItemSn: number, vodKey?: string): Promise<{ body: Envelope<UserItem> }> {
  return t.call(itemsEndpoints.use, { user_item_sn: String(userItemSn), ...(vodKey ? { vod_key: vodKey } : {}) }, { cookie });
}

/** The stored row of a user item. */
export async function itemRow(t: TestApp, userItemSn: number) {
  const [row] = await sql<{ state: string; user_key: string; sponsor_user_key: string | null; uses_today: number; txn_id: string }>(
    t,
    'select state, user_key, sponsor_user_key, uses_today, txn_id from user_item where user_item_sn = $1',
    [userItemSn],
  );
  return row;
}
