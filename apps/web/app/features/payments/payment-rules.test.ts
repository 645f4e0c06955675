import { ResultCode } from '@byeol/contract';
import { describe, expect, it } from 'vitest';
import { canCancel, checkDeposit, depositFieldOf, hasReceipt, isUserCancel, pgFailureOf, pgReturnOf, shownState } from './payment-rules';

const now = Date.parse('2026-11-22T09:00:00Z');

describe('the bank deposit form checks', () => {
  it('accepts a package, a depositor and no receipt', () => {
    expect(checkDeposit({ product_sn: 1, depositor_nm: '홍길동', cash_receipt_type: 'none', cash_receipt_no: '' })).toEqual({});
  });

  it('names each wrong field with its code', () => {
    const errors = checkDeposit({ product_sn: null, depositor_nm: '  ', cash_receipt_type: 'income', cash_receipt_no: '02-123' });
    expect(errors.product_sn?.code).toBe('REQUIRED');
    expect(errors.depositor_nm?.code).toBe('PAYMENT_DEPOSITOR_INVALID');
    expect(errors.cash_receipt_no?.code).toBe('PAYMENT_RECEIPT_PHONE_INVALID');
  });

  it('checks a business number by its check digit, and ignores the number without a receipt', () => {
    const base = { product_sn: 1, depositor_nm: '(주)별', cash_receipt_type: 'expense' as const };
    expect(checkDeposit({ ...base, cash_receipt_no: '124-81-00999' }).cash_receipt_no?.code).toBe('PAYMENT_RECEIPT_BIZ_NO_INVALID');
    expect(checkDeposit({ ...base, cash_receipt_no: '220-81-62517' })).toEqual({});
    expect(checkDeposit({ ...base, cash_receipt_type: 'none', cash_receipt_no: 'junk' })).toEqual({});
  });
});

describe('server refusals', () => {
  it('go under the field the envelope names, else by code, else on the form', () => {
    expect(depositFieldOf(ResultCode.REQUIRED, 'depositor_nm')).toBe('depositor_nm');
    expect(depositFieldOf(ResultCode.PAYMENT_RECEIPT_BIZ_NO_INVALID, undefined)).toBe('cash_receipt_no');
    expect(depositFieldOf(ResultCode.PAYMENT_PRODUCT_NOT_ON_SALE, undefined)).toBe('product_sn');
    expect(depositFieldOf(ResultCode.PAYMENT_TOO_MANY_PENDING, undefined)).toBeNull();
  });
});

describe('order states', () => {
  const pending = { state: 'pending' as const, method: 'bankbook' as const, deadline_at: '2026-11-25T09:00:00Z' };

  it('a pending order before its deadline can be cancelled', () => {
    expect(shownState(pending, now)).toBe('pending');
    expect(canCancel(pending, now)).toBe(true);
  });

  it('a pending order past its deadline reads expired and cannot be cancelled', () => {
    const late = { ...pending, deadline_at: '2026-11-22T08:59:59Z' };
    expect(shownState(late, now)).toBe('expired');
    expect(canCancel(late, now)).toBe(false);
  });

  it('final states and card orders offer no cancel', () => {
    expect(canCancel({ ...pending, state: 'paid' }, now)).toBe(false);
    expect(canCancel({ ...pending, method: 'card' }, now)).toBe(false);
  });

  it('only paid and refunded orders have a receipt', () => {
    expect(hasReceipt({ ...pending, state: 'paid' }, now)).toBe(true);
    expect(hasReceipt({ ...pending, state: 'refunded' }, now)).toBe(true);
    for (const state of ['pending', 'cancelled', 'expired', 'rejected'] as const)
      expect(hasReceipt({ ...pending, state }, now)).toBe(false);
  });
});

describe('the card checkout coming back', () => {
  const q = (s: string) => new URLSearchParams(s);

  it('reads the success redirect, and refuses one with a part missing or an amount that is no whole number', () => {
    expect(pgReturnOf(q('paymentKey=tpk_1&orderId=D20261122-00000042&amount=12000'))).toEqual({
      paymentKey: 'tpk_1',
      orderId: 'D20261122-00000042',
      amount: 12_000,
    });
    expect(pgReturnOf(q('orderId=D1&amount=12000'))).toBeNull();
    expect(pgReturnOf(q('paymentKey=k&orderId=D1&amount=12.5'))).toBeNull();
    expect(pgReturnOf(q('paymentKey=k&orderId=D1&amount=-1'))).toBeNull();
    expect(pgReturnOf(q('paymentKey=k&orderId=D1&amount=0'))).toBeNull();
  });

  it('reads the failure redirect as text, cut to size, and knows a cancel from a decline', () => {
    const failure = pgFailureOf(q(`code=PAY_PROCESS_CANCELED&message=${'x'.repeat(400)}&orderId=D1`));
    expect(failure.code).toBe('PAY_PROCESS_CANCELED');
    expect(failure.message).toHaveLength(300);
    expect(failure.orderId).toBe('D1');
    expect(pgFailureOf(q(''))).toEqual({ code: '', message: '', orderId: '' });
    expect(isUserCancel('PAY_PROCESS_CANCELED')).toBe(true);
    expect(isUserCancel('USER_CANCEL')).toBe(true);
    expect(isUserCancel('REJECT_CARD_COMPANY')).toBe(false);
  });
});
