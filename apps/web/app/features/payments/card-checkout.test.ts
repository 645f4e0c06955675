import { describe, expect, it } from 'vitest';
import { testCheckoutUrl } from './card-checkout';

const checkout = {
  provider: 'test',
  client_key: 'test_ck_x',
  checkout_url: '/pg-test/checkout',
  order_id: 'C20261122-00000007',
  amount: 12_000,
  order_name: '큐빅 1,000 (+100)',
  customer_key: 'ck_abc',
  success_url: 'http://site.test/pg/success',
  fail_url: 'http://site.test/pg/fail',
} as const;

describe('the test PG checkout', () => {
  it('carries the order as Toss would: id, name, amount, customer and both return addresses', () => {
    const url = new URL(testCheckoutUrl(checkout, 'http://site.test/mypage'));
    expect(url.origin + url.pathname).toBe('http://site.test/pg-test/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mode: 'payment',
      orderId: 'C20261122-00000007',
      orderName: '큐빅 1,000 (+100)',
      amount: '12000',
      customerKey: 'ck_abc',
      successUrl: 'http://site.test/pg/success',
      failUrl: 'http://site.test/pg/fail',
    });
  });

  it('a billing checkout carries only the customer and both return addresses, as requestBillingAuth would', () => {
    const url = new URL(testCheckoutUrl(checkout, 'http://site.test/store/supporters', 'billing'));
    expect(url.origin + url.pathname).toBe('http://site.test/pg-test/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mode: 'billing',
      customerKey: 'ck_abc',
      successUrl: 'http://site.test/pg/success',
      failUrl: 'http://site.test/pg/fail',
    });
  });
});
