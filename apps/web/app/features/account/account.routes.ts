import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of account (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('user/login', 'routes/user-login.tsx'),
    route('user/join', 'routes/user-join.tsx'),
    route('user/join-complete', 'routes/user-join-complete.tsx'),
    route('mypage', 'routes/mypage.tsx'),
  ],
};
