import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Db } from '../../platform/db.js';
import { createLogSmsDriver, createSmsDriver, createSolapiSmsDriver, solapiAuthorization } from './sms.js';

const API_KEY = 'NCSTESTKEY';
const API_SECRET = 'test-secret-0123456789';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for Solapi on a real local port: checks the signature like Solapi does, answers what the test sets. */
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const auth = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
      const valid =
        auth !== null &&
        auth[1] === API_KEY &&
        createHmac('sha256', API_SECRET)
          .update((auth[2] as string) + (auth[3] as string))
          .digest('hex') === auth[4];
      if (!valid) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errorCode: 'SignatureDoesNotMatch', errorMessage: 'bad signature' }));
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: { groupId: 'G1', messageId: 'M1', statusCode: '2000', statusMessage: '정상 접수' } };
});

describe('Solapi driver', () => {
  const driver = () => createSolapiSmsDriver({ apiKey: API_KEY, apiSecret: API_SECRET, from: '0212345678', baseUrl });

  it('signs the request (HMAC-SHA256 of date + salt, hex) and posts the message to /messages/v4/send', async () => {
    await driver().send({ countryNum: '82', phoneNo: '01012345678' }, '[별] 인증번호 [123456]을 입력해 주세요.');
    expect(seen).toHaveLength(1);
    const [req] = seen as [Seen];
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/messages/v4/send');
    expect(req.headers['content-type']).toMatch(/^application\/json/);
    const auth = /^HMAC-SHA256 apiKey=(.+), date=(.+), salt=(.+), signature=(.+)$/.exec(req.headers.authorization ?? '');
    expect(auth).not.toBeNull();
    const [, key, date, salt] = auth as unknown as [string, string, string, string];
    expect(key).toBe(API_KEY);
    expect(Math.abs(Date.parse(date) - Date.now())).toBeLessThan(60_000);
    expect(salt.length).toBeGreaterThanOrEqual(12);
    expect(JSON.parse(req.body)).toEqual({
      message: { to: '01012345678', from: '0212345678', text: '[별] 인증번호 [123456]을 입력해 주세요.' },
    });
  });

  it('uses a fresh salt for every request', async () => {
    await driver().send({ countryNum: '82', phoneNo: '01012345678' }, 'a');
    await driver().send({ countryNum: '82', phoneNo: '01012345678' }, 'b');
    const salts = seen.map((s) => /salt=([^,]+)/.exec(s.headers.authorization ?? '')?.[1]);
    expect(salts[0]).not.toBe(salts[1]);
  });

  it('builds the documented header from fixed inputs', () => {
    const expected = createHmac('sha256', 's').update('2026-01-01T00:00:00.000Zabc').digest('hex');
    expect(solapiAuthorization('k', 's', '2026-01-01T00:00:00.000Z', 'abc')).toBe(
      `HMAC-SHA256 apiKey=k, date=2026-01-01T00:00:00.000Z, salt=abc, signature=${expected}`,
    );
  });

  it('throws on a provider error answer, with the status and the provider message', async () => {
    answer = { status: 400, body: { errorCode: 'ValidationError', errorMessage: '발신번호가 등록되지 않았습니다.' } };
    await expect(driver().send({ countryNum: '82', phoneNo: '01012345678' }, 'x')).rejects.toThrow(/HTTP 400.*ValidationError/);
  });

  it('throws when the signature is wrong (provider answers 403)', async () => {
    const wrong = createSolapiSmsDriver({ apiKey: API_KEY, apiSecret: 'not-the-secret', from: '0212345678', baseUrl });
    await expect(wrong.send({ countryNum: '82', phoneNo: '01012345678' }, 'x')).rejects.toThrow(/HTTP 403/);
  });

  it('throws when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createSolapiSmsDriver({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
      from: '0212345678',
      baseUrl: `http://127.0.0.1:${port}`,
    });
    await expect(unreachable.send({ countryNum: '82', phoneNo: '01012345678' }, 'x')).rejects.toThrow(/unreachable/);
  });

  it('is what createSmsDriver builds for SMS_DRIVER=solapi, against the configured base URL', async () => {
    const config = loadConfig({
      SMS_DRIVER: 'solapi',
      SOLAPI_API_KEY: API_KEY,
      SOLAPI_API_SECRET: API_SECRET,
      SMS_SENDER: '0212345678',
      SOLAPI_BASE_URL: baseUrl,
    });
    const sms = createSmsDriver(config, {} as Db, pino({ level: 'silent' }));
    expect(sms.name).toBe('solapi');
    await sms.send({ countryNum: '82', phoneNo: '01099998888' }, 'hi');
    expect(JSON.parse((seen[0] as Seen).body).message.to).toBe('01099998888');
  });
});

describe('log driver', () => {
  it('refuses to be created in production', () => {
    expect(() => createLogSmsDriver({} as Db, pino({ level: 'silent' }), 'production')).toThrow(/NODE_ENV=production/);
  });

  it('is the default outside production', () => {
    expect(createSmsDriver(loadConfig({}), {} as Db, pino({ level: 'silent' })).name).toBe('log');
  });
});
