import { contentEndpoints, LIVE_LIST_REFRESH_MS, type ListSet, type LiveListItem } from '@byeol/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { useLang, useSite } from '../../lib/use-site';
import { LiveCard, Pager } from './broadcast-card';

export const LIVE_PER_PAGE = 20;

/**
 * /sub/live: every live broadcast, most watched first, 20 a page. The list refreshes itself every 10 s
 * (play_live_list answers from memory, so polling is cheap) without reloading the page.
 */
export function LiveListPage({ page, initial }: { page: number; initial: ListSet<LiveListItem> | null }) {
  const { t } = useTranslation('play');
  const lang = useLang();
  const site = useSite();
  const [data, setData] = useState(initial);
  const [now, setNow] = useState(site?.now ?? Date.now());
  const bj = site?.site.site_terms.BJ_NAME ?? 'BJ';

  useEffect(() => setData(initial), [initial]);
  useEffect(() => {
    const timer = setInterval(async () => {
      try {
        const res = await api.call(contentEndpoints.liveList, {
          offset: (page - 1) * LIVE_PER_PAGE,
          limit: LIVE_PER_PAGE,
        });
        if (res.rslt_cd === 0) {
          setData(res.rslt_set);
          setNow(Date.now());
        }
      } catch {
        // Keep the list shown; the next tick tries again.
      }
    }, LIVE_LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [page]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex items-baseline gap-3">
        <h1 className="text-2xl font-extrabold">{t('list.liveTitle')}</h1>
        {data && data.data_totalcount > 0 && (
          <span className="text-sm text-neutral-500" data-total>
            {t('list.total', { n: formatNumber(data.data_totalcount, lang) })}
          </span>
        )}
      </div>
      <p className="mt-1 text-xs text-neutral-500">{t('list.refreshed')}</p>
      {data === null ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700">
          {t('list.loadFailed')}
        </p>
      ) : data.data_list.length === 0 ? (
        <p className="mt-6 rounded-lg bg-neutral-50 p-6 text-center text-neutral-500" data-empty="live">
          {t('list.liveEmpty', { bj })}
        </p>
      ) : (
        <ul id="live-list" className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
          {data.data_list.map((item) => (
            <LiveCard key={item.vod_key} item={item} now={now} />
          ))}
        </ul>
      )}
      {data && <Pager page={page} total={data.data_totalcount} perPage={LIVE_PER_PAGE} />}
    </div>
  );
}
