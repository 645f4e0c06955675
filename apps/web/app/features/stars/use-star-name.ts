import { type Lang, type SiteInfo, termLangOf } from '@byeol/contract';
import { textsIn } from '../../i18n';
import { useLang, useSite } from '../../lib/use-site';
import type { StarKind } from './stars-rules';

/**
 * A directory's name in `lang`: the site's term (SPEC §3 sti_program_bj_name for programs, sti_enter_bj_name
 * for K-stars) when the operator set one, else this feature's translation. A plain function, so the page's
 * head (meta, outside React) names it the same way.
 */
export function starNameOf(kind: StarKind, site: SiteInfo | undefined, lang: Lang): string {
  const terms = site?.site_term_list.find((term) => term.sti_lang_cd === termLangOf(lang));
  const term = kind === 'program' ? terms?.sti_program_bj_name : terms?.sti_enter_bj_name;
  return term?.trim() || textsIn(lang, 'stars').name[kind];
}

/** {@link starNameOf} in the viewer's language. */
export function useStarName(kind: StarKind): string {
  const site = useSite()?.site;
  const lang = useLang();
  return starNameOf(kind, site, lang);
}
