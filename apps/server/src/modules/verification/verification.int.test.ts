import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PIN, ResultCode } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { users } from '../users/users.tables.js';
import { consumeVerification, peekVerification, SEND_LIMITS } from './verification.service.js';

interface Sent {
  verify_id: string;
  expire_sec: number;
  resend_sec: number;
}
interface Confirmed {
  verify_token: string;
  account_list: { user_key: number; id: string; nick: string; reg_date: string }[];
}
interface Outbox {
  data_list: { phone_no: string; text: string; created_at: string }[];
  data_totalcount: number;
}

let t: TestApp;
beforeAll(async () => {
  // TRUST_PROXY lets every test send from its own address, so the per-IP limit never couples tests.
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});
afterAll(async () => t?.close());

/** A fresh Korean mobile number per test: 010 + 8 random digits. */
const newPhone = () => `010${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
const newIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

function send(phone_no: string, body: Record<string, string> = {}, ip = newIp(), path = '/v1/user/auth_phone_no_proc') {
  return t.post<Sent>(path, { phone_no, ...body }, { headers: { 'x-forwarded-for': ip } });
}
const confirm = (verify_id: string, pincode: string) => t.post<Confirmed>('/v1/user/confirm_pincode', { verify_id, pincode });

async function outbox(phone: string) {
  const { body } = await t.get<Outbox>('/v1/dev/sms_outbox', { phone_no: phone });
  expect(body.rslt_cd).toBe(0);
  return body.rslt_set;
}
/** The pin of the newest message to a phone. */
async function latestPin(phone: string): Promise<string> {
  const [newest] = (await outbox(phone)).data_list;
  const pin = /\[(\d{6})\]/.exec(newest?.text ?? '')?.[1];
  if (!pin) throw new Error(`no pin in the outbox for ${phone}`);
  return pin;
}
const otherPin = (pin: string) => String((Number(pin) + 1) % 10 ** PIN.digits).padStart(PIN.digits, '0');

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await t.database.pool.query(text, values)).rows as T[];
}
const verificationCount = async (phone: string) =>
  Number((await sql<{ n: string }>('select count(*) n from phone_verification where phone_no = $1', [phone]))[0]?.n);
const outboxCount = async (phone: string) =>
  Number((await sql<{ n: string }>('select count(*) n from sms_outbox where phone_no = $1', [phone]))[0]?.n);
/** Moves the last send back past the resend cooldown. */
const pastCooldown = (phone: string) =>
  sql(`update phone_verification set sent_at = sent_at - interval '${PIN.resendSeconds + 1} seconds' where phone_no = $1`, [phone]);

/** Sends and confirms a pin; answers the confirmation. */
async function verified(phone: string, purpose = 'join') {
  const sent = await send(phone, { purpose });
  expect(sent.body.rslt_cd).toBe(0);
  const done = await confirm(sent.body.rslt_set.verify_id, await latestPin(phone));
  expect(done.body.rslt_cd).toBe(0);
  return done.body.rslt_set;
}

async function addUser(phone: string, state: 'active' | 'closed' = 'active') {
  const id = `fan${randomInt(0, 1e9)}`;
  const [row] = await t.database.db
    .insert(users)
    .values({ id, nick: `n${randomInt(0, 1e9)}`, phoneCountryNum: '82', phoneNo: phone, state })
    .returning({ userKey: users.userKey });
  return { id, userKey: row?.userKey as number };
}

describe('send and confirm', () => {
  it('sends a pin to the outbox, confirms it and answers a one-time token', async () => {
    const phone = newPhone();
    const sent = await send(phone);
    expect(sent.status).toBe(200);
    expect(sent.body.rslt_cd).toBe(0);
    expect(sent.body.rslt_set).toEqual({ verify_id: expect.any(String), expire_sec: 180, resend_sec: 30 });

    const box = await outbox(phone);
    expect(box.data_totalcount).toBe(1);
    const pin = await latestPin(phone);
    expect(box.data_list[0]?.text).toBe(`[별] 인증번호 [${pin}]을 입력해 주세요.`);

    const [row] = await sql<{ pin_hash: string; state: string; purpose: string }>('select * from phone_verification where verify_id = $1', [
      sent.body.rslt_set.verify_id,
    ]);
    expect(row).toMatchObject({ state: 'sent', purpose: 'join' });
    expect(row?.pin_hash).not.toContain(pin);

    const done = await confirm(sent.body.rslt_set.verify_id, pin);
    expect(done.body.rslt_cd).toBe(0);
    expect(done.body.rslt_set.verify_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(done.body.rslt_set.account_list).toEqual([]);
    const [after] = await sql<{ state: string; token_hash: string }>('select * from phone_verification where verify_id = $1', [
      sent.body.rslt_set.verify_id,
    ]);
    expect(after?.state).toBe('confirmed');
    expect(after?.token_hash).not.toBe(done.body.rslt_set.verify_token);

    // A confirmed verification cannot be confirmed again.
    const twice = await confirm(sent.body.rslt_set.verify_id, pin);
    expect(twice.body.rslt_cd).toBe(ResultCode.VERIFY_REQUIRED);
  });

  it('accepts hyphens in the number and answers the Korean message in the envelope', async () => {
    const phone = newPhone();
    const sent = await send(`${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`);
    expect(sent.body.rslt_cd).toBe(0);
    expect(sent.body.rslt_msg).toBe('성공');
    expect(await outboxCount(phone)).toBe(1);
  });

  it('counts wrong pins down and the 5th wrong one voids the verification', async () => {
    const phone = newPhone();
    const { verify_id } = (await send(phone)).body.rslt_set;
    const pin = await latestPin(phone);
    for (let left = PIN.maxTries - 1; left >= 1; left--) {
      const wrong = await confirm(verify_id, otherPin(pin));
      expect(wrong.body.rslt_cd).toBe(ResultCode.PIN_MISMATCH);
      expect(wrong.body.rslt_set).toEqual({ num: left });
      expect(wrong.body.rslt_msg).toContain(`${left}`);
    }
    const fifth = await confirm(verify_id, otherPin(pin));
    expect(fifth.body.rslt_cd).toBe(ResultCode.PIN_VOID);
    // Even the right pin is refused now.
    expect((await confirm(verify_id, pin)).body.rslt_cd).toBe(ResultCode.PIN_VOID);
    const [row] = await sql<{ state: string; tries: number }>('select state, tries from phone_verification where verify_id = $1', [
      verify_id,
    ]);
    expect(row).toEqual({ state: 'void', tries: PIN.maxTries });
  });

  it('never lets parallel guesses exceed the tries', async () => {
    const phone = newPhone();
    const { verify_id } = (await send(phone)).body.rslt_set;
    const pin = await latestPin(phone);
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(verify_id, otherPin(pin))));
    const codes = answers.map((a) => a.body.rslt_cd);
    expect(codes.filter((c) => c === ResultCode.PIN_MISMATCH)).toHaveLength(PIN.maxTries - 1);
    expect(codes.filter((c) => c === ResultCode.PIN_VOID)).toHaveLength(12 - (PIN.maxTries - 1));
    const [row] = await sql<{ tries: number }>('select tries from phone_verification where verify_id = $1', [verify_id]);
    expect(row?.tries).toBe(PIN.maxTries);
  });

  it('answers PIN_EXPIRED after the pin expired, even for the right pin', async () => {
    const phone = newPhone();
    const { verify_id } = (await send(phone)).body.rslt_set;
    const pin = await latestPin(phone);
    await sql(`update phone_verification set expires_at = now() - interval '1 second' where verify_id = $1`, [verify_id]);
    expect((await confirm(verify_id, pin)).body.rslt_cd).toBe(ResultCode.PIN_EXPIRED);
  });

  it('answers VERIFY_REQUIRED for an unknown verification', async () => {
    expect((await confirm('no-such-verification', '123456')).body.rslt_cd).toBe(ResultCode.VERIFY_REQUIRED);
  });
});

describe('resend', () => {
  it('refuses a resend within the cooldown with the seconds left', async () => {
    const phone = newPhone();
    expect((await send(phone)).body.rslt_cd).toBe(0);
    const again = await send(phone);
    expect(again.body.rslt_cd).toBe(ResultCode.PIN_RESEND_WAIT);
    const num = (again.body.rslt_set as unknown as { num: number }).num;
    expect(num).toBeGreaterThanOrEqual(1);
    expect(num).toBeLessThanOrEqual(PIN.resendSeconds);
    expect(again.body.rslt_msg).toBe(`${num}초 후에 인증번호를 다시 받을 수 있습니다.`);
    expect(await outboxCount(phone)).toBe(1);
    expect(await verificationCount(phone)).toBe(1);
  });

  it('keeps the cooldown per purpose', async () => {
    const phone = newPhone();
    expect((await send(phone, { purpose: 'join' })).body.rslt_cd).toBe(0);
    expect((await send(phone, { purpose: 'adult' })).body.rslt_cd).toBe(0);
  });

  it('sends a new pin after the cooldown and voids the old one', async () => {
    const phone = newPhone();
    const first = (await send(phone)).body.rslt_set;
    const oldPin = await latestPin(phone);
    await pastCooldown(phone);
    const second = await send(phone);
    expect(second.body.rslt_cd).toBe(0);
    expect(second.body.rslt_set.verify_id).not.toBe(first.verify_id);
    const newPin = await latestPin(phone);
    const box = await outbox(phone);
    expect(box.data_totalcount).toBe(2);
    expect(box.data_list[0]?.text).toContain(newPin);
    expect(box.data_list[1]?.text).toContain(oldPin);

    expect((await confirm(first.verify_id, oldPin)).body.rslt_cd).toBe(ResultCode.PIN_VOID);
    expect((await confirm(second.body.rslt_set.verify_id, newPin)).body.rslt_cd).toBe(0);
  });
});

describe('refused input', () => {
  it('refuses a country we cannot text (4207) and a number that is not a Korean mobile (1103)', async () => {
    const phone = newPhone();
    expect((await send(phone, { phone_country_num: '1' })).body.rslt_cd).toBe(ResultCode.COUNTRY_NOT_SUPPORTED);
    expect((await send(phone, { phone_country_num: '+81' })).body.rslt_cd).toBe(ResultCode.COUNTRY_NOT_SUPPORTED);
    const landline = `02${phone.slice(3)}`;
    const bad = await send(landline);
    expect(bad.body.rslt_cd).toBe(ResultCode.PHONE_INVALID);
    expect(bad.body.rslt_msg).toBe('휴대폰 번호를 정확하게 입력해 주세요.');
    expect(await verificationCount(phone)).toBe(0);
    expect(await verificationCount(landline)).toBe(0);
    expect(await outboxCount(landline)).toBe(0);
  });

  it('answers a clear envelope error for garbage in every field and changes nothing', async () => {
    const phone = newPhone();
    const garbage: [Record<string, string>, string, number][] = [
      [{ phone_no: `${phone}x` }, 'phone_no', ResultCode.INVALID_INPUT],
      [{ phone_no: '' }, 'phone_no', ResultCode.INVALID_INPUT],
      [{ phone_no: `${phone}${phone}${phone}` }, 'phone_no', ResultCode.INVALID_INPUT],
      [{ phone_no: `${phone}'; drop table users; --` }, 'phone_no', ResultCode.INVALID_INPUT],
      [{ phone_no: phone, phone_country_num: 'kr' }, 'phone_country_num', ResultCode.INVALID_INPUT],
      [{ phone_no: phone, phone_country_num: '8282828' }, 'phone_country_num', ResultCode.INVALID_INPUT],
      [{ phone_no: phone, purpose: 'hack' }, 'purpose', ResultCode.INVALID_INPUT],
      [{ phone_country_num: '82' }, 'phone_no', ResultCode.REQUIRED],
    ];
    for (const [body, field, code] of garbage) {
      const { status, body: answer } = await t.post<{ field: string }>('/v1/user/auth_phone_no_proc', body, {
        headers: { 'x-forwarded-for': newIp() },
      });
      expect({ body, status, code: answer.rslt_cd, field: answer.rslt_set.field }).toEqual({ body, status: 200, code, field });
      expect(Object.keys(answer).sort()).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
    }
    const find = await send(phone, { purpose: 'join' }, newIp(), '/v1/user/find_id_pw_phone_no_proc');
    expect(find.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);

    const confirms: [Record<string, string>, string, number][] = [
      [{ verify_id: 'x', pincode: '12345' }, 'pincode', ResultCode.INVALID_INPUT],
      [{ verify_id: 'x', pincode: 'abcdef' }, 'pincode', ResultCode.INVALID_INPUT],
      [{ verify_id: 'x'.repeat(65), pincode: '123456' }, 'verify_id', ResultCode.INVALID_INPUT],
      [{ verify_id: 'x' }, 'pincode', ResultCode.REQUIRED],
      [{ pincode: '123456' }, 'verify_id', ResultCode.REQUIRED],
    ];
    for (const [body, field, code] of confirms) {
      const { body: answer } = await t.post<{ field: string }>('/v1/user/confirm_pincode', body);
      expect({ body, code: answer.rslt_cd, field: answer.rslt_set.field }).toEqual({ body, code, field });
    }
    // Without the API headers nothing is even read.
    expect((await t.post('/v1/user/auth_phone_no_proc', { phone_no: phone }, { headers: false })).status).toBe(403);

    expect(await verificationCount(phone)).toBe(0);
    expect(await outboxCount(phone)).toBe(0);
    expect(await outboxCount(`${phone}x`)).toBe(0);
  });
});

describe('find ID / password', () => {
  it('answers PHONE_UNREGISTERED for a phone no active account uses', async () => {
    const phone = newPhone();
    await addUser(phone, 'closed');
    const find = await send(phone, {}, newIp(), '/v1/user/find_id_pw_phone_no_proc');
    expect(find.body.rslt_cd).toBe(ResultCode.PHONE_UNREGISTERED);
    expect((await send(phone, { purpose: 'find_pw' }, newIp(), '/v1/user/find_id_pw_phone_no_proc')).body.rslt_cd).toBe(
      ResultCode.PHONE_UNREGISTERED,
    );
    expect((await send(phone, { purpose: 'login_unlock' })).body.rslt_cd).toBe(ResultCode.PHONE_UNREGISTERED);
    expect(await outboxCount(phone)).toBe(0);
  });

  it('lists the active accounts of the phone, IDs masked for every purpose', async () => {
    const phone = newPhone();
    const a = await addUser(phone);
    const b = await addUser(phone);
    await addUser(phone, 'closed');
    const sent = await send(phone, {}, newIp(), '/v1/user/find_id_pw_phone_no_proc');
    expect(sent.body.rslt_cd).toBe(0);
    const done = await confirm(sent.body.rslt_set.verify_id, await latestPin(phone));
    expect(done.body.rslt_cd).toBe(0);
    const list = done.body.rslt_set.account_list;
    expect(list.map((x) => x.user_key)).toEqual([a.userKey, b.userKey]);
    expect(list[0]?.id).toBe(`fan${'*'.repeat(a.id.length - 3)}`);
    expect(list[0]?.reg_date).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Whoever holds the phone sees which accounts it has, never their full IDs.
    const pw = await verified(phone, 'find_pw');
    expect(pw.account_list.map((x) => x.id)).toEqual([a.id, b.id].map((id) => `${id.slice(0, 3)}${'*'.repeat(id.length - 3)}`));
  });
});

describe('consumeVerification / peekVerification', () => {
  it('spends a token once, on its purpose only', async () => {
    const phone = newPhone();
    const { verify_token } = await verified(phone, 'join');
    const db = t.database.db;
    await expect(consumeVerification(db, verify_token, 'find_pw')).rejects.toMatchObject({ code: 'VERIFY_REQUIRED' });
    await expect(peekVerification(db, verify_token, 'join')).resolves.toEqual({ phoneCountryNum: '82', phoneNo: phone });
    await expect(consumeVerification(db, verify_token, 'join')).resolves.toEqual({ phoneCountryNum: '82', phoneNo: phone });
    await expect(consumeVerification(db, verify_token, 'join')).rejects.toMatchObject({ code: 'VERIFY_REQUIRED' });
    await expect(peekVerification(db, verify_token, 'join')).rejects.toMatchObject({ code: 'VERIFY_REQUIRED' });
    await expect(consumeVerification(db, 'not-a-token', 'join')).rejects.toMatchObject({ code: 'VERIFY_REQUIRED' });
  });

  it('refuses a confirmation older than 30 minutes', async () => {
    const phone = newPhone();
    const { verify_token } = await verified(phone);
    await sql(`update phone_verification set confirmed_at = now() - interval '31 minutes' where phone_no = $1`, [phone]);
    await expect(peekVerification(t.database.db, verify_token, 'join')).rejects.toMatchObject({ code: 'VERIFY_REQUIRED' });
    await expect(consumeVerification(t.database.db, verify_token, 'join')).rejects.toMatchObject({ code: 'VERIFY_REQUIRED' });
  });

  it("is spent inside the caller's transaction, and a rollback gives it back", async () => {
    const phone = newPhone();
    const { verify_token } = await verified(phone);
    const db = t.database.db;
    await expect(
      db.transaction(async (tx) => {
        await consumeVerification(db, verify_token, 'join', tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction(async (tx) => {
      expect(await consumeVerification(db, verify_token, 'join', tx)).toEqual({ phoneCountryNum: '82', phoneNo: phone });
    });
    await expect(consumeVerification(db, verify_token, 'join')).rejects.toMatchObject({ code: 'VERIFY_REQUIRED' });
  });
});

describe('rate limits', () => {
  it(`refuses the send after ${SEND_LIMITS.perPhone} to one phone in an hour with 429 + 9001`, async () => {
    const phone = newPhone();
    for (let i = 0; i < SEND_LIMITS.perPhone; i++) {
      expect((await send(phone)).body.rslt_cd).toBe(0);
      await pastCooldown(phone);
    }
    const over = await send(phone);
    expect(over.status).toBe(429);
    expect(over.body.rslt_cd).toBe(ResultCode.RATE_LIMITED);
    expect((over.body.rslt_set as unknown as { num: number }).num).toBeGreaterThanOrEqual(1);
    expect(await outboxCount(phone)).toBe(SEND_LIMITS.perPhone);
  });

  it(`refuses the send after ${SEND_LIMITS.perIp} from one address in an hour`, async () => {
    const ip = newIp();
    for (let i = 0; i < SEND_LIMITS.perIp; i++) expect((await send(newPhone(), {}, ip)).body.rslt_cd).toBe(0);
    const phone = newPhone();
    const over = await send(phone, {}, ip);
    expect(over.status).toBe(429);
    expect(over.body.rslt_cd).toBe(ResultCode.RATE_LIMITED);
    expect(await outboxCount(phone)).toBe(0);
  });

  it('takes the per-address limit from SMS_LIMIT_PER_IP (a venue behind one address sets it higher, or lower)', async () => {
    const limited = await startTestApp({ env: { TRUST_PROXY: '1', SMS_LIMIT_PER_IP: '3' } });
    try {
      const ip = newIp();
      const sendFrom = (phone: string, from = ip) =>
        limited.post<Sent>('/v1/user/auth_phone_no_proc', { phone_no: phone }, { headers: { 'x-forwarded-for': from } });
      for (let i = 0; i < 3; i++) expect((await sendFrom(newPhone())).body.rslt_cd).toBe(0);
      const phone = newPhone();
      const over = await sendFrom(phone);
      expect(over.status).toBe(429);
      expect(over.body.rslt_cd).toBe(ResultCode.RATE_LIMITED);
      expect(await outboxCount(phone)).toBe(0);
      // Another address is not held back by the first one's count.
      expect((await sendFrom(newPhone(), newIp())).body.rslt_cd).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('with SMS_DRIVER=solapi', () => {
  it('has no dev outbox, and a provider failure answers a fault and leaves no usable pin', async () => {
    const provider = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"errorCode":"InternalError"}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const solapi = await startTestApp({
      env: {
        TRUST_PROXY: '1',
        SMS_DRIVER: 'solapi',
        SOLAPI_API_KEY: 'key',
        SOLAPI_API_SECRET: 'secret',
        SMS_SENDER: '0212345678',
        SOLAPI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}`,
      },
    });
    try {
      expect((await solapi.get('/v1/dev/sms_outbox', { phone_no: newPhone() })).status).toBe(404);
      const phone = newPhone();
      const failed = await solapi.post('/v1/user/auth_phone_no_proc', { phone_no: phone }, { headers: { 'x-forwarded-for': newIp() } });
      expect(failed.status).toBe(500);
      expect(failed.body.rslt_cd).toBe(ResultCode.INTERNAL_ERROR);
      const rows = await sql<{ state: string }>('select state from phone_verification where phone_no = $1', [phone]);
      expect(rows).toEqual([{ state: 'void' }]);
      // The failed send does not hold the cooldown.
      const retry = await solapi.post('/v1/user/auth_phone_no_proc', { phone_no: phone }, { headers: { 'x-forwarded-for': newIp() } });
      expect(retry.body.rslt_cd).toBe(ResultCode.INTERNAL_ERROR);
    } finally {
      await solapi.close();
      await new Promise<void>((resolve) => provider.close(() => resolve()));
    }
  });
});
