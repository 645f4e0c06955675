import { type LoginResultSet, socialEndpoints } from '@byeol/contract';
import type { AppLoadContext } from 'react-router';
import { loadEndpoint } from '../../lib/endpoint.server';

/**
 * The pending first social sign-in of this browser (POST /v1/user/login_result, with the page request's
 * cookie), or null with the server's message (e.g. SOCIAL_SIGNUP_EXPIRED) when there is none.
 */
export async function loadPendingSignup(context: AppLoadContext): Promise<{ pending: LoginResultSet | null; refusal: string }> {
  const body = await loadEndpoint(context, socialEndpoints.loginResult);
  return body.rslt_cd === 0 ? { pending: body.rslt_set, refusal: '' } : { pending: null, refusal: body.rslt_msg };
}
