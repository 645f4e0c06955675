import type { PlayInfo } from '@byeol/contract';

type MetaDescriptor = Record<string, string>;

/**
 * A live room's or replay's head (issue 15: links shared in a messenger show what is on): the site's tags
 * from the root, with the title, description and image of this broadcast (its live thumbnail) instead.
 * Gated broadcasts (adult, login) keep the site's image.
 */
export function broadcastMeta(info: PlayInfo | null | undefined, parent: MetaDescriptor[], replay: boolean): MetaDescriptor[] {
  if (!info) return parent;
  const title = `${info.title} - ${info.bj.nick}`;
  const description = `${info.bj.nick} · ${replay ? 'VOD' : 'LIVE'} · ${info.title}${info.tags.length ? ` · ${info.tags.map((t) => `#${t}`).join(' ')}` : ''}`;
  const image = info.thumbnail && info.adult_yn !== 'Y' && info.login_required_yn !== 'Y' ? info.thumbnail : undefined;
  const replaced = new Set([
    'title',
    'description',
    'og:title',
    'og:description',
    'og:type',
    ...(image ? ['og:image', 'twitter:image'] : []),
  ]);
  const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');
  return [
    ...parent.filter((m) => !replaced.has(keyOf(m))),
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: replay ? 'video.other' : 'video.episode' },
    ...(image
      ? [
          { property: 'og:image', content: image },
          { name: 'twitter:image', content: image },
        ]
      : []),
  ];
}
