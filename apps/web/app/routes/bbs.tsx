import { communityEndpoints } from '@byeol/contract';
import { redirect } from 'react-router';
import { type BoardListData, BoardListPage } from '../features/board/board-list-page';
import { boardMeta, parentMeta } from '../features/board/board-meta';
import { listQueryOf, listRequest, newerPageRedirect } from '../features/board/board-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/bbs';

/**
 * /bbs (issue 19, SPEC §2): the board's list with the pinned notices (GET /sub/eventboard_list), `?keyword=`
 * searching titles and authors, `?page=` while the offset allows and `?last_sn=` past it; `?first_sn=` goes back
 * one keyset page ("newer"), and to the first page once fewer than a page's posts are newer.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<BoardListData> {
  const query = listQueryOf(new URL(request.url).searchParams);
  const body = await loadEndpoint(context, communityEndpoints.boardList, listRequest(query));
  if (body.rslt_cd === 0) {
    const top = newerPageRedirect(query, body.rslt_set.eventboard_list.length);
    if (top) throw redirect(top);
    return { query, set: body.rslt_set, message: '' };
  }
  return { query, set: null, message: body.rslt_msg };
}

export default function Bbs({ loaderData }: Route.ComponentProps) {
  return <BoardListPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  boardMeta({ page: 'list' }, matches.find((m) => m?.id === 'root')?.data as RootData | undefined, parentMeta(matches));
