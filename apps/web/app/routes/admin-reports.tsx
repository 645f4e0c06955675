import { ADMIN_PAGE_SIZE, type AdminReport, communityEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { pick, REPORT_FILTERS } from '../features/admin/community-rules';
import { ReportsPage } from '../features/admin/reports-page';
import type { Route } from './+types/admin-reports';

/** /admin/reports: the report queue (POST /v1/admin/report_list), open reports by default, oldest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const state = pick(REPORT_FILTERS, params.get('state'));
  const list = await loadAdminList<AdminReport>(context, `/v1${communityEndpoints.adminReportList.path}`, {
    state,
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, state, list };
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return <ReportsPage data={loaderData.list} page={loaderData.page} state={loaderData.state} />;
}
