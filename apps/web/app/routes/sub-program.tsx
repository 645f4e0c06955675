import { ResultCode, starsEndpoints } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { ProgramPage, type StarListData } from '../features/stars/program-page';
import { starsMeta } from '../features/stars/stars-meta';
import { STAR_PAGE_SIZE } from '../features/stars/stars-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/sub-program';

/**
 * /sub/program (issue 22): the program accounts, live first (POST /sub/program_more). While the program switch
 * is off the call answers SERVICE_PREPARING and the page says the service is being prepared.
 */
export async function loader({ context }: Route.LoaderArgs): Promise<StarListData> {
  const body = await loadEndpoint(context, starsEndpoints.programMore, { offset: 0, limit: STAR_PAGE_SIZE });
  if (body.rslt_cd === 0) return { set: body.rslt_set, preparing: '', message: '' };
  if (body.rslt_cd === ResultCode.SERVICE_PREPARING) return { set: null, preparing: body.rslt_msg, message: '' };
  return { set: null, preparing: '', message: body.rslt_msg };
}

export default function SubProgram({ loaderData }: Route.ComponentProps) {
  return <ProgramPage data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  starsMeta(
    { kind: 'program', noindex: Boolean(data?.preparing) },
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );
