import type { VodListItem } from '@byeol/contract';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatDuration, fromNow } from '../../lib/format';
import { vodPath } from '../../lib/links';
import { useMoreList } from '../../lib/use-more-list';
import { useLang, useSite } from '../../lib/use-site';
import { useViewerCount } from '../../lib/use-viewer-count';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { EmptyState, ListFooter, LoadFailed, Total } from '../../ui/list-ui';
import { useChannel } from './channel-layout';
import { type BjReplaySet, bjReplays, programReplays } from './channels-api';

/**
 * The channel's replays tab: the BJ's kept replays, newest first (POST /channel/bj_replay_more by user_key);
 * a program channel's home (`program`) reads them with program_replay_more by login ID.
 */
export function ChannelReplays({ initial, program = false }: { initial: BjReplaySet | null; program?: boolean }) {
  const { t } = useTranslation('channels');
  const info = useChannel();
  const now = useSite()?.now ?? Date.now();
  const list = useMoreList<BjReplaySet>(
    initial,
    (offset) => (program ? programReplays(info.bj.id, offset, t('error.retry')) : bjReplays(info.bj.user_key, offset, t('error.retry'))),
    (item) => item.vod_key,
    t('error.retry'),
  );
  return (
    <section aria-labelledby="channel-replays" data-channel-replays>
      <div className="flex items-baseline gap-2">
        <h2 id="channel-replays" className="text-lg font-bold">
          {t('play.title')}
        </h2>
        {!list.failed && list.total > 0 && <Total n={list.total} />}
      </div>
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="channel-replays" text={t('play.empty')} />
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-4">
          {list.rows.map((item) => (
            <ReplayItem key={item.vod_key} item={item} now={now} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </section>
  );
}

function ReplayItem({ item, now }: { item: VodListItem; now: number }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const viewers = useViewerCount();
  return (
    <li data-vod-key={item.vod_key}>
      <Link to={vodPath(item.vod_key)} className="block hover:opacity-90">
        <BroadcastThumb src={item.thumbnail} label={item.title} corner={formatDuration(item.duration_sec)} />
        <p className="mt-2 line-clamp-2 text-sm font-semibold">{item.title}</p>
      </Link>
      <p className="text-xs text-neutral-600">
        {viewers(item.peak_viewer_cnt, item.viewer_cnt_hidden_yn, (n) => t('home.peak', { n }))} · {fromNow(item.end_date, lang, now)}
      </p>
    </li>
  );
}
