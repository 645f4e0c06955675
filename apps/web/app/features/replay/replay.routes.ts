import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of replay (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [route('sub/replay', 'routes/sub-replay.tsx')],
  play: [route('vod/:vod_key', 'routes/vod.tsx')],
};
