import { ADMIN_PAGE_SIZE, APPLICATION_KINDS, applicationsEndpoints } from '@byeol/contract';
import { loadListEndpoint } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { type ApplicationsData, ApplicationsPage } from '../features/admin/applications-page';
import { pick } from '../features/admin/community-rules';
import { APPLICATION_FILTERS } from '../features/admin/editorial-console-rules';
import type { Route } from './+types/admin-applications';

/**
 * /admin/applications: broadcaster, K-star and program applications (GET /v1/admin/account_application_list)
 * by state (`?state=`, the received ones by default) and kind (`?kind=`); moved on through
 * POST /v1/admin/account_application_proc.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ApplicationsData> {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const state = pick(APPLICATION_FILTERS, params.get('state'));
  const kind = pick(['', ...APPLICATION_KINDS] as const, params.get('kind'));
  const list = await loadListEndpoint(context, applicationsEndpoints.adminList, {
    ...(state === 'all' ? {} : { state }),
    ...(kind ? { kind } : {}),
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { state, kind, page, list };
}

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  return <ApplicationsPage data={loaderData} />;
}
