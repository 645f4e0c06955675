import type { Route } from './+types/robots';

/** /robots.txt: crawl the public pages, not the console, my page, sign-in or the API; where the sitemap is. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    'User-agent: *',
    'Disallow: /admin',
    'Disallow: /mypage',
    'Disallow: /user/',
    'Disallow: /popup/',
    'Disallow: /pg/',
    'Disallow: /v1/',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
