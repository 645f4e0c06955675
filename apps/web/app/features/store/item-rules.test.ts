import { describe, expect, it } from 'vitest';
import { categoryOf, itemActions, offeredMonths, totalPrice, usedUpToday, usesLeftToday } from './item-rules';

describe('itemActions: the buttons of an item by its state', () => {
  it.each([
    ['unused', 'Y', ['use', 'refund']],
    ['unused', 'N', ['use']],
    ['in_use', 'N', ['use', 'stop']],
    ['stopped', 'N', ['use']],
    ['expired', 'N', []],
    ['used', 'N', []],
    ['refunded', 'N', []],
  ] as const)('%s (refundable now %s) → %j', (state, refundable, actions) => {
    expect(itemActions({ state, refundable_now_yn: refundable })).toEqual(actions);
  });

  it('never offers a refund once the item is in use, even if the flag said Y', () => {
    expect(itemActions({ state: 'in_use', refundable_now_yn: 'Y' })).not.toContain('refund');
  });
});

describe('uses per day', () => {
  it('counts what is left today; no limit is null', () => {
    expect(usesLeftToday({ uses_today: 1, uses_per_day: 3 })).toBe(2);
    expect(usesLeftToday({ uses_today: 5, uses_per_day: 3 })).toBe(0);
    expect(usesLeftToday({ uses_today: 9, uses_per_day: 0 })).toBeNull();
    expect(usedUpToday({ uses_today: 3, uses_per_day: 3 })).toBe(true);
    expect(usedUpToday({ uses_today: 2, uses_per_day: 3 })).toBe(false);
    expect(usedUpToday({ uses_today: 100, uses_per_day: 0 })).toBe(false);
  });
});

describe('months of /mypage/details (KST)', () => {
  it('offers the months the API answered, never a future one, always the current one', () => {
    const now = Date.UTC(2026, 10, 22);
    expect(offeredMonths(['2026-10', '2026-09'], now)).toEqual(['2026-11', '2026-10', '2026-09']);
    expect(offeredMonths(['2027-01', 'junk', 3, '2026-13'], now)).toEqual(['2026-11']);
    expect(offeredMonths(undefined, now)).toEqual(['2026-11', '2026-10', '2026-09', '2026-08']);
    // The month is Korea's: 15:00 UTC on the last day is already the next month there.
    expect(offeredMonths([], Date.UTC(2026, 10, 30, 15, 0))).toEqual(['2026-12']);
  });
});

describe('store lists', () => {
  it('knows the categories and nothing else', () => {
    expect(categoryOf('sticker')).toBe('sticker');
    expect(categoryOf('STICKER')).toBeUndefined();
    expect(categoryOf('')).toBeUndefined();
    expect(categoryOf(null)).toBeUndefined();
  });

  it('totals price × count', () => {
    expect(totalPrice(1_500, 3)).toBe(4_500);
  });
});
