import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { base32Decode, hotp, stepAt } from '../apps/server/src/modules/users/users.totp.js';
import { pagesPerFile } from './support/browser.js';
import { closeDatabase, sql } from './support/database.js';
import { joinByApi, PASSWORD } from './support/members.js';

/**
 * The console's security screens (issue 16). Sanctions (finding 2): an operator suspends a member's account in /admin/sanctions
 * after a confirmation; the member's open page is signed out, their login shows the end and the reason in
 * Korean; the operator lifts it from the list and the member signs in again. Two-step sign-in (finding 1):
 * an operator connects an authenticator app in /admin/security; the next sign-in asks for the code.
 */
const baseUrl = inject('baseUrl');
const run = randomBytes(3).toString('hex');
const newPage = pagesPerFile(baseUrl);

afterAll(async () => {
  await closeDatabase();
});

describe('sanctions console', { timeout: 120_000 }, () => {
  it('an operator suspends an account with a reason; the member is signed out and told until when; lifting lets them back', async () => {
    const opPage = await newPage();
    const op = await joinByApi(opPage.request, { id: `sop${run}`, nick: `제재운영${run}` });
    await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
    const memberPage = await newPage();
    const member = await joinByApi(memberPage.request, { id: `smb${run}`, nick: `제재대상${run}` });
    await memberPage.goto('/mypage');
    await expect.poll(() => memberPage.locator('[data-mypage="star"]').count()).toBe(1);

    await opPage.goto('/admin/sanctions');
    await opPage.waitForLoadState('networkidle');
    const form = opPage.locator('[data-sanction-form]');
    // A missing reason is said under its field, in Korean, before anything is sent.
    await form.locator('#sanction-id').fill(member.id);
    await form.locator('#sanction-kind').selectOption('account');
    await form.locator('#sanction-hours').fill('48');
    await form.locator('[data-sanction-submit]').click();
    await expect.poll(() => form.locator('[role="alert"]').first().textContent()).toBe('입력해 주세요.');
    await form.locator('#sanction-reason').fill('욕설 반복');
    await form.locator('[data-sanction-submit]').click();
    const confirm = opPage.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(`${member.id} 회원을 48시간 동안 계정 정지 처리합니다. 사유: 욕설 반복`);
    await confirm.getByRole('button', { name: '확인' }).click();
    await expect.poll(() => opPage.locator('[data-sanction-done]').textContent()).toContain(`${member.id} 회원: 계정 정지`);
    const row = opPage.locator('[data-sanction][data-state="Y"]').filter({ hasText: member.id });
    await expect.poll(() => row.count()).toBe(1);

    // The member's session is over; the login tells them until when and why.
    const info = await memberPage.request.get('/v1/user/user_info', {
      headers: { 'X-Api-Mode': 'TRUE', 'X-Requested-With': 'xmlhttprequest' },
    });
    expect((await info.json()).rslt_cd).toBe(2001);
    await memberPage.goto('/user/login');
    await memberPage.waitForLoadState('networkidle');
    const signIn = memberPage.locator('main form').filter({ has: memberPage.locator('input[name="passwd"]') });
    await signIn.locator('input[name="id"]').fill(member.id);
    await signIn.locator('input[name="passwd"]').fill(PASSWORD);
    await signIn.locator('[type="submit"]').click();
    await expect
      .poll(() => memberPage.locator('body').textContent())
      .toMatch(/이용이 정지된 계정입니다\. \(\d{4}-\d{2}-\d{2} \d{2}:\d{2}까지, 사유: 욕설 반복\)/);

    // Lifted from the list: the member signs in again.
    await row.locator('[data-sanction-lift]').click();
    await opPage.getByRole('alertdialog').getByRole('button', { name: '확인' }).click();
    await expect.poll(() => opPage.locator('[data-sanction][data-state="Y"]').filter({ hasText: member.id }).count()).toBe(0);
    await signIn.locator('[type="submit"]').click();
    await memberPage.waitForURL((url) => !url.pathname.startsWith('/user/login'));
  });
});

describe('two-step sign-in', { timeout: 120_000 }, () => {
  it('an operator turns it on with the first code; the next sign-in asks for a code and takes a fresh one', async () => {
    const page = await newPage();
    const op = await joinByApi(page.request, { id: `tfa${run}`, nick: `이단계${run}` });
    await sql(`update users set role = 'operator' where lower(id) = lower($1)`, [op.id]);
    await page.goto('/admin/security');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-admin-security]').getAttribute('data-totp')).toBe('off');
    await page.locator('[data-totp-setup]').click();
    const secretEl = page.locator('[data-totp-secret]');
    await expect.poll(() => secretEl.count()).toBe(1);
    const secret = (await secretEl.getAttribute('data-totp-secret')) as string;
    const code = (ms = Date.now()) => hotp(base32Decode(secret), stepAt(ms));
    const first = code();
    await page.locator('#totp-code').fill(first);
    await page.locator('[data-totp-enable]').click();
    await expect.poll(() => page.locator('[data-admin-security]').getAttribute('data-totp')).toBe('on');

    // Signed out, the sign-in asks for the code after the password, in Korean.
    await page.context().clearCookies();
    await page.goto('/user/login');
    await page.waitForLoadState('networkidle');
    const form = page.locator('main form').filter({ has: page.locator('input[name="passwd"]') });
    await form.locator('input[name="id"]').fill(op.id);
    await form.locator('input[name="passwd"]').fill(PASSWORD);
    await form.locator('[type="submit"]').click();
    const otp = form.locator('input[name="otp"]');
    await expect.poll(() => otp.count()).toBe(1);
    expect(await form.textContent()).toContain('인증 앱의 6자리 코드를 입력해 주세요.');
    // The code that turned it on was used: a fresh one is needed (the next step's, valid a step early).
    await otp.fill(first);
    await form.locator('[type="submit"]').click();
    await expect.poll(() => form.textContent()).toContain('인증 코드가 올바르지 않거나 만료되었습니다.');
    await otp.fill(code(Date.now() + 30_000));
    await form.locator('[type="submit"]').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
  });
});
