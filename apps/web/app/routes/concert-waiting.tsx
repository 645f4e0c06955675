import { parentMeta } from '../features/board/board-meta';
import { loadConcertInfo } from '../features/concerts/concert.server';
import { ConcertError } from '../features/concerts/concert-error';
import { concertMeta } from '../features/concerts/concert-meta';
import { ConcertsPreparing } from '../features/concerts/concert-ui';
import { WaitingRoomPage } from '../features/concerts/waiting-room-page';
import type { RootData } from '../lib/use-site';
import type { Route } from './+types/concert-waiting';

/**
 * /concert/waiting/{id} (issue 22): the waiting room of a ticket holder from doors time: the countdown to the
 * start by the server's clock, the concert's state and chat, and the move to the play page at the start.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadConcertInfo(context, params.id);
}

export default function ConcertWaiting({ loaderData }: Route.ComponentProps) {
  if (!loaderData.info) return <ConcertsPreparing message={loaderData.preparing} />;
  return <WaitingRoomPage key={loaderData.info.concert_sn} info={loaderData.info} />;
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  concertMeta(
    data ? { page: 'waiting', title: data.info?.title, noindex: true } : undefined,
    matches.find((m) => m?.id === 'root')?.data as RootData | undefined,
    parentMeta(matches),
  );

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ConcertError error={error} />;
}
