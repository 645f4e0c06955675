import { GUIDE_KINDS, type GuideKind } from '@byeol/contract';
import { GuidePage } from '../features/stream/guide-page';
import { loadGuideInfo } from '../features/stream/stream.server';
import type { Route } from './+types/guide';

/** SPEC §2 /guide/obs, /guide/pc and /guide/mobile share this page; the last path segment is the guide. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = new URL(request.url).pathname.replace(/\/+$/, '').split('/').pop() as GuideKind;
  if (!GUIDE_KINDS.includes(kind)) throw new Response('Not found', { status: 404 });
  return { kind, ...(await loadGuideInfo(context)) };
}

export default function Guide({ loaderData }: Route.ComponentProps) {
  return <GuidePage kind={loaderData.kind} rtmpUrl={loaderData.rtmp_url} />;
}
