import { communityEndpoints } from '@byeol/contract';
import { CS_PAGE_SIZE, pageOf } from '../features/cs/cs-rules';
import { type NoticeLoaderData, NoticePage } from '../features/cs/notice-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/cs-notice';

/** /cs/notice (`?page=`): GET /sub/cscenter_notice, pinned notices first. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<NoticeLoaderData> {
  const page = pageOf(new URL(request.url).searchParams.get('page'));
  const body = await loadEndpoint(context, communityEndpoints.csNotice, { offset: (page - 1) * CS_PAGE_SIZE, limit: CS_PAGE_SIZE });
  return body.rslt_cd === 0 ? { page, list: body.rslt_set, message: '' } : { page, list: null, message: body.rslt_msg };
}

export default function CsNotice({ loaderData }: Route.ComponentProps) {
  return <NoticePage data={loaderData} />;
}
