import { ADMIN_PAGE_SIZE, type AdminMagazine, editorialEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { pick } from '../features/admin/community-rules';
import { MAGAZINE_FILTERS } from '../features/admin/editorial-console-rules';
import { type MagazineData, MagazinePage } from '../features/admin/magazine-page';
import type { Route } from './+types/admin-magazine';

/** /admin/magazine: the articles in every state (POST /v1/admin/magazine_list, `?state=`), written and edited here. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<MagazineData> {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const state = pick(MAGAZINE_FILTERS, params.get('state'));
  const list = await loadAdminList<AdminMagazine>(context, `/v1${editorialEndpoints.adminMagazineList.path}`, {
    state,
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { state, page, list };
}

export default function AdminMagazineRoute({ loaderData }: Route.ComponentProps) {
  return <MagazinePage data={loaderData} />;
}
