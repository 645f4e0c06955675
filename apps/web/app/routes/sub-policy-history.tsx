import { communityEndpoints, PolicyHistorySchema } from '@byeol/contract';
import { data } from 'react-router';
import { POLICY_MISSING } from '../features/cs/cs-rules';
import { PolicyError, PolicyHistoryPage, policyMeta } from '../features/cs/policy-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/sub-policy-history';

/** /sub/policy/{id}/history: GET /policy/policy_history/{id}, every published version. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const checked = PolicyHistorySchema.safeParse({ id: params.id });
  if (!checked.success) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, communityEndpoints.policyHistory, checked.data);
  if (body.rslt_cd === 0) return { history: body.rslt_set };
  throw data(null, { status: POLICY_MISSING.includes(body.rslt_cd) ? 404 : 503 });
}

export default function SubPolicyHistory({ loaderData }: Route.ComponentProps) {
  return <PolicyHistoryPage history={loaderData.history} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PolicyError error={error} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  policyMeta(
    data ? { title: data.history.title, history: true } : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    ((matches.at(-2)?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
  );
