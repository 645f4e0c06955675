import type { RouteConfigEntry } from '@react-router/dev/routes';

/**
 * What a feature adds to the site's routes (`features/<domain>/<domain>.routes.ts` exports it as `pages`;
 * app/routes.ts collects every such file): its pages per layout of SPEC §2. Route modules stay in
 * app/routes/ (thin pages over the feature's components).
 */
export interface FeaturePages {
  /** In the site's layout (layouts/default.tsx): header, footer, the phone's tab bar. */
  site?: RouteConfigEntry[];
  /** Screens of the console, under /admin (routes/admin.tsx checks the role). */
  admin?: RouteConfigEntry[];
  /** Watching pages in the play layout (layouts/play.tsx). */
  play?: RouteConfigEntry[];
  /** Effect overlays for OBS in the play-effects layout (layouts/play-effects.tsx). */
  effects?: RouteConfigEntry[];
  /** Outside every layout: popups (window.open) and bare pages for OBS's browser source. */
  bare?: RouteConfigEntry[];
}
