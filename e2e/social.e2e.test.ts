import { randomBytes } from 'node:crypto';
import { resultMessages, type UserInfoSet } from '@byeol/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support/browser.js';

const baseUrl = inject('baseUrl');
const issuer = inject('socialIssuer');
let page: Page;
let faults: string[] = [];

freshPagePerTest(baseUrl, (fresh) => {
  ({ page, faults } = fresh);
  page.setDefaultTimeout(15_000);
});

/** The platform is shared by every e2e file: this run's provider account and nickname are its own. */
const run = randomBytes(3).toString('hex');
const subject = `e2e-${run}`;
const nick = `소셜${run}`;

/** Signs in at the local OpenID Provider's login form (any password) and waits to be back on the site. */
async function logInAtProvider(sub: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(`${issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.href.startsWith(baseUrl));
}

async function signedInNick(): Promise<string | undefined> {
  const res = await page.request.get(`${baseUrl}/v1/user/user_info`);
  return ((await res.json()) as { rslt_set: UserInfoSet }).rslt_set.user_info?.nick;
}

describe('social login with a local OpenID Provider as Google', () => {
  it('a fresh browser signs in with Google, picks a nickname on /user/join-social and lands logged in', async () => {
    await page.goto('/user/login');
    const google = page.getByRole('link', { name: 'Google로 계속하기' });
    await google.waitFor();
    // Only configured providers have buttons.
    expect(await page.getByRole('link', { name: '네이버로 계속하기' }).count()).toBe(0);
    await google.click();
    await logInAtProvider(subject);

    await page.waitForURL('**/user/join-social');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('소셜 회원가입');
    expect(await page.locator('dd[data-provider="google"]').textContent()).toBe('Google');
    expect(await page.getByText(`${subject}@example.test`).isVisible()).toBe(true);
    // A nickname is offered from the provider's name; the duplicate check is still required.
    const nickField = page.getByLabel('닉네임', { exact: true });
    expect(await nickField.inputValue()).toBe(`Tester${subject}`.replace(/-/g, '').slice(0, 12));
    const submit = page.getByRole('button', { name: '가입하고 로그인' });
    await nickField.fill(nick);
    await page.getByLabel('전체 동의').check();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByRole('button', { name: '닉네임 중복 확인' }).click();
    await expect.poll(() => page.getByText('사용할 수 있는 닉네임입니다.').isVisible()).toBe(true);
    await submit.click();

    await page.waitForURL('**/user/join-complete');
    await expect.poll(() => page.getByText(`${nick}님, 별의 회원이 되셨습니다.`).isVisible()).toBe(true);
    expect(await signedInNick()).toBe(nick);
    expect(faults).toEqual([]);
  });

  it('a second browser signs in with the same Google account straight back to where it started', async () => {
    await page.goto('/user/login?redirect=%2Fmypage');
    await page.getByRole('link', { name: 'Google로 계속하기' }).click();
    await logInAtProvider(subject);
    await page.waitForURL('**/mypage');
    expect(await signedInNick()).toBe(nick);
    expect(faults).toEqual([]);
  });

  it('shows why a social sign-in was refused: cancelled at the provider', async () => {
    await page.goto('/user/login');
    await page.getByRole('link', { name: 'Google로 계속하기' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${issuer}/interaction/`));
    // The development login page has no cancel button: go where its abort link leads.
    await page.goto(`${issuer}${new URL(page.url()).pathname}/abort`);
    await page.waitForURL('**/user/login?social_error=*');
    await expect.poll(() => page.locator('[data-social-error]').textContent()).toBe(resultMessages.SOCIAL_DENIED.ko);
    expect(await signedInNick()).toBeUndefined();
  });

  it('offers social login on the join page when the phone country is not supported (SPEC §8)', async () => {
    await page.goto('/user/join');
    await page.getByRole('link', { name: 'Google로 계속하기' }).waitFor();
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '다음' }).click();
    await page.getByLabel('국가', { exact: true }).selectOption('1');
    await page.getByLabel('휴대폰 번호').fill('2025550123');
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    const fallback = page.locator('[data-country-fallback]');
    await fallback.waitFor();
    expect(await page.getByText(resultMessages.COUNTRY_NOT_SUPPORTED.ko).isVisible()).toBe(true);
    expect(await fallback.getByRole('link', { name: 'Google로 계속하기' }).isVisible()).toBe(true);
    expect(faults).toEqual([]);
  });
});
