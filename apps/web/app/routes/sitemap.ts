import { contentEndpoints, type ListSet, type LiveListItem, type VodListItem } from '@byeol/contract';
import type { Route } from './+types/sitemap';

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

async function list<T>(context: Route.LoaderArgs['context'], path: string): Promise<T[]> {
  const res = await context.api(path);
  if (!res.ok) return [];
  const body = (await res.json()) as { rslt_cd: number; rslt_set: ListSet<T> };
  return body.rslt_cd === 0 ? body.rslt_set.data_list : [];
}

/**
 * /sitemap.xml: the public lists, every live room and the newest replays (100 each, the API's page limit),
 * with their last change. Channels join it with the channels issue.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const [live, replays] = await Promise.all([
    list<LiveListItem>(context, '/v1/pubapi/play_live_list?limit=100'),
    list<VodListItem>(context, `/v1${contentEndpoints.vodList.path}?limit=100`),
  ]);
  const urls: Array<{ loc: string; lastmod?: string; changefreq: string }> = [
    { loc: '/', changefreq: 'always' },
    { loc: '/sub/live', changefreq: 'always' },
    { loc: '/sub/replay', changefreq: 'hourly' },
    { loc: '/sub/ranking', changefreq: 'hourly' },
    { loc: '/store', changefreq: 'daily' },
    ...live.map((b) => ({ loc: `/play/${encodeURIComponent(b.vod_key)}`, lastmod: b.start_date, changefreq: 'always' })),
    ...replays.map((r) => ({ loc: `/vod/${encodeURIComponent(r.vod_key)}`, lastmod: r.end_date, changefreq: 'monthly' })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${escapeXml(origin + u.loc)}</loc>${u.lastmod ? `<lastmod>${escapeXml(u.lastmod)}</lastmod>` : ''}<changefreq>${u.changefreq}</changefreq></url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
}
