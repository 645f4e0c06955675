import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of stream (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('mypage/stream', 'routes/mypage-stream.tsx'),
    route('guide/obs', 'routes/guide.tsx', { id: 'guide-obs' }),
    route('guide/pc', 'routes/guide.tsx', { id: 'guide-pc' }),
    route('guide/mobile', 'routes/guide.tsx', { id: 'guide-mobile' }),
  ],
};
