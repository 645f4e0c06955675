import type { ListSet, MyConcertTicket } from '@byeol/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { formatNumber, kstDate } from '../../lib/format';
import { appendPage, hasMore } from '../../lib/paging';
import { useLang } from '../../lib/use-site';
import { EmptyState, LoadFailed } from '../../ui/list-ui';
import { MoreButton } from '../../ui/more-button';
import { concertVodsMore } from './concert-api';
import { concertListPath, concertPath } from './concert-rules';
import { ConcertsPreparing, KstTime, Poster } from './concert-ui';

/** What the /concert/vod loader hands the page (null data: signed out, the gate shows). */
export interface ConcertVodData {
  set: ListSet<MyConcertTicket> | null;
  preparing: string;
  message: string;
}

/** One watchable replay: the poster, the title, the show's date, until when and how often it was played. */
function VodRow({ row }: { row: MyConcertTicket }) {
  const { t } = useTranslation('concerts');
  const lang = useLang();
  const c = row.concert;
  return (
    <li className="group relative flex gap-3 py-4" data-concert-vod={c.concert_sn}>
      <Poster src={c.poster} title={c.title} className="w-20 shrink-0 sm:w-24" />
      <div className="min-w-0 flex-1">
        <h2 className="line-clamp-2 font-bold leading-snug [overflow-wrap:anywhere]">
          {/* The concert's page names the replay's link and its days (the list has no vod_key). */}
          <Link to={concertPath(c.concert_sn)} className="after:absolute after:inset-0 group-hover:underline" data-concert-vod-link>
            {c.title}
          </Link>
        </h2>
        {c.lineup.length > 0 && <p className="mt-0.5 line-clamp-1 text-sm text-neutral-600">{c.lineup.join(' · ')}</p>}
        <p className="mt-1 text-sm text-neutral-600">
          <KstTime iso={c.starts_at} />
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
          {row.replay_until && (
            <span className="font-semibold text-brand-dark" data-replay-until={row.replay_until}>
              {t('vod.until', { date: kstDate(row.replay_until, true) })}
            </span>
          )}
          <span className="text-neutral-600 tabular-nums" data-play-cnt={row.play_cnt}>
            {t('vod.played', { n: formatNumber(row.play_cnt, lang) })}
          </span>
        </p>
      </div>
      <span aria-hidden="true" className="self-center rounded-full bg-brand px-3 py-1 text-sm font-semibold text-white">
        ▶ {t('vod.watch')}
      </span>
    </li>
  );
}

/** /concert/vod: the caller's concert replays still watchable (within their days and plays), "more" after 20. */
export function ConcertVodPage({ data }: { data: ConcertVodData }) {
  const { t } = useTranslation('concerts');
  if (data.preparing) return <ConcertsPreparing message={data.preparing} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8" data-concert-vod-page>
      <h1 className="text-2xl font-extrabold">{t('vod.title')}</h1>
      <p className="mt-1 text-sm text-neutral-600">{t('vod.lead')}</p>
      {data.set ? <VodList initial={data.set} /> : <LoadFailed message={data.message || t('loadFailed')} />}
    </div>
  );
}

function VodList({ initial }: { initial: ListSet<MyConcertTicket> }) {
  const { t } = useTranslation('concerts');
  const [rows, setRows] = useState(initial.data_list);
  const [total, setTotal] = useState(initial.data_totalcount);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function more() {
    setBusy(true);
    setError('');
    const res = await concertVodsMore(rows.length, t('retry'));
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
      <EmptyState name="concert-vod" text={t('vod.empty')}>
        <Link to={concertListPath('past')} className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand-dark hover:underline">
          {t('vod.browse')} ›
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="mt-4 divide-y divide-neutral-200" data-concert-vods>
        {rows.map((row) => (
          <VodRow key={row.ticket_sn} row={row} />
        ))}
      </ul>
      {hasMore(rows.length, total) && (
        <MoreButton onMore={() => void more()} busy={busy} error={error} label={t('more')} busyLabel={t('moreBusy')} />
      )}
    </>
  );
}
