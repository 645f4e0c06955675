import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of profile (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('mypage/info', 'routes/mypage-info.tsx'),
    route('mypage/setting', 'routes/mypage-setting.tsx'),
    route('mypage/withdraw', 'routes/mypage-withdraw.tsx'),
  ],
};
