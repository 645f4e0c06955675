import { type RecoveryAccount, ResultCode, recoveryEndpoints } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';

export type AccountsState =
  | { status: 'loading' }
  | { status: 'ready'; accounts: RecoveryAccount[] }
  /** PHONE_UNREGISTERED: no active account uses the phone (offer sign-up). */
  | { status: 'none' }
  /** Any other refusal; `verifyAgain` when the verification is no longer usable (VERIFY_REQUIRED). */
  | { status: 'error'; message: string; verifyAgain: boolean };

/** The accounts of a phone confirmed for find_id or find_pw (find_id_pw_user_proc), loaded once per token. */
export function useRecoveryAccounts(verifyToken: string, fallback: string): AccountsState {
  const [state, setState] = useState<AccountsState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    void send(() => api.call(recoveryEndpoints.accounts, { verify_token: verifyToken }), fallback).then((res) => {
      if (!live) return;
      if (isOk(res)) setState({ status: 'ready', accounts: res.rslt_set.data_list });
      else if (res.rslt_cd === ResultCode.PHONE_UNREGISTERED) setState({ status: 'none' });
      else setState({ status: 'error', message: res.rslt_msg || fallback, verifyAgain: res.rslt_cd === ResultCode.VERIFY_REQUIRED });
    });
    return () => {
      live = false;
    };
  }, [verifyToken, fallback]);
  return state;
}
