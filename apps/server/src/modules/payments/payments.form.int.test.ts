import { CASH_RECEIPT_TYPES, PAYMENT_LIMITS, paymentsEndpoints, ResultCode } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildAccount, sql } from '../../testing/members.js';
import { buildProduct, placed, setBankAccount, TEST_BANK_ACCOUNT } from './payments.fixtures.js';

/**
 * POST /v1/popup/form_bankbook (SPEC §7, issue 15): the bank deposit form's data in one answer. The site's
 * bank account is shared with the other payments files, which set the same TEST_BANK_ACCOUNT.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await setBankAccount(t, TEST_BANK_ACCOUNT);
});
afterAll(async () => t?.close());

const form = (cookie?: string, body: Record<string, string> = {}, lang?: 'en') =>
  t.call(paymentsEndpoints.formBankbook, body, { ...(cookie ? { cookie } : {}), ...(lang ? { lang } : {}) });

describe('POST /v1/popup/form_bankbook', () => {
  it('answers the account to pay into, the packages on sale, the deadline and the orders left', async () => {
    const star = await buildProduct(t);
    const cubic = await buildProduct(t, { currency: 'CUBIC', amount: '700', bonus: '0', price: '7700' });
    const off = await buildProduct(t, { on_sale_yn: 'N' });
    const member = await buildAccount(t);

    const res = await form(member.cookie, {}, 'en');
    expect(res.body.rslt_cd).toBe(0);
    const set = res.body.rslt_set;
    expect(set).toMatchObject({
      bank_yn: 'Y',
      bank_account_nm: TEST_BANK_ACCOUNT,
      depositor_nm: '',
      depositor_max: PAYMENT_LIMITS.depositorMax,
      cash_receipt_types: [...CASH_RECEIPT_TYPES],
      deadline_hours: PAYMENT_LIMITS.depositDeadlineHours,
      pending_left: PAYMENT_LIMITS.pendingMax,
    });
    const sns = set.product_list.map((p) => p.product_sn);
    expect(sns).toEqual(expect.arrayContaining([star.product_sn, cubic.product_sn]));
    expect(sns).not.toContain(off.product_sn);
    // Named by the site's term in the caller's language, never the code alone.
    expect(set.product_list.find((p) => p.product_sn === star.product_sn)).toMatchObject({ currency: 'STAR', price: 110000 });

    const onlyCubic = await form(member.cookie, { currency: 'CUBIC' });
    expect(onlyCubic.body.rslt_set.product_list.every((p) => p.currency === 'CUBIC')).toBe(true);
    expect(onlyCubic.body.rslt_set.product_list.map((p) => p.product_sn)).toContain(cubic.product_sn);
  });

  it("starts the depositor from the member's last deposit order, else the verified name; counts the pending orders", async () => {
    const star = await buildProduct(t);
    const verified = await buildAccount(t, { realName: '김별빛' });
    expect((await form(verified.cookie)).body.rslt_set.depositor_nm).toBe('김별빛');

    await placed(t, verified.cookie, star.product_sn, { depositor_nm: '별빛엄마' });
    const after = (await form(verified.cookie)).body.rslt_set;
    expect(after.depositor_nm).toBe('별빛엄마');
    expect(after.pending_left).toBe(PAYMENT_LIMITS.pendingMax - 1);
    // A verified name a bank could not print is not offered.
    const odd = await buildAccount(t, { realName: '<b>x</b>' });
    expect((await form(odd.cookie)).body.rslt_set.depositor_nm).toBe('');
    // Another member's orders are not theirs.
    const other = await buildAccount(t);
    expect((await form(other.cookie)).body.rslt_set.depositor_nm).toBe('');
    const [row] = await sql<{ n: number }>(t, 'select count(*)::int as n from user_payment_log where user_key = $1', [other.userKey]);
    expect(row?.n).toBe(0);
  });

  it('asks a guest to sign in and refuses an unknown currency', async () => {
    expect((await form()).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    const member = await buildAccount(t);
    const bad = await form(member.cookie, { currency: 'GOLD' }, 'en');
    expect(bad.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'currency' } });
  });
});
