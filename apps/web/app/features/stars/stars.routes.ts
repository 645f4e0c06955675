import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of stars (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 22: the program and K-star directories (live first; `/sub/kstar?group=` one group).
    route('sub/program', 'routes/sub-program.tsx'),
    route('sub/kstar', 'routes/sub-kstar.tsx'),
  ],
  admin: [route('stars', 'routes/admin-stars.tsx')],
};
