import { describe, expect, it } from 'vitest';
import {
  CardConfirmSchema,
  CardOrderSchema,
  normalizeBizNo,
  normalizeDepositor,
  normalizeReceiptPhone,
  PAYMENT_LIMITS,
  PaymentRefundSchema,
  TossWebhookSchema,
} from './payments.js';

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

describe('card payment requests (the calls check these before anything else)', () => {
  it('pg_request takes a package and an optional idempotency key (the header may carry it instead)', () => {
    expect(CardOrderSchema.parse({ product_sn: '12' })).toEqual({ product_sn: '12' });
    expect(CardOrderSchema.parse({ product_sn: '12', idempotency_key: 'k'.repeat(128) }).idempotency_key).toHaveLength(128);
    for (const bad of [{}, { product_sn: 12 }, { product_sn: '1'.repeat(21) }, { product_sn: '1', idempotency_key: 'k'.repeat(129) }]) {
      expect(CardOrderSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('pg_confirm takes what the success redirect carried: the amount as text or number, whole won', () => {
    expect(CardConfirmSchema.parse({ payment_key: ' tpg_abc ', order_id: ' C20261122-00000001 ', amount: '33000' })).toEqual({
      payment_key: 'tpg_abc',
      order_id: 'C20261122-00000001',
      amount: 33000,
    });
    expect(CardConfirmSchema.parse({ payment_key: 'k', order_id: 'o', amount: 0 }).amount).toBe(0);
    const ok = { payment_key: 'tpg_abc', order_id: 'C20261122-00000001', amount: '33000' };
    for (const bad of [
      { ...ok, payment_key: '' },
      { ...ok, payment_key: '   ' },
      { ...ok, payment_key: 'k'.repeat(201) },
      { ...ok, order_id: '' },
      { ...ok, order_id: 'o'.repeat(65) },
      { ...ok, amount: '-1' },
      { ...ok, amount: '12.5' },
      { ...ok, amount: 'abc' },
      { ...ok, amount: String(2 ** 60) },
      { payment_key: 'k', order_id: 'o' },
    ]) {
      expect(CardConfirmSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('payment_refund takes an order number and a reason up to the limit, trimmed', () => {
    expect(PaymentRefundSchema.parse({ user_payment_log_sn: '42', reason: '  고객 요청 ' })).toEqual({
      user_payment_log_sn: 42,
      reason: '고객 요청',
    });
    expect(PaymentRefundSchema.parse({ user_payment_log_sn: 1, reason: '가'.repeat(PAYMENT_LIMITS.reasonMax) }).reason).toHaveLength(
      PAYMENT_LIMITS.reasonMax,
    );
    for (const bad of [
      { user_payment_log_sn: '0', reason: 'x' },
      { user_payment_log_sn: '-3', reason: 'x' },
      { user_payment_log_sn: '1.5', reason: 'x' },
      { user_payment_log_sn: 'abc', reason: 'x' },
      { user_payment_log_sn: String(2 ** 54), reason: 'x' },
      { user_payment_log_sn: '1', reason: '' },
      { user_payment_log_sn: '1', reason: '   ' },
      { user_payment_log_sn: '1', reason: '가'.repeat(PAYMENT_LIMITS.reasonMax + 1) },
      { user_payment_log_sn: '1' },
    ]) {
      expect(PaymentRefundSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('the Toss webhook body needs only an event type; the payment is kept with its other fields (never trusted, re-fetched)', () => {
    const event = {
      eventType: 'PAYMENT_STATUS_CHANGED',
      createdAt: '2026-11-22T13:05:00+09:00',
      data: { paymentKey: 'tpg_abc', orderId: 'C20261122-00000001', status: 'DONE', totalAmount: 33000 },
    };
    expect(TossWebhookSchema.parse(event)).toEqual(event);
    expect(TossWebhookSchema.parse({ eventType: 'payout.changed' })).toEqual({ eventType: 'payout.changed' });
    for (const bad of [
      {},
      { eventType: 'x'.repeat(65) },
      { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 'k'.repeat(201) } },
      { eventType: 'PAYMENT_STATUS_CHANGED', data: { paymentKey: 42 } },
      { eventType: 'PAYMENT_STATUS_CHANGED', data: 'DONE' },
    ]) {
      expect(TossWebhookSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
