import type { BookmarkItem, ListSet } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatDuration, fromNow } from '../../lib/format';
import { channelPath, vodPath } from '../../lib/links';
import { useLoginRequired } from '../../lib/use-login-required';
import { useMoreList } from '../../lib/use-more-list';
import { useLang, useSite } from '../../lib/use-site';
import { BroadcastThumb } from '../../ui/broadcast-thumb';
import { useDialog } from '../../ui/dialogs';
import { secondaryButton } from '../../ui/fields';
import { EmptyState, ListFooter, LoadFailed } from '../../ui/list-ui';
import { bookmark, myBookmarks } from './channels-api';
import { MyChannelFrame } from './my-channel-pages';

/** /mypage/bookmark: the replays the member saved to watch later (newest bookmark first), each with its BJ and remove. */
export function MyBookmarkPage({ initial }: { initial: ListSet<BookmarkItem> | null }) {
  const { t } = useTranslation('channels');
  const now = useSite()?.now ?? Date.now();
  const list = useMoreList(
    initial,
    (offset) => myBookmarks(offset, t('error.retry')),
    (b) => b.vod_key,
    t('error.retry'),
  );
  return (
    <MyChannelFrame title={t('mine.bookmark.title')} total={list.total} name="bookmark">
      <p className="mt-2 text-sm text-neutral-600">{t('mine.bookmark.note')}</p>
      {list.failed ? (
        <LoadFailed onRetry={() => void list.reload()} busy={list.busy} />
      ) : list.rows.length === 0 ? (
        <EmptyState name="my-bookmark" text={t('mine.bookmark.empty')}>
          <Link to="/sub/replay" className={`${secondaryButton} mt-4 inline-flex items-center`}>
            {t('mine.bookmark.find')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3" data-bookmark-list>
          {list.rows.map((item) => (
            <BookmarkCard key={item.vod_key} item={item} now={now} onRemoved={() => list.remove(item.vod_key)} />
          ))}
        </ul>
      )}
      <ListFooter list={list} />
    </MyChannelFrame>
  );
}

function BookmarkCard({ item, now, onRemoved }: { item: BookmarkItem; now: number; onRemoved: () => void }) {
  const { t } = useTranslation('channels');
  const lang = useLang();
  const dialog = useDialog();
  const loginRequired = useLoginRequired();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    const res = await bookmark(item.vod_key, false, t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      if (!loginRequired(res)) dialog.toast(res.rslt_msg || t('error.retry'));
      return;
    }
    dialog.toast(t('bookmark.removed'));
    onRemoved();
  }

  return (
    <li className="flex min-w-0 flex-col" data-bookmark={item.vod_key}>
      <Link to={vodPath(item.vod_key)} className="block hover:opacity-90" data-bookmark-link>
        <BroadcastThumb src={item.thumbnail} label={item.title} corner={formatDuration(item.duration_sec)} />
        <p className="mt-2 line-clamp-2 break-words text-sm font-semibold">{item.title}</p>
      </Link>
      <Link to={channelPath(item.bj.id)} className="mt-0.5 truncate text-xs text-neutral-600 hover:underline" data-bookmark-bj={item.bj.id}>
        {item.bj.nick}
      </Link>
      <p className="text-xs text-neutral-500">{t('mine.bookmark.saved', { time: fromNow(item.bookmarked_at, lang, now) })}</p>
      <button
        type="button"
        onClick={() => void remove()}
        disabled={busy}
        className="-ml-2 mt-1 min-h-11 self-start rounded-lg px-2 text-sm font-semibold text-neutral-500 hover:bg-neutral-100 hover:text-red-600 disabled:opacity-50"
        data-bookmark-remove
      >
        {t('mine.bookmark.remove')}
      </button>
    </li>
  );
}
