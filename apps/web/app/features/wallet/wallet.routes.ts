import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of wallet (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [route('mypage/details', 'routes/mypage-details.tsx')],
  admin: [route('grants', 'routes/admin-grants.tsx')],
};
