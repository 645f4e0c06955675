import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of applications (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('mypage/signup/bj', 'routes/mypage-signup.tsx', { id: 'mypage-signup-bj' }),
    route('mypage/signup/kstar', 'routes/mypage-signup.tsx', { id: 'mypage-signup-kstar' }),
    route('mypage/signup/program', 'routes/mypage-signup.tsx', { id: 'mypage-signup-program' }),
  ],
  admin: [route('applications', 'routes/admin-applications.tsx')],
};
