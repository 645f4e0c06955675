import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of achieve (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    // Issue 23: today's challenges and their reward, the last seven days, the medals and the referral code.
    route('mypage/achieve', 'routes/mypage-achieve.tsx'),
  ],
};
