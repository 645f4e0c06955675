import { ADMIN_PAGE_SIZE, type AdminAuditEntry, adminEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { GrantsPage } from '../features/admin/grants-page';
import type { Route } from './+types/admin-grants';

/** /admin/grants: grant STAR or CUBIC (POST /v1/admin/wallet_grant); the grants so far from the audit. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { page, offset } = pageOf(new URL(request.url).searchParams);
  const list = await loadAdminList<AdminAuditEntry>(context, `/v1${adminEndpoints.auditList.path}`, {
    action: 'wallet_grant',
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, list };
}

export default function AdminGrants({ loaderData }: Route.ComponentProps) {
  return <GrantsPage data={loaderData.list} page={loaderData.page} />;
}
