import {
  type AccountRole,
  ChatEvent,
  type ChatUserInfo,
  type GiftRankEntry,
  type GiftRankExtra,
  type GiftRankReq,
  type OutsideMsgPush,
  STAR_GIFT,
  type StarGiftChatEventData,
  type StarGiftSet,
  starGiftCode,
} from '@byeol/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError, required } from '../../platform/errors.js';
import { publishRoomEvent } from '../chat/chat.events.js';
import { isRoomBj, type RoomStanding, type RoomStandings, sponsorListPublic } from '../chat/index.js';
import type { LiveRoom, LiveRooms } from '../live/live.rooms.js';
import { giftRanking } from './wallet.repository.js';
import { requireAmount } from './wallet.rules.js';
import type { LedgerService } from './wallet.service.js';

/** One gift call: `donation` announces it as the donation event (50) instead of 20–23. */
export interface GiftInput {
  vodKey: string;
  starCnt: string;
  message?: string | undefined;
  donation?: boolean | undefined;
  key: string;
}

/** The viewer as the session knows them. */
export interface Gifter {
  userKey: number;
  id: string;
  nick: string;
  role: AccountRole;
}

/** A gift's message as the room shows it: plain text on one line, trimmed, at most STAR_GIFT.messageMax characters. */
export function giftMessage(raw: string | undefined): string {
  if (!raw) return '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here.
  const text = raw.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
  return [...text].slice(0, STAR_GIFT.messageMax).join('').trim();
}

/**
 * `/star/user_star_use_proc`: a viewer's STAR gift to the BJ of a live room, and `/star/gift_rank`.
 *
 * - The room (its BJ and state) is kept in memory for a moment and forgotten on every `live` bus message
 *   about it, so a storm of gifts costs no room query each.
 * - A viewer the BJ blocked from their rooms (chat_room_block) cannot gift (WALLET_GIFT_BLOCKED, nothing
 *   charged). The BJ's blocks and managers are held in memory (chat.standings.ts: read once per BJ,
 *   forgotten in every process when moderation announces a change), so a gift asks the database nothing
 *   before the ledger.
 * - Fans and rankings are written right after the ledger commits a gift (wallet.fans.ts).
 * - Once paid, the room gets the star-gift event (20–23 by amount; a donation: 50, same data) through the bus as OUTSIDE_MSG. A
 *   replay (the same idempotency key again, here or in another process) is not announced: concurrent
 *   calls with one key in this process share the first call, and the database answers `replay` to the rest.
 */
export class RoomGifts {
  private readonly inFlight = new Map<string, { signature: string; promise: Promise<StarGiftSet> }>();

  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
    private readonly bus: Bus,
    /** The process's rooms (live.rooms.ts): read once, forgotten on every `live` bus message about them. */
    private readonly rooms: LiveRooms,
    /** Who the BJs blocked and who manages their rooms (one per process, chat.standings.ts). */
    private readonly standings: RoomStandings,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  gift(viewer: Gifter, input: GiftInput): Promise<StarGiftSet> {
    const callKey = `${viewer.userKey}\u0000${input.key}`;
    const signature = `${input.vodKey}\u0000${input.starCnt}\u0000${input.message ?? ''}\u0000${input.donation ? 'D' : ''}`;
    const same = this.inFlight.get(callKey);
    if (same?.signature === signature) return same.promise;
    const promise = this.giftOnce(viewer, input);
    if (!same) {
      this.inFlight.set(callKey, { signature, promise });
      const forget = () => this.inFlight.delete(callKey);
      promise.then(forget, forget);
    }
    return promise;
  }

  private async giftOnce(viewer: Gifter, input: GiftInput): Promise<StarGiftSet> {
    const amount = requireAmount(input.starCnt, STAR_GIFT, 'star_cnt');
    const room = await this.rooms.get(input.vodKey);
    if (!room) throw new AppError('BROADCAST_NOT_FOUND');
    if (room.state === 'frozen') throw new AppError('BROADCAST_FROZEN');
    if (room.state !== 'live') throw new AppError('BROADCAST_ENDED');
    if (viewer.userKey === room.bjUserKey) throw new AppError('WALLET_SELF_GIFT');
    const standing = await this.standings.of(room.bjUserKey, viewer.userKey);
    if (standing.blocked) throw new AppError('WALLET_GIFT_BLOCKED');
    const message = giftMessage(input.message);
    // A donation is a gift with a message (SOOP's 별풍선 with a message): nothing is charged without one.
    if (input.donation && !message) throw required('message');
    const meta: Record<string, unknown> = { vod_key: input.vodKey };
    if (message) meta.message = message;
    if (input.donation) meta.donation = true;
    const paid = await this.ledger.gift(viewer.userKey, room.bjUserKey, amount, input.key, meta);
    // The fan club is joined in the gift's own transaction (wallet_apply_fan), a replay answers it again.
    const club = { first: paid.fan_joined, fanNo: paid.fan_no };
    const firstGift = club.first;
    const result = { ...paid, first_gift: firstGift, fan_no: club.fanNo };
    if (!paid.replayed) this.announce(input.vodKey, room, viewer, standing, message, result, input.donation === true);
    return {
      txn_id: result.txn_id,
      vod_key: input.vodKey,
      bj_user_key: room.bjUserKey,
      star_cnt: result.amount,
      balance: result.balance,
      created_at: result.created_at,
      first_gift: result.first_gift,
      fan_no: result.fan_no,
    };
  }

  /** The star-gift event to every chat node holding the room (fire and forget: the gift is paid either way). */
  private announce(
    vodKey: string,
    room: LiveRoom,
    viewer: Gifter,
    standing: RoomStanding,
    message: string,
    result: { txn_id: number; amount: number; first_gift: boolean; fan_no: number | null },
    donation: boolean,
  ): void {
    const by: ChatUserInfo = {
      user_key: viewer.userKey,
      id: viewer.id,
      nick: viewer.nick,
      is_bj: isRoomBj(room, viewer.userKey) ? 1 : 0,
      is_manager: standing.manager ? 1 : 0,
      is_operator: viewer.role === 'operator' || viewer.role === 'gm' ? 1 : 0,
      is_guest: 0,
      is_fan: 1,
    };
    const data: StarGiftChatEventData = {
      star_cnt: result.amount,
      txn_id: result.txn_id,
      first_gift: result.first_gift,
      fan_no: result.fan_no,
    };
    const push: OutsideMsgPush = {
      code: donation ? ChatEvent.DONATION : starGiftCode(result.amount),
      ts: Date.now(),
      by,
      ...(message ? { m: message } : {}),
      data: { ...data },
    };
    publishRoomEvent(this.bus, vodKey, push).catch((err: unknown) =>
      this.log?.error({ err, vod_key: vodKey, txn_id: result.txn_id }, 'star gift event not published'),
    );
  }

  /**
   * `/star/gift_rank`: the room's (or its BJ's) top supporters. A private sponsor list (8104 'N') is shown
   * to the BJ (or the main account owning it), the BJ's managers and operators only.
   */
  async ranking(
    viewer: Pick<Gifter, 'userKey' | 'role'> | null,
    req: GiftRankReq,
  ): Promise<{ list: GiftRankEntry[]; total: number; extra: GiftRankExtra }> {
    const room = await this.rooms.get(req.vod_key);
    if (!room) throw new AppError('BROADCAST_NOT_FOUND');
    const publicYn = await sponsorListPublic(this.db, room.bjUserKey);
    const extra: GiftRankExtra = {
      vod_key: req.vod_key,
      bj_user_key: room.bjUserKey,
      scope: req.scope,
      sponsor_list_public_yn: publicYn,
      hidden_yn: 'N',
    };
    if (publicYn === 'N' && !(await this.maySeePrivate(viewer, room))) return { list: [], total: 0, extra: { ...extra, hidden_yn: 'Y' } };
    const { list, total } = await giftRanking(this.db, req.scope, { vodKey: req.vod_key, bjUserKey: room.bjUserKey }, req.limit);
    return { list, total, extra };
  }

  private async maySeePrivate(viewer: Pick<Gifter, 'userKey' | 'role'> | null, room: LiveRoom): Promise<boolean> {
    if (!viewer) return false;
    if (viewer.role === 'operator' || viewer.role === 'gm' || isRoomBj(room, viewer.userKey)) return true;
    return (await this.standings.of(room.bjUserKey, viewer.userKey)).manager;
  }
}
