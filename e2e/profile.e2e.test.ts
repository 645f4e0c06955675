import { resultMessages } from '@byeol/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support/browser.js';
import { API_HEADERS, digits, joinByApi } from './support/members.js';

const baseUrl = inject('baseUrl');
let page: Page;
let faults: string[] = [];

freshPagePerTest(baseUrl, (fresh) => {
  ({ page, faults } = fresh);
  page.setDefaultTimeout(15_000);
});

/**
 * Signs up through the API with the page's own cookie jar (page.request shares the browser context's
 * cookies), so the browser is logged in as the new member.
 */
function joinSignedIn() {
  return joinByApi(page.request, { id: `pf${Date.now().toString(36).slice(-5)}${digits(4)}`, nick: `프로필${digits(6)}` });
}

/** A photo-like PNG to pick in the file chooser. */
async function photoPng(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 240, g: 120, b: 40 } } })
    .composite([{ input: Buffer.from('<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#2244ff"/></svg>') }])
    .png()
    .toBuffer();
}

describe('login-required pages', () => {
  it('open the sign-in panel in place (no redirect) and show the page after signing in', async () => {
    const member = await joinSignedIn();
    // Log the browser out again, keeping the member to sign in with.
    await page.request.get('/v1/user/logout_proc', { headers: API_HEADERS });

    for (const path of ['/mypage/setting', '/mypage']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      const panel = page.getByRole('dialog', { name: '로그인' });
      await expect.poll(() => panel.isVisible()).toBe(true);
      if (path === '/mypage') {
        // Closed without signing in: the page says why and offers the panel again.
        await panel.getByRole('button', { name: '닫기' }).click();
        await expect.poll(() => page.locator('[data-login-gate] p').textContent()).toContain('로그인이 필요한 서비스입니다.');
        await page.locator('[data-login-gate]').getByRole('button', { name: '로그인' }).click();
      }
      await panel.getByLabel('아이디').fill(member.id);
      await panel.getByLabel('비밀번호').fill(member.passwd);
      await panel.getByRole('button', { name: '로그인', exact: true }).click();
      await expect.poll(() => panel.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(path);
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(path === '/mypage' ? '마이페이지' : '설정');
      await page.request.get('/v1/user/logout_proc', { headers: API_HEADERS });
    }
    expect(faults).toEqual([]);
  });
});

describe('member info, settings and withdrawal', () => {
  it('uploads a profile picture through the crop popup and shows it after saving', async () => {
    const member = await joinSignedIn();
    await page.goto('/mypage');
    await page.getByRole('link', { name: '회원정보 수정' }).click();
    await page.waitForURL('**/mypage/info');
    await page.waitForLoadState('networkidle');

    await page.locator('#profile-image-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photoPng() });
    const crop = page.getByRole('dialog', { name: '프로필 사진 자르기' });
    await expect.poll(() => crop.isVisible()).toBe(true);
    await expect.poll(() => crop.getByRole('button', { name: '자르기 영역' }).count()).toBeGreaterThan(0);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/v1/upload/upload_thum_ajax'));
    await crop.getByRole('button', { name: '확인' }).click();
    const answer = (await (await uploaded).json()) as { rslt_cd: number; rslt_set: { temp_file_path_nm: string; temp_file_sn: string } };
    expect(answer.rslt_cd).toBe(0);
    const preview = page.locator('main img[data-profile-image]');
    await expect.poll(() => preview.getAttribute('src')).toBe(answer.rslt_set.temp_file_path_nm);
    expect(await page.locator('input[name="fileInfo"]').inputValue()).toMatch(new RegExp(`^${answer.rslt_set.temp_file_sn}\\|\\|/files/`));
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);

    await page.getByLabel('상태 메시지').fill('새 프로필 사진!');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect.poll(() => page.getByText('회원정보가 저장되었습니다.').isVisible()).toBe(true);

    await page.reload();
    await expect.poll(() => page.locator('main img[data-profile-image]').getAttribute('src')).toBe(answer.rslt_set.temp_file_path_nm);
    expect(await page.getByLabel('상태 메시지').inputValue()).toBe('새 프로필 사진!');
    await page.goto('/mypage');
    const image = page.getByRole('img', { name: `${member.nick}님의 프로필 이미지` });
    expect(await image.getAttribute('src')).toBe(answer.rslt_set.temp_file_path_nm);
    expect(faults).toEqual([]);
  });

  it('toggles a setting that survives a reload; adult broadcast asks for adult verification', async () => {
    await joinSignedIn();
    await page.goto('/mypage/setting');
    await page.waitForLoadState('networkidle');
    const viewers = page.getByRole('switch', { name: '시청자 수 표시' });
    expect(await viewers.getAttribute('aria-checked')).toBe('true');
    await viewers.click();
    await expect.poll(() => viewers.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: '시청자 수 표시' }).getAttribute('aria-checked')).toBe('false');

    const adult = page.getByRole('switch', { name: '성인 방송 보기' });
    await page.waitForLoadState('networkidle');
    await adult.click();
    await expect
      .poll(() => page.locator('[data-field-errors="setting-adult_broadcast"]').textContent())
      .toBe(resultMessages.ADULT_SETTING_NEEDS_VERIFY.ko);
    expect(await adult.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('link', { name: '성인 인증하기' }).getAttribute('href')).toBe('/user/adult-verify');
    expect(faults).toEqual([]);
  });

  it('withdraws with the password, is logged out on the home page, and can restore the account by signing in', async () => {
    const member = await joinSignedIn();
    await page.goto('/mypage/withdraw');
    await page.waitForLoadState('networkidle');
    const submit = page.getByRole('button', { name: '탈퇴하기' });
    await page.getByLabel('비밀번호').fill('Wrong#7392pass');
    await page.getByLabel('위 내용을 확인했으며 탈퇴에 동의합니다.').check();
    await submit.click();
    await page.getByRole('alertdialog').getByRole('button', { name: '예' }).click();
    await expect
      .poll(() => page.locator('[data-field-errors="withdraw-passwd"]').textContent())
      .toBe(resultMessages.WITHDRAW_PASSWORD_WRONG.ko);

    await page.getByLabel('비밀번호').fill(member.passwd);
    await submit.click();
    await page.getByRole('alertdialog').getByRole('button', { name: '예' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const loginButton = page.locator('header').getByRole('button', { name: '로그인' });
    await expect.poll(() => loginButton.isVisible()).toBe(true);
    expect(await page.locator('header [data-user-nick]').count()).toBe(0);
    const info = await page.request.get('/v1/user/user_info');
    expect(((await info.json()) as { rslt_cd: number }).rslt_cd).toBe(2001);

    // Signing in again: the account is closed, and can be restored within the grace period.
    await loginButton.click();
    const panel = page.getByRole('dialog', { name: '로그인' });
    await panel.getByLabel('아이디').fill(member.id);
    await panel.getByLabel('비밀번호').fill(member.passwd);
    await panel.getByRole('button', { name: '로그인', exact: true }).click();
    await expect.poll(() => panel.getByRole('alert').first().textContent()).toContain(resultMessages.ACCOUNT_CLOSED.ko);
    await panel.getByRole('button', { name: '계정 복구하고 로그인' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => page.locator('header [data-user-nick]').textContent()).toContain(member.nick);
    expect(faults).toEqual([]);
  });
});
