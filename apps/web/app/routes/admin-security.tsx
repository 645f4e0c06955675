import { accountsEndpoints } from '@byeol/contract';
import { SecurityPage } from '../features/admin/security-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/admin-security';

/** /admin/security: the signed-in operator's or GM's two-step sign-in (GET /v1/mypage/totp_info). */
export async function loader({ context }: Route.LoaderArgs) {
  const answer = await loadEndpoint(context, accountsEndpoints.totpInfo);
  return { enabled: answer.rslt_cd === 0 && answer.rslt_set.enabled_yn === 'Y' };
}

export default function AdminSecurity({ loaderData }: Route.ComponentProps) {
  return <SecurityPage enabled={loaderData.enabled} />;
}
