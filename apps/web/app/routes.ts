/// <reference types="vite/client" />
import { index, layout, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import type { FeaturePages } from './lib/feature-pages.js';

/**
 * Every feature's pages (`features/<domain>/<domain>.routes.ts`, exporting `pages`), collected rather than
 * listed here (issue 14, docs/adding-a-domain.md), in the features' alphabetical order.
 */
const features = Object.entries(import.meta.glob<{ pages?: FeaturePages }>('./features/*/*.routes.ts', { eager: true })).map(
  ([file, module]) => {
    if (!module.pages) throw new Error(`${file} exports no \`pages\``);
    return module.pages;
  },
);
const pagesIn = (slot: keyof FeaturePages): RouteConfigEntry[] => features.flatMap((pages) => pages[slot] ?? []);

/**
 * SPEC §2 layouts: play pages (optionally under a concert) use `play`, effects pages use `play-effects`,
 * everything else `default`. The site's own pages are here; each feature adds its pages to the layout they
 * belong to.
 */
export default [
  // Resource routes (no layout): what crawlers read.
  route('robots.txt', 'routes/robots.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    ...pagesIn('site'),
    // The console's frame (the role check and its menu); each feature adds its screens.
    route('admin', 'routes/admin.tsx', [index('routes/admin-home.tsx'), ...pagesIn('admin')]),
    route('*', 'routes/not-found.tsx'),
  ]),
  ...pagesIn('bare'),
  layout('layouts/play.tsx', pagesIn('play')),
  layout('layouts/play-effects.tsx', pagesIn('effects')),
] satisfies RouteConfig;
