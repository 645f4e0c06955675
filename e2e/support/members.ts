import { API_HEADERS, accountsEndpoints, type Endpoint, type EndpointAnswer, endpointPath, verificationEndpoints } from '@byeol/contract';
import pg from 'pg';
import { type APIRequestContext, type Locator, type Page, request } from 'playwright-core';
import { expect, inject } from 'vitest';

/** `n` random digits: the platform is shared by every e2e file, so each run's phones, IDs and nicknames are its own. */
export const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

/** A password that breaks no SPEC §5 rule. */
export const PASSWORD = 'Star#7392moon';

/** The headers that make the API answer with an envelope (as the web app calls it): the contract's. */
export { API_HEADERS };

/** The signed-in member's STAR or CUBIC balance (`/v1/user/user_info`, as the header shows it). */
export async function balanceOf(page: Page, currency: 'star' | 'cubic'): Promise<number> {
  const res = await page.request.get('/v1/user/user_info', { headers: API_HEADERS });
  const info = ((await res.json()) as { rslt_set: { user_info: { star_cnt: number; cubic_cnt: number } } }).rslt_set.user_info;
  return currency === 'star' ? info.star_cnt : info.cubic_cnt;
}

/** A request context of its own (its own cookie jar), for signing members up without logging the page in. */
export function apiClient(baseUrl: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL: baseUrl, extraHTTPHeaders: API_HEADERS });
}

/**
 * Sends a catalogued call (packages/contract `endpoint(…)`: its method and path, path fields filled in) with
 * the form as a browser sends it, and expects it to succeed; answers its rslt_set.
 */
export async function call<E extends Endpoint>(client: APIRequestContext, ep: E, form: Record<string, string>): Promise<EndpointAnswer<E>> {
  const { path, rest } = endpointPath(ep, form);
  const fields = rest as Record<string, string>;
  const res = await client.fetch(`/v1${path}`, {
    method: ep.method,
    headers: API_HEADERS,
    ...(ep.method === 'GET' ? { params: fields } : { form: fields }),
  });
  const body = (await res.json()) as { rslt_cd: number; rslt_msg: string; rslt_set: EndpointAnswer<E> };
  expect(body.rslt_cd, `${ep.path}: ${body.rslt_msg}`).toBe(0);
  return body.rslt_set;
}

interface Outbox {
  rslt_set: { data_list: { text: string }[]; data_totalcount: number };
}

async function outbox(client: APIRequestContext, phone: string): Promise<Outbox['rslt_set'] | undefined> {
  const res = await client.get(`/v1/dev/sms_outbox?phone_no=${phone}`);
  return ((await res.json()) as Outbox).rslt_set;
}

/** How many SMS the development outbox holds for `phone`. */
export async function outboxCount(client: APIRequestContext, phone: string): Promise<number> {
  return (await outbox(client, phone))?.data_totalcount ?? 0;
}

/**
 * The pin of the newest SMS the development outbox holds for `phone`, once it holds more than `earlier`.
 * Polls by itself rather than with expect.poll, so hooks can use it too (expect.poll only runs in tests).
 */
export async function readPin(client: APIRequestContext, phone: string, earlier = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const box = await outbox(client, phone);
    const pin = (box?.data_totalcount ?? 0) > earlier ? /\[(\d{6})\]/.exec(box?.data_list[0]?.text ?? '')?.[1] : undefined;
    if (pin) return pin;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no pin arrived in the outbox for ${phone}`);
}

/** Verifies `phone` on a PhoneVerify block inside `scope`: the number, "send", the pin from the outbox, "confirm". */
export async function verifyPhoneOn(scope: Page | Locator, client: APIRequestContext, phone: string): Promise<void> {
  const earlier = await outboxCount(client, phone);
  await scope.getByLabel('휴대폰 번호').fill(phone);
  await scope.getByRole('button', { name: '인증번호 받기' }).click();
  const pin = await readPin(client, phone, earlier);
  const field = scope.getByLabel('인증번호', { exact: true });
  await field.fill(pin);
  // The page must hold exactly this pin when "confirm" is pressed (a busy machine renders late).
  await expect.poll(() => field.inputValue()).toBe(pin);
  await scope.getByRole('button', { name: '확인', exact: true }).click();
  // Verified: the pin field locks (or its step is left). A refusal is reported with what the database
  // held, so a failure on a busy CI machine says which pin and which verification met.
  const refused = scope.getByText('인증번호를 확인해 주세요');
  const outcome = async () => {
    if ((await refused.count()) > 0) return 'refused';
    if ((await field.count()) === 0 || (await field.isDisabled({ timeout: 1000 }).catch(() => false))) return 'verified';
    return 'waiting';
  };
  await expect.poll(outcome, { timeout: 15_000 }).not.toBe('waiting');
  if ((await outcome()) === 'refused') {
    throw new Error(`the pin ${pin} of ${phone} was refused; the database held:\n${await verificationDiagnosis(phone, pin)}`);
  }
}

/** The phone's verifications (and which one the typed pin belongs to) and its outbox, for a failure message. */
async function verificationDiagnosis(phone: string, pin: string): Promise<string> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const rows = await client.query(
      `select verify_id, purpose, state, tries, sent_at, expires_at, confirmed_at,
              pin_hash = encode(sha256(convert_to(verify_id || ':' || $2, 'UTF8')), 'hex') as typed_pin_matches
         from phone_verification where phone_no = $1 order by sent_at`,
      [phone, pin],
    );
    const outbox = await client.query('select text, created_at from sms_outbox where phone_no = $1 order by created_at, id', [phone]);
    return JSON.stringify({ verifications: rows.rows, outbox: outbox.rows }, null, 1);
  } finally {
    await client.end();
  }
}

export interface Member {
  id: string;
  nick: string;
  passwd: string;
  phone: string;
}

/**
 * Signs a member up through the API alone (an adult by declaration): verifies the phone (a fresh one
 * unless given) by its pin, then joins. The join logs `client` in: with a page's `page.request` (which
 * shares the browser context's cookies) the page is signed in as the member; with an apiClient it stays
 * as it was.
 */
export async function joinByApi(
  client: APIRequestContext,
  member: { id: string; nick: string; passwd?: string; phone?: string },
): Promise<Member> {
  const joined = { passwd: PASSWORD, phone: `010${digits(8)}`, ...member };
  const earlier = await outboxCount(client, joined.phone);
  const sent = await call(client, verificationEndpoints.sendPin, { phone_no: joined.phone, purpose: 'join' });
  const { verify_token } = await call(client, verificationEndpoints.confirmPin, {
    verify_id: sent.verify_id,
    pincode: await readPin(client, joined.phone, earlier),
  });
  await call(client, accountsEndpoints.join, {
    id: joined.id,
    passwd: joined.passwd,
    passwd_confirm: joined.passwd,
    nick: joined.nick,
    verify_token,
    birth_date: '1995-03-03',
    sex: 'M',
    agree_terms: 'Y',
    agree_privacy: 'Y',
  });
  return joined;
}
