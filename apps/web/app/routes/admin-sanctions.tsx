import { ADMIN_PAGE_SIZE, type Sanction, sanctionsEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { SanctionsPage } from '../features/admin/sanctions-page';
import type { Route } from './+types/admin-sanctions';

/** /admin/sanctions: sanction a member (POST /v1/admin/sanction_proc), the sanctions in force or all of them. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const state = params.get('state') === 'all' ? 'all' : 'active';
  const list = await loadAdminList<Sanction>(context, `/v1${sanctionsEndpoints.list.path}`, { state, offset, limit: ADMIN_PAGE_SIZE });
  return { page, state, list } as const;
}

export default function AdminSanctions({ loaderData }: Route.ComponentProps) {
  return <SanctionsPage data={loaderData.list} page={loaderData.page} state={loaderData.state} />;
}
