import { ChatEvent, type OutsideMsgPush, type StarGiftChatEventData, starGiftTier } from '@byeol/contract';

/**
 * Star gifts on the web (framework-free, unit-tested): which chat events are star gifts and their tier
 * (the gift form's idempotency key: lib/action-key.ts).
 */

/**
 * The star gift codes 20–23 (SPEC §9): tier 0 (1–99) … tier 3 (10,000 and more), see starGiftCode; and
 * the donation (50): a star gift sent with the donation switch, its message shown as a donation.
 */
export function isStarGiftCode(code: number): boolean {
  return (code >= ChatEvent.STAR_GIFT_FIRST && code <= ChatEvent.STAR_GIFT_LAST) || code === ChatEvent.DONATION;
}

/** The tier of a star gift or donation push: by its amount (a donation's code says nothing of it). */
export function giftTierOf(push: OutsideMsgPush, starCnt: number): 0 | 1 | 2 | 3 {
  return push.code === ChatEvent.DONATION ? starGiftTier(starCnt) : giftTier(push.code);
}

export function giftTier(code: number): 0 | 1 | 2 | 3 {
  return Math.min(3, Math.max(0, code - ChatEvent.STAR_GIFT_FIRST)) as 0 | 1 | 2 | 3;
}

/** A star gift event's data, or null when the push is not a well-formed star gift. */
export function starGiftOf(push: OutsideMsgPush): StarGiftChatEventData | null {
  if (!isStarGiftCode(push.code)) return null;
  const d = push.data ?? {};
  const starCnt = Number(d.star_cnt);
  if (!Number.isSafeInteger(starCnt) || starCnt <= 0) return null;
  const fanNo = Number(d.fan_no);
  return {
    star_cnt: starCnt,
    txn_id: Number(d.txn_id) || 0,
    first_gift: d.first_gift === true,
    fan_no: Number.isSafeInteger(fanNo) && fanNo > 0 ? fanNo : null,
  };
}

/** The page-wide event the chat raises for each star gift of the room, so the ranking can refresh. */
export const STAR_GIFT_DOM_EVENT = 'byeol:star-gift';
export interface StarGiftDomDetail {
  vodKey: string;
  push: OutsideMsgPush;
}
