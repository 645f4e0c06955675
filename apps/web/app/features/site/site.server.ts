import { SITE_SEGMENT_MAX, type SiteInfo, siteEndpoints } from '@byeol/contract';
import type { AppLoadContext } from 'react-router';
import { loadEndpoint } from '../../lib/endpoint.server';

/** Site info with `_SITE_META` for the page being rendered (SPEC §7 segment1/segment2). */
export async function loadSiteInfo(context: AppLoadContext, pathname: string): Promise<SiteInfo> {
  // A segment longer than any page's name (a mistyped or hostile URL) gets the site-wide head: the page
  // itself then answers (404), instead of the site info refusing it and the whole page failing.
  const [segment1 = '', segment2 = ''] = pathname
    .split('/')
    .filter(Boolean)
    .map((s) => (s.length > SITE_SEGMENT_MAX ? '' : s));
  const body = await loadEndpoint(context, siteEndpoints.cacheInfo, { segment1, segment2 });
  if (body.rslt_cd !== 0) throw new Response(body.rslt_msg, { status: 503 });
  return body.rslt_set;
}
