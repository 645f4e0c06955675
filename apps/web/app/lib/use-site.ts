import { DEFAULT_LANG, type Lang, resolveLang, type SiteInfo, type UserInfo } from '@byeol/contract';
import { useRouteLoaderData } from 'react-router';

export interface RootData {
  site: SiteInfo;
  lang: Lang;
  /** Server time of the render, so relative times hydrate to the same text. */
  now: number;
  /** The logged-in user (GET /v1/user/user_info), null when logged out. */
  user: UserInfo | null;
}

/** The site info and language loaded by the root route (undefined only if the root itself failed). */
export function useSite(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined;
}

export function useLang(): Lang {
  return resolveLang(useSite()?.lang ?? DEFAULT_LANG);
}

/** The logged-in user of the root data; null when logged out. */
export function useUser(): UserInfo | null {
  return useSite()?.user ?? null;
}
