import { koreanToday } from '@byeol/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support/browser.js';
import { digits, joinByApi, PASSWORD, verifyPhoneOn } from './support/members.js';

const baseUrl = inject('baseUrl');
let page: Page;
let faults: string[] = [];
freshPagePerTest(baseUrl, (fresh) => {
  ({ page, faults } = fresh);
  page.setDefaultTimeout(15_000);
});

const runId = `${Date.now().toString(36).slice(-5)}${digits(3)}`;

/** The date `years` years before today in Korea. */
const yearsAgo = (years: number) => {
  const today = koreanToday();
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
};

/** Verifies a phone by pin inside `scope` (a PhoneVerify block). */
async function verifyPhone(scope: Locator, phone: string, waitVerified = true) {
  await verifyPhoneOn(scope, page.request, phone);
  if (waitVerified) await expect.poll(() => scope.getByText('휴대폰 인증이 완료되었습니다.').count()).toBeGreaterThan(0);
}

/** The dev identity verification inside `scope`: name, birth date, sex, a phone pin, then "complete". */
async function verifyIdentity(scope: Locator, person: { name: string; birth: string; sex: '남성' | '여성' }) {
  await scope.getByLabel('이름', { exact: true }).fill(person.name);
  await scope.getByLabel('생년월일').fill(person.birth);
  await scope.getByLabel(person.sex).check();
  await verifyPhone(scope, `010${digits(8)}`);
  await scope.getByRole('button', { name: '본인인증 완료' }).click();
}

describe('legal guardian consent', () => {
  it('signs up a 12-year-old with the guardian verified by phone, after a mismatched guardian name is refused', async () => {
    await page.goto('/user/join');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('전체 동의').check();
    await page.getByRole('button', { name: '다음' }).click();
    await verifyPhone(page.locator('main'), `010${digits(8)}`, false);
    await expect.poll(() => page.getByLabel('아이디', { exact: true }).isVisible()).toBe(true);

    const id = `kid${runId}`;
    const nick = `어린별${digits(4)}`;
    await page.getByLabel('아이디', { exact: true }).fill(id);
    await page.getByRole('button', { name: '아이디 중복 확인' }).click();
    await expect.poll(() => page.locator('#join-id-msg').textContent()).toBe('사용할 수 있는 아이디입니다.');
    await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
    await page.getByLabel('비밀번호 확인').fill(PASSWORD);
    await page.getByLabel('닉네임', { exact: true }).fill(nick);
    await page.getByRole('button', { name: '닉네임 중복 확인' }).click();
    await expect.poll(() => page.locator('#join-nick-msg').textContent()).toBe('사용할 수 있는 닉네임입니다.');
    await page.locator('#join-birth').fill(yearsAgo(12));
    await page.locator('input[name="sex"][value="F"]').check();

    // Under 14: the guardian step appears and the form waits for it.
    const guardian = page.locator('[data-guardian-consent]');
    await expect.poll(() => guardian.getByRole('heading', { name: '법정대리인(보호자) 동의' }).isVisible()).toBe(true);
    const submit = page.getByRole('button', { name: '가입하기' });
    expect(await submit.isDisabled()).toBe(true);

    await guardian.getByLabel('법정대리인(보호자) 이름').fill('김보오');
    await verifyIdentity(guardian, { name: '김보호', birth: '1981-07-07', sex: '여성' });
    await expect.poll(() => guardian.getByRole('status').textContent()).toBe('보호자 김보호님 인증 완료');
    await submit.click();
    // SPEC §8 'guardian name mismatch', beside the guardian's name; nothing was created.
    await expect
      .poll(() => page.locator('[data-field-errors="guardian-name"] li').allTextContents())
      .toEqual(['법정대리인(보호자) 이름이 본인인증한 이름과 일치하지 않습니다.']);

    await guardian.getByLabel('법정대리인(보호자) 이름').fill('김보호');
    await submit.click();
    await page.waitForURL('**/user/join-complete');
    await expect.poll(() => page.locator('header [data-user-nick]').textContent(), { timeout: 10_000 }).toContain(nick);
    expect(faults).toEqual([]);
  });
});

describe('adult verification and a BJ account application', () => {
  it('verifies as an adult, applies for a BJ account from my page and sees it received', async () => {
    // A member signed up through the page's own cookie jar (an adult by declaration), so the page is signed in.
    await joinByApi(page.request, { id: `bj${runId}${digits(3)}`, nick: `신청${digits(6)}` });

    // Applying first asks for identity verification.
    await page.goto('/mypage/signup/bj');
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('신청하려면 먼저 본인인증(성인인증)을 완료해 주세요.');
    await page.getByRole('link', { name: '성인인증 하러 가기' }).click();
    await page.waitForURL('**/user/adult-verify');
    await page.waitForLoadState('networkidle');
    await verifyIdentity(page.locator('[data-identity-verify="adult"]'), { name: '박방송', birth: '1994-04-04', sex: '남성' });
    await expect.poll(() => page.locator('[data-adult-verified]').textContent()).toContain('성인인증이 완료되었습니다.');

    await page.goto('/mypage');
    await page.getByRole('link', { name: 'BJ 계정 신청' }).click();
    await page.waitForURL('**/mypage/signup/bj');
    await page.waitForLoadState('networkidle');
    await page.getByLabel('활동명(한글)').fill(`방송별${digits(3)}`);
    await page.getByLabel('활동명(영문)').fill('Broadcast Star');
    await page.getByLabel('소개').fill('K-pop 커버 댄스 방송을 합니다.');
    await page.getByLabel('운영 계획').fill('매주 토요일 저녁 9시 라이브');
    await page.getByLabel('SNS 주소').fill('https://example.com/bstar');
    await page.getByRole('button', { name: '신청하기' }).click();

    const state = page.locator('[data-application-state]');
    await expect.poll(() => state.textContent()).toBe('접수');
    expect(await page.locator('[data-application] [role="status"]').textContent()).toBe('신청이 접수되었습니다.');
    // The state is the server's: it is still there after a reload, in English too.
    await page.context().addCookies([{ name: 'xlang', value: 'en', url: baseUrl }]);
    await page.reload();
    await expect.poll(() => state.textContent()).toBe('Received');
    expect(faults).toEqual([]);
  });
});
