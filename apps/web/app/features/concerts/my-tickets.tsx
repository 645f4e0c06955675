import type { ListSet, MyConcertTicket } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { kstDate } from '../../lib/format';
import { appendPage, hasMore } from '../../lib/paging';
import { EmptyState } from '../../ui/list-ui';
import { MoreButton } from '../../ui/more-button';
import { ticketsMore } from './concert-api';
import { concertListPath, concertPath } from './concert-rules';
import { KstTime, Price, StateBadge } from './concert-ui';

/** One ticket: its concert (title, start, state), price, when bought or refunded, and the replay's last day. */
function TicketRow({ row }: { row: MyConcertTicket }) {
  const { t } = useTranslation('concerts');
  const c = row.concert;
  const refunded = row.state === 'refunded';
  return (
    <li className="flex items-start justify-between gap-4 px-4 py-3" data-concert-ticket={row.ticket_sn} data-ticket-state={row.state}>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-1.5">
          <StateBadge state={c.state} />
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-bold ${refunded ? 'bg-neutral-200 text-neutral-700' : 'bg-emerald-100 text-emerald-800'}`}
          >
            {t(`tickets.state.${row.state}`)}
          </span>
        </p>
        <p className="mt-1 font-semibold [overflow-wrap:anywhere]">
          <Link to={concertPath(c.concert_sn)} className="hover:underline">
            {c.title}
          </Link>
        </p>
        <p className="text-xs text-neutral-500">
          <KstTime iso={c.starts_at} />
        </p>
        <p className="mt-0.5 text-xs text-neutral-500">
          {t('tickets.bought', { date: kstDate(row.bought_at, true) })}
          {refunded && row.refunded_at && <span className="ml-2">{t('tickets.refunded', { date: kstDate(row.refunded_at, true) })}</span>}
        </p>
        {!refunded && row.replay_watchable_yn === 'Y' && row.replay_until && (
          <p className="mt-0.5 text-xs font-semibold text-brand-dark">
            {t('tickets.replayUntil', { date: kstDate(row.replay_until, true) })}
          </p>
        )}
      </div>
      <p className={`shrink-0 text-right font-bold ${refunded ? 'text-neutral-400 line-through' : ''}`}>
        <Price price={row.price} />
      </p>
    </li>
  );
}

/**
 * The concert tab of /mypage/details (POST /mypage/details_concert): the caller's tickets newest first,
 * whatever the month, "more" after 20.
 */
export function MyTickets({ initial }: { initial: ListSet<MyConcertTicket> }) {
  const { t } = useTranslation('concerts');
  const [rows, setRows] = useState(initial.data_list);
  const [total, setTotal] = useState(initial.data_totalcount);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function more() {
    setBusy(true);
    setError('');
    const res = await ticketsMore(rows.length, t('retry'));
    setBusy(false);
    if (!isOk(res)) {
      setError(res.rslt_msg || t('retry'));
      return;
    }
    setRows((shown) => appendPage(shown, res.rslt_set.data_list, (r) => r.ticket_sn));
    setTotal(res.rslt_set.data_totalcount);
  }

  if (rows.length === 0) {
    return (
      <EmptyState name="details-concert" text={t('tickets.empty')}>
        <Link to={concertListPath()} className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-dark hover:underline">
          {t('vod.browse')} ›
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mt-4 text-xs text-neutral-500">{t('tickets.hint')}</p>
      <ul className="mt-2 divide-y divide-neutral-200 rounded-2xl border border-neutral-200" data-details-list="concert">
        {rows.map((row) => (
          <TicketRow key={row.ticket_sn} row={row} />
        ))}
      </ul>
      {hasMore(rows.length, total) && (
        <MoreButton onMore={() => void more()} busy={busy} error={error} label={t('more')} busyLabel={t('moreBusy')} />
      )}
    </>
  );
}
