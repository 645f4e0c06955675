import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of schedule (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 21: a BJ plans their broadcasts (the schedule's own page is /sub/schedule below).
    route('mypage/schedule', 'routes/mypage-schedule.tsx'),
    // Issue 21: the broadcast schedule (`?view=week|month&from=YYYY-MM-DD&kind=`).
    route('sub/schedule', 'routes/sub-schedule.tsx'),
  ],
};
