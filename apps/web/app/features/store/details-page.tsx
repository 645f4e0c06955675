import {
  type ItemUseEntry,
  itemsEndpoints,
  type StatementEntry,
  type SupporterCharge,
  supportersEndpoints,
  walletEndpoints,
} from '@byeol/contract';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk, send } from '../../lib/answer';
import { api } from '../../lib/api';
import { formatNumber, kstDate } from '../../lib/format';
import { CONCERT_TICKETS_PATH, GAME_DETAILS_PATH } from '../../lib/links';
import { appendPage, hasMore } from '../../lib/paging';
import { useCurrencyNames } from '../../lib/use-currency';
import { useLang, useSite } from '../../lib/use-site';
import { LinkTabs } from '../../ui/link-tabs';
import { EmptyNote, MoreButton } from '../../ui/list-ui';
import { SupporterChargeRow } from '../supporters';
import type { MonthList } from './store-api';
import { ItemImage } from './store-ui';

export const DETAILS_TABS = ['star', 'cubic', 'items', 'supporters_auto', 'supporters_regular'] as const;
export type DetailsTab = (typeof DETAILS_TABS)[number];
export type DetailsAccount = 'wallet' | 'earnings';
export const DETAILS_PAGE_SIZE = 20;

/** Where each tab reads (SPEC §7 details_star and details_cubic; the item usage history, docs/items.md). */
export const DETAILS_PATHS: Record<DetailsTab, string> = {
  star: walletEndpoints.detailsStar.path,
  cubic: walletEndpoints.detailsCubic.path,
  items: itemsEndpoints.history.path,
  supporters_auto: supportersEndpoints.detailsAuto.path,
  supporters_regular: supportersEndpoints.detailsRegular.path,
};

/** One line of a details list: a statement entry, an item use or a supporter charge. */
export type DetailsRow = StatementEntry | ItemUseEntry | SupporterCharge;

const isSupporterTab = (tab: DetailsTab) => tab === 'supporters_auto' || tab === 'supporters_regular';

export interface DetailsData {
  tab: DetailsTab;
  account: DetailsAccount;
  month: string;
  /** The months the selector offers, newest first (current month first). */
  months: string[];
  /** The rows of the month, or null with the API's message when it refused. */
  list: MonthList<DetailsRow> | null;
  message: string;
  broadcaster: boolean;
}

export function detailsHref(tab: DetailsTab, month: string, account: DetailsAccount): string {
  const qs = new URLSearchParams({ tab, month });
  if (tab === 'star' && account === 'earnings') qs.set('account', 'earnings');
  return `/mypage/details?${qs}`;
}

/**
 * /mypage/details: the STAR and CUBIC statements and the item usage history, one month at a time (the
 * current month and the months the API offers, SPEC §1/§9). A BJ also sees their gift earnings.
 */
export function DetailsPage({ data, concert, game }: { data: DetailsData; concert?: ReactNode; game?: ReactNode }) {
  const { t } = useTranslation('store');
  const { t: ta } = useTranslation('achieve');
  const { t: tc } = useTranslation('concerts');
  const { t: ts } = useTranslation('supporters');
  const names = useCurrencyNames();
  const navigate = useNavigate();
  const { tab, account, month, months } = data;
  const tabs = DETAILS_TABS.map((key) => ({
    key,
    to: detailsHref(key, month, 'wallet'),
    text:
      key === 'star'
        ? names.star
        : key === 'cubic'
          ? names.item
          : isSupporterTab(key)
            ? ts(`details.tabs.${key}`)
            : t('details.tabs.items'),
  }));
  // The concert tickets' tab (issue 22): not by month, its list comes from the concerts feature (`concert`).
  const concertsOn = useSite()?.site.site_setting.concert_yn === 'Y';
  const withConcert = concertsOn || concert ? [...tabs, { key: 'concert', to: CONCERT_TICKETS_PATH, text: tc('tickets.tab') }] : tabs;
  // The game coins' tab (issue 23, details_game): its own list from the achieve feature (`game`).
  const allTabs = [...withConcert, { key: 'game', to: GAME_DETAILS_PATH, text: ta('game.tab') }];
  const other = concert ?? game;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-details={tab} data-month={month}>
      <p className="mb-2 text-sm">
        <Link to="/mypage" className="text-brand underline-offset-2 hover:underline">
          {t('mine.back')}
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{t('details.title')}</h1>
      <LinkTabs label={t('details.tabs.label')} tabs={allTabs} current={concert ? 'concert' : game ? 'game' : tab} />
      {other}
      <div className={`mt-4 flex flex-wrap items-center gap-3 ${other ? 'hidden' : ''}`}>
        <label htmlFor="details-month" className="text-sm font-semibold">
          {t('details.month')}
        </label>
        <select
          id="details-month"
          value={months.includes(month) ? month : ''}
          onChange={(e) => void navigate(detailsHref(tab, e.target.value, account))}
          className="min-h-10 rounded-lg border border-neutral-300 px-3 text-sm"
          data-month-select
        >
          {!months.includes(month) && <option value="">—</option>}
          {months.map((m) => (
            <option key={m} value={m}>
              {t('details.monthLabel', { year: m.slice(0, 4), month: Number(m.slice(5)) })}
            </option>
          ))}
        </select>
        {tab === 'star' && data.broadcaster && (
          <LinkTabs
            label={t('details.account.label')}
            current={account}
            tabs={[
              { key: 'wallet', to: detailsHref('star', month, 'wallet'), text: t('details.account.wallet') },
              { key: 'earnings', to: detailsHref('star', month, 'earnings'), text: t('details.account.earnings') },
            ]}
          />
        )}
      </div>
      {other ? null : data.list === null ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-6 text-center text-red-700">
          {data.message || t('list.loadFailed')}
        </p>
      ) : (
        <DetailsList key={`${tab}:${account}:${month}`} data={data} initial={data.list} />
      )}
    </div>
  );
}

function DetailsList({ data, initial }: { data: DetailsData; initial: MonthList<DetailsRow> }) {
  const { t } = useTranslation('store');
  const { t: ts } = useTranslation('supporters');
  const [rows, setRows] = useState(initial.data_list);
  const [total, setTotal] = useState(initial.data_totalcount);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const keyOf = (row: DetailsRow) =>
    'order_id' in row ? `c${row.charge_sn}` : 'use_sn' in row ? `u${row.use_sn}` : `t${row.txn_id}:${row.amount}`;

  async function more() {
    setBusy(true);
    setError('');
    const body = {
      offset: rows.length,
      limit: DETAILS_PAGE_SIZE,
      month: data.month,
      ...(data.tab === 'star' ? { account: data.account } : {}),
    };
    const res = await send(() => api.post<MonthList<DetailsRow>>(DETAILS_PATHS[data.tab], body), t('error.retry'));
    setBusy(false);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('error.retry'));
      return;
    }
    const page = res.rslt_set;
    setRows((shown) => appendPage(shown, page.data_list, keyOf));
    setTotal(page.data_totalcount);
  }

  if (rows.length === 0) {
    const text = isSupporterTab(data.tab) ? ts(`details.empty.${data.tab}`) : t(`details.empty.${data.tab}`);
    return <EmptyNote name={`details-${data.tab}`} text={text} />;
  }
  return (
    <>
      <ul className="mt-6 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-details-list={data.tab}>
        {rows.map((row) =>
          'order_id' in row ? (
            <SupporterChargeRow key={keyOf(row)} row={row} />
          ) : 'use_sn' in row ? (
            <UseRow key={keyOf(row)} row={row} />
          ) : (
            <StatementRow key={keyOf(row)} row={row} />
          ),
        )}
      </ul>
      {hasMore(rows.length, total) && <MoreButton onMore={() => void more()} busy={busy} error={error} />}
    </>
  );
}

function StatementRow({ row }: { row: StatementEntry }) {
  const { t } = useTranslation('store');
  const lang = useLang();
  const names = useCurrencyNames();
  const currency = row.currency === 'STAR' ? names.star : names.item;
  const signed = `${row.amount > 0 ? '+' : row.amount < 0 ? '−' : ''}${formatNumber(Math.abs(row.amount), lang)}`;
  const note =
    typeof row.meta.message === 'string' && row.meta.message
      ? row.meta.message
      : typeof row.meta.reason === 'string'
        ? row.meta.reason
        : '';
  return (
    <li className="flex items-center justify-between gap-4 px-4 py-3" data-statement={row.kind} data-txn-id={row.txn_id}>
      <div className="min-w-0">
        <p className="font-semibold" data-kind>
          {t(`details.kind.${row.kind}`)}
        </p>
        <p className="text-xs text-neutral-500">
          {kstDate(row.created_at, true)}
          {note && <span className="ml-2">{note}</span>}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`font-bold tabular-nums ${row.amount < 0 ? 'text-red-600' : 'text-emerald-700'}`} data-amount={row.amount}>
          {t('price', { n: signed, currency })}
        </p>
        <p className="text-xs text-neutral-500">{t('details.balanceAfter', { n: formatNumber(row.balance_after, lang), currency })}</p>
      </div>
    </li>
  );
}

function UseRow({ row }: { row: ItemUseEntry }) {
  const { t } = useTranslation('store');
  return (
    <li className="flex items-center gap-4 px-4 py-3" data-item-use={row.use_sn}>
      <ItemImage item={row} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{row.name}</p>
        <p className="text-xs text-neutral-500">
          {kstDate(row.used_at, true)}
          {row.vod_key && (
            <Link to={`/play/${encodeURIComponent(row.vod_key)}`} className="ml-2 text-brand hover:underline">
              {t('details.inRoom')}
            </Link>
          )}
        </p>
      </div>
    </li>
  );
}
