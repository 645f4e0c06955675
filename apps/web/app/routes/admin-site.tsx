import { noticeDaysOf } from '../features/admin/community-rules';
import { type SiteData, SitePage } from '../features/admin/site-page';
import { loadSiteInfo } from '../features/site/site.server';
import type { Route } from './+types/admin-site';

/**
 * /admin/site: the site switches with their values from the site info; each flipped through POST
 * /v1/admin/site_switch_proc. Below them the policies' notice days (POST /v1/admin/policy_notice_days_proc)
 * and the footer's company data (POST /v1/admin/site_footer_proc).
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<SiteData> {
  const site = await loadSiteInfo(context, new URL(request.url).pathname);
  return { settings: { ...site.site_setting }, noticeDays: noticeDaysOf(site.policy_notice_days), footer: { ...site.site_footer } };
}

export default function AdminSite({ loaderData }: Route.ComponentProps) {
  return <SitePage data={loaderData} />;
}
