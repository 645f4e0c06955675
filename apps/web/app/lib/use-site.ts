import {
  DEFAULT_LANG,
  type Lang,
  resolveLang,
  type SiteInfo,
  type SiteSettings,
  type SiteTerm,
  termLangOf,
  type UserInfo,
} from '@byeol/contract';
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

/** The names of a site-term record an operator may set per language (SPEC §3), without its language code. */
export type SiteTermName = Exclude<keyof SiteTerm, 'sti_lang_cd'>;

/**
 * A site term in the viewer's language (`sti_enter_bj_name`, `sti_program_bj_name`, …) from the site info's
 * term list; '' when the operator left it empty (the caller falls back to its own translation).
 */
export function useSiteTerm(name: SiteTermName): string {
  const site = useSite();
  const lang = termLangOf(resolveLang(site?.lang ?? DEFAULT_LANG));
  return site?.site.site_term_list.find((term) => term.sti_lang_cd === lang)?.[name]?.trim() ?? '';
}

/** The site's name for a broadcaster in the viewer's language (SPEC §9 default 'BJ'). */
export function useBjTerm(): string {
  return useSite()?.site.site_terms.BJ_NAME || 'BJ';
}

/** A directory's switch (SPEC §1 program_yn, kstar_yn, concert_yn): anything but N is on. */
export function switchOn(settings: Partial<SiteSettings> | undefined, name: 'program' | 'kstar' | 'concert'): boolean {
  return settings?.[`${name}_yn`] !== 'N';
}
