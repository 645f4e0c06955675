import { type AmountLimits, checkAmount, IdempotencyKeySchema, SITE_DEFAULTS } from '@byeol/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, required } from '../../platform/errors.js';
import type { SiteService } from '../site/site.service.js';

/** A reward rate as parts per million, so the split is integer arithmetic (no float rounding). */
export type RatePpm = number;
export const PPM = 1_000_000;

/**
 * The site's reward rate (SPEC §9, the string '1.0'): the share of a gift the BJ earns. A decimal with at
 * most six fractional digits between 0 and 1; anything else (a typo in the site settings, a rate above 1
 * that would pay out more than was gifted) falls back to the SPEC default 1.0 and `valid` is false so the
 * caller can log it.
 */
export function parseRewardRate(raw: string | undefined | null): { ppm: RatePpm; valid: boolean } {
  const fallback = { ppm: ratePpmOf(SITE_DEFAULTS.rewardRate), valid: false };
  const text = (raw ?? '').trim();
  const m = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) return fallback;
  const ppm = Number(m[1]) * PPM + Number((m[2] ?? '').padEnd(6, '0'));
  if (!Number.isSafeInteger(ppm) || ppm > PPM) return fallback;
  return { ppm, valid: true };
}

function ratePpmOf(text: string): RatePpm {
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * PPM + Number(frac.padEnd(6, '0').slice(0, 6));
}

/**
 * A gift of `amount` split by the reward rate: the BJ earns amount × rate rounded down, the platform keeps
 * the remainder (so rounding never creates money and never costs the viewer more). BigInt keeps
 * amount × ppm exact above 2^53.
 */
export function splitGift(amount: number, ppm: RatePpm): { bj: number; platform: number } {
  const bj = Number((BigInt(amount) * BigInt(ppm)) / BigInt(PPM));
  return { bj, platform: amount - bj };
}

/** A whole amount within limits, or the AppError of what is wrong with it (own code per kind of mistake). */
export function requireAmount(raw: unknown, limits: AmountLimits, field = 'amount'): number {
  const checked = checkAmount(raw, limits, field);
  if (!checked.ok) throw new AppError(checked.code, checked.params);
  return checked.value;
}

/** The idempotency key of a paying call: a form field or the Idempotency-Key header (the field wins). */
export function requireIdempotencyKey(field: string | undefined, header: string | string[] | undefined): string {
  const raw = field ?? (Array.isArray(header) ? header[0] : header);
  if (raw === undefined || raw === '') throw required('idempotency_key');
  const parsed = IdempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw new AppError('INVALID_INPUT', { field: 'idempotency_key' });
  return parsed.data;
}

/**
 * The shape of a paying request, stored with its idempotency key: what it is, who pays, who is the main
 * receiver, how much. Split legs are left out, so a gift retried after the reward rate changed is still a
 * replay of itself.
 */
export function fingerprintOf(kind: string, fromAccountId: number, primaryAccountId: number, currency: string, amount: number): string {
  return `${kind}:${fromAccountId}:${primaryAccountId}:${currency}:${amount}`;
}

/**
 * WALLET_INSUFFICIENT names the currency by the site's term in the caller's language (SPEC §3 site terms:
 * the UI never shows the code STAR or CUBIC).
 */
export async function inSiteTerms<T>(site: SiteService, request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === 'WALLET_INSUFFICIENT') {
      const terms = (await site.info(request.lang)).site_terms;
      const name = err.params.currency === 'CUBIC' ? terms.CURRENCY_ITEM_NAME : terms.CURRENCY_NAME;
      throw new AppError(err.code, { ...err.params, currency: name }, err.httpStatus);
    }
    throw err;
  }
}
