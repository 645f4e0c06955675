import { useSite } from './use-site';

/** The site's name for STAR in the viewer's language (SPEC §3 site term CURRENCY_NAME; never the code itself). */
export function useStarName(): string {
  return useSite()?.site.site_terms.CURRENCY_NAME || 'STAR';
}
