import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of supporters (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('store/supporters', 'routes/store-supporters.tsx'),
    route('mypage/supporters', 'routes/mypage-supporters.tsx'),
    route('pg/supporters/success', 'routes/pg-supporters-success.tsx'),
    route('pg/supporters/fail', 'routes/pg-supporters-fail.tsx'),
  ],
};
