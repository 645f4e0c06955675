import { parentMeta } from '../features/board/board-meta';
import { loadConcertInfo } from '../features/concerts/concert.server';
import { ConcertDetailPage } from '../features/concerts/concert-detail-page';
import { ConcertError } from '../features/concerts/concert-error';
import { concertMeta } from '../features/concerts/concert-meta';
import { ConcertsPreparing } from '../features/concerts/concert-ui';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/concert-detail';

/** /concert/detail/{id} (issue 22): the concert's full description, notices and refund rules, as plain text. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadConcertInfo(context, params.id);
}

export default function ConcertDetail({ loaderData }: Route.ComponentProps) {
  if (!loaderData.info) return <ConcertsPreparing message={loaderData.preparing} />;
  return <ConcertDetailPage key={loaderData.info.concert_sn} info={loaderData.info} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  concertMeta(
    data ? { page: 'detail', title: data.info?.title, noindex: !data.info } : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConcertError error={error} />;
}
