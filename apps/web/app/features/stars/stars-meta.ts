import { resolveLang } from '@byeol/contract';
import type { RootData } from '../../lib/use-site';
import type { StarKind } from './stars-rules';
import { starNameOf } from './use-star-name';

type MetaDescriptor = Record<string, string>;

const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');

/**
 * A directory's head over the site's: its name as the site's term says it ('프로그램 - 별', with a group's
 * name on /sub/kstar?group=), and `noindex` while the feature is switched off (the page says it is being
 * prepared).
 */
export function starsMeta(
  which: { kind: StarKind; group?: string; noindex?: boolean } | undefined,
  root: RootData | undefined,
  parent: MetaDescriptor[],
): MetaDescriptor[] {
  if (!which || !root) return parent;
  const name = starNameOf(which.kind, root.site, resolveLang(root.lang));
  const page = which.group ? `${which.group} · ${name}` : name;
  const title = `${page} - ${root.site.asp_info.site_name}`;
  const replaced = new Set(['title', 'og:title']);
  const extra: MetaDescriptor[] = [{ title }, { property: 'og:title', content: title }];
  if (which.noindex) {
    replaced.add('robots');
    extra.push({ name: 'robots', content: 'noindex' });
  }
  return [...parent.filter((m) => !replaced.has(keyOf(m))), ...extra];
}
