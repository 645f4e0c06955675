import type { ChannelInfoSet } from '@byeol/contract';

type MetaDescriptor = Record<string, string>;

/**
 * A channel's head (as broadcastMeta does for a live room): the site's tags from the root with this
 * channel's title ('하늘별 (@demo_haneul) - 별'), its status message or introduction as the description and
 * the channel's main image (or else the BJ's picture) as the image when there is one.
 */
export function channelMeta(info: ChannelInfoSet | null | undefined, parent: MetaDescriptor[]): MetaDescriptor[] {
  if (!info) return parent;
  const keyOf = (m: MetaDescriptor) => m.property ?? m.name ?? ('title' in m ? 'title' : '');
  const siteTitle = parent.find((m) => 'title' in m)?.title;
  const title = `${info.bj.nick} (@${info.bj.id})${siteTitle ? ` - ${siteTitle}` : ''}`;
  const own = (info.bj.state_memo || info.profile.intro).replace(/\s+/g, ' ').trim();
  const description = own ? own.slice(0, 160) : parent.find((m) => m.name === 'description')?.content;
  const image = info.images.main_image || info.bj.profile_image || undefined;
  const replaced = new Set([
    'title',
    'og:title',
    'og:type',
    ...(description ? ['description', 'og:description'] : []),
    ...(image ? ['og:image'] : []),
  ]);
  return [
    ...parent.filter((m) => !replaced.has(keyOf(m))),
    { title },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'profile' },
    ...(description
      ? [
          { name: 'description', content: description },
          { property: 'og:description', content: description },
        ]
      : []),
    ...(image ? [{ property: 'og:image', content: image }] : []),
  ];
}
