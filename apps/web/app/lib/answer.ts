import type { Envelope, ErrorSet } from '@byeol/contract';
import { ApiError } from './api';

/** An answer the form can show: the envelope, or a stand-in when the call failed without one. */
export type Answer<T> = Envelope<T> | Envelope<ErrorSet | null>;

/**
 * Runs a call and always resolves an envelope: an HTTP error with an error envelope (RATE_LIMITED 429…)
 * resolves that envelope, a network failure resolves rslt_cd -1 with `fallback` as the message.
 */
export async function send<T>(call: () => Promise<Envelope<T>>, fallback: string): Promise<Answer<T>> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.envelope) return err.envelope as Envelope<ErrorSet | null>;
    return { rslt_cd: -1, rslt_set: null, rslt_msg: fallback };
  }
}

export function isOk<T>(res: Answer<T>): res is Envelope<T> {
  return res.rslt_cd === 0;
}

/** The field a refusal names (rslt_set.field), if any. */
export function fieldOf(res: Answer<unknown>): string | undefined {
  const set = res.rslt_set as ErrorSet | null | undefined;
  return typeof set?.field === 'string' ? set.field : undefined;
}
