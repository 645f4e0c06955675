import { accountsEndpoints } from '@byeol/contract';
import { useCallback } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import type { Answer } from './answer';
import { isOk, send } from './answer';
import { api } from './api';

/**
 * user_check_proc: whether an ID or nickname is free (SPEC §5 duplicate check). Answers null when it is,
 * else the refusal to show beside the field (`fallback` when the call failed without one).
 */
export async function checkAvailable(checkType: 'id' | 'nick', value: string, fallback: string): Promise<string | null> {
  const res = await send(() => api.call(accountsEndpoints.userCheck, { check_type: checkType, value }), fallback);
  if (isOk(res) && res.rslt_set.available) return null;
  return res.rslt_msg || fallback;
}

/** Signing out (SPEC §2): GET /user/logout_proc, then the home page with the root data reloaded. */
export function useSignOut() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  return useCallback(
    async (fallback: string): Promise<Answer<unknown>> => {
      const res = await send(() => api.call(accountsEndpoints.logout), fallback);
      // SPEC §8: only rslt_cd 0 with rtv SUCC is a logout; anything else is a failure, its message logged.
      if (!isOk(res) || res.rslt_set?.rtv !== 'SUCC') {
        console.warn('logout failed:', res.rslt_msg);
        return isOk(res) ? { rslt_cd: -1, rslt_set: null, rslt_msg: res.rslt_msg || fallback } : res;
      }
      await navigate('/');
      await revalidator.revalidate();
      return res;
    },
    [navigate, revalidator],
  );
}
