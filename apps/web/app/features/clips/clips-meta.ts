import { type ClipItem, resolveLang } from '@byeol/contract';
import { textsIn } from '../../i18n';
import type { RootData } from '../../lib/use-site';
import { clipTermOf } from './clips-rules';

type MetaDescriptor = Record<string, string>;

const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');

/**
 * The head of /sub/short ('클립 - 별', or the clip's own title and thumbnail when it opens with one) and of
 * /mypage/short (noindex), over the site's. Outside React, so the texts come from the namespace's resources
 * in the root's language and the site term from the root's site info.
 */
export function clipsMeta(
  which: { page: 'feed'; focus: ClipItem | null } | { page: 'mine' },
  root: RootData | undefined,
  parent: MetaDescriptor[],
): MetaDescriptor[] {
  if (!root) return parent;
  const lang = resolveLang(root.lang);
  const texts = textsIn(lang, 'clips');
  const clip = clipTermOf(root.site, lang) || texts.word;
  const focus = which.page === 'feed' ? which.focus : null;
  const page = focus ? focus.title || texts.untitled : texts.meta[which.page].replace('{{clip}}', clip);
  const title = `${page} - ${root.site.asp_info.site_name}`;
  const replaced = new Set(['title', 'og:title']);
  const extra: MetaDescriptor[] = [{ title }, { property: 'og:title', content: title }];
  if (focus?.thumbnail) {
    replaced.add('og:image');
    extra.push({ property: 'og:image', content: focus.thumbnail });
  }
  if (which.page === 'mine') {
    replaced.add('robots');
    extra.push({ name: 'robots', content: 'noindex' });
  }
  return [...parent.filter((m) => !replaced.has(keyOf(m))), ...extra];
}
