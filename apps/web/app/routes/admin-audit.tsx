import { ADMIN_PAGE_SIZE, type AdminAuditEntry, adminEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { AuditPage } from '../features/admin/audit-page';
import type { Route } from './+types/admin-audit';

/** /admin/audit: the audit log (POST /v1/admin/audit_list) by action and actor. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const list = await loadAdminList<AdminAuditEntry>(context, `/v1${adminEndpoints.auditList.path}`, {
    action: params.get('action') ?? '',
    actor: params.get('actor') ?? '',
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, list };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditPage data={loaderData.list} page={loaderData.page} />;
}
