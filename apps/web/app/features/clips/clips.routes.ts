import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of clips (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 22: the member's clips and shorts (a BJ uploads shorts and turns clipping on or off here).
    route('mypage/short', 'routes/mypage-short.tsx'),
    // Issue 22: the short clips feed (`?order=recent|popular`, `?clip=` opens with one clip).
    route('sub/short', 'routes/sub-short.tsx'),
  ],
};
