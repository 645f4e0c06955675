import { ADMIN_PAGE_SIZE, type AdminBoardPost, type AdminBoardReply, communityEndpoints } from '@byeol/contract';
import { loadAdminList } from '../features/admin/admin.server';
import { pageOf } from '../features/admin/admin-rules';
import { type BoardData, BoardPage } from '../features/admin/board-page';
import { POST_FILTERS, pick } from '../features/admin/community-rules';
import type { Route } from './+types/admin-board';

/**
 * /admin/board: the board's posts (POST /v1/admin/board_post_list) or, with `?tab=replies`, its comments
 * (board_reply_list), by state and keyword; hide, restore, delete and restrict the author.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<BoardData> {
  const params = new URL(request.url).searchParams;
  const { page, offset } = pageOf(params);
  const state = pick(POST_FILTERS, params.get('state'));
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 64);
  const body = { state, keyword, offset, limit: ADMIN_PAGE_SIZE };
  if (params.get('tab') === 'replies') {
    const list = await loadAdminList<AdminBoardReply>(context, `/v1${communityEndpoints.adminReplyList.path}`, body);
    return { tab: 'replies', state, keyword, page, list };
  }
  const list = await loadAdminList<AdminBoardPost>(context, `/v1${communityEndpoints.adminPostList.path}`, body);
  return { tab: 'posts', state, keyword, page, list };
}

export default function AdminBoard({ loaderData }: Route.ComponentProps) {
  return <BoardPage data={loaderData} />;
}
