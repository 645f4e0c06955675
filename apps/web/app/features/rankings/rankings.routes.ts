import { route } from '@react-router/dev/routes';
import type { FeaturePages } from '../../lib/feature-pages';

/** The pages of rankings (collected by app/routes.ts; the slots are its layouts). */
export const pages: FeaturePages = {
  site: [
    route('sub/ranking', 'routes/sub-ranking.tsx', { id: 'sub-ranking' }),
    route('sub/ranking/kstar', 'routes/sub-ranking.tsx', { id: 'sub-ranking-kstar' }),
    route('sub/ranking/pib', 'routes/sub-ranking.tsx', { id: 'sub-ranking-pib' }),
    route('sub/ranking/program', 'routes/sub-ranking.tsx', { id: 'sub-ranking-program' }),
    route('sub/ranking/rookie', 'routes/sub-ranking.tsx', { id: 'sub-ranking-rookie' }),
  ],
  admin: [route('rankings', 'routes/admin-rankings.tsx')],
};
