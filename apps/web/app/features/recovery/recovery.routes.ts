import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of recovery (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [route('user/forgot-id', 'routes/user-forgot-id.tsx'), route('user/forgot-passwd', 'routes/user-forgot-passwd.tsx')],
};
