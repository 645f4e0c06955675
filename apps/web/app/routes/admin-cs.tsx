import { ADMIN_PAGE_SIZE, communityEndpoints, FAQ_CATEGORIES } from '@byeol/contract';
import { loadListEndpoint } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { pick } from '../features/admin/community-rules';
import { CS_TABS, type CsData, CsPage } from '../features/admin/cs-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/admin-cs';

/**
 * /admin/cs: the customer centre's notices (GET /v1/sub/cscenter_notice), the board's pinned operating
 * principles (`?tab=board`, the notice list of GET /v1/sub/eventboard_list) and the FAQ (`?tab=faq`, GET
 * /v1/sub/cscenter_faq by category); written through POST /v1/admin/notice_proc and faq_proc.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<CsData> {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const tab = pick(CS_TABS, params.get('tab'));
  if (tab === 'board') {
    const answer = await loadEndpoint(context, communityEndpoints.boardList, { limit: 1 });
    const list =
      answer.rslt_cd === 0
        ? { ok: true as const, list: { data_list: answer.rslt_set.notice_list, data_totalcount: answer.rslt_set.notice_list.length } }
        : { ok: false as const, message: answer.rslt_msg, field: '' };
    return { tab, page: 1, list };
  }
  if (tab === 'faq') {
    const category = FAQ_CATEGORIES.find((c) => c === params.get('category')) ?? '';
    const list = await loadListEndpoint(context, communityEndpoints.csFaq, {
      ...(category ? { category } : {}),
      offset,
      limit: ADMIN_PAGE_SIZE,
    });
    return { tab, page, category, list };
  }
  const list = await loadListEndpoint(context, communityEndpoints.csNotice, { offset, limit: ADMIN_PAGE_SIZE });
  return { tab, page, list };
}

export default function AdminCs({ loaderData }: Route.ComponentProps) {
  return <CsPage data={loaderData} />;
}
