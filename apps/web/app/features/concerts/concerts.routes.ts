import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of concerts (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 22: concerts (`?tab=upcoming|live|past`), a concert with its ticket, its details, the waiting room
    // and the holder's replays; the concert's play page is in the play layout below.
    route('concert', 'routes/concert.tsx'),
    route('concert/vod', 'routes/concert-vod.tsx'),
    route('concert/:id', 'routes/concert-info.tsx'),
    route('concert/detail/:id', 'routes/concert-detail.tsx'),
    route('concert/waiting/:id', 'routes/concert-waiting.tsx'),
  ],
  admin: [
    // Issue 22: concerts (with their tickets) and the K-stars' agency, group and debut.
    route('concerts', 'routes/admin-concerts.tsx'),
  ],
  // The concert's live room (routes/concert-play.tsx), in the play layout like a plain room.
  play: [route('concert/:id/play/:vod_key', 'routes/concert-play.tsx', { id: 'concert-play' })],
};
