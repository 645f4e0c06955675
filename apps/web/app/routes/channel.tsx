import { channelsEndpoints, ResultCode, resultMessage } from '@byeol/contract';
import { useTranslation } from 'react-i18next';
import { data, isRouteErrorResponse } from 'react-router';
import { ChannelLayout } from '../features/channels/channel-layout';
import { channelMeta } from '../features/channels/channel-meta';
import { loadEndpoint } from '../lib/endpoint.server';
import { useLang } from '../lib/use-site';
import { NotFoundPage } from '../ui/not-found-page';
import type { Route } from './+types/channel';

/** Answers of bj_info that mean there is no such channel: the page is a 404. */
const MISSING: readonly number[] = [ResultCode.CHANNEL_NOT_FOUND, ResultCode.INVALID_INPUT, ResultCode.REQUIRED, ResultCode.NOT_FOUND];

/**
 * /channel/bj/{id} (issue 17): the channel head (GET /channel/bj_info) for the header and every tab below it.
 * No such BJ (or an ID that cannot be one) answers HTTP 404 with the site's not-found page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const body = await loadEndpoint(context, channelsEndpoints.info, { id: params.id });
  if (body.rslt_cd === 0) return { info: body.rslt_set };
  if (MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export default function Channel({ loaderData }: Route.ComponentProps) {
  return <ChannelLayout info={loaderData.info} />;
}

/**
 * The channel's own title, description and picture in the head, over the site's: the parent's meta (the
 * root's, which the layout passes on) is the base, once.
 */
export const meta: Route.MetaFunction = ({ data, matches }) =>
  channelMeta(
    data?.info,
    ((matches.at(-2)?.meta ?? []) as Record<string, string>[]).filter((m) => !('charSet' in m)),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage message={resultMessage('CHANNEL_NOT_FOUND', lang)} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">{t('error.retry')}</p>
    </div>
  );
}
