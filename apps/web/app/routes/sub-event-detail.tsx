import { editorialEndpoints, ResultCode, resultMessage } from '@byeol/contract';
import { data, isRouteErrorResponse } from 'react-router';
import { parentMeta } from '../features/board/board-meta';
import { editorialMeta } from '../features/editorial/editorial-meta';
import { EVENT_REPLY_PAGE_SIZE, snOf } from '../features/editorial/editorial-rules';
import { EventPage } from '../features/editorial/event-page';
import { useTranslation } from '../i18n/react';
import { loadEndpoint } from '../lib/endpoint.server';
import { type RootData, useLang } from '../lib/use-site';
import { NotFoundPage } from '../ui/not-found-page';
import type { Route } from './+types/sub-event-detail';

/** Answers of event_content_info that mean there is no such event to show: the page is a 404. */
const MISSING: readonly number[] = [ResultCode.EVENT_NOT_FOUND, ResultCode.INVALID_INPUT, ResultCode.REQUIRED, ResultCode.NOT_FOUND];

/** /sub/event/{id} (issue 21): an event with its first page of replies, newest first (POST /sub/event_content_info). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const eventSn = snOf(params.id);
  if (!eventSn) throw data(null, { status: 404 });
  const body = await loadEndpoint(context, editorialEndpoints.eventContentInfo, {
    event_sn: eventSn,
    offset: 0,
    limit: EVENT_REPLY_PAGE_SIZE,
  });
  if (body.rslt_cd === 0) return { set: body.rslt_set };
  if (MISSING.includes(body.rslt_cd)) throw data(null, { status: 404 });
  throw data(null, { status: 503 });
}

export default function SubEventDetail({ loaderData }: Route.ComponentProps) {
  return <EventPage key={loaderData.set.event_info.event_sn} set={loaderData.set} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  editorialMeta(
    data ? { page: 'event-detail', title: data.set.event_info.title, description: data.set.event_info.summary } : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage message={resultMessage('EVENT_NOT_FOUND', lang)} />;
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="mt-3 text-neutral-600">{t('error.retry')}</p>
    </div>
  );
}
