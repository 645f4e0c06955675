import { starGiftCode } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { giftTier, giftTierOf, isStarGiftCode, starGiftOf } from './star-gift';

describe('star gift rules', () => {
  it('tells star gifts apart and tiers them as the server codes them', () => {
    expect([19, 20, 23, 24, 49, 51, 60].map(isStarGiftCode)).toEqual([false, true, true, false, false, false, false]);
    expect([1, 99, 100, 999, 1_000, 10_000, 100_000].map((n) => giftTier(starGiftCode(n)))).toEqual([0, 0, 1, 1, 2, 3, 3]);
  });

  it('reads a donation (50) as a star gift tiered by its amount, not its code', () => {
    expect(isStarGiftCode(50)).toBe(true);
    const push = { code: 50, ts: 1, m: '생일 축하해', data: { star_cnt: 1_500, txn_id: 4, first_gift: false, fan_no: 3 } };
    expect(starGiftOf(push)).toMatchObject({ star_cnt: 1_500, fan_no: 3 });
    expect([5, 150, 1_500, 20_000].map((n) => giftTierOf({ ...push, data: { star_cnt: n } }, n))).toEqual([0, 1, 2, 3]);
    expect(giftTierOf({ code: 22, ts: 1 }, 5)).toBe(2);
  });

  it('reads a gift event and refuses a malformed one', () => {
    expect(starGiftOf({ code: 21, ts: 1, data: { star_cnt: 150, txn_id: 9, first_gift: true, fan_no: 12 } })).toEqual({
      star_cnt: 150,
      txn_id: 9,
      first_gift: true,
      fan_no: 12,
    });
    // An event without a fan number (older servers) still reads.
    expect(starGiftOf({ code: 20, ts: 1, data: { star_cnt: 5, txn_id: 3, first_gift: false } })?.fan_no).toBeNull();
    expect(starGiftOf({ code: 21, ts: 1, data: { star_cnt: 'x' } })).toBeNull();
    expect(starGiftOf({ code: 60, ts: 1, data: { star_cnt: 1 } })).toBeNull();
  });
});
