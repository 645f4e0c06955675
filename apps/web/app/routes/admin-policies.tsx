import { communityEndpoints, type PolicyVersionSummary } from '@byeol/contract';
import type { AdminList } from '../features/admin/admin.server';
import { noticeDaysOf } from '../features/admin/community-rules';
import { type GuideOption, type PoliciesData, PoliciesPage } from '../features/admin/policies-page';
import { loadSiteInfo } from '../features/site/site.server';
import { loadEndpoint } from '../lib/endpoint.server';
import type { Route } from './+types/admin-policies';

/**
 * /admin/policies: the policies and guides of the site info, `?id=` the one shown (the first by default)
 * with its version in effect (GET /v1/policy/policy_guide/{id} or service_guide/{id}) and its history
 * (policy_history/{id}); a new version is published through POST /v1/admin/policy_publish_proc, its date at
 * least the site info's `policy_notice_days` ahead (set in /admin/site).
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<PoliciesData> {
  const url = new URL(request.url);
  const site = await loadSiteInfo(context, url.pathname);
  const guides: GuideOption[] = [
    ...site.policy_guide_list.map((g) => ({ id: g.id, title: g.title, kind: 'policy' as const, required_yn: g.required_yn ?? 'N' })),
    ...site.service_guide_list.map((g) => ({ id: g.id, title: g.title, kind: 'service' as const, required_yn: g.required_yn ?? 'N' })),
  ];
  const asked = Number(url.searchParams.get('id'));
  const guide = guides.find((g) => g.id === asked) ?? guides[0];
  const now = Date.now();
  const noticeDays = noticeDaysOf(site.policy_notice_days);
  const empty: AdminList<PolicyVersionSummary> = { ok: true, list: { data_list: [], data_totalcount: 0 } };
  if (!guide) return { guides, id: 0, doc: null, docMessage: '', history: empty, now, noticeDays };
  const [doc, history] = await Promise.all([
    loadEndpoint(context, guide.kind === 'policy' ? communityEndpoints.policyGuide : communityEndpoints.serviceGuide, { id: guide.id }),
    loadEndpoint(context, communityEndpoints.policyHistory, { id: guide.id }),
  ]);
  return {
    guides,
    id: guide.id,
    doc: doc.rslt_cd === 0 ? doc.rslt_set : null,
    docMessage: doc.rslt_cd === 0 ? '' : doc.rslt_msg,
    history:
      history.rslt_cd === 0
        ? { ok: true, list: { data_list: history.rslt_set.data_list, data_totalcount: history.rslt_set.data_totalcount } }
        : { ok: false, message: history.rslt_msg, field: '' },
    now,
    noticeDays,
  };
}

export default function AdminPolicies({ loaderData }: Route.ComponentProps) {
  return <PoliciesPage data={loaderData} />;
}
