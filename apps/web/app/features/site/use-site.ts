import { DEFAULT_LANG, type Lang, resolveLang, type SiteInfo } from '@byeol/contract';
import { useRouteLoaderData } from 'react-router';

export interface RootData {
  site: SiteInfo;
  lang: Lang;
  /** Server time of the render, so relative times hydrate to the same text. */
  now: number;
}

/** The site info and language loaded by the root route (undefined only if the root itself failed). */
export function useSite(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

export function useLang(): Lang {
  return resolveLang(useSite()?.lang ?? DEFAULT_LANG);
}
