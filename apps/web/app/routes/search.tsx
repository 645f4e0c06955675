import { searchEndpoints } from '@byeol/contract';
import { data } from 'react-router';
import { searchMeta } from '../features/search/search-meta';
import { type SearchLoaderData, SearchPage } from '../features/search/search-page';
import { keywordOf, SEARCH_PAGE_SIZE, searchKindOfPath } from '../features/search/search-rules';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/search';

/**
 * /search and /search/{bj,kstar,program,live,replay,short} with `?keyword=` (issue 18): POST /sub/search_more
 * with the path's kind (`all` on /search). A term without a word is not sent: the page says it is required.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<SearchLoaderData> {
  const url = new URL(request.url);
  const kind = searchKindOfPath(url.pathname);
  if (!kind) throw data(null, { status: 404 });
  const keyword = keywordOf(url.searchParams.get('keyword'));
  if (keyword === null) return { kind, keyword: '', result: null, message: '' };
  const body = await loadEndpoint(context, searchEndpoints.more, { kind, keyword, offset: 0, limit: SEARCH_PAGE_SIZE });
  if (body.rslt_cd === 0) return { kind, keyword, result: body.rslt_set, message: '' };
  return { kind, keyword, result: null, message: body.rslt_msg };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage data={loaderData} />;
}

/** The term in the title over the site's head (features/search/search-meta.ts). */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  searchMeta(
    data,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    ((matches.at(-2)?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
  );
