import {
  contentEndpoints,
  type EventItem,
  type ListSet,
  type LiveListItem,
  type MagazineListItem,
  type VodListItem,
} from '@byeol/contract';
import type { Route } from './+types/sitemap';

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

async function list<T>(
  context: Route.LoaderArgs['context'],
  path: string,
  init?: { method: 'POST'; body: string; headers: Record<string, string> },
): Promise<T[]> {
  const res = await context.api(path, init);
  if (!res.ok) return [];
  const body = (await res.json()) as { rslt_cd: number; rslt_set: ListSet<T> };
  return body.rslt_cd === 0 ? body.rslt_set.data_list : [];
}

/**
 * /sitemap.xml: the public lists, every live room and the newest replays (100 each, the API's page limit),
 * with their last change; the board, the schedule, the running events and the published magazine articles.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const [live, replays, articles, events] = await Promise.all([
    list<LiveListItem>(context, '/v1/pubapi/play_live_list?limit=100'),
    list<VodListItem>(context, `/v1${contentEndpoints.vodList.path}?limit=100`),
    // The magazine answers 'service being prepared' while its switch is off: then no article is listed.
    list<MagazineListItem>(context, `/v1${contentEndpoints.magazineList.path}?limit=100`),
    list<EventItem>(context, '/v1/sub/event_more', {
      method: 'POST',
      body: 'phase=running&limit=100',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  ]);
  const urls: Array<{ loc: string; lastmod?: string; changefreq: string }> = [
    { loc: '/', changefreq: 'always' },
    { loc: '/sub/live', changefreq: 'always' },
    { loc: '/sub/replay', changefreq: 'hourly' },
    { loc: '/sub/ranking', changefreq: 'hourly' },
    { loc: '/store', changefreq: 'daily' },
    { loc: '/bbs', changefreq: 'hourly' },
    { loc: '/sub/schedule', changefreq: 'daily' },
    { loc: '/sub/event', changefreq: 'daily' },
    ...(articles.length > 0 ? [{ loc: '/magazine', changefreq: 'daily' }] : []),
    ...articles.map((a) => ({ loc: `/magazine/${a.mi_sn}`, lastmod: a.publish_date, changefreq: 'monthly' })),
    ...events.map((e) => ({ loc: `/sub/event/${e.event_sn}`, lastmod: e.start_date, changefreq: 'daily' })),
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
