import type { ClipItem } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { shortPath } from '../../lib/links';
import { useClipName } from '../../lib/use-clip-name';
import { useLang } from '../../lib/use-site';
import { MoreButton } from '../../ui/more-button';
import { ClipCaption, ClipThumb } from './clip-card';
import { bjClipMore, type ClipListSet, programClipMore } from './clips-api';
import { useClipList } from './use-clip-list';

/**
 * A channel's clips and shorts (POST /channel/bj_clip_more, or /channel/program_clip_more/{id} for a program
 * channel), newest first, each leading to the feed at that clip. Shown only when the channel has some.
 */
export function ChannelClips({ id, initial, program = false }: { id: string; initial: ClipListSet | null; program?: boolean }) {
  const { t } = useTranslation('clips');
  const clip = useClipName();
  const lang = useLang();
  const list = useClipList(
    initial,
    (offset) => (program ? programClipMore(id, offset, t('retry')) : bjClipMore(id, offset, t('retry'))),
    t('retry'),
  );
  if (list.rows.length === 0) return null;
  return (
    <section aria-labelledby="channel-clips" className="mb-10" data-channel-clips={id}>
      <div className="flex items-baseline gap-2">
        <h2 id="channel-clips" className="text-lg font-bold">
          {t('section.title', { clip })}
        </h2>
        <span className="text-sm text-neutral-500" data-total={list.total}>
          {t('section.total', { n: formatNumber(list.total, lang) })}
        </span>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
        {list.rows.map((item) => (
          <ClipCard key={item.clip_key} item={item} />
        ))}
      </ul>
      {list.hasMore && (
        <MoreButton onMore={list.more} busy={list.busy} error={list.error} label={t('feed.more')} busyLabel={t('feed.loading')} />
      )}
    </section>
  );
}

/** A clip in a grid: its thumbnail and title lead to `/sub/short?clip=…`. */
export function ClipCard({ item }: { item: ClipItem }) {
  return (
    <li data-clip-key={item.clip_key}>
      <Link
        to={shortPath({ clip: item.clip_key })}
        className="block rounded-lg hover:opacity-90 focus-visible:outline-2 focus-visible:outline-brand"
      >
        <ClipThumb item={item} />
        <ClipCaption item={item} />
      </Link>
    </li>
  );
}
