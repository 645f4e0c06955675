import { checkAmount, STAR_GIFT } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { PPM, parseRewardRate, requireAmount, requireIdempotencyKey, splitGift } from './wallet.rules.js';

describe('reward rate (SPEC §9 reward_rate)', () => {
  it('reads decimals between 0 and 1 as parts per million', () => {
    expect(parseRewardRate('1.0')).toEqual({ ppm: PPM, valid: true });
    expect(parseRewardRate('1')).toEqual({ ppm: PPM, valid: true });
    expect(parseRewardRate('0.7')).toEqual({ ppm: 700_000, valid: true });
    expect(parseRewardRate('0.333333')).toEqual({ ppm: 333_333, valid: true });
    expect(parseRewardRate(' 0.05 ')).toEqual({ ppm: 50_000, valid: true });
    expect(parseRewardRate('0')).toEqual({ ppm: 0, valid: true });
  });
  it('falls back to 1.0 on anything else', () => {
    for (const bad of ['', 'abc', '1.5', '2', '-0.5', '0.1234567', '1e0', '.5', null, undefined]) {
      expect(parseRewardRate(bad)).toEqual({ ppm: PPM, valid: false });
    }
  });
});

describe('gift split', () => {
  it('gives the BJ amount × rate rounded down and the platform the remainder', () => {
    expect(splitGift(100, PPM)).toEqual({ bj: 100, platform: 0 });
    expect(splitGift(100, 700_000)).toEqual({ bj: 70, platform: 30 });
    expect(splitGift(1, 700_000)).toEqual({ bj: 0, platform: 1 });
    expect(splitGift(10, 333_333)).toEqual({ bj: 3, platform: 7 });
    expect(splitGift(7, 0)).toEqual({ bj: 0, platform: 7 });
  });
  it('never creates or loses a unit, also above 2^53 / PPM', () => {
    for (const amount of [1, 2, 3, 99, 1_000_001, 999_999_999_999]) {
      for (const ppm of [0, 1, 333_333, 500_000, 999_999, PPM]) {
        const { bj, platform } = splitGift(amount, ppm);
        expect(bj + platform).toBe(amount);
        expect(bj).toBeGreaterThanOrEqual(0);
        expect(platform).toBeGreaterThanOrEqual(0);
        expect(bj).toBe(Number((BigInt(amount) * BigInt(ppm)) / 1_000_000n));
      }
    }
  });
});

describe('amounts (zero, negative, fractional, huge, non-numeric)', () => {
  const limits = { min: 1, max: 1000 };
  const codeOf = (raw: unknown) => {
    const r = checkAmount(raw, limits);
    return r.ok ? r.value : r.code;
  };
  it('accepts whole numbers within the limits, typed or sent as numbers', () => {
    expect(codeOf('1')).toBe(1);
    expect(codeOf(' 25 ')).toBe(25);
    expect(codeOf('+7')).toBe(7);
    expect(codeOf('0007')).toBe(7);
    expect(codeOf('1000')).toBe(1000);
    expect(codeOf(42)).toBe(42);
  });
  it('answers each kind of mistake with its own code', () => {
    expect(codeOf('')).toBe('REQUIRED');
    expect(codeOf(undefined)).toBe('REQUIRED');
    expect(codeOf('0')).toBe('WALLET_AMOUNT_TOO_SMALL');
    expect(codeOf('-0')).toBe('WALLET_AMOUNT_TOO_SMALL');
    expect(codeOf('-5')).toBe('WALLET_AMOUNT_TOO_SMALL');
    expect(codeOf(-5)).toBe('WALLET_AMOUNT_TOO_SMALL');
    expect(codeOf('1.5')).toBe('WALLET_AMOUNT_NOT_WHOLE');
    expect(codeOf('10.0')).toBe('WALLET_AMOUNT_NOT_WHOLE');
    expect(codeOf('1e3')).toBe('WALLET_AMOUNT_NOT_WHOLE');
    expect(codeOf(2.5)).toBe('WALLET_AMOUNT_NOT_WHOLE');
    expect(codeOf('1001')).toBe('WALLET_AMOUNT_TOO_LARGE');
    expect(codeOf('99999999999999999999999999999999')).toBe('WALLET_AMOUNT_TOO_LARGE');
    expect(codeOf(Number.MAX_SAFE_INTEGER)).toBe('WALLET_AMOUNT_TOO_LARGE');
    expect(codeOf('abc')).toBe('WALLET_AMOUNT_NOT_NUMBER');
    expect(codeOf('12abc')).toBe('WALLET_AMOUNT_NOT_NUMBER');
    expect(codeOf('1,000')).toBe('WALLET_AMOUNT_NOT_NUMBER');
    expect(codeOf('０１')).toBe('WALLET_AMOUNT_NOT_NUMBER');
    expect(codeOf(Number.NaN)).toBe('WALLET_AMOUNT_NOT_NUMBER');
    expect(codeOf(Number.POSITIVE_INFINITY)).toBe('WALLET_AMOUNT_NOT_NUMBER');
    expect(codeOf({})).toBe('REQUIRED');
  });
  it('names the limit in the error params and the field', () => {
    expect(checkAmount('0', STAR_GIFT, 'star_cnt')).toEqual({
      ok: false,
      code: 'WALLET_AMOUNT_TOO_SMALL',
      params: { field: 'star_cnt', min: 1 },
    });
    expect(checkAmount('100001', STAR_GIFT, 'star_cnt')).toEqual({
      ok: false,
      code: 'WALLET_AMOUNT_TOO_LARGE',
      params: { field: 'star_cnt', max: 100_000 },
    });
    expect(() => requireAmount('x', limits)).toThrow(AppError);
  });
});

describe('idempotency keys', () => {
  it('takes the form field, else the header', () => {
    expect(requireIdempotencyKey('gift-0001-abc', 'other-header-key')).toBe('gift-0001-abc');
    expect(requireIdempotencyKey(undefined, '6f1c2a7e-1d2b-4c3d-9e8f-001122334455')).toBe('6f1c2a7e-1d2b-4c3d-9e8f-001122334455');
    expect(requireIdempotencyKey(undefined, ['first-key-01', 'second-key-02'])).toBe('first-key-01');
  });
  it('refuses a missing, short, long or odd key', () => {
    const code = (field?: string, header?: string) => {
      try {
        requireIdempotencyKey(field, header);
        return 'ok';
      } catch (err) {
        return (err as AppError).code;
      }
    };
    expect(code()).toBe('REQUIRED');
    expect(code('')).toBe('REQUIRED');
    expect(code('short')).toBe('INVALID_INPUT');
    expect(code('x'.repeat(65))).toBe('INVALID_INPUT');
    expect(code('has space in it')).toBe('INVALID_INPUT');
  });
});
