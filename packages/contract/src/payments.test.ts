import { describe, expect, it } from 'vitest';
import { normalizeBizNo, normalizeDepositor, normalizeReceiptPhone, PAYMENT_LIMITS } from './payments.js';

describe('cash receipt and depositor checks (the deposit form and the server run these)', () => {
  it('takes Korean mobile numbers with or without hyphens for income deduction', () => {
    expect(normalizeReceiptPhone('010-1234-5678')).toBe('01012345678');
    expect(normalizeReceiptPhone(' 0111234567 ')).toBe('0111234567');
    for (const bad of ['', '02-123-4567', '010-12-34', '010123456789', '+821012345678', '010 1234 5678']) {
      expect(normalizeReceiptPhone(bad), bad).toBeNull();
    }
  });

  it('takes business registration numbers whose check digit is right', () => {
    expect(normalizeBizNo('124-81-00998')).toBe('1248100998');
    expect(normalizeBizNo('2208162517')).toBe('2208162517');
    for (const bad of ['124-81-00999', '123456789', '12345678901', 'abcdefghij', '']) expect(normalizeBizNo(bad), bad).toBeNull();
  });

  it('takes depositor names a bank prints, trimmed, up to the limit', () => {
    expect(normalizeDepositor('  홍  길동 ')).toBe('홍 길동');
    expect(normalizeDepositor('(주)별 Co.')).toBe('(주)별 Co.');
    expect(normalizeDepositor('가'.repeat(PAYMENT_LIMITS.depositorMax))).not.toBeNull();
    for (const bad of ['', '   ', '<b>', 'a;b', '가'.repeat(PAYMENT_LIMITS.depositorMax + 1)])
      expect(normalizeDepositor(bad), bad).toBeNull();
  });
});
