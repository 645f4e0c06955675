import { detailsMonths, ITEM_CATEGORIES, ITEM_LIMITS, type ItemCategory, kstMonthOf, type UserItem } from '@byeol/contract';

/**
 * The store's rules the pages decide by (docs/items.md, web section): which buttons an item of
 * /mypage/item offers in each state, the months /mypage/details offers (paging by "more" is lib/paging.ts).
 */

/** What a viewer can do with one of their items. */
export type ItemAction = 'use' | 'stop' | 'refund';

/**
 * The buttons of an item by its state (SPEC §4): unused → use (and refund while `refundable_now_yn`);
 * in use → use again and stop; stopped → use (resumes it); expired, used up and refunded items → none.
 */
export function itemActions(item: Pick<UserItem, 'state' | 'refundable_now_yn'>): ItemAction[] {
  switch (item.state) {
    case 'unused':
      return item.refundable_now_yn === 'Y' ? ['use', 'refund'] : ['use'];
    case 'in_use':
      return ['use', 'stop'];
    case 'stopped':
      return ['use'];
    default:
      return [];
  }
}

/** Uses left today; null when the item has no daily limit. Never below zero. */
export function usesLeftToday(item: Pick<UserItem, 'uses_today' | 'uses_per_day'>): number | null {
  if (item.uses_per_day <= 0) return null;
  return Math.max(0, item.uses_per_day - item.uses_today);
}

/** True when "use" can do nothing today: the daily limit is reached (the server says so too). */
export function usedUpToday(item: Pick<UserItem, 'uses_today' | 'uses_per_day'>): boolean {
  return usesLeftToday(item) === 0;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The months the month selector offers: the ones the API answered (`months` of a details list), kept only
 * when they are valid and not in the future, newest first, always with the current month; without an
 * answer, the current month and the default number of previous ones (the contract's detailsMonths).
 */
export function offeredMonths(answered: unknown, now: Date | number): string[] {
  const current = kstMonthOf(now);
  if (!Array.isArray(answered)) return detailsMonths(now, ITEM_LIMITS.detailsMonthsDefault);
  const valid = answered.filter((m): m is string => typeof m === 'string' && MONTH.test(m) && m <= current);
  return [...new Set([current, ...valid])].sort().reverse();
}

/** `?category=` of a store URL when it names a category; undefined (all) otherwise. */
export function categoryOf(value: string | null | undefined): ItemCategory | undefined {
  return ITEM_CATEGORIES.find((c) => c === value);
}

/** The total of a purchase (SPEC §3 gift: price times count). */
export function totalPrice(price: number, cnt: number): number {
  return price * cnt;
}
