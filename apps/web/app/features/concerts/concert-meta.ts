import { resolveLang } from '@byeol/contract';
import { textsIn } from '../../i18n';
import type { RootData } from '../../lib/use-site';

type MetaDescriptor = Record<string, string>;

/** Which concert page: a page of its own name, or a concert with its title (and poster, line-up). */
export type ConcertPageMeta =
  | { page: 'list' | 'vod' | 'waiting' | 'detail'; title?: string; noindex?: boolean }
  | { page: 'concert'; title: string; description: string; image: string };

const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');

/**
 * A concert page's head over the site's: '공연 - 별', a concert's own title with its line-up as the
 * description and its poster as the image, `noindex` on the holder's pages and while the switch is off.
 * Outside React, so the texts come from the namespace's resources in the root's language.
 */
export function concertMeta(which: ConcertPageMeta | undefined, root: RootData | undefined, parent: MetaDescriptor[]): MetaDescriptor[] {
  if (!which || !root) return parent;
  const texts = textsIn(resolveLang(root.lang), 'concerts').meta;
  const page = which.page === 'concert' ? which.title : which.title ? `${which.title} - ${texts[which.page]}` : texts[which.page];
  const title = `${page} - ${root.site.asp_info.site_name}`;
  const replaced = new Set(['title', 'og:title']);
  const extra: MetaDescriptor[] = [{ title }, { property: 'og:title', content: title }];
  if (which.page === 'concert') {
    const description = [...which.description.replace(/\s+/g, ' ').trim()].slice(0, 140).join('');
    if (description) {
      replaced.add('description');
      replaced.add('og:description');
      extra.push({ name: 'description', content: description }, { property: 'og:description', content: description });
    }
    if (which.image) {
      replaced.add('og:image');
      extra.push({ property: 'og:image', content: which.image });
    }
  } else if (which.noindex) {
    replaced.add('robots');
    extra.push({ name: 'robots', content: 'noindex' });
  }
  return [...parent.filter((m) => !replaced.has(keyOf(m))), ...extra];
}
