import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of guests (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  bare: [
    // Issue 24: the BJ's guest studio (video tiles and requests), a bare page for OBS's browser source.
    route('mypage/stream/studio', 'routes/mypage-stream-studio.tsx'),
  ],
};
