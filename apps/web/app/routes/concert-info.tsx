import { parentMeta } from '../features/board/board-meta';
import { loadConcertInfo } from '../features/concerts/concert.server';
import { ConcertError } from '../features/concerts/concert-error';
import { concertMeta } from '../features/concerts/concert-meta';
import { ConcertPage } from '../features/concerts/concert-page';
import { ConcertsPreparing } from '../features/concerts/concert-ui';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/concert-info';

/**
 * /concert/{id} (issue 22): a concert with its ticket button, or for a holder what the ticket opens now (GET
 * /concert/concert_info). An unknown concert is a 404; while the concert switch is off the page says the
 * service is being prepared.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadConcertInfo(context, params.id);
}

export default function ConcertInfoRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.info) return <ConcertsPreparing message={loaderData.preparing} />;
  return <ConcertPage key={loaderData.info.concert_sn} info={loaderData.info} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  concertMeta(
    data?.info
      ? { page: 'concert', title: data.info.title, description: data.info.lineup.join(', '), image: data.info.poster }
      : data
        ? { page: 'list', noindex: true }
        : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConcertError error={error} />;
}
