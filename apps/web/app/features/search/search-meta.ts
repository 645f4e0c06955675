import { resolveLang } from '@byeol/contract';
import { textsIn } from '../../i18n';
import type { RootData } from '../../lib/use-site';
import type { SearchLoaderData } from './search-page';
import { kindNameOf } from './use-kind-name';

type MetaDescriptor = Record<string, string>;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/**
 * A search page's head: the term in the title ("'하늘' 검색 결과 - 별", a kind page names its kind) over the
 * site's tags, and `noindex` (result pages are not content of their own). Outside React, so the texts come
 * from the namespace's resources in the root's language.
 */
export function searchMeta(data: SearchLoaderData | undefined, root: RootData | undefined, parent: MetaDescriptor[]): MetaDescriptor[] {
  if (!data || !root) return parent;
  const lang = resolveLang(root.lang);
  const texts = textsIn(lang, 'search').meta;
  const page = !data.keyword
    ? texts.empty
    : data.kind === 'all'
      ? fill(texts.title, { keyword: data.keyword })
      : fill(texts.kindTitle, { keyword: data.keyword, kind: kindNameOf(data.kind, root.site, lang) });
  const title = `${page} - ${root.site.asp_info.site_name}`;
  const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');
  const replaced = new Set(['title', 'og:title', 'robots']);
  return [
    ...parent.filter((m) => !replaced.has(keyOf(m))),
    { title },
    { property: 'og:title', content: title },
    { name: 'robots', content: 'noindex' },
  ];
}
