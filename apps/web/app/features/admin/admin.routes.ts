import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of admin (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  admin: [
    route('sanctions', 'routes/admin-sanctions.tsx'),
    route('security', 'routes/admin-security.tsx'),
    route('audit', 'routes/admin-audit.tsx'),
  ],
};
