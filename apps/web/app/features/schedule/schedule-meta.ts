import { resolveLang } from '@byeol/contract';
import { textsIn } from '../../i18n';
import type { RootData } from '../../lib/use-site';

type MetaDescriptor = Record<string, string>;

const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');

/**
 * /sub/schedule's head over the site's: '방송 일정 - 별' and its description. Outside React, so the texts come
 * from the namespace's resources in the root's language.
 */
export function scheduleMeta(root: RootData | undefined, parent: MetaDescriptor[]): MetaDescriptor[] {
  if (!root) return parent;
  const texts = textsIn(resolveLang(root.lang), 'schedule').meta;
  const title = `${texts.title} - ${root.site.asp_info.site_name}`;
  const replaced = new Set(['title', 'og:title', 'description', 'og:description']);
  return [
    ...parent.filter((m) => !replaced.has(keyOf(m))),
    { title },
    { property: 'og:title', content: title },
    { name: 'description', content: texts.description },
    { property: 'og:description', content: texts.description },
  ];
}

/** The parent's meta (the root's, which the layout passes on) without its charset. */
export const parentMeta = (matches: readonly ({ meta?: unknown } | undefined)[]): MetaDescriptor[] =>
  ((matches.at(-2)?.meta ?? []) as MetaDescriptor[]).filter((m) => !('charSet' in m));
