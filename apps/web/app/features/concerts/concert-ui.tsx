import type { ConcertListItem, ConcertState } from '@byeol/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, kstDate } from '../../lib/format';
import { useLang } from '../../lib/use-site';
import { useStarName } from '../../lib/use-star-name';
import { ServicePreparing } from '../../ui/service-preparing';
import { type Countdown, clockOf, concertPath } from './concert-rules';

/** A date and time in KST as the concert pages show it ('2026.11.22 19:00', with 'KST' outside Korean). */
export function KstTime({ iso, className = '' }: { iso: string; className?: string }) {
  const { t } = useTranslation('concerts');
  return (
    <time dateTime={iso} className={`tabular-nums ${className}`}>
      {t('kst', { date: kstDate(iso, true) })}
    </time>
  );
}

/** A ticket's price in STAR by the site's term, with separators; 0 is free. */
export function Price({ price, className = '' }: { price: number; className?: string }) {
  const { t } = useTranslation('concerts');
  const lang = useLang();
  const star = useStarName();
  return (
    <span className={`tabular-nums ${className}`} data-price={price}>
      {price === 0 ? t('free') : t('price', { n: formatNumber(price, lang), currency: star })}
    </span>
  );
}

const STATE_CLASS: Record<ConcertState, string> = {
  scheduled: 'bg-sky-100 text-sky-800',
  doors: 'bg-amber-100 text-amber-900',
  live: 'bg-red-600 text-white',
  ended: 'bg-neutral-200 text-neutral-700',
  cancelled: 'bg-neutral-800 text-white',
};

export function StateBadge({ state }: { state: ConcertState }) {
  const { t } = useTranslation('concerts');
  return (
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ${STATE_CLASS[state]}`}
      data-concert-state={state}
    >
      {t(`state.${state}`)}
    </span>
  );
}

export function TicketBadge() {
  const { t } = useTranslation('concerts');
  return (
    <span
      className="inline-flex shrink-0 items-center whitespace-nowrap rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800"
      data-ticket-held
    >
      ✓ {t('ticketHeld')}
    </span>
  );
}

/** A concert's poster (portrait 3:4), or a tinted card with a star when it has none. */
export function Poster({ src, title, className = '' }: { src: string; title: string; className?: string }) {
  const { t } = useTranslation('concerts');
  return (
    <div
      className={`relative aspect-[3/4] overflow-hidden rounded-xl bg-gradient-to-br from-violet-600 via-fuchsia-500 to-amber-300 ${className}`}
    >
      {src ? (
        <img src={src} alt={t('poster', { title })} loading="lazy" className="h-full w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="flex h-full items-center justify-center text-5xl text-white/90">
          ★
        </div>
      )}
    </div>
  );
}

/** One concert in a list: poster, badges, title, line-up, the start in KST and the price; the card is the link. */
export function ConcertCard({ item }: { item: ConcertListItem }) {
  const { t } = useTranslation('concerts');
  return (
    <li className="group relative flex min-w-0 flex-col" data-concert-card={item.concert_sn} data-concert-state={item.state}>
      <Poster src={item.poster} title={item.title} />
      <div className="mt-3 flex flex-wrap items-center gap-1.5">
        <StateBadge state={item.state} />
        {item.my_ticket_yn === 'Y' && <TicketBadge />}
      </div>
      <h2 className="mt-1.5 line-clamp-2 text-base font-bold leading-snug [overflow-wrap:anywhere]">
        {/* The whole card is the link (the stretched ::after), its name is the title. */}
        <Link
          to={concertPath(item.concert_sn)}
          className="after:absolute after:inset-0 after:rounded-xl group-hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          data-concert-link
        >
          {item.title}
        </Link>
      </h2>
      {item.lineup.length > 0 && (
        <p className="mt-1 line-clamp-2 text-sm text-neutral-600 [overflow-wrap:anywhere]">
          <span className="sr-only">{t('info.lineup')}: </span>
          {item.lineup.join(' · ')}
        </p>
      )}
      <p className="mt-1 text-sm text-neutral-700">
        <KstTime iso={item.starts_at} />
      </p>
      <p className="mt-0.5 text-sm font-bold text-brand-dark">
        <Price price={item.price} />
      </p>
    </li>
  );
}

/** The concert pages while the concert switch is off (SPEC §1): SERVICE_PREPARING's message. */
export function ConcertsPreparing({ message }: { message: string }) {
  const { t } = useTranslation('concerts');
  return <ServicePreparing title={t('list.title')} message={message} />;
}

/**
 * The server's clock: `serverNow` (an ISO time the server sent) ticks on with the phone's clock from the
 * moment it arrived, so a phone whose clock is off still counts down to the right second. The first render
 * (SSR and hydration) shows the server's time itself. `resync` takes a newer server time (a stream event).
 */
export function useServerClock(serverNow: string): { now: number; resync: (iso: string) => void } {
  const initial = new Date(serverNow).getTime();
  const [now, setNow] = useState(initial);
  const offset = useRef<number | null>(null);
  useEffect(() => {
    offset.current = initial - Date.now();
    setNow(initial);
  }, [initial]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (offset.current !== null) setNow(Date.now() + offset.current);
    }, 1000);
    return () => clearInterval(timer);
  }, []);
  const resync = useCallback((iso: string) => {
    const t = new Date(iso).getTime();
    if (Number.isNaN(t)) return;
    offset.current = t - Date.now();
    setNow(t);
  }, []);
  return { now, resync };
}

/** A countdown as '2일 03:04:05' (the days left out when none). */
export function CountdownText({ value }: { value: Countdown }) {
  const { t } = useTranslation('concerts');
  const lang = useLang();
  const clock = clockOf(value);
  return (
    <span className="tabular-nums" data-countdown={Math.ceil(value.left / 1000)}>
      {value.days > 0 ? t('countdown.label', { days: t('countdown.days', { n: formatNumber(value.days, lang) }), clock }) : clock}
    </span>
  );
}
