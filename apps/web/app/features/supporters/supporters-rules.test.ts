import { describe, expect, it } from 'vitest';
import { bjParamOf, canCancelAuto, supportersReturnOf } from './supporters-rules';

describe('supportersReturnOf', () => {
  it('reads a regular payment return and refuses a foreign order id or a broken amount', () => {
    const ok = new URLSearchParams('order_id=S20261124-00000001&type=regular&paymentKey=tpg_1&orderId=S20261124-00000001&amount=5500');
    expect(supportersReturnOf(ok)).toEqual({ type: 'regular', orderId: 'S20261124-00000001', paymentKey: 'tpg_1', amount: 5500 });
    expect(supportersReturnOf(new URLSearchParams(`${ok}`.replace('orderId=S20261124-00000001', 'orderId=S1-other')))).toBeNull();
    expect(supportersReturnOf(new URLSearchParams(`${ok}`.replace('amount=5500', 'amount=5.5')))).toBeNull();
  });

  it('reads an auto-pay card registration return', () => {
    const ok = new URLSearchParams('order_id=S20261124-00000002&type=auto&authKey=tpa_1&customerKey=sup_abc');
    expect(supportersReturnOf(ok)).toEqual({ type: 'auto', orderId: 'S20261124-00000002', authKey: 'tpa_1', customerKey: 'sup_abc' });
    expect(supportersReturnOf(new URLSearchParams('order_id=S1&type=auto&authKey=tpa_1'))).toBeNull();
    expect(supportersReturnOf(new URLSearchParams('type=auto&authKey=a&customerKey=b'))).toBeNull();
  });
});

describe('bjParamOf and canCancelAuto', () => {
  it('takes only a positive user key', () => {
    expect(bjParamOf('42')).toBe(42);
    expect(bjParamOf('0')).toBeUndefined();
    expect(bjParamOf('abc')).toBeUndefined();
    expect(bjParamOf(null)).toBeUndefined();
  });

  it('offers cancelling only an auto-pay that will still charge', () => {
    expect(canCancelAuto({ type: 'auto', state: 'active', next_charge_at: '2026-12-24T00:00:00Z' })).toBe(true);
    expect(canCancelAuto({ type: 'auto', state: 'cancelled', next_charge_at: null })).toBe(false);
    expect(canCancelAuto({ type: 'regular', state: 'active', next_charge_at: null })).toBe(false);
  });
});
