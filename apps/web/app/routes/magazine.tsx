import { editorialEndpoints, ResultCode } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { editorialMeta } from '../features/editorial/editorial-meta';
import { magazineQueryOf, magazineRequest } from '../features/editorial/editorial-rules';
import { type MagazineListData, MagazineListPage } from '../features/editorial/magazine-list-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/magazine';

/**
 * /magazine (issue 21, SPEC §7 Magazine): the published articles newest first (GET /sub/magazine_list),
 * `?category=` one section, `?page=` by number. While the magazine switch is off the call answers
 * SERVICE_PREPARING and the page says the service is being prepared.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<MagazineListData> {
  const query = magazineQueryOf(new URL(request.url).searchParams);
  const body = await loadEndpoint(context, editorialEndpoints.magazineList, magazineRequest(query));
  if (body.rslt_cd === 0) return { query, set: body.rslt_set, preparing: '', message: '' };
  if (body.rslt_cd === ResultCode.SERVICE_PREPARING) return { query, set: null, preparing: body.rslt_msg, message: '' };
  return { query, set: null, preparing: '', message: body.rslt_msg };
}

export default function Magazine({ loaderData }: Route.ComponentProps) {
  return <MagazineListPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  editorialMeta(
    { page: 'magazine', noindex: Boolean(data?.preparing) },
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );
