import {
  accountsEndpoints,
  ID_LENGTH,
  PASSWORD_LENGTH,
  passwordRuleMessages,
  passwordViolations,
  REFUSAL_PARAMS,
  resultMessage,
  resultMessages,
} from '@byeol/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support/browser.js';
import { apiClient, call, digits, joinByApi, PASSWORD, readPin, verifyPhoneOn } from './support/members.js';

const baseUrl = inject('baseUrl');
let page: Page;
/** Uncaught errors and React's hydration complaints of the current page. */
let faults: string[] = [];

/** The platform is shared by every e2e file: each run signs up a user of its own. */
const runId = `${Date.now().toString(36).slice(-5)}${digits(4)}`;
const member = { id: `e2e${runId}`, nick: `별${runId}`.slice(0, 12), passwd: PASSWORD };

beforeAll(() => {
  expect(passwordViolations(member.passwd, member.id)).toEqual([]);
});
freshPagePerTest(baseUrl, (fresh) => {
  ({ page, faults } = fresh);
  page.setDefaultTimeout(15_000);
});

/** Steps 1 and 2 of /user/join with a fresh phone number; ends on the form of step 3. */
async function joinUntilForm(): Promise<void> {
  const phone = `010${digits(8)}`;
  await page.goto('/user/join');
  await page.waitForLoadState('networkidle');
  const next = page.getByRole('button', { name: '다음' });
  expect(await next.isDisabled()).toBe(true);
  await page.getByLabel('전체 동의').check();
  expect(await page.getByLabel('[필수] 이용약관 동의').isChecked()).toBe(true);
  expect(await page.getByLabel('[선택] 마케팅 정보 수신 동의').isChecked()).toBe(true);
  await next.click();

  await page.getByLabel('휴대폰 번호').fill(phone);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect.poll(() => page.locator('[data-countdown]').textContent()).toMatch(/^남은 시간 (3:00|2:5\d)$/);
  // Resending waits for the 30 s cooldown.
  expect(await page.getByRole('button', { name: '다시 받기' }).isDisabled()).toBe(true);
  await page.getByLabel('인증번호', { exact: true }).fill(await readPin(page.request, phone));
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await expect.poll(() => page.getByLabel('아이디', { exact: true }).isVisible()).toBe(true);
}

/** Signs another member up through the API alone (its own cookie jar, so the page stays logged out). */
async function joinAnother() {
  const client = await apiClient(baseUrl);
  try {
    return await joinByApi(client, { id: `e2u${runId}${digits(3)}`, nick: `잠금${digits(6)}` });
  } finally {
    await client.dispose();
  }
}

describe('sign-up, sign-out and sign-in', () => {
  it('joins through the three steps, shows the nick, logs out and back in through the header panel', async () => {
    await joinUntilForm();
    const submit = page.getByRole('button', { name: '가입하기' });

    await page.getByLabel('아이디', { exact: true }).fill(member.id);
    await page.getByRole('button', { name: '아이디 중복 확인' }).click();
    await expect.poll(() => page.locator('#join-id-msg').textContent()).toBe('사용할 수 있는 아이디입니다.');

    // A broken password: every broken rule is shown live and the form cannot be sent.
    await page.getByLabel('비밀번호', { exact: true }).fill('aaa1');
    const errors = page.locator('[data-field-errors="join-passwd"] li');
    await expect.poll(() => errors.allTextContents()).toEqual(passwordViolations('aaa1', member.id).map((r) => passwordRuleMessages[r].ko));
    expect(await errors.allTextContents()).toContain(passwordRuleMessages.repeat.ko);
    expect(await submit.isDisabled()).toBe(true);

    await page.getByLabel('비밀번호', { exact: true }).fill(member.passwd);
    await expect.poll(() => errors.count()).toBe(0);
    await page.getByLabel('비밀번호 확인').fill(`${member.passwd}x`);
    await expect.poll(() => page.locator('#join-passwd-confirm-msg').textContent()).toBe(passwordRuleMessages.confirm.ko);
    await page.getByLabel('비밀번호 확인').fill(member.passwd);
    await page.getByLabel('닉네임', { exact: true }).fill(member.nick);
    await page.getByRole('button', { name: '닉네임 중복 확인' }).click();
    await expect.poll(() => page.locator('#join-nick-msg').textContent()).toBe('사용할 수 있는 닉네임입니다.');
    await page.getByLabel('생년월일').fill('2000-01-15');
    await page.getByLabel('여성').check();
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();

    await page.waitForURL('**/user/join-complete');
    await expect.poll(() => page.locator('h1').textContent()).toBe('회원가입을 환영합니다!');
    const nickLink = page.locator('header [data-user-nick]');
    await expect.poll(() => nickLink.textContent(), { timeout: 10_000 }).toContain(member.nick);

    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const loginButton = page.locator('header').getByRole('button', { name: '로그인' });
    await expect.poll(() => loginButton.isVisible()).toBe(true);
    expect(await nickLink.count()).toBe(0);

    await loginButton.click();
    const panel = page.getByRole('dialog', { name: '로그인' });
    await panel.getByLabel('아이디').fill(member.id);
    await panel.getByLabel('비밀번호').fill(member.passwd);
    await panel.getByRole('button', { name: '로그인' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => nickLink.textContent()).toContain(member.nick);

    await nickLink.click();
    await page.waitForURL('**/mypage');
    await expect.poll(() => page.locator('[data-mypage="id"] dd').textContent()).toBe(member.id);
    expect(await page.locator('[data-mypage="star"] dd').textContent()).toBe('0');
    expect(await page.locator('h2#mypage-nick').textContent()).toBe(member.nick);
    expect(await page.getByRole('img', { name: `${member.nick}님의 프로필 이미지` }).count()).toBe(1);
    expect(faults).toEqual([]);
  });

  it('shows LOGIN_FAILED in the panel for a wrong password and keeps what was typed', async () => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.locator('header').getByRole('button', { name: '로그인' }).click();
    const panel = page.getByRole('dialog', { name: '로그인' });
    await panel.getByLabel('아이디').fill(member.id);
    await panel.getByLabel('비밀번호').fill('Wrong#7392pass');
    await panel.getByRole('button', { name: '로그인' }).click();
    await expect.poll(() => panel.getByRole('alert').allTextContents()).toContain(resultMessages.LOGIN_FAILED.ko);
    expect(await panel.getByLabel('아이디').inputValue()).toBe(member.id);
    expect(await page.locator('header [data-user-nick]').count()).toBe(0);
  });

  it('opens the sign-in panel on /mypage for an anonymous visitor (no redirect) and shows the page after signing in', async () => {
    const res = await page.goto('/mypage');
    expect(res?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/mypage');
    const form = page.getByRole('dialog', { name: '로그인' });
    await form.getByLabel('아이디').fill(member.id);
    await form.getByLabel('비밀번호').fill(member.passwd);
    await form.getByRole('button', { name: '로그인', exact: true }).click();
    await expect.poll(() => form.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/mypage');
    await expect.poll(() => page.locator('[data-mypage="id"] dd').textContent()).toBe(member.id);
    await expect.poll(() => page.locator('header [data-user-nick]').textContent()).toContain(member.nick);

    // Signed in, the sign-in page is skipped.
    await page.goto('/user/login');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('renders /mypage with one user_info call although the root and the page both need it', async () => {
    const other = await joinAnother();
    await call(page.request, accountsEndpoints.login, { id: other.id, passwd: other.passwd });
    const calls = async () => {
      const text = await (await page.request.get('/metrics')).text();
      const line = text
        .split('\n')
        .find(
          (l) =>
            l.startsWith('byeol_http_request_duration_seconds_count{') &&
            l.includes('route="/v1/user/user_info"') &&
            l.includes('status="200"'),
        );
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await calls();
    const res = await page.goto('/mypage');
    expect(res?.status()).toBe(200);
    expect(await page.locator('main').textContent()).toContain(other.id);
    expect((await calls()) - before).toBe(1);
  });

  it('shows the server refusal of a taken ID beside the field', async () => {
    await joinUntilForm();
    await page.getByLabel('아이디', { exact: true }).fill(member.id);
    await page.getByRole('button', { name: '아이디 중복 확인' }).click();
    await expect.poll(() => page.locator('[data-field-errors="join-id"]').textContent()).toBe(resultMessages.DUPLICATE_ID.ko);
    expect(await page.getByLabel('아이디', { exact: true }).inputValue()).toBe(member.id);
    expect(await page.getByRole('button', { name: '가입하기' }).isDisabled()).toBe(true);
    expect(faults).toEqual([]);
  });

  it("join friction (issue 15): the rule's maxlength, required fields marked, why the button is disabled, a bad ID by its rule", async () => {
    await joinUntilForm();
    const idInput = page.getByLabel('아이디', { exact: true });
    const passwd = page.getByLabel('비밀번호', { exact: true });
    const confirm = page.getByLabel('비밀번호 확인');
    expect(await idInput.getAttribute('maxlength')).toBe(String(ID_LENGTH.max));
    expect(await passwd.getAttribute('maxlength')).toBe(String(PASSWORD_LENGTH.max));
    expect(await confirm.getAttribute('maxlength')).toBe(String(PASSWORD_LENGTH.max));
    // A longer password cannot even be typed past the rule's 20 characters.
    await passwd.fill('Ab1!'.repeat(10));
    expect((await passwd.inputValue()).length).toBe(PASSWORD_LENGTH.max);
    await passwd.fill('');

    // Required fields carry aria-required and a visible mark; the optional email does not.
    for (const label of ['아이디', '비밀번호', '비밀번호 확인', '닉네임', '생년월일']) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-required'), label).toBe('true');
    }
    expect(await page.getByLabel('이메일 (선택)').getAttribute('aria-required')).toBeNull();
    // The gender choice: each radio is required (HTML `required`), its legend marked.
    for (const radio of await page.locator('[data-join-sex] input[type="radio"]').all())
      expect(await radio.getAttribute('required')).not.toBeNull();
    const marks = page.locator('form [data-required-mark]');
    expect(await marks.count()).toBe(6);
    for (const mark of await marks.all()) expect(await mark.isVisible()).toBe(true);

    // The disabled button says why, through aria-describedby, and the list follows the form.
    const submit = page.getByRole('button', { name: '가입하기' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await submit.getAttribute('aria-describedby')).toBe('join-missing');
    const needs = () =>
      page.locator('#join-missing [data-join-need]').evaluateAll((els) => els.map((el) => el.getAttribute('data-join-need')));
    expect(await needs()).toEqual(['id', 'passwd', 'passwdConfirm', 'nick', 'birth', 'sex']);
    expect(await page.locator('#join-missing').textContent()).toContain('생년월일 입력');
    await page.getByLabel('생년월일').fill('2000-01-15');
    await page.getByLabel('여성').check();
    await expect.poll(needs).toEqual(['id', 'passwd', 'passwdConfirm', 'nick']);

    // A bad ID answers the ID's own rule in Korean, never an API field name ('invalid input: value').
    await idInput.fill('a!');
    await page.getByRole('button', { name: '아이디 중복 확인' }).click();
    const idErrors = page.locator('[data-field-errors="join-id"]');
    await expect.poll(() => idErrors.textContent()).toBe(resultMessage('ID_RULE', 'ko', REFUSAL_PARAMS.ID_RULE));
    expect(await idErrors.textContent()).not.toMatch(/value|invalid/i);
    expect(faults).toEqual([]);
  });

  it('after too many wrong passwords asks for the phone again (SPEC §8), then signs in with the verification', async () => {
    const other = await joinAnother();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.locator('header').getByRole('button', { name: '로그인' }).click();
    const panel = page.getByRole('dialog', { name: '로그인' });
    await panel.getByLabel('아이디').fill(other.id);
    await panel.getByLabel('비밀번호').fill('Wrong#7392pass');
    const submitLogin = panel.getByRole('button', { name: '로그인', exact: true });
    const alerts = () => panel.getByRole('alert').allTextContents();
    const attempt = async () => {
      const answered = page.waitForResponse((res) => res.url().endsWith('/v1/user/login_proc'));
      await submitLogin.click();
      const body = (await (await answered).json()) as { rslt_cd: number; rslt_msg: string };
      await expect.poll(() => submitLogin.isEnabled()).toBe(true);
      return body;
    };
    // Five wrong passwords answer like any wrong password; the account is locked after them.
    for (let i = 0; i < 5; i++) expect((await attempt()).rslt_cd).toBe(2101);
    // Even the right password is refused until the phone is verified again.
    await panel.getByLabel('비밀번호').fill(other.passwd);
    const answer = await attempt();
    expect(answer.rslt_cd).toBe(2102);
    await expect.poll(alerts).toEqual([expect.stringContaining(answer.rslt_msg)]);

    await panel.getByRole('button', { name: '휴대폰 인증하고 로그인하기' }).click();
    await verifyPhoneOn(panel, page.request, other.phone);
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('휴대폰 인증이 완료되었습니다. 로그인 버튼을 눌러 주세요.');
    await submitLogin.click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect.poll(() => page.locator('header [data-user-nick]').textContent()).toContain(other.nick);
    expect(faults).toEqual([]);
  });
});
