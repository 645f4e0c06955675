import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of progression (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 23: my member level, VIP grade and fan levels; a BJ's level and fans.
    route('mypage/level/user', 'routes/mypage-level-user.tsx'),
    route('mypage/level/bj', 'routes/mypage-level-bj.tsx'),
  ],
  admin: [
    // Issue 23: the level tables of the four ladders (member, VIP, BJ, fan).
    route('levels', 'routes/admin-levels.tsx'),
  ],
};
