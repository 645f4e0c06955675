import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of play (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [route('sub/live', 'routes/sub-live.tsx')],
  play: [route('play/:vod_key', 'routes/play.tsx', { id: 'play' })],
};
