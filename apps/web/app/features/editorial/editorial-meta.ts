import { resolveLang } from '@byeol/contract';
import { textsIn } from '../../i18n';
import type { RootData } from '../../lib/use-site';

type MetaDescriptor = Record<string, string>;

/** Which editorial page: a list (its texts' name), or an article or an event with its own title. */
export type EditorialPageMeta =
  | { page: 'magazine' | 'event' | 'audition'; noindex?: boolean }
  | { page: 'article' | 'event-detail'; title: string; description: string };

const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');

/**
 * An editorial page's head over the site's: its title ('매거진 - 별', an article's own title), an article's or
 * event's summary as the description, `noindex` while the magazine is
 * being prepared. Outside React, so the texts come from the namespace's resources in the root's language.
 */
export function editorialMeta(
  which: EditorialPageMeta | undefined,
  root: RootData | undefined,
  parent: MetaDescriptor[],
): MetaDescriptor[] {
  if (!which || !root) return parent;
  const texts = textsIn(resolveLang(root.lang), 'editorial').meta;
  const page = which.page === 'article' || which.page === 'event-detail' ? which.title : texts[which.page];
  const title = `${page} - ${root.site.asp_info.site_name}`;
  const replaced = new Set(['title', 'og:title']);
  const extra: MetaDescriptor[] = [{ title }, { property: 'og:title', content: title }];
  if (which.page === 'article' || which.page === 'event-detail') {
    const description = [...which.description.replace(/\s+/g, ' ').trim()].slice(0, 140).join('');
    if (description) {
      replaced.add('description');
      replaced.add('og:description');
      extra.push({ name: 'description', content: description }, { property: 'og:description', content: description });
    }
  } else if ('noindex' in which && which.noindex) {
    replaced.add('robots');
    extra.push({ name: 'robots', content: 'noindex' });
  }
  return [...parent.filter((m) => !replaced.has(keyOf(m))), ...extra];
}
