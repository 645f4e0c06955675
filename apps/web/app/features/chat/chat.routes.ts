import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of chat (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  effects: [
    route('play/:vod_key/effects', 'routes/effects.tsx', { id: 'play-effects' }),
    route('play/:vod_key/effects/full', 'routes/effects.tsx', { id: 'play-effects-full' }),
    route('vod/:vod_key/effects', 'routes/effects.tsx', { id: 'vod-effects' }),
    route('vod/:vod_key/effects/full', 'routes/effects.tsx', { id: 'vod-effects-full' }),
  ],
};
