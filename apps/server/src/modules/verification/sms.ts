import { createHmac, randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/db.js';
import type { Logger } from '../../platform/logger.js';
import { smsOutbox } from './verification.tables.js';

/** Where a text message goes: country calling code and national number, digits only. */
export interface SmsRecipient {
  countryNum: string;
  phoneNo: string;
}

/** Sends one text message; rejects when the message was not accepted (the caller answers a fault). */
export interface SmsDriver {
  name: string;
  send(to: SmsRecipient, text: string): Promise<void>;
}

/**
 * Development driver: the message goes to the server log (tagged `sms`) and to the `sms_outbox` table,
 * where `GET /v1/dev/sms_outbox` and the tests read it. Refused in production: pins must never land in logs.
 */
export function createLogSmsDriver(db: Db, log: Logger, nodeEnv: string | undefined = process.env.NODE_ENV): SmsDriver {
  if (nodeEnv === 'production') {
    throw new Error('The log SMS driver is for development only and is refused with NODE_ENV=production; set SMS_DRIVER=solapi.');
  }
  const smsLog = log.child({ tag: 'sms' });
  return {
    name: 'log',
    async send(to, text) {
      smsLog.info({ to: `+${to.countryNum} ${to.phoneNo}`, text }, 'sms (log driver, not sent)');
      await db.insert(smsOutbox).values({ phoneCountryNum: to.countryNum, phoneNo: to.phoneNo, text });
    },
  };
}

export interface SolapiOptions {
  apiKey: string;
  apiSecret: string;
  /** Sender number registered with Solapi. */
  from: string;
  /** e.g. https://api.solapi.com */
  baseUrl: string;
  /** Give up on a request after this long. */
  timeoutMs?: number;
}

/** Solapi's `Authorization` header: HMAC-SHA256 of date + salt with the API secret, hex. */
export function solapiAuthorization(
  apiKey: string,
  apiSecret: string,
  date = new Date().toISOString(),
  salt = randomBytes(16).toString('hex'),
): string {
  const signature = createHmac('sha256', apiSecret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
}

/** Solapi (https://solapi.com) `POST /messages/v4/send`: one SMS per call. */
export function createSolapiSmsDriver(opts: SolapiOptions): SmsDriver {
  const endpoint = new URL('/messages/v4/send', opts.baseUrl).toString();
  return {
    name: 'solapi',
    async send(to, text) {
      // Solapi takes Korean numbers in national form (010…); other countries carry their code.
      const body = {
        message: { to: to.phoneNo, from: opts.from, text, ...(to.countryNum === '82' ? {} : { country: to.countryNum }) },
      };
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: solapiAuthorization(opts.apiKey, opts.apiSecret), 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new Error(`Solapi is unreachable: ${(err as Error).message}`, { cause: err });
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new Error(`Solapi refused the message (HTTP ${response.status}): ${detail}`);
      }
      // Drain the answer so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
    },
  };
}

/** The driver SMS_DRIVER names (loadConfig has already checked the Solapi settings). */
export function createSmsDriver(config: Config, db: Db, log: Logger): SmsDriver {
  if (config.SMS_DRIVER === 'solapi') {
    const { SOLAPI_API_KEY, SOLAPI_API_SECRET, SMS_SENDER, SOLAPI_BASE_URL } = config;
    if (!SOLAPI_API_KEY || !SOLAPI_API_SECRET || !SMS_SENDER)
      throw new Error('SMS_DRIVER=solapi needs SOLAPI_API_KEY, SOLAPI_API_SECRET and SMS_SENDER');
    return createSolapiSmsDriver({ apiKey: SOLAPI_API_KEY, apiSecret: SOLAPI_API_SECRET, from: SMS_SENDER, baseUrl: SOLAPI_BASE_URL });
  }
  return createLogSmsDriver(db, log, config.NODE_ENV);
}
