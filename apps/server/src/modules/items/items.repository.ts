import {
  type AdminStoreItem,
  ITEM_LIMITS,
  type ItemCategory,
  type ItemCounters,
  type ItemUseEntry,
  type Lang,
  type LocalizedText,
  localized,
  type StoreItem,
  type UserItem,
  type UserItemState,
} from '@byeol/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Exec, Tx } from '../../platform/db.js';

/**
 * The SQL of the store and users' items (docs/items.md). An active item (unused, in use, stopped) past its
 * `expires_at` reads as `expired` everywhere, before the expiry job has written it.
 */

/** The KST day, as the per-day use count counts it. */
export const KST_TODAY = sql.raw(`(now() at time zone 'Asia/Seoul')::date`);
const ACTIVE = sql.raw(`('unused', 'in_use', 'stopped')`);
const DONE = sql.raw(`('expired', 'used', 'refunded')`);

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/** A store_item row as raw SQL answers it. */
export interface ItemRow {
  item_sn: number;
  category: ItemCategory;
  names: LocalizedText;
  descriptions: LocalizedText;
  image_url: string;
  price: number;
  validity_days: number;
  uses_per_day: number;
  refundable: boolean;
  giftable: boolean;
  single_use: boolean;
  on_sale: boolean;
  sort: number;
}

const ITEM_COLUMNS = sql.raw(
  'si.item_sn, si.category, si.names, si.descriptions, si.image_url, si.price, si.validity_days, si.uses_per_day, si.refundable, si.giftable, si.single_use, si.on_sale, si.sort',
);

export function toStoreItem(r: ItemRow, lang: Lang): StoreItem {
  return {
    item_sn: r.item_sn,
    category: r.category,
    name: localized(r.names, lang),
    description: localized(r.descriptions, lang),
    image_url: r.image_url,
    price: r.price,
    validity_days: r.validity_days,
    uses_per_day: r.uses_per_day,
    refund_yn: r.refundable ? 'Y' : 'N',
    gift_yn: r.giftable ? 'Y' : 'N',
    single_use_yn: r.single_use ? 'Y' : 'N',
    on_sale_yn: r.on_sale ? 'Y' : 'N',
  };
}

/** The operator's view: the store's fields plus every language and the sort order. */
export function toAdminItem(r: ItemRow): AdminStoreItem {
  const { name: _name, description: _description, ...common } = toStoreItem(r, 'ko');
  return { ...common, names: r.names, descriptions: r.descriptions, on_sale_yn: r.on_sale ? 'Y' : 'N', sort: r.sort };
}

// ---- catalogue -------------------------------------------------------------------------------------

/**
 * Catalogue items, by sort then item_sn; `onSaleOnly` for the store, every item for operators;
 * `giftableOnly` for the gift panel.
 */
export async function listItems(
  db: Exec,
  opts: { category?: ItemCategory | undefined; onSaleOnly: boolean; giftableOnly?: boolean; offset: number; limit: number },
): Promise<{ rows: ItemRow[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (opts.onSaleOnly) where.push(sql`si.on_sale`);
  if (opts.giftableOnly) where.push(sql`si.giftable`);
  if (opts.category) where.push(sql`si.category = ${opts.category}`);
  const cond = sql.join(where, sql` and `);
  const [{ rows }, { rows: totals }] = await Promise.all([
    db.execute<ItemRow & Record<string, unknown>>(
      sql`select ${ITEM_COLUMNS} from store_item si where ${cond} order by si.sort, si.item_sn offset ${opts.offset} limit ${opts.limit}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from store_item si where ${cond}`),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The largest item_sn (a serial): bigger numbers name no item and must not reach an integer comparison. */
const ITEM_SN_MAX = 2 ** 31 - 1;

export async function findItem(db: Exec, itemSn: number): Promise<ItemRow | undefined> {
  if (!Number.isSafeInteger(itemSn) || itemSn < 1 || itemSn > ITEM_SN_MAX) return undefined;
  const { rows } = await db.execute<ItemRow & Record<string, unknown>>(
    sql`select ${ITEM_COLUMNS} from store_item si where si.item_sn = ${itemSn}`,
  );
  return rows[0];
}

export interface ItemValues {
  category: ItemCategory;
  names: LocalizedText;
  descriptions: LocalizedText;
  imageUrl: string;
  price: number;
  validityDays: number;
  usesPerDay: number;
  refundable: boolean;
  giftable: boolean;
  singleUse: boolean;
  onSale: boolean;
  sort: number;
}

/** Creates a catalogue item (no itemSn) or updates one; undefined when the item to update does not exist. */
/** The item, its row locked until the transaction ends (an operator save reads what it replaces). */
export async function lockItem(tx: Tx, itemSn: number): Promise<ItemRow | undefined> {
  if (itemSn < 1 || itemSn > ITEM_SN_MAX) return undefined;
  const { rows } = await tx.execute(sql`select item_sn from store_item where item_sn = ${itemSn} for update`);
  return rows.length === 0 ? undefined : findItem(tx, itemSn);
}

/** One audit row of an operator's item save (docs/items.md), in the save's transaction. */
export async function writeItemAudit(tx: Tx, actorUserKey: number, itemSn: number, before: object | null, after: object): Promise<void> {
  await tx.execute(sql`
    insert into store_item_audit (actor_user_key, action, item_sn, before, after)
    values (${actorUserKey}, 'item_save', ${itemSn}, ${before === null ? null : JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`);
}

export async function saveItem(db: Exec, itemSn: number | undefined, v: ItemValues): Promise<ItemRow | undefined> {
  if (itemSn !== undefined && (itemSn < 1 || itemSn > ITEM_SN_MAX)) return undefined;
  const names = JSON.stringify(v.names);
  const descriptions = JSON.stringify(v.descriptions);
  const { rows } =
    itemSn === undefined
      ? await db.execute<{ item_sn: number }>(sql`
          insert into store_item (category, names, descriptions, image_url, price, validity_days, uses_per_day, refundable, giftable, single_use, on_sale, sort)
          values (${v.category}, ${names}::jsonb, ${descriptions}::jsonb, ${v.imageUrl}, ${v.price}, ${v.validityDays}, ${v.usesPerDay},
                  ${v.refundable}, ${v.giftable}, ${v.singleUse}, ${v.onSale}, ${v.sort})
          returning item_sn`)
      : await db.execute<{ item_sn: number }>(sql`
          update store_item set category = ${v.category}, names = ${names}::jsonb, descriptions = ${descriptions}::jsonb,
            image_url = ${v.imageUrl}, price = ${v.price}, validity_days = ${v.validityDays}, uses_per_day = ${v.usesPerDay},
            refundable = ${v.refundable}, giftable = ${v.giftable}, single_use = ${v.singleUse}, on_sale = ${v.onSale}, sort = ${v.sort}, updated_at = now()
          where item_sn = ${itemSn}
          returning item_sn`);
  const sn = rows[0]?.item_sn;
  return sn === undefined ? undefined : findItem(db, sn);
}

// ---- users' items ------------------------------------------------------------------------------------

export interface UserItemRow extends ItemRow {
  user_item_sn: string;
  user_key: string;
  raw_state: UserItemState;
  state: UserItemState;
  sponsor_user_key: string | null;
  sponsor_nick: string | null;
  owner_nick: string;
  paid: number;
  purchased_at: Date | string;
  expires_at: Date | string;
  first_used_at: Date | string | null;
  last_used_at: Date | string | null;
  uses_today: number;
  txn_id: string;
  refund_txn_id: string | null;
}

const USER_ITEM_SELECT = sql`
  select ui.user_item_sn, ui.user_key, ui.state as raw_state,
    case when ui.state in ${ACTIVE} and ui.expires_at <= now() then 'expired' else ui.state end as state,
    ui.sponsor_user_key, sp.nick as sponsor_nick, ow.nick as owner_nick, ui.price as paid, ui.purchased_at, ui.expires_at,
    ui.first_used_at, ui.last_used_at, ui.txn_id, ui.refund_txn_id,
    case when ui.use_day = ${KST_TODAY} then ui.uses_today else 0 end as uses_today,
    ${ITEM_COLUMNS}
  from user_item ui
  join store_item si on si.item_sn = ui.item_sn
  join users ow on ow.user_key = ui.user_key
  left join users sp on sp.user_key = ui.sponsor_user_key`;

/** Whether an item can be given back now (docs/items.md: the refund rule). */
export function refundableNow(
  r: Pick<UserItemRow, 'refundable' | 'state' | 'sponsor_user_key' | 'first_used_at' | 'purchased_at'>,
): boolean {
  return (
    r.refundable &&
    r.state === 'unused' &&
    r.sponsor_user_key === null &&
    r.first_used_at === null &&
    Date.now() - new Date(r.purchased_at).getTime() < ITEM_LIMITS.refundDays * 86_400_000
  );
}

export function toUserItem(r: UserItemRow, lang: Lang, withReceiver: boolean): UserItem {
  return {
    user_item_sn: Number(r.user_item_sn),
    item: toStoreItem(r, lang),
    state: r.state,
    sponsor: r.sponsor_user_key === null ? null : { user_key: Number(r.sponsor_user_key), nick: r.sponsor_nick ?? '' },
    receiver: withReceiver ? { user_key: Number(r.user_key), nick: r.owner_nick } : null,
    price: r.paid,
    uses_today: r.uses_today,
    uses_per_day: r.uses_per_day,
    refundable_now_yn: refundableNow(r) ? 'Y' : 'N',
    purchased_at: iso(r.purchased_at),
    expires_at: iso(r.expires_at),
    last_used_at: isoOrNull(r.last_used_at),
  };
}

/** One user item by its number (whoever owns it), with its catalogue item; `lock` locks the row. */
export async function findUserItem(db: Exec, userItemSn: number, lock = false): Promise<UserItemRow | undefined> {
  const { rows } = await db.execute<UserItemRow & Record<string, unknown>>(
    sql`${USER_ITEM_SELECT} where ui.user_item_sn = ${userItemSn}${lock ? sql` for update of ui` : sql``}`,
  );
  return rows[0];
}

/** The items a purchase (wallet_txn) created, in order. */
export async function itemsOfTxn(db: Exec, txnId: number): Promise<Array<{ user_item_sn: number; user_key: number }>> {
  const { rows } = await db.execute<{ user_item_sn: string; user_key: string }>(
    sql`select user_item_sn, user_key from user_item where txn_id = ${txnId} order by user_item_sn`,
  );
  return rows.map((r) => ({ user_item_sn: Number(r.user_item_sn), user_key: Number(r.user_key) }));
}

/** Creates the `cnt` items of a purchase, valid for `validityDays` from now. */
export async function createItems(
  db: Exec,
  p: {
    ownerUserKey: number;
    sponsorUserKey: number | null;
    itemSn: number;
    txnId: number;
    price: number;
    validityDays: number;
    cnt: number;
  },
): Promise<number[]> {
  const { rows } = await db.execute<{ user_item_sn: string }>(sql`
    insert into user_item (user_key, item_sn, sponsor_user_key, txn_id, price, expires_at)
    select ${p.ownerUserKey}, ${p.itemSn}, ${p.sponsorUserKey}, ${p.txnId}, ${p.price}, now() + make_interval(days => ${p.validityDays})
    from generate_series(1, ${p.cnt})
    returning user_item_sn`);
  return rows.map((r) => Number(r.user_item_sn)).sort((a, b) => a - b);
}

export type ItemBox = 'active' | 'expired' | 'gift_received' | 'gift_sent';

function boxCondition(box: ItemBox, userKey: number): SQL {
  switch (box) {
    case 'active':
      return sql`ui.user_key = ${userKey} and ui.state in ${ACTIVE} and ui.expires_at > now()`;
    case 'expired':
      return sql`ui.user_key = ${userKey} and (ui.state in ${DONE} or ui.expires_at <= now())`;
    case 'gift_received':
      return sql`ui.user_key = ${userKey} and ui.sponsor_user_key is not null`;
    case 'gift_sent':
      return sql`ui.sponsor_user_key = ${userKey}`;
  }
}

/** One list of /mypage/item, newest first. */
export async function listUserItems(
  db: Exec,
  userKey: number,
  box: ItemBox,
  lang: Lang,
  offset: number,
  limit: number,
): Promise<{ list: UserItem[]; total: number }> {
  const cond = boxCondition(box, userKey);
  const [{ rows }, { rows: totals }] = await Promise.all([
    db.execute<UserItemRow & Record<string, unknown>>(
      sql`${USER_ITEM_SELECT} where ${cond} order by ui.user_item_sn desc offset ${offset} limit ${limit}`,
    ),
    db.execute<{ n: number }>(sql`select count(*)::int as n from user_item ui where ${cond}`),
  ]);
  return { list: rows.map((r) => toUserItem(r, lang, box === 'gift_sent')), total: totals[0]?.n ?? 0 };
}

/**
 * The four counters of /mypage/item: sponsored (received gifts still active), expired (the expired box:
 * expired, used up and refunded), in use (in use or stopped), unused.
 */
export async function itemCounters(db: Exec, userKey: number): Promise<ItemCounters> {
  const { rows } = await db.execute<{ sponsored: number; expired: number; in_use: number; unused: number }>(sql`
    select
      count(*) filter (where sponsor_user_key is not null and state in ${ACTIVE} and expires_at > now())::int as sponsored,
      count(*) filter (where state in ${DONE} or expires_at <= now())::int as expired,
      count(*) filter (where state in ('in_use', 'stopped') and expires_at > now())::int as in_use,
      count(*) filter (where state = 'unused' and expires_at > now())::int as unused
    from user_item where user_key = ${userKey}`);
  const r = rows[0];
  return { sponsored: r?.sponsored ?? 0, expired: r?.expired ?? 0, in_use: r?.in_use ?? 0, unused: r?.unused ?? 0 };
}

/**
 * One use, atomically: the guarded update counts the use only while the item is the caller's, active,
 * within its validity and under its daily limit (the KST day), then logs it. Two concurrent uses at the
 * limit: the second update re-reads the row the first one wrote and no longer matches. Answers the use
 * number, or undefined when the guard refused (the caller reads the row to say why).
 */
export async function useItem(db: Exec, userKeyOf: number, userItemSn: number, vodKey: string | null): Promise<number | undefined> {
  const { rows } = await db.execute<{ use_sn: string }>(sql`
    with used as (
      update user_item ui set
        state = case when si.single_use then 'used' else 'in_use' end,
        uses_today = case when ui.use_day = ${KST_TODAY} then ui.uses_today + 1 else 1 end,
        use_day = ${KST_TODAY},
        first_used_at = coalesce(ui.first_used_at, now()),
        last_used_at = now(),
        updated_at = now()
      from store_item si
      where ui.user_item_sn = ${userItemSn} and ui.user_key = ${userKeyOf} and si.item_sn = ui.item_sn
        and ui.state in ${ACTIVE} and ui.expires_at > now()
        and (si.uses_per_day = 0 or ui.use_day is distinct from ${KST_TODAY} or ui.uses_today < si.uses_per_day)
      returning ui.user_item_sn, ui.user_key, ui.item_sn
    )
    insert into user_item_use (user_item_sn, user_key, item_sn, vod_key)
    select user_item_sn, user_key, item_sn, ${vodKey} from used
    returning use_sn`);
  const sn = rows[0]?.use_sn;
  return sn === undefined ? undefined : Number(sn);
}

/** in_use → stopped for the owner; false when the item is not theirs or not in use (within its validity). */
export async function suspendItem(db: Exec, userKey: number, userItemSn: number): Promise<boolean> {
  const { rows } = await db.execute<{ user_item_sn: string }>(sql`
    update user_item set state = 'stopped', updated_at = now()
    where user_item_sn = ${userItemSn} and user_key = ${userKey} and state = 'in_use' and expires_at > now()
    returning user_item_sn`);
  return rows.length > 0;
}

/** Marks a (locked, checked) item refunded by the refund transaction. */
export async function markRefunded(db: Exec, userItemSn: number, refundTxnId: number): Promise<void> {
  await db.execute(
    sql`update user_item set state = 'refunded', refund_txn_id = ${refundTxnId}, updated_at = now() where user_item_sn = ${userItemSn}`,
  );
}

/** A ledger transaction by id: its key, state, the payer's balance and the first receiver's balance after it. */
export async function txnById(
  db: Exec,
  txnId: number,
): Promise<{ actor: number; key: string; state: string; amount: number; receiverBalance: number | null; createdAt: string } | undefined> {
  const { rows } = await db.execute<{
    actor_user_key: string;
    idem_key: string;
    state: string;
    amount: string;
    receiver_balance: string | null;
    created_at: Date | string;
  }>(sql`
    select t.actor_user_key, t.idem_key, t.state, t.amount, e.balance_after as receiver_balance, t.created_at
    from wallet_txn t left join wallet_entry e on e.txn_id = t.txn_id and e.leg = 1
    where t.txn_id = ${txnId}`);
  const r = rows[0];
  if (!r) return undefined;
  return {
    actor: Number(r.actor_user_key),
    key: r.idem_key,
    state: r.state,
    amount: Number(r.amount),
    receiverBalance: r.receiver_balance === null ? null : Number(r.receiver_balance),
    createdAt: iso(r.created_at),
  };
}

/** The transaction an actor stored under a key, if any (a retried paying call). */
export async function txnByKey(
  db: Exec,
  actor: number,
  key: string,
): Promise<
  { txnId: number; kind: string; state: string; payerBalance: number; meta: Record<string, unknown>; createdAt: string } | undefined
> {
  const { rows } = await db.execute<{
    txn_id: string;
    kind: string;
    state: string;
    payer_balance: string;
    meta: Record<string, unknown>;
    created_at: Date | string;
  }>(
    sql`select txn_id, kind, state, payer_balance, meta, created_at from wallet_txn where actor_user_key = ${actor} and idem_key = ${key}`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    txnId: Number(r.txn_id),
    kind: r.kind,
    state: r.state,
    payerBalance: Number(r.payer_balance),
    meta: r.meta,
    createdAt: iso(r.created_at),
  };
}

/** The caller's item uses between two instants, newest first. */
export async function listUses(
  db: Exec,
  userKey: number,
  from: Date,
  to: Date,
  lang: Lang,
  offset: number,
  limit: number,
): Promise<{ list: ItemUseEntry[]; total: number }> {
  const cond = sql`u.user_key = ${userKey} and u.used_at >= ${from.toISOString()}::timestamptz and u.used_at < ${to.toISOString()}::timestamptz`;
  const [{ rows }, { rows: totals }] = await Promise.all([
    db.execute<{
      use_sn: string;
      user_item_sn: string;
      item_sn: number;
      names: LocalizedText;
      image_url: string;
      vod_key: string | null;
      used_at: Date | string;
    }>(sql`
      select u.use_sn, u.user_item_sn, u.item_sn, si.names, si.image_url, u.vod_key, u.used_at
      from user_item_use u join store_item si on si.item_sn = u.item_sn
      where ${cond} order by u.used_at desc, u.use_sn desc offset ${offset} limit ${limit}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from user_item_use u where ${cond}`),
  ]);
  return {
    list: rows.map((r) => ({
      use_sn: Number(r.use_sn),
      user_item_sn: Number(r.user_item_sn),
      item_sn: r.item_sn,
      name: localized(r.names, lang),
      image_url: r.image_url,
      vod_key: r.vod_key,
      used_at: iso(r.used_at),
    })),
    total: totals[0]?.n ?? 0,
  };
}

/**
 * Items other members gifted to `userKey` from `from` until `to` (null: until now), and their CUBIC price:
 * what a BJ received during a broadcast (the live dashboard, issue 15).
 */
export async function itemsGiftedTo(db: Exec, userKey: number, from: Date, to: Date | null): Promise<{ items: number; cubic: number }> {
  const { rows } = await db.execute<{ items: number; cubic: string | null }>(sql`
    select count(*)::int as items, coalesce(sum(price), 0)::bigint as cubic from user_item
    where user_key = ${userKey} and sponsor_user_key is not null
      and purchased_at >= ${from.toISOString()} ${to ? sql`and purchased_at <= ${to.toISOString()}` : sql``}`);
  return { items: rows[0]?.items ?? 0, cubic: Number(rows[0]?.cubic ?? 0) };
}
