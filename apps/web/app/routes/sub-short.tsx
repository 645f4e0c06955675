import { clipsEndpoints } from '@byeol/contract';
import { parentMeta } from '../features/board/board-meta';
import { FEED_PAGE_SIZE } from '../features/clips/clips-api';
import { clipsMeta } from '../features/clips/clips-meta';
import { shortOrderOf } from '../features/clips/clips-rules';
import { type ShortFeedData, ShortFeedPage } from '../features/clips/short-feed-page';
import { loadEndpoint } from '../lib/endpoint.server';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/sub-short';

/**
 * /sub/short (issue 22): the ready clips and shorts (POST /sub/short_more, `?order=recent|popular`); `?clip=`
 * opens the feed with that clip (GET /clip/clip_info), also when it is not on the first page.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<ShortFeedData> {
  const url = new URL(request.url);
  const order = shortOrderOf(url.searchParams.get('order'));
  const clipKey = url.searchParams.get('clip')?.trim() ?? '';
  const [body, info] = await Promise.all([
    loadEndpoint(context, clipsEndpoints.shortMore, { order, offset: 0, limit: FEED_PAGE_SIZE }),
    clipKey ? loadEndpoint(context, clipsEndpoints.info, { clip_key: clipKey }) : null,
  ]);
  const focus = info?.rslt_cd === 0 && info.rslt_set.state === 'ready' ? info.rslt_set : null;
  // Refused (not found): the server's message; still being made or failed: the page says so.
  const focusMessage = info && info.rslt_cd !== 0 ? info.rslt_msg : '';
  const focusState = info?.rslt_cd === 0 && info.rslt_set.state !== 'ready' ? info.rslt_set.state : null;
  if (body.rslt_cd === 0) return { order, set: body.rslt_set, message: '', focus, focusMessage, focusState };
  return { order, set: null, message: body.rslt_msg, focus, focusMessage, focusState };
}

export default function SubShort({ loaderData }: Route.ComponentProps) {
  return <ShortFeedPage key={`${loaderData.order}:${loaderData.focus?.clip_key ?? ''}`} data={loaderData} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  clipsMeta(
    { page: 'feed', focus: data?.focus ?? null },
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );
