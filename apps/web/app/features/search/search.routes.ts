import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of search (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 18: search (the path names the kind, `?keyword=` the term) and the BJ rankings (`?period=`).
    route('search', 'routes/search.tsx', { id: 'search' }),
    route('search/bj', 'routes/search.tsx', { id: 'search-bj' }),
    route('search/kstar', 'routes/search.tsx', { id: 'search-kstar' }),
    route('search/program', 'routes/search.tsx', { id: 'search-program' }),
    route('search/live', 'routes/search.tsx', { id: 'search-live' }),
    route('search/replay', 'routes/search.tsx', { id: 'search-replay' }),
    route('search/short', 'routes/search.tsx', { id: 'search-short' }),
  ],
};
