import { type Lang, type SearchHitKind, type SiteInfo, termLangOf } from '@byeol/contract';
import { textsIn } from '../../i18n';
import { useLang, useSite } from '../../lib/use-site';

/**
 * The name of a kind of hit in `lang`: the site's terms where it has one (SPEC §3: the broadcaster's BJ_NAME,
 * sti_enter_bj_name for K-STAR, sti_program_bj_name for programs, sti_clip_name for shorts), else this
 * feature's translation. A plain function, so the page's head (meta, outside React) names kinds the same way.
 */
export function kindNameOf(kind: SearchHitKind, site: SiteInfo | undefined, lang: Lang): string {
  const terms = site?.site_term_list.find((term) => term.sti_lang_cd === termLangOf(lang));
  const fallback = textsIn(lang, 'search').kind;
  switch (kind) {
    case 'bj':
      return site?.site_terms.BJ_NAME || 'BJ';
    case 'kstar':
      return terms?.sti_enter_bj_name.trim() || fallback.kstar;
    case 'program':
      return terms?.sti_program_bj_name.trim() || fallback.program;
    case 'short':
      return terms?.sti_clip_name.trim() || fallback.short;
    default:
      return fallback[kind];
  }
}

/** {@link kindNameOf} in the viewer's language. */
export function useKindName(): (kind: SearchHitKind) => string {
  const site = useSite()?.site;
  const lang = useLang();
  return (kind) => kindNameOf(kind, site, lang);
}
