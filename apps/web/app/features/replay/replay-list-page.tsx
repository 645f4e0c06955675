import type { ListSet, VodListItem } from '@byeol/contract';
import { useTranslation } from '../../i18n/react';
import { formatNumber } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';
import { Pager, ReplayCard } from '../play';

export const REPLAYS_PER_PAGE = 20;

/** /sub/replay: every kept replay, most recently ended first, 20 a page (POST /broadcast/vod_more). */
export function ReplayListPage({ page, data }: { page: number; data: ListSet<VodListItem> | null }) {
  const { t } = useTranslation('play');
  const lang = useLang();
  const now = useSite()?.now ?? Date.now();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex items-baseline gap-3">
        <h1 className="text-2xl font-extrabold">{t('list.replayTitle')}</h1>
        {data && data.data_totalcount > 0 && (
          <span className="text-sm text-neutral-500" data-total>
            {t('list.total', { n: formatNumber(data.data_totalcount, lang) })}
          </span>
        )}
      </div>
      {data === null ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700">
          {t('list.loadFailed')}
        </p>
      ) : data.data_list.length === 0 ? (
        <p className="mt-6 rounded-lg bg-neutral-50 p-6 text-center text-neutral-500" data-empty="replay">
          {t('list.replayEmpty')}
        </p>
      ) : (
        <ul id="replay-list" className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
          {data.data_list.map((item) => (
            <ReplayCard key={item.vod_key} item={item} now={now} />
          ))}
        </ul>
      )}
      {data && <Pager page={page} total={data.data_totalcount} perPage={REPLAYS_PER_PAGE} />}
    </div>
  );
}
