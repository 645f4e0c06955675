import { resolveLang } from '@byeol/contract';
import { textsIn } from '../../i18n';
import type { RootData } from '../../lib/use-site';

type MetaDescriptor = Record<string, string>;

/** Which board page: the list, the form (write or edit), or a post with its title and text. */
export type BoardPageMeta = { page: 'list' } | { page: 'write' } | { page: 'edit' } | { page: 'post'; title: string; content: string };

const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');

/**
 * A board page's head over the site's: its title ('커뮤니티 - 별', a post's own title), a post's first words as
 * the description, and `noindex` on the form. Outside React, so the texts come from the namespace's
 * resources in the root's language.
 */
export function boardMeta(which: BoardPageMeta | undefined, root: RootData | undefined, parent: MetaDescriptor[]): MetaDescriptor[] {
  if (!which || !root) return parent;
  const texts = textsIn(resolveLang(root.lang), 'board').meta;
  const page = which.page === 'post' ? which.title : texts[which.page];
  const title = `${page} - ${root.site.asp_info.site_name}`;
  const replaced = new Set(['title', 'og:title']);
  const extra: MetaDescriptor[] = [{ title }, { property: 'og:title', content: title }];
  if (which.page === 'post') {
    const description = [...which.content.replace(/\s+/g, ' ').trim()].slice(0, 120).join('');
    if (description) {
      replaced.add('description');
      replaced.add('og:description');
      extra.push({ name: 'description', content: description }, { property: 'og:description', content: description });
    }
  }
  if (which.page === 'write' || which.page === 'edit') {
    replaced.add('robots');
    extra.push({ name: 'robots', content: 'noindex' });
  }
  return [...parent.filter((m) => !replaced.has(keyOf(m))), ...extra];
}

/** The parent's meta (the root's, which the layout passes on) without its charset. */
export const parentMeta = (matches: readonly ({ meta?: unknown } | undefined)[]): MetaDescriptor[] =>
  ((matches.at(-2)?.meta ?? []) as MetaDescriptor[]).filter((m) => !('charSet' in m));
