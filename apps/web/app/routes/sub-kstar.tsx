import { ResultCode, starsEndpoints } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { type KstarData, KstarPage } from '../features/stars/kstar-page';
import { starsMeta } from '../features/stars/stars-meta';
import { groupOf, STAR_PAGE_SIZE } from '../features/stars/stars-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/sub-kstar';

/**
 * /sub/kstar (issue 22), `?group=` one group: the K-stars, live first (POST /sub/kstar_more), and the groups
 * for the filter (POST /pubapi/member_group_list). While the kstar switch is off the calls answer
 * SERVICE_PREPARING and the page says the service is being prepared.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<KstarData> {
  const group = groupOf(new URL(request.url).searchParams);
  const [body, groups] = await Promise.all([
    loadEndpoint(context, starsEndpoints.kstarMore, { group_name: group, offset: 0, limit: STAR_PAGE_SIZE }),
    loadEndpoint(context, starsEndpoints.memberGroupList, {}),
  ]);
  const groupList = groups.rslt_cd === 0 ? groups.rslt_set.group_list : [];
  if (body.rslt_cd === 0) return { group, groups: groupList, set: body.rslt_set, preparing: '', message: '' };
  if (body.rslt_cd === ResultCode.SERVICE_PREPARING) return { group, groups: [], set: null, preparing: body.rslt_msg, message: '' };
  return { group, groups: groupList, set: null, preparing: '', message: body.rslt_msg };
}

export default function SubKstar({ loaderData }: Route.ComponentProps) {
  return <KstarPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  starsMeta(
    { kind: 'kstar', group: data?.group, noindex: Boolean(data?.preparing) },
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );
