import { passwordRuleMessages, passwordViolations } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { apiClient, digits, joinByApi, PASSWORD, verifyPhoneOn } from './support/members.js';

const baseUrl = inject('baseUrl');
let page: Page;
/** Uncaught errors and React's hydration complaints of the current page. */
let faults: string[] = [];

const runId = `${Date.now().toString(36).slice(-5)}${digits(3)}`;
const OLD_PASSWORD = PASSWORD;
const NEW_PASSWORD = 'River!58sky';

interface Member {
  id: string;
  nick: string;
}

/** Two accounts on one fresh phone, made through the API alone (their own cookie jar: the page stays logged out). */
let phone = '';
const members: Member[] = [];

beforeAll(async () => {
  expect(passwordViolations(NEW_PASSWORD)).toEqual([]);
  const client = await apiClient(baseUrl);
  try {
    phone = `010${digits(8)}`;
    for (const n of [1, 2]) {
      const member = { id: `rc${runId}${n}`, nick: `찾기${runId}${n}`.slice(0, 12) };
      await joinByApi(client, { ...member, passwd: OLD_PASSWORD, phone });
      members.push(member);
      // The join cooldown (30 s) is per phone and purpose: the first pin is dated back past it (the
      // cooldown itself is tested in verification.int.test.ts), instead of waiting 31 s.
      if (n === 1) {
        await sql(
          `update phone_verification set sent_at = sent_at - interval '31 seconds' where right(phone_no, 8) = right($1, 8) and purpose = 'join'`,
          [phone],
        );
      }
    }
  } finally {
    await client.dispose();
  }
}, 60_000);

afterAll(closeDatabase);

freshPagePerTest(baseUrl, (fresh) => {
  ({ page, faults } = fresh);
  page.setDefaultTimeout(15_000);
});

/** Sends and confirms a pin on the phone step of a recovery page. */
const verifyPhone = () => verifyPhoneOn(page, page.request, phone);

describe('forgot password and forgot ID', () => {
  it('resets a forgotten password from the login page, then logs in with the new one', async () => {
    const [, second] = members as [Member, Member];
    await page.goto('/user/login');
    await page.waitForLoadState('networkidle');
    await page.locator('main').getByRole('link', { name: '비밀번호 찾기' }).click();
    await page.waitForURL('**/user/forgot-passwd');
    await expect.poll(() => page.locator('h1').textContent()).toBe('비밀번호 찾기');

    await verifyPhone();
    // The account chooser lists both accounts of the phone, with their full IDs.
    const chooser = page.locator('[data-account-chooser] [data-account-id]');
    await expect.poll(() => chooser.count()).toBe(2);
    expect(await chooser.evaluateAll((els) => els.map((e) => e.getAttribute('data-account-id')))).toEqual(members.map((m) => m.id));
    const next = page.getByRole('button', { name: '이 계정의 비밀번호 바꾸기' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: second.id }).check();
    await next.click();

    await expect.poll(() => page.locator('[data-recovery-account] dd').textContent()).toContain(second.id);
    const submit = page.getByRole('button', { name: '비밀번호 변경' });
    // Each broken rule is shown live, as on the join page; the form cannot be sent.
    await page.getByLabel('새 비밀번호', { exact: true }).fill('abc1');
    const errors = page.locator('[data-field-errors="forgot-pw-passwd"] li');
    await expect.poll(() => errors.allTextContents()).toEqual(passwordViolations('abc1', second.id).map((r) => passwordRuleMessages[r].ko));
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('새 비밀번호', { exact: true }).fill(NEW_PASSWORD);
    await expect.poll(() => errors.count()).toBe(0);
    await page.getByLabel('새 비밀번호 확인').fill(`${NEW_PASSWORD}x`);
    await expect.poll(() => page.locator('#forgot-pw-passwd-confirm-msg').textContent()).toBe(passwordRuleMessages.confirm.ko);
    await page.getByLabel('새 비밀번호 확인').fill(NEW_PASSWORD);
    await submit.click();

    await expect.poll(() => page.locator('[data-recovery-done] h2').textContent()).toBe('비밀번호를 바꿨습니다');
    await page.getByRole('button', { name: '로그인하기' }).click();
    await page.waitForURL('**/user/login');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('로그인');
    const form = page.locator('main form');
    // The ID of the reset account is filled in.
    expect(await form.getByLabel('아이디').inputValue()).toBe(second.id);
    await form.getByLabel('비밀번호').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: '로그인', exact: true }).click();
    await expect.poll(() => page.locator('header [data-user-nick]').textContent()).toContain(second.nick);
    expect(faults).toEqual([]);
  });

  it('finds the IDs of a phone from the sign-in panel and fills the chosen one in on the login page', async () => {
    const [first] = members as [Member, Member];
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.locator('header').getByRole('button', { name: '로그인' }).click();
    await page.getByRole('dialog', { name: '로그인' }).getByRole('link', { name: '아이디 찾기' }).click();
    await page.waitForURL('**/user/forgot-id');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

    await verifyPhone();
    const chooser = page.locator('[data-account-chooser] [data-account-id]');
    await expect.poll(() => chooser.count()).toBe(2);
    expect(await page.locator('[data-account-chooser]').textContent()).toContain(first.nick);
    await page.getByRole('radio', { name: first.id }).check();
    await page.getByRole('button', { name: '이 아이디로 로그인' }).click();
    await page.waitForURL('**/user/login');
    await expect.poll(() => page.locator('main h1').textContent()).toBe('로그인');
    expect(await page.locator('main form').getByLabel('아이디').inputValue()).toBe(first.id);
    expect(faults).toEqual([]);
  });

  it('offers sign-up for a phone without accounts', async () => {
    await page.goto('/user/forgot-id');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('휴대폰 번호').fill(`010${digits(8)}`);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await expect
      .poll(() => page.locator('[data-field-errors="forgot-id-phone-number"]').textContent())
      .toBe('가입되지 않은 휴대폰 번호입니다. 회원가입을 진행해 주세요.');
    const offer = page.locator('[data-recovery-none]');
    await expect.poll(() => offer.getByRole('heading').textContent()).toBe('가입된 계정이 없습니다');
    await offer.getByRole('link', { name: '회원가입하기' }).click();
    await page.waitForURL('**/user/join');
    expect(faults).toEqual([]);
  });
});
