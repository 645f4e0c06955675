import { createHmac } from 'node:crypto';
import {
  type AdminPaymentProduct,
  type Envelope,
  PAYMENT_WEBHOOK_SIGNATURE_HEADER,
  type PaymentOrder,
  paymentsEndpoints,
  type ResultCodeName,
  resultMessage,
  type SiteInfo,
} from '@byeol/contract';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/app.js';
import { newKey } from '../../testing/builders.js';
import { buildAccount, sql } from '../../testing/members.js';
import { SITE_CHANGED } from '../site/site.service.js';

/** Named builders for the payments' integration tests (STYLE.md). */

/** The key the test app signs deposit notifications with (startTestApp env). */
export const WEBHOOK_SECRET = 'test-payment-webhook-secret-0001';
export const TEST_BANK_ACCOUNT = '테스트은행 111-222-333333 (주)별';

let operatorAccount: { userKey: number; cookie: string } | undefined;

async function theOperator(t: TestApp) {
  operatorAccount ??= await buildAccount(t, { role: 'operator' });
  return operatorAccount;
}

/** The session cookie of this file's operator. */
export const operator = async (t: TestApp) => (await theOperator(t)).cookie;
export const operatorKey = async (t: TestApp) => (await theOperator(t)).userKey;

/** A package made through the operators' call (default: 1,000 STAR + 100 bonus for 110,000 KRW). */
export async function buildProduct(t: TestApp, over: Record<string, string> = {}): Promise<AdminPaymentProduct> {
  const res = await t.call(
    paymentsEndpoints.adminProductSave,
    { currency: 'STAR', amount: '1000', bonus: '100', price: '110000', ...over },
    { cookie: await operator(t) },
  );
  if (res.body.rslt_cd !== 0) throw new Error(`payment_product_save failed: ${JSON.stringify(res.body)}`);
  return res.body.rslt_set;
}

/** user_deposit_proc as `cookie`, with a fresh key unless given. */
export function depositOrder(t: TestApp, cookie: string, body: Record<string, string>, lang: 'ko' | 'en' = 'ko') {
  return t.call(paymentsEndpoints.depositOrder, { depositor_nm: '홍길동', idempotency_key: newKey(), ...body }, { cookie, lang });
}

/** A pending order of `cookie`'s member for `productSn`. */
export async function placed(t: TestApp, cookie: string, productSn: number, over: Record<string, string> = {}): Promise<PaymentOrder> {
  const res = await depositOrder(t, cookie, { product_sn: String(productSn), ...over });
  if (res.body.rslt_cd !== 0) throw new Error(`user_deposit_proc failed: ${JSON.stringify(res.body)}`);
  return res.body.rslt_set;
}

/** The operator confirms `order` with what the bank statement shows (by default: exactly the order). */
export function confirm(t: TestApp, order: PaymentOrder, over: Record<string, string> = {}, cookie?: string) {
  return operator(t).then((op) =>
    t.call(
      paymentsEndpoints.adminDepositConfirm,
      {
        user_payment_log_sn: String(order.user_payment_log_sn),
        depositor_nm: order.depositor_nm,
        amount: String(order.price),
        deposited_at: new Date().toISOString(),
        ...over,
      },
      { cookie: cookie ?? op },
    ),
  );
}

export const sign = (body: string, secret = WEBHOOK_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A bank notification posted as the bank's notifier would: raw JSON, signed unless `signature` is given. */
export async function notify(t: TestApp, payload: Record<string, unknown>, signature?: string) {
  const body = JSON.stringify(payload);
  const res = await fetch(`${t.url}/hooks/payment/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [PAYMENT_WEBHOOK_SIGNATURE_HEADER]: signature ?? sign(body) },
    body,
  });
  return { status: res.status, body: (await res.json()) as Envelope<PaymentOrder> };
}

/** Sets the site footer's bank account and waits until the site info the API answers shows it. */
export async function setBankAccount(t: TestApp, value: string): Promise<void> {
  await sql(t, `update site set footer = jsonb_set(footer, '{bank_account_nm}', to_jsonb($1::text)) where site_key = 1`, [value]);
  await t.bus.publish(SITE_CHANGED, {});
  for (let i = 0; i < 100; i++) {
    const res = await t.get<SiteInfo>('/v1/pubapi/api_site_cache_info');
    if (res.body.rslt_set.site_footer.bank_account_nm === value) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the site's bank account did not become ${JSON.stringify(value)}`);
}

/** Asserts an envelope's refusal: its code and its message in `lang`. */
export function expectRefused(
  body: Envelope<unknown>,
  name: ResultCodeName,
  lang: 'ko' | 'en' = 'ko',
  params: Record<string, string | number> = {},
) {
  expect(body.rslt_msg).toBe(resultMessage(name, lang, params));
}
