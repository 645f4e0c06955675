import { starsEndpoints } from '@byeol/contract';
import { type StarsData, StarsPage } from '../features/admin/stars-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/admin-stars';

/** /admin/stars: a K-star's agency, group and debut (POST /v1/admin/star_profile_proc) and the groups (POST /v1/pubapi/member_group_list). */
export async function loader({ context }: Route.LoaderArgs): Promise<StarsData> {
  const body = await loadEndpoint(context, starsEndpoints.memberGroupList, {});
  return { groups: body.rslt_cd === 0 ? { ok: true, list: body.rslt_set.group_list } : { ok: false, message: body.rslt_msg } };
}

export default function AdminStarsRoute({ loaderData }: Route.ComponentProps) {
  return <StarsPage data={loaderData} />;
}
