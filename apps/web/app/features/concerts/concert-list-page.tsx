import { CONCERT_TABS, type ConcertListItem, type ConcertTab, type ListSet } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber } from '../../lib/format';
import { CONCERT_TICKETS_PATH } from '../../lib/links';
import { appendPage, hasMore } from '../../lib/paging';
import { useLang, useUser } from '../../lib/use-site';
import { ScrollLinkTabs } from '../../ui/link-tabs';
import { EmptyState, LoadFailed } from '../../ui/list-ui';
import { MoreButton } from '../../ui/more-button';
import { concertsMore } from './concert-api';
import { CONCERT_VOD_PATH, concertListPath } from './concert-rules';
import { ConcertCard, ConcertsPreparing } from './concert-ui';

/** What the /concert loader hands the page: the tab, and its first page or the refusal. */
export interface ConcertListData {
  tab: ConcertTab;
  set: ListSet<ConcertListItem> | null;
  /** SERVICE_PREPARING's message while the concert switch is off; '' otherwise. */
  preparing: string;
  /** Any other refusal in the viewer's language; '' otherwise. */
  message: string;
}

/**
 * /concert (SPEC §2): the tabs upcoming / on now / past, the concerts of the tab as poster cards (state, a
 * held ticket, title, line-up, the start in KST, the price in STAR by the site's term) and "more".
 */
export function ConcertListPage({ data }: { data: ConcertListData }) {
  const { t } = useTranslation('concerts');
  const user = useUser();
  if (data.preparing) return <ConcertsPreparing message={data.preparing} />;
  const tabs = CONCERT_TABS.map((tab) => ({ key: tab, text: t(`list.tab.${tab}`), to: concertListPath(tab), current: tab === data.tab }));
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8" data-concert-list-page data-tab={data.tab}>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold">{t('list.title')}</h1>
          <p className="mt-1 text-sm text-neutral-600">{t('list.lead')}</p>
        </div>
        {user && (
          <p className="flex flex-wrap gap-2 text-sm">
            <Link to={CONCERT_VOD_PATH} className="inline-flex min-h-11 items-center font-semibold text-brand-dark hover:underline">
              {t('list.myVod')}
            </Link>
            <Link to={CONCERT_TICKETS_PATH} className="inline-flex min-h-11 items-center font-semibold text-brand-dark hover:underline">
              {t('list.myTickets')}
            </Link>
          </p>
        )}
      </div>
      <ScrollLinkTabs label={t('list.tabs')} name="concert" tabs={tabs} />
      {data.set ? (
        <ConcertGrid key={data.tab} tab={data.tab} initial={data.set} />
      ) : (
        <LoadFailed message={data.message || t('loadFailed')} />
      )}
    </div>
  );
}

function ConcertGrid({ tab, initial }: { tab: ConcertTab; initial: ListSet<ConcertListItem> }) {
  const { t } = useTranslation('concerts');
  const lang = useLang();
  const [rows, setRows] = useState(initial.data_list);
  const [total, setTotal] = useState(initial.data_totalcount);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function more() {
    setBusy(true);
    setError('');
    const res = await concertsMore(tab, rows.length, t('retry'));
    setBusy(false);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('retry'));
      return;
    }
    const page = res.rslt_set;
    setRows((shown) => appendPage(shown, page.data_list, (c) => c.concert_sn));
    setTotal(page.data_totalcount);
  }

  if (rows.length === 0) return <EmptyState name={`concert-${tab}`} text={t(`list.empty.${tab}`)} />;
  return (
    <>
      <p className="mt-4 text-sm text-neutral-600 tabular-nums" data-concert-total={total}>
        {t('list.total', { n: formatNumber(total, lang) })}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4" data-concert-cards>
        {rows.map((item) => (
          <ConcertCard key={item.concert_sn} item={item} />
        ))}
      </ul>
      {hasMore(rows.length, total) && (
        <MoreButton onMore={() => void more()} busy={busy} error={error} label={t('more')} busyLabel={t('moreBusy')} />
      )}
    </>
  );
}
