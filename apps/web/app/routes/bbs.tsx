import { communityEndpoints } from '@byeol/contract';
import { type BoardListData, BoardListPage } from '../features/board/board-list-page';
import { boardMeta, parentMeta } from '../features/board/board-meta';
import { listQueryOf, listRequest } from '../features/board/board-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/bbs';

/**
 * /bbs (issue 19, SPEC §2): the board's list with the pinned notices (GET /sub/eventboard_list), `?keyword=`
 * searching titles and authors, `?page=` while the offset allows and `?last_sn=` past it.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<BoardListData> {
  const query = listQueryOf(new URL(request.url).searchParams);
  const body = await loadEndpoint(context, communityEndpoints.boardList, listRequest(query));
  if (body.rslt_cd === 0) return { query, set: body.rslt_set, message: '' };
  return { query, set: null, message: body.rslt_msg };
}

export default function Bbs({ loaderData }: Route.ComponentProps) {
  return <BoardListPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  boardMeta({ page: 'list' }, matches.find((m) => m?.id === 'root')?.data as RootData | undefined, parentMeta(matches));
