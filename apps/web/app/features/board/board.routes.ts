import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of board (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 19: the community board ("stories"): the list, the write/edit form and a post with its comments.
    route('bbs', 'routes/bbs.tsx'),
    route('bbs/form', 'routes/bbs-form.tsx'),
    route('bbs/detail/:id', 'routes/bbs-detail.tsx'),
  ],
  admin: [
    // Issue 19: the community's moderation and the customer centre.
    route('board', 'routes/admin-board.tsx'),
    route('reports', 'routes/admin-reports.tsx'),
  ],
};
