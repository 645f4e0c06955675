import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { identityEndpoints, koreanToday, ResultCode, type UserInfoSet } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildMember, fromIp, randomPhone, sql, tryJoin, verificationState, verifiedPhone } from '../../testing/members.js';
import { devCi } from './identity.drivers.js';
import { identityTokenHash } from './identity.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1', IDENTITY_DEV_CI_SECRET: 'test-ci-secret-1234' } });
});
afterAll(async () => t?.close());

/** The date `years` years and `days` days before today in Korea (YYYY-MM-DD). */
function yearsAgo(years: number, days = 0): string {
  const today = koreanToday();
  const d = new Date(`${Number(today.slice(0, 4)) - years}${today.slice(4)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

interface Person {
  name: string;
  birth_date: string;
  sex: 'M' | 'F';
  phone?: string;
}

/** identity_verify_proc with the dev driver on a confirmed phone token. */
async function verifyPerson(purpose: 'adult' | 'guardian', p: Person) {
  const phone = await verifiedPhone(t, purpose, p.phone);
  return t.call(
    identityEndpoints.verify,
    { purpose, name: p.name, birth_date: p.birth_date, sex: p.sex, verify_token: phone.token },
    { headers: fromIp() },
  );
}
async function identityToken(purpose: 'adult' | 'guardian', p: Person): Promise<string> {
  const res = await verifyPerson(purpose, p);
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return res.body.rslt_set.identity_token;
}

const join = (over: Record<string, string> = {}) => buildMember(t, over);

async function userRow(userKey: number) {
  const [row] = await sql<{
    ci: string;
    real_name: string;
    birth_date: string;
    sex: string;
    adult_verified_at: Date | null;
    guardian_name: string;
    guardian_ci: string;
    guardian_consent_at: Date | null;
  }>(
    t,
    `select ci, real_name, to_char(birth_date, 'YYYY-MM-DD') birth_date, sex, adult_verified_at, guardian_name, guardian_ci, guardian_consent_at
     from users where user_key = $1`,
    [userKey],
  );
  if (!row) throw new Error(`no user ${userKey}`);
  return row;
}
const identityCount = async () => Number((await sql<{ n: string }>(t, 'select count(*) n from identity_verification'))[0]?.n);
const usedAt = async (token: string) =>
  (await sql<{ used_at: Date | null }>(t, 'select used_at from identity_verification where token_hash = $1', [identityTokenHash(token)]))[0]
    ?.used_at;
const adultVerify = (identity_token: string, cookie?: string) =>
  t.call(identityEndpoints.adultVerify, { identity_token }, cookie ? { cookie } : {});

describe('identity verification with the dev driver', () => {
  it('turns a pin from the SMS outbox into an identity token, and the same person always gets the same ci', async () => {
    const phone = randomPhone();
    const sent = await t.post<{ verify_id: string }>(
      '/v1/user/auth_phone_no_proc',
      { phone_no: phone, purpose: 'adult' },
      { headers: fromIp() },
    );
    expect(sent.body.rslt_cd).toBe(0);
    const outbox = await t.get<{ data_list: { text: string }[] }>('/v1/dev/sms_outbox', { phone_no: phone });
    const pin = /\[(\d{6})\]/.exec(outbox.body.rslt_set.data_list[0]?.text ?? '')?.[1] as string;
    const confirmed = await t.post<{ verify_token: string }>('/v1/user/confirm_pincode', {
      verify_id: sent.body.rslt_set.verify_id,
      pincode: pin,
    });
    expect(confirmed.body.rslt_cd).toBe(0);

    const res = await t.call(identityEndpoints.verify, {
      purpose: 'adult',
      name: ' 김  민수 ',
      birth_date: '1990-05-05',
      sex: 'M',
      verify_token: confirmed.body.rslt_set.verify_token,
    });
    expect(res.body).toMatchObject({
      rslt_cd: 0,
      rslt_set: { purpose: 'adult', name: '김 민수', birth_date: '1990-05-05', adult: true, expire_sec: 600 },
    });
    const [stored] = await sql<{ ci: string; phone_no: string; driver: string; expires_in: number; token_hash: string }>(
      t,
      `select ci, phone_no, driver, extract(epoch from expires_at - now())::int expires_in, token_hash
       from identity_verification where token_hash = $1`,
      [identityTokenHash(res.body.rslt_set.identity_token)],
    );
    expect(stored).toMatchObject({ phone_no: phone, driver: 'dev', ci: devCi('test-ci-secret-1234', '김 민수', '1990-05-05', phone) });
    expect(stored?.expires_in).toBeGreaterThan(590);
    expect(stored?.expires_in).toBeLessThanOrEqual(600);
    // Only the hash is stored; the phone verification was spent.
    expect(stored?.token_hash).not.toContain(res.body.rslt_set.identity_token);
    const again = await t.call(identityEndpoints.verify, {
      purpose: 'adult',
      name: '김민수',
      birth_date: '1990-05-05',
      sex: 'M',
      verify_token: confirmed.body.rslt_set.verify_token,
    });
    expect(again.body.rslt_cd).toBe(ResultCode.VERIFY_REQUIRED);
  });

  it('needs a phone verification of the same purpose and every dev field; garbage changes nothing', async () => {
    const before = await identityCount();
    const join = await verifiedPhone(t, 'join');
    const wrongPurpose = await t.call(identityEndpoints.verify, {
      purpose: 'adult',
      name: '홍길동',
      birth_date: '1990-01-01',
      sex: 'M',
      verify_token: join.token,
    });
    expect(wrongPurpose.body.rslt_cd).toBe(ResultCode.VERIFY_REQUIRED);

    const noToken = await t.call(identityEndpoints.verify, { purpose: 'adult', name: '홍길동', birth_date: '1990-01-01', sex: 'M' });
    expect(noToken.body).toMatchObject({ rslt_cd: ResultCode.REQUIRED, rslt_set: { field: 'verify_token' } });

    const adult = await verifiedPhone(t, 'adult');
    for (const [body, field] of [
      [{ purpose: 'root', name: '홍길동', birth_date: '1990-01-01', sex: 'M', verify_token: adult.token }, 'purpose'],
      [{ purpose: 'adult', name: '<script>', birth_date: '1990-01-01', sex: 'M', verify_token: adult.token }, 'name'],
      [{ purpose: 'adult', name: '홍길동', birth_date: '1990-13-45', sex: 'M', verify_token: adult.token }, 'birth_date'],
      [{ purpose: 'adult', name: '홍길동', birth_date: '1990-01-01', sex: 'X', verify_token: adult.token }, 'sex'],
    ] as const) {
      const res = await t.call(identityEndpoints.verify, body as Record<string, string>);
      expect(res.body, JSON.stringify(body)).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field } });
      expect(Object.keys(res.body).sort()).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
    }
    expect(await identityCount()).toBe(before);
    // The refused calls did not spend the phone verification.
    expect(await verificationState(t, adult.token)).toBe('confirmed');
  });
});

describe('adult verification', () => {
  it('records ci, the verified name and birth date (the verified one wins) and shows it', async () => {
    const me = await join({ birth_date: '1992-02-02', sex: 'F' });
    const person: Person = { name: '이서연', birth_date: '1991-03-03', sex: 'F' };
    const token = await identityToken('adult', person);
    const res = await adultVerify(token, me.cookie);
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { adult: true, real_name: '이**', birth_date: '1991-03-03' } });
    const row = await userRow(me.userKey);
    expect(row).toMatchObject({ real_name: '이서연', birth_date: '1991-03-03', sex: 'F' });
    expect(row.ci).not.toBe('');
    expect(row.adult_verified_at).not.toBeNull();

    const info = await t.call(identityEndpoints.info, {}, { cookie: me.cookie });
    expect(info.body.rslt_set).toMatchObject({ identity_verified: true, adult: true, real_name: '이**' });
    const user = await t.get<UserInfoSet>('/v1/user/user_info', {}, { cookie: me.cookie });
    expect(user.body.rslt_set.user_info?.ci).toBe(row.ci);

    // Spent: the same token cannot verify again.
    expect((await adultVerify(token, me.cookie)).body.rslt_cd).toBe(ResultCode.IDENTITY_REQUIRED);
  });

  it('lets several accounts of one person share a ci, but not hold another person', async () => {
    const phone = randomPhone();
    const person: Person = { name: '박지훈', birth_date: '1988-08-08', sex: 'M', phone };
    const first = await join();
    const second = await join();
    expect((await adultVerify(await identityToken('adult', person), first.cookie)).body.rslt_cd).toBe(0);
    expect((await adultVerify(await identityToken('adult', person), second.cookie)).body.rslt_cd).toBe(0);
    expect((await userRow(first.userKey)).ci).toBe((await userRow(second.userKey)).ci);

    const other = await identityToken('adult', { name: '최유나', birth_date: '1985-01-01', sex: 'F' });
    const refused = await adultVerify(other, first.cookie);
    expect(refused.body.rslt_cd).toBe(ResultCode.IDENTITY_OTHER_PERSON);
    expect((await userRow(first.userKey)).real_name).toBe('박지훈');
    expect(await usedAt(other)).toBeNull();
  });

  it('refuses under 19 (born a day too late) and records nothing', async () => {
    const me = await join({ birth_date: yearsAgo(18) });
    const token = await identityToken('adult', { name: '정하늘', birth_date: yearsAgo(19, -1), sex: 'F' });
    const res = await adultVerify(token, me.cookie);
    expect(res.body.rslt_cd).toBe(ResultCode.UNDER_ADULT_AGE);
    expect(res.body.rslt_msg).toBe('만 19세 미만은 성인인증을 할 수 없습니다.');
    const row = await userRow(me.userKey);
    expect(row).toMatchObject({ ci: '', real_name: '', adult_verified_at: null });

    // Born exactly 19 years ago today: adult.
    const ok = await identityToken('adult', { name: '정하늘', birth_date: yearsAgo(19), sex: 'F' });
    expect((await adultVerify(ok, me.cookie)).body.rslt_cd).toBe(0);
  });

  it('refuses expired, wrong-purpose and unknown tokens, and anonymous callers', async () => {
    const me = await join();
    const person: Person = { name: '한별', birth_date: '1980-01-01', sex: 'M' };
    const expired = await identityToken('adult', person);
    await sql(t, `update identity_verification set expires_at = now() - interval '1 second' where token_hash = $1`, [
      identityTokenHash(expired),
    ]);
    expect((await adultVerify(expired, me.cookie)).body.rslt_cd).toBe(ResultCode.IDENTITY_REQUIRED);

    const guardian = await identityToken('guardian', person);
    expect((await adultVerify(guardian, me.cookie)).body.rslt_cd).toBe(ResultCode.IDENTITY_REQUIRED);
    expect(await usedAt(guardian)).toBeNull();
    expect((await adultVerify('no-such-token', me.cookie)).body.rslt_cd).toBe(ResultCode.IDENTITY_REQUIRED);
    expect((await adultVerify('', me.cookie)).body.rslt_cd).toBe(ResultCode.INVALID_INPUT);

    const fresh = await identityToken('adult', person);
    expect((await adultVerify(fresh)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect(await usedAt(fresh)).toBeNull();
    expect((await t.call(identityEndpoints.info)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await userRow(me.userKey)).ci).toBe('');
  });
});

describe('guardian consent in the join', () => {
  // One phone, so every verification of the guardian gives the same ci.
  const guardian: Person = { name: '김보호', birth_date: '1980-06-06', sex: 'F', phone: randomPhone() };
  const child = () => ({ birth_date: yearsAgo(12) });

  it('refuses an under-14 join without a guardian, and changes nothing', async () => {
    const { res, form, phoneToken: token } = await tryJoin(t, child());
    expect(res.body).toMatchObject({ rslt_cd: ResultCode.GUARDIAN_REQUIRED, rslt_set: { field: 'guardian_token' } });
    expect(await sql(t, 'select 1 from users where id = $1', [form.id])).toHaveLength(0);
    // The join's phone verification is still usable.
    expect(await verificationState(t, token)).toBe('confirmed');
  });

  it('refuses a guardian name that differs from the verified one (SPEC §8) and keeps the token usable', async () => {
    const token = await identityToken('guardian', guardian);
    const { res, form } = await tryJoin(t, { ...child(), guardian_name: '김보오', guardian_token: token });
    expect(res.body).toMatchObject({ rslt_cd: ResultCode.GUARDIAN_NAME_MISMATCH, rslt_set: { field: 'guardian_name' } });
    expect(res.body.rslt_msg).toBe('법정대리인(보호자) 이름이 본인인증한 이름과 일치하지 않습니다.');
    expect(await sql(t, 'select 1 from users where id = $1', [form.id])).toHaveLength(0);
    expect(await usedAt(token)).toBeNull();
  });

  it('refuses a guardian under 19 and an adult-purpose token', async () => {
    const young = await identityToken('guardian', { name: '김어린', birth_date: yearsAgo(18), sex: 'M' });
    const r1 = await tryJoin(t, { ...child(), guardian_name: '김어린', guardian_token: young });
    expect(r1.res.body.rslt_cd).toBe(ResultCode.GUARDIAN_NOT_ADULT);
    const adultPurpose = await identityToken('adult', guardian);
    const r2 = await tryJoin(t, { ...child(), guardian_name: guardian.name, guardian_token: adultPurpose });
    expect(r2.res.body.rslt_cd).toBe(ResultCode.IDENTITY_REQUIRED);
  });

  it('joins a 12-year-old with a verified adult guardian, once per guardian verification', async () => {
    const token = await identityToken('guardian', guardian);
    const me = await join({ ...child(), guardian_name: ' 김보호 ', guardian_token: token });
    const row = await userRow(me.userKey);
    expect(row).toMatchObject({ guardian_name: '김보호', ci: '', adult_verified_at: null });
    expect(row.guardian_ci).not.toBe('');
    expect(row.guardian_consent_at).not.toBeNull();
    expect(await usedAt(token)).not.toBeNull();

    const reuse = await tryJoin(t, { ...child(), guardian_name: guardian.name, guardian_token: token });
    expect(reuse.res.body.rslt_cd).toBe(ResultCode.IDENTITY_REQUIRED);

    // The guardian's identity cannot make the child's account an adult one.
    const asGuardian = await identityToken('adult', guardian);
    expect((await adultVerify(asGuardian, me.cookie)).body.rslt_cd).toBe(ResultCode.IDENTITY_OTHER_PERSON);
  });

  it('asks no guardian from 14 on (born exactly 14 years ago today)', async () => {
    const me = await join({ birth_date: yearsAgo(14) });
    expect((await userRow(me.userKey)).guardian_consent_at).toBeNull();
    const { res } = await tryJoin(t, { birth_date: yearsAgo(14, -1) });
    expect(res.body.rslt_cd).toBe(ResultCode.GUARDIAN_REQUIRED);
  });
});

describe('identity verification with the PortOne driver (a local stand-in for api.portone.io)', () => {
  let server: Server;
  let portone: TestApp;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      if (req.headers.authorization !== 'PortOne test-portone-secret') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'UNAUTHORIZED', message: 'bad secret' }));
        return;
      }
      const id = decodeURIComponent(/^\/identity-verifications\/([^?]+)/.exec(req.url ?? '')?.[1] ?? '');
      const answer = answers.get(id) ?? { status: 404, body: { type: 'IDENTITY_VERIFICATION_NOT_FOUND', message: 'not found' } };
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    portone = await startTestApp({
      env: {
        TRUST_PROXY: '1',
        IDENTITY_DRIVER: 'portone',
        PORTONE_API_SECRET: 'test-portone-secret',
        PORTONE_STORE_ID: 'store-test',
        PORTONE_IDENTITY_CHANNEL_KEY: 'channel-key-test',
        PORTONE_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      },
    });
  });
  afterAll(async () => {
    await portone?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const verified = (ci: string, birthDate = '1979-12-31', at = new Date()) => ({
    status: 200,
    body: {
      status: 'VERIFIED',
      id: 'x',
      verifiedAt: at.toISOString(),
      verifiedCustomer: { name: '오포트', birthDate, gender: 'FEMALE', phoneNumber: '01055556666', ci },
    },
  });
  const verify = (id: string) =>
    portone.call(identityEndpoints.verify, { purpose: 'guardian', identity_verification_id: id }, { headers: fromIp() });

  it('tells the browser to use PortOne with its store id and channel key', async () => {
    const res = await portone.call(identityEndpoints.config);
    expect(res.body.rslt_set).toEqual({ driver: 'portone', store_id: 'store-test', channel_key: 'channel-key-test' });
    expect((await t.call(identityEndpoints.config)).body.rslt_set).toEqual({ driver: 'dev', store_id: '', channel_key: '' });
  });

  it('reads the verified customer with the secret and turns one verification into one token', async () => {
    const id = `iv-${randomUUID()}`;
    const ci = `ci-${randomUUID()}`;
    answers.set(id, verified(ci));
    const res = await verify(id);
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { name: '오포트', birth_date: '1979-12-31', adult: true } });
    const last = seen.at(-1);
    expect(last?.url).toBe(`/identity-verifications/${id}?storeId=store-test`);
    expect(last?.headers.authorization).toBe('PortOne test-portone-secret');
    const [row] = await sql<{ ci: string; sex: string; phone_no: string; driver: string }>(
      t,
      'select ci, sex, phone_no, driver from identity_verification where token_hash = $1',
      [identityTokenHash(res.body.rslt_set.identity_token)],
    );
    expect(row).toEqual({ ci, sex: 'F', phone_no: '01055556666', driver: 'portone' });

    // Replaying the same PortOne verification gives nothing.
    expect((await verify(id)).body.rslt_cd).toBe(ResultCode.IDENTITY_FAILED);
  });

  it('answers identity verification failed for unknown, failed, stale or incomplete verifications', async () => {
    const failed = `iv-${randomUUID()}`;
    answers.set(failed, { status: 200, body: { status: 'FAILED', id: failed, failure: { reason: 'cancelled' } } });
    const stale = `iv-${randomUUID()}`;
    answers.set(stale, verified('ci-stale', '1979-12-31', new Date(Date.now() - 3600_000)));
    const noCi = `iv-${randomUUID()}`;
    answers.set(noCi, verified(''));
    for (const id of [`iv-${randomUUID()}`, failed, stale, noCi]) {
      const res = await verify(id);
      expect(res.body, id).toMatchObject({ rslt_cd: ResultCode.IDENTITY_FAILED, rslt_msg: '본인인증에 실패했습니다.' });
    }
    expect((await portone.call(identityEndpoints.verify, { purpose: 'guardian' })).body).toMatchObject({
      rslt_cd: ResultCode.REQUIRED,
      rslt_set: { field: 'identity_verification_id' },
    });
    expect((await portone.call(identityEndpoints.verify, { purpose: 'guardian', identity_verification_id: '../../x' })).body.rslt_cd).toBe(
      ResultCode.INVALID_INPUT,
    );
  });
});
