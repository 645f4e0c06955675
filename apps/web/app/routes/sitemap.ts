import {
  API_BASE,
  contentEndpoints,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
  editorialEndpoints,
  endpointPath,
  type ListSet,
} from '@byeol/contract';
import type { Route } from './+types/sitemap';

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);

/** The rows of a catalogued list call's answer. */
type RowsOf<E> = EndpointAnswer<E> extends ListSet<infer T> ? T[] : never;

/** A catalogued list call's rows; none when it failed (any non-2xx answer or a refusal). */
async function list<E extends Endpoint>(context: Route.LoaderArgs['context'], ep: E, input: EndpointInput<E>): Promise<RowsOf<E>> {
  const { path, rest } = endpointPath(ep, input as Record<string, unknown>);
  const fields = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
  const res =
    ep.method === 'GET'
      ? await context.api(`${API_BASE}${path}?${fields}`)
      : await context.api(`${API_BASE}${path}`, {
          method: ep.method,
          body: fields.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
  const body = res.ok ? ((await res.json()) as { rslt_cd: number; rslt_set: ListSet<unknown> }) : undefined;
  return (body?.rslt_cd === 0 ? body.rslt_set.data_list : []) as unknown as RowsOf<E>;
}

/**
 * /sitemap.xml: the public lists, every live room and the newest replays (100 each, the API's page limit),
 * with their last change; the board, the schedule, the running events and the published magazine articles.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const [live, replays, articles, events] = await Promise.all([
    list(context, contentEndpoints.liveList, { limit: 100 }),
    list(context, contentEndpoints.vodList, { limit: 100 }),
    // The magazine answers 'service being prepared' while its switch is off: then no article is listed.
    list(context, contentEndpoints.magazineList, { limit: 100 }),
    list(context, editorialEndpoints.eventMore, { phase: 'running', limit: 100 }),
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
