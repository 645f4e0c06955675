import { communityEndpoints, PolicyGuideSchema } from '@byeol/contract';
import { data } from 'react-router';
import { POLICY_MISSING } from '../features/cs/cs-rules';
import { PolicyDocPage, PolicyError, policyMeta } from '../features/cs/policy-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/sub-terms';

/** /sub/terms/{id} (`?ver=` for an earlier version): a service guide, GET /policy/service_guide/{id}. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ver = new URL(request.url).searchParams.get('ver') || undefined;
  const checked = PolicyGuideSchema.safeParse({ id: params.id, ver });
  if (!checked.success) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, communityEndpoints.serviceGuide, checked.data);
  if (body.rslt_cd === 0) return { doc: body.rslt_set, requested: checked.data.ver ?? null };
  throw data(null, { status: POLICY_MISSING.includes(body.rslt_cd) ? 404 : 503 });
}

export default function SubTerms({ loaderData }: Route.ComponentProps) {
  return <PolicyDocPage key={`${loaderData.doc.id}:${loaderData.requested}`} doc={loaderData.doc} requested={loaderData.requested} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PolicyError error={error} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  policyMeta(
    data ? { title: data.doc.title } : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    ((matches.at(-2)?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
  );
