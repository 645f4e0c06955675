import { applicationsEndpoints, ResultCode } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { type AuditionData, AuditionPage } from '../features/editorial/audition-page';
import { editorialMeta } from '../features/editorial/editorial-meta';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/audition';

/**
 * /audition (issue 21): the open call for everyone; for a member, their broadcaster application (GET
 * /mypage/signup_info kind bj). A guest reads the call and is told to sign in (no redirect, no panel opening
 * by itself: the call is worth reading first).
 */
export async function loader({ context }: Route.LoaderArgs): Promise<AuditionData> {
  const body = await loadEndpoint(context, applicationsEndpoints.signupInfo, { kind: 'bj' });
  if (body.rslt_cd === 0) return { info: body.rslt_set, guest: false, message: '' };
  if (body.rslt_cd === ResultCode.LOGIN_REQUIRED) return { info: null, guest: true, message: '' };
  return { info: null, guest: false, message: body.rslt_msg };
}

export default function Audition({ loaderData }: Route.ComponentProps) {
  // A new panel per member (signing in or out reloads the data).
  return <AuditionPage key={loaderData.info ? 'member' : 'guest'} data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  editorialMeta({ page: 'audition' }, matches.find((m) => m?.id === 'root')?.data as RootData | undefined, parentMeta(matches));
