import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of social (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [route('user/join-social', 'routes/user-join-social.tsx')],
};
