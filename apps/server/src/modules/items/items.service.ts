import {
  type AdminItemSaveReq,
  type AdminStoreItem,
  ChatEvent,
  type ChatUserInfo,
  detailsMonths,
  GIFT_PANEL_ITEMS_MAX,
  type GiftPanelSet,
  ITEM_LIMITS,
  type ItemCategory,
  type ItemChatEventData,
  type ItemDealSet,
  type ItemRefundSet,
  type ItemUseEntry,
  kstMonthRange,
  type Lang,
  type LocalizedText,
  type MyItemSummary,
  STAR_GIFT,
  type StoreItem,
  type UserItem,
} from '@byeol/contract';
import type { Bus } from '../../platform/bus.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError, invalid, required } from '../../platform/errors.js';
import { publishRoomEvent } from '../chat/chat.events.js';
import type { ChatStore } from '../chat/chat.types.js';
import { createChatStore, type RoomStandings } from '../chat/index.js';
import type { LiveRoom, LiveRooms } from '../live/live.rooms.js';
import { findByKey, findByLoginId } from '../users/index.js';
import type { SessionUser } from '../users/users.session.js';
import { applyInTx, walletCounts } from '../wallet/index.js';
import type { Applied, Posting } from '../wallet/wallet.batcher.js';
import { requireAmount } from '../wallet/wallet.rules.js';
import type { LedgerService } from '../wallet/wallet.service.js';
import {
  createItems,
  findItem,
  findUserItem,
  type ItemBox,
  type ItemRow,
  itemCounters,
  itemsOfTxn,
  listItems,
  listUserItems,
  listUses,
  lockItem,
  markRefunded,
  saveItem,
  suspendItem,
  toAdminItem,
  toStoreItem,
  toUserItem,
  txnById,
  txnByKey,
  type UserItemRow,
  useItem,
  writeItemAudit,
} from './items.repository.js';

const DAY_MS = 86_400_000;
/** A catalogue item_sn as typed: digits only. */
function requireItemSn(raw: string | undefined): number {
  const text = (raw ?? '').trim();
  if (text === '') throw required('item_sn');
  if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > 2 ** 31 - 1) throw new AppError('ITEM_NOT_FOUND');
  return Number(text);
}

/** Image URLs an operator may set: our own paths, http(s) and inline images (data:image/…). */
export function validImageUrl(url: string): boolean {
  if (url === '') return true;
  if (/[\s"'<>\\]/.test(url)) return false;
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  return /^https?:\/\/[^/]/i.test(url) || /^data:image\/(svg\+xml|png|webp|gif|jpeg)[;,]/i.test(url);
}

function localizedOf(ko: string, en: string, ja: string, zh: string): LocalizedText {
  const out: LocalizedText = { ko };
  if (en) out.en = en;
  if (ja) out.ja = ja;
  if (zh) out['zh-CN'] = zh;
  return out;
}

export interface DealInput {
  item_sn: string;
  cnt: string;
  gift_id?: string | undefined;
  vod_key?: string | undefined;
  message?: string | undefined;
}

/**
 * The store and users' items (docs/items.md). Money moves only through the ledger: a purchase or refund
 * is one wallet_apply call inside the same database transaction as its user_item rows, so CUBIC and
 * items commit together, and a retried call with the same key answers the first call's items.
 */
export class ItemsService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    /** Resolves the accounts a purchase or refund posts to (its cache and per-turn lookups). */
    private readonly ledger: Pick<LedgerService, 'resolve'>,
    /** The process's rooms (live.rooms.ts), shared with the gifts. */
    private readonly rooms: Pick<LiveRooms, 'live' | 'get'>,
    /** The BJs' blocks (chat.standings.ts): a member blocked from a BJ's rooms gives and uses nothing there. */
    private readonly standings: Pick<RoomStandings, 'of'>,
  ) {
    this.chat = createChatStore(db);
  }

  private readonly chat: ChatStore;

  // ---- catalogue -------------------------------------------------------------------------------------

  async storeList(lang: Lang, q: { category?: ItemCategory | undefined; offset: number; limit: number }) {
    const { rows, total } = await listItems(this.db, { ...q, onSaleOnly: true });
    return { list: rows.map((r) => toStoreItem(r, lang)), total };
  }

  /**
   * POST /popup/gift (issue 15): a live room's gift panel for a signed-in viewer: the BJ, the viewer's STAR and
   * CUBIC, the STAR amounts (STAR_GIFT) and the giftable items on sale. A room that is not live is refused
   * as a gift would be (not found, frozen, ended).
   */
  async giftPanel(viewer: SessionUser, lang: Lang, vodKey: string): Promise<GiftPanelSet> {
    const room = await this.rooms.get(vodKey);
    if (!room) throw new AppError('BROADCAST_NOT_FOUND');
    if (room.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    if (room.state !== 'live') throw new AppError('BROADCAST_ENDED');
    const [bj, counts, { rows }] = await Promise.all([
      findByKey(this.db, room.bjUserKey),
      walletCounts(this.db, viewer.userKey),
      listItems(this.db, { onSaleOnly: true, giftableOnly: true, offset: 0, limit: GIFT_PANEL_ITEMS_MAX }),
    ]);
    if (!bj) throw new AppError('BROADCAST_NOT_FOUND');
    const isBj = viewer.userKey === room.bjUserKey || (room.bjOwnerUserKey !== 0 && viewer.userKey === room.bjOwnerUserKey);
    return {
      vod_key: vodKey,
      bj: { user_key: bj.userKey, id: bj.id, nick: bj.nick },
      star_cnt: counts.star_cnt,
      cubic_cnt: counts.cubic_cnt,
      is_bj_yn: isBj ? 'Y' : 'N',
      star_gift: { min: STAR_GIFT.min, max: STAR_GIFT.max, presets: [...STAR_GIFT.presets], message_max: STAR_GIFT.messageMax },
      item_list: isBj ? [] : rows.map((r) => toStoreItem(r, lang)),
    };
  }

  /** One item, also when it is off sale (an owner follows it from their items; `on_sale_yn` says so). */
  async storeDetail(lang: Lang, itemSn: number): Promise<StoreItem> {
    const row = await findItem(this.db, itemSn);
    if (!row) throw new AppError('ITEM_NOT_FOUND');
    return toStoreItem(row, lang);
  }

  async adminList(q: { category?: ItemCategory | undefined; offset: number; limit: number }) {
    const { rows, total } = await listItems(this.db, { ...q, onSaleOnly: false });
    return { list: rows.map(toAdminItem), total };
  }

  /** Creates or updates a catalogue item, audited (store_item_audit) in the same transaction. */
  async adminSave(operator: SessionUser, req: AdminItemSaveReq): Promise<AdminStoreItem> {
    if (!validImageUrl(req.image_url)) throw invalid('image_url');
    return this.db.transaction(async (tx) => {
      const before = req.item_sn === undefined ? undefined : await lockItem(tx, req.item_sn);
      if (req.item_sn !== undefined && !before) throw new AppError('ITEM_NOT_FOUND');
      const saved = await this.saveValues(tx, req);
      await writeItemAudit(tx, operator.userKey, saved.item_sn, before ? toAdminItem(before) : null, saved);
      return saved;
    });
  }

  private async saveValues(tx: Tx, req: AdminItemSaveReq): Promise<AdminStoreItem> {
    const row = await saveItem(tx, req.item_sn, {
      category: req.category,
      names: localizedOf(req.name_ko, req.name_en, req.name_ja, req.name_zh),
      descriptions: localizedOf(req.description_ko, req.description_en, req.description_ja, req.description_zh),
      imageUrl: req.image_url,
      price: req.price,
      validityDays: req.validity_days,
      usesPerDay: req.uses_per_day,
      refundable: req.refund_yn === 'Y',
      giftable: req.gift_yn === 'Y',
      singleUse: req.single_use_yn === 'Y',
      onSale: req.on_sale_yn === 'Y',
      sort: req.sort,
    });
    if (!row) throw new AppError('ITEM_NOT_FOUND');
    return toAdminItem(row);
  }

  // ---- purchase --------------------------------------------------------------------------------------

  /**
   * Buys `cnt` items for the buyer or, with `gift_id`, for another member (their items carry the buyer as
   * sponsor). price × cnt CUBIC goes from the buyer's wallet to the `sink` account in the same database
   * transaction as the items. A gift made in a live room is announced there (61) after the commit.
   */
  async deal(buyer: SessionUser, input: DealInput, key: string): Promise<ItemDealSet> {
    const itemSn = requireItemSn(input.item_sn);
    const cnt = requireAmount(input.cnt, { min: 1, max: ITEM_LIMITS.countMax }, 'cnt');
    const giftId = input.gift_id?.trim() || undefined;
    const request = { item_sn: itemSn, cnt, gift_id: giftId ?? null };

    const prior = await txnByKey(this.db, buyer.userKey, key);
    if (prior) return this.replayDeal(prior, request);

    const item = await findItem(this.db, itemSn);
    if (!item) throw new AppError('ITEM_NOT_FOUND');
    if (!item.on_sale) throw new AppError('ITEM_NOT_ON_SALE');
    let receiver: { userKey: number; id: string; nick: string } | null = null;
    let room: LiveRoom | null = null;
    if (giftId !== undefined) {
      if (!item.giftable) throw new AppError('ITEM_NOT_GIFTABLE');
      const row = await findByLoginId(this.db, giftId);
      if (row?.state !== 'active') throw new AppError('WALLET_USER_NOT_FOUND');
      if (row.userKey === buyer.userKey) throw new AppError('WALLET_SELF_GIFT');
      receiver = { userKey: row.userKey, id: row.id, nick: row.nick };
      if (input.vod_key) {
        room = await this.rooms.live(input.vod_key);
        if (!room) throw new AppError('ITEM_NOT_LIVE_ROOM');
        if ((await this.standings.of(room.bjUserKey, buyer.userKey)).blocked) throw new AppError('WALLET_GIFT_BLOCKED');
      }
    }

    const total = item.price * cnt;
    const [from, sink] = await this.ledger.resolve([
      { kind: 'wallet', userKey: buyer.userKey, currency: 'CUBIC' },
      { kind: 'sink', currency: 'CUBIC' },
    ]);
    const meta: Record<string, unknown> = { ...request, price: item.price };
    if (receiver) meta.gift_user_key = receiver.userKey;
    if (room) meta.vod_key = room.vodKey;
    if (input.message && receiver) meta.message = input.message;
    const posting: Posting = {
      actor: buyer.userKey,
      key,
      // The item, count and receiver belong to the request: the same key for another purchase is reused.
      fingerprint: `item:${from.accountId}:${sink.accountId}:CUBIC:${total}:${itemSn}x${cnt}>${receiver?.userKey ?? ''}`,
      kind: 'item',
      currency: 'CUBIC',
      from: from.accountId,
      fromSystem: false,
      amount: total,
      meta,
      credits: [{ account: sink.accountId, amount: total }],
    };
    let outcome: { applied: Applied; items: number[] };
    try {
      outcome = await this.applyDeal(posting, {
        ownerUserKey: receiver?.userKey ?? buyer.userKey,
        sponsorUserKey: receiver ? buyer.userKey : null,
        itemSn,
        price: item.price,
        validityDays: item.validity_days,
        cnt,
      });
    } catch (err) {
      // The same key raced in by another process between our check and our statement: answer its result.
      if ((err as { code?: string }).code === '23505') {
        const raced = await txnByKey(this.db, buyer.userKey, key);
        if (raced) return this.replayDeal(raced, request);
      }
      throw err;
    }
    const { applied, items } = outcome;
    if (applied.state === 'refused') throw new AppError('WALLET_INSUFFICIENT', { currency: 'CUBIC', balance: applied.payerBalance });
    if (applied.outcome === 'new' && receiver && room) {
      const data: ItemChatEventData = {
        item_sn: itemSn,
        names: item.names,
        image_url: item.image_url,
        cnt,
        receiver: { user_key: receiver.userKey, nick: receiver.nick },
      };
      await publishRoomEvent(this.bus, room.vodKey, {
        code: ChatEvent.ITEM_GIFT,
        ts: Date.now(),
        by: await this.chatUser(room, buyer.userKey),
        target: await this.chatUser(room, receiver.userKey),
        ...(input.message ? { m: input.message } : {}),
        data: data as unknown as Record<string, unknown>,
      });
    }
    return {
      txn_id: applied.txnId,
      item_sn: itemSn,
      cnt,
      total,
      balance: applied.payerBalance,
      user_item_sns: items,
      gift_user_key: receiver?.userKey ?? null,
      created_at: applied.createdAt.toISOString(),
    };
  }

  private async applyDeal(
    posting: Posting,
    p: { ownerUserKey: number; sponsorUserKey: number | null; itemSn: number; price: number; validityDays: number; cnt: number },
  ): Promise<{ applied: Applied; items: number[] }> {
    return this.db.transaction(async (tx) => {
      const [applied] = await applyInTx(tx, [posting]);
      if (!applied) throw new Error('wallet_apply answered nothing');
      if (applied.outcome === 'reused') throw new AppError('WALLET_KEY_REUSED');
      // A refusal is stored under its key (a retry answers it again) and creates nothing.
      if (applied.state === 'refused') return { applied, items: [] as number[] };
      if (applied.outcome === 'replay') return { applied, items: (await itemsOfTxn(tx, applied.txnId)).map((i) => i.user_item_sn) };
      return { applied, items: await createItems(tx, { ...p, txnId: applied.txnId }) };
    });
  }

  /** A purchase retried with its key: the first call's answer, or WALLET_KEY_REUSED for another request. */
  private async replayDeal(
    prior: NonNullable<Awaited<ReturnType<typeof txnByKey>>>,
    request: { item_sn: number; cnt: number; gift_id: string | null },
  ): Promise<ItemDealSet> {
    const m = prior.meta;
    const same = prior.kind === 'item' && m.item_sn === request.item_sn && m.cnt === request.cnt && (m.gift_id ?? null) === request.gift_id;
    if (!same) throw new AppError('WALLET_KEY_REUSED');
    if (prior.state === 'refused') throw new AppError('WALLET_INSUFFICIENT', { currency: 'CUBIC', balance: prior.payerBalance });
    const items = await itemsOfTxn(this.db, prior.txnId);
    return {
      txn_id: prior.txnId,
      item_sn: request.item_sn,
      cnt: request.cnt,
      total: Number(m.price) * request.cnt,
      balance: prior.payerBalance,
      user_item_sns: items.map((i) => i.user_item_sn),
      gift_user_key: typeof m.gift_user_key === 'number' ? m.gift_user_key : null,
      created_at: prior.createdAt,
    };
  }

  // ---- use, stop, refund -----------------------------------------------------------------------------

  /**
   * Uses one of the caller's items: unused or stopped → in use, counted against its daily limit (KST day);
   * with `vodKey` of a live room the use is announced there (60). Nothing is counted when refused.
   */
  async use(user: SessionUser, userItemSn: number, vodKey: string | undefined, lang: Lang): Promise<UserItem> {
    let room: LiveRoom | null = null;
    if (vodKey) {
      room = await this.rooms.live(vodKey);
      if (!room) throw new AppError('ITEM_NOT_LIVE_ROOM');
      if ((await this.standings.of(room.bjUserKey, user.userKey)).blocked) throw new AppError('CHAT_BLOCKED');
    }
    const useSn = await useItem(this.db, user.userKey, userItemSn, room?.vodKey ?? null);
    const row = await this.ownItem(user, userItemSn);
    if (useSn === undefined) {
      if (row.raw_state === 'used' || row.raw_state === 'refunded') throw new AppError('ITEM_USED_UP');
      if (row.state === 'expired') throw new AppError('ITEM_EXPIRED');
      throw new AppError('ITEM_DAILY_LIMIT', { max: row.uses_per_day });
    }
    if (room) {
      const data: ItemChatEventData = {
        item_sn: row.item_sn,
        user_item_sn: userItemSn,
        names: row.names,
        image_url: row.image_url,
        cnt: 1,
      };
      await publishRoomEvent(this.bus, room.vodKey, {
        code: ChatEvent.ITEM_USE,
        ts: Date.now(),
        by: await this.chatUser(room, user.userKey),
        data: data as unknown as Record<string, unknown>,
      });
    }
    return toUserItem(row, lang, false);
  }

  /** in_use → stopped (ITEM_NOT_IN_USE in any other state). */
  async suspend(user: SessionUser, userItemSn: number, lang: Lang): Promise<UserItem> {
    const done = await suspendItem(this.db, user.userKey, userItemSn);
    const row = await this.ownItem(user, userItemSn);
    if (!done) throw new AppError('ITEM_NOT_IN_USE');
    return toUserItem(row, lang, false);
  }

  /**
   * Gives an unused, refundable item the caller bought for themselves back within ITEM_LIMITS.refundDays:
   * its price goes from the `refund` account to the caller's CUBIC, in the same database transaction as
   * the item becoming `refunded` (the row is locked first, so two refunds never both pay).
   */
  async refund(user: SessionUser, userItemSn: number, key: string): Promise<ItemRefundSet> {
    const [from, to] = await this.ledger.resolve([
      { kind: 'refund', currency: 'CUBIC' },
      { kind: 'wallet', userKey: user.userKey, currency: 'CUBIC' },
    ]);
    return this.db.transaction(async (tx) => {
      const row = await findUserItem(tx, userItemSn, true);
      if (!row || Number(row.user_key) !== user.userKey) throw new AppError('ITEM_USER_NOT_FOUND');
      if (row.raw_state === 'refunded') {
        const first = row.refund_txn_id === null ? undefined : await txnById(tx, Number(row.refund_txn_id));
        if (first && first.actor === user.userKey && first.key === key) {
          return {
            txn_id: Number(row.refund_txn_id),
            user_item_sn: userItemSn,
            amount: first.amount,
            balance: first.receiverBalance ?? 0,
            created_at: first.createdAt,
          };
        }
        throw new AppError('ITEM_USED_UP');
      }
      if (row.raw_state === 'used') throw new AppError('ITEM_REFUND_AFTER_USE');
      if (row.state === 'expired') throw new AppError('ITEM_EXPIRED');
      if (!row.refundable || row.sponsor_user_key !== null) throw new AppError('ITEM_NOT_REFUNDABLE');
      if (row.first_used_at !== null || row.state !== 'unused') throw new AppError('ITEM_REFUND_AFTER_USE');
      if (Date.now() - new Date(row.purchased_at).getTime() >= ITEM_LIMITS.refundDays * DAY_MS) {
        throw new AppError('ITEM_REFUND_WINDOW', { days: ITEM_LIMITS.refundDays });
      }
      const [applied] = await applyInTx(tx, [
        {
          actor: user.userKey,
          key,
          fingerprint: `refund:${from.accountId}:${to.accountId}:CUBIC:${row.paid}:${userItemSn}`,
          kind: 'refund',
          currency: 'CUBIC',
          from: from.accountId,
          fromSystem: true,
          amount: row.paid,
          meta: { user_item_sn: userItemSn, item_sn: row.item_sn },
          credits: [{ account: to.accountId, amount: row.paid }],
        },
      ]);
      if (!applied || applied.outcome === 'reused') throw new AppError('WALLET_KEY_REUSED');
      if (applied.state !== 'done') throw new Error('a refund from the refund account was refused');
      await markRefunded(tx, userItemSn, applied.txnId);
      return {
        txn_id: applied.txnId,
        user_item_sn: userItemSn,
        amount: row.paid,
        balance: applied.receiverBalance ?? 0,
        created_at: applied.createdAt.toISOString(),
      };
    });
  }

  // ---- my items --------------------------------------------------------------------------------------

  async summary(userKey: number): Promise<MyItemSummary> {
    const [counters, counts] = await Promise.all([itemCounters(this.db, userKey), walletCounts(this.db, userKey)]);
    return { counters, cubic_cnt: counts.cubic_cnt };
  }

  list(userKey: number, box: ItemBox, lang: Lang, offset: number, limit: number) {
    return listUserItems(this.db, userKey, box, lang, offset, limit);
  }

  /** The uses of one KST month (the current one or one of the offered previous ones). */
  async history(
    userKey: number,
    q: { month?: string | undefined; offset: number; limit: number },
    lang: Lang,
  ): Promise<{ list: ItemUseEntry[]; total: number; month: string; months: string[] }> {
    const months = detailsMonths(Date.now(), ITEM_LIMITS.detailsMonthsDefault);
    const month = q.month ?? (months[0] as string);
    if (!months.includes(month)) throw new AppError('WALLET_MONTH_OUT_OF_RANGE', { months: ITEM_LIMITS.detailsMonthsDefault });
    const { from, to } = kstMonthRange(month);
    const { list, total } = await listUses(this.db, userKey, from, to, lang, q.offset, q.limit);
    return { list, total, month, months };
  }

  // ---- internals -------------------------------------------------------------------------------------

  /** The caller's item (re-read after a change), or ITEM_USER_NOT_FOUND (unknown, or someone else's). */
  private async ownItem(user: SessionUser, userItemSn: number): Promise<UserItemRow> {
    const row = await findUserItem(this.db, userItemSn);
    if (!row || Number(row.user_key) !== user.userKey) throw new AppError('ITEM_USER_NOT_FOUND');
    return row;
  }

  /** How a member appears in the room's chat (BJ, manager, operator), as the chat itself shows them. */
  private async chatUser(room: LiveRoom, userKey: number): Promise<ChatUserInfo | undefined> {
    return (await this.chat.lookupUser(room, userKey)) ?? undefined;
  }
}

export type { ItemRow };
