import { accountsEndpoints, type Endpoint, type EndpointAnswer, type EndpointInput, type UserInfo } from '@byeol/contract';
import type { AppLoadContext } from 'react-router';
import { loadEndpoint } from '../../lib/endpoint.server';
import { safeRedirect } from '../../lib/redirect';

/**
 * The logged-in user from `GET /v1/user/user_info` (`accountsEndpoints.userInfo`) with the page request's cookie; null when logged out
 * (rslt_cd 2001) or when the call fails, so a page never breaks on it.
 */
export async function loadUser(context: AppLoadContext): Promise<UserInfo | null> {
  try {
    const body = await loadEndpoint(context, accountsEndpoints.userInfo);
    return body.rslt_cd === 0 ? (body.rslt_set?.user_info ?? null) : null;
  } catch {
    return null;
  }
}

/** Where a signed-in visitor of the sign-in page goes: the same-site `?redirect=` path, else `/`. */
export function redirectTarget(request: Request): string {
  return safeRedirect(new URL(request.url).searchParams.get('redirect'));
}

/**
 * The answer of a login-required read for a gated page's loader (LoginGate): its rslt_set, or null when the
 * visitor is logged out (or the read failed), so the page renders the sign-in gate instead of redirecting.
 */
export async function loadSignedIn<E extends Endpoint>(
  context: AppLoadContext,
  ep: E,
  input?: EndpointInput<E>,
): Promise<EndpointAnswer<E> | null> {
  try {
    const body = await loadEndpoint(context, ep, input);
    return body.rslt_cd === 0 ? body.rslt_set : null;
  } catch {
    return null;
  }
}
