import type { Envelope, ErrorSet } from '@byeol/contract';
import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { ApiError, api } from '../../lib/api';

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

/**
 * user_check_proc: whether an ID or nickname is free (SPEC §5 duplicate check). Answers null when it is,
 * else the refusal to show beside the field (`fallback` when the call failed without one).
 */
export async function checkAvailable(checkType: 'id' | 'nick', value: string, fallback: string): Promise<string | null> {
  const res = await send(() => api.post<{ available: boolean }>('/user/user_check_proc', { check_type: checkType, value }), fallback);
  if (isOk(res) && res.rslt_set.available) return null;
  return res.rslt_msg || fallback;
}

/** Signing out (SPEC §2): GET /user/logout_proc, then the home page with the root data reloaded. */
export function useSignOut() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return useCallback(
    async (fallback: string): Promise<Answer<unknown>> => {
      const res = await send(() => api.get<{ rtv: string }>('/user/logout_proc'), fallback);
      if (isOk(res)) {
        await navigate('/');
        await revalidator.revalidate();
      }
      return res;
    },
    [navigate, revalidator],
  );
}
