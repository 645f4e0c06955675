import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of editorial (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 21: the magazine (its list and articles), the events with their replies, and the audition.
    route('magazine', 'routes/magazine.tsx'),
    route('magazine/:id', 'routes/magazine-detail.tsx'),
    route('sub/event', 'routes/sub-event.tsx'),
    route('sub/event/:id', 'routes/sub-event-detail.tsx'),
    route('audition', 'routes/audition.tsx'),
  ],
  admin: [
    // Issue 21: the editorial console (magazine, events, site switches) and the account applications.
    route('magazine', 'routes/admin-magazine.tsx'),
    route('events', 'routes/admin-events.tsx'),
    route('site', 'routes/admin-site.tsx'),
  ],
};
