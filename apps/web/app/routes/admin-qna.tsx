import { ADMIN_PAGE_SIZE, type AdminQna, communityEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { pick, QNA_FILTERS } from '../features/admin/community-rules';
import { QnaPage } from '../features/admin/qna-page';
import type { Route } from './+types/admin-qna';

/** /admin/qna: members' questions (POST /v1/admin/qna_list), the waiting ones by default, oldest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const state = pick(QNA_FILTERS, params.get('state'));
  const list = await loadAdminList<AdminQna>(context, `/v1${communityEndpoints.adminQnaList.path}`, {
    state,
    offset,
    limit: ADMIN_PAGE_SIZE,
  });
  return { page, state, list };
}

export default function AdminQnaRoute({ loaderData }: Route.ComponentProps) {
  return <QnaPage data={loaderData.list} page={loaderData.page} state={loaderData.state} />;
}
