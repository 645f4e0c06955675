import type { ConcertInfo } from '@byeol/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatNumber, kstDate } from '../../lib/format';
import { channelPath } from '../../lib/links';
import { useLang } from '../../lib/use-site';
import { concertDetailPath, concertListPath, concertPlayPath, concertWaitingPath, countdown, holderAction, onSale } from './concert-rules';
import { CountdownText, KstTime, Poster, Price, StateBadge, TicketBadge, useServerClock } from './concert-ui';
import { TicketButton } from './ticket-button';

const actionLink =
  'flex min-h-12 w-full items-center justify-center rounded-lg bg-brand px-4 py-2.5 text-base font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** A labelled row of the concert's facts. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 py-2 sm:grid-cols-[7rem_minmax(0,1fr)]">
      <dt className="text-sm font-semibold text-neutral-500">{label}</dt>
      <dd className="min-w-0 text-sm text-neutral-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * What a holder can do now (server time): the countdown to doors, enter the waiting room, watch, the replay
 * until its last day, or that it ended or was cancelled.
 */
export function HolderPanel({ info, now }: { info: ConcertInfo; now: number }) {
  const { t } = useTranslation('concerts');
  const action = holderAction(info, now);
  return (
    <div className="space-y-3" data-holder-action={action}>
      {info.my_ticket && (
        <p className="text-sm text-neutral-600">{t('holder.bought', { date: kstDate(info.my_ticket.bought_at, true) })}</p>
      )}
      {action === 'countdown' && (
        <p className="rounded-lg bg-neutral-100 px-3 py-3 text-center">
          <span className="block text-sm text-neutral-600">{t('holder.countdown')}</span>
          <strong className="text-2xl">
            <CountdownText value={countdown(now, new Date(info.doors_at).getTime())} />
          </strong>
        </p>
      )}
      {action === 'waiting' && (
        <Link to={concertWaitingPath(info.concert_sn)} className={actionLink} data-enter-waiting>
          {t('holder.waiting')}
        </Link>
      )}
      {action === 'watch' && (
        <Link to={concertPlayPath(info.concert_sn, info.vod_key)} className={actionLink} data-watch>
          {t('holder.watch')}
        </Link>
      )}
      {action === 'replay' && (
        <>
          <Link to={concertPlayPath(info.concert_sn, info.vod_key)} className={actionLink} data-replay>
            {t('holder.replay')}
          </Link>
          {info.replay_until && (
            <p className="text-center text-sm text-neutral-600">{t('holder.replayUntil', { date: kstDate(info.replay_until, true) })}</p>
          )}
        </>
      )}
      {action === 'ended' && <p className="rounded-lg bg-neutral-100 px-3 py-3 text-center font-semibold">{t('holder.ended')}</p>}
      {action === 'cancelled' && <p className="rounded-lg bg-neutral-100 px-3 py-3 text-center font-semibold">{t('holder.cancelled')}</p>}
    </div>
  );
}

/**
 * /concert/{id}: the poster, the state and a held ticket, the title, line-up, the times in KST (doors, start,
 * end), the price in STAR, the broadcaster and the replay's terms; the ticket button, or for a holder what
 * the ticket opens now; the way to the concert's details.
 */
export function ConcertPage({ info }: { info: ConcertInfo }) {
  const { t } = useTranslation('concerts');
  const lang = useLang();
  const { now } = useServerClock(info.now);
  const holder = info.my_ticket !== null && info.my_ticket.state === 'valid';
  const replay =
    info.replay_days > 0
      ? [
          t('info.replayDays', { n: formatNumber(info.replay_days, lang) }),
          info.replay_play_max > 0 ? t('info.replayPlays', { n: formatNumber(info.replay_play_max, lang) }) : '',
        ]
          .filter(Boolean)
          .join(' · ')
      : t('info.replayNone');

  let action: ReactNode;
  if (holder) action = <HolderPanel info={info} now={now} />;
  else if (info.state === 'cancelled')
    action = <p className="rounded-lg bg-neutral-100 px-3 py-3 text-center font-semibold">{t('holder.cancelled')}</p>;
  else if (onSale(info.state)) action = <TicketButton info={info} />;
  else action = <p className="rounded-lg bg-neutral-100 px-3 py-3 text-center font-semibold">{t('buy.closed')}</p>;

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8" data-concert-page={info.concert_sn} data-concert-state={info.state}>
      <p className="mb-3 text-sm">
        <Link to={concertListPath()} className="inline-flex min-h-11 items-center text-brand-dark underline-offset-2 hover:underline">
          ‹ {t('info.list')}
        </Link>
      </p>
      <div className="grid gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:gap-10">
        <Poster src={info.poster} title={info.title} className="mx-auto w-full max-w-[18rem] md:max-w-none" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-1.5">
            <StateBadge state={info.state} />
            {holder && <TicketBadge />}
          </div>
          <h1 className="mt-2 text-2xl font-extrabold leading-snug [overflow-wrap:anywhere] sm:text-3xl">{info.title}</h1>
          <dl className="mt-4 divide-y divide-neutral-200 border-y border-neutral-200">
            {info.lineup.length > 0 && (
              <Fact label={t('info.lineup')}>
                <ul className="flex flex-wrap gap-1.5" data-lineup>
                  {info.lineup.map((name) => (
                    <li key={name} className="rounded-full bg-neutral-100 px-2.5 py-0.5 font-semibold">
                      {name}
                    </li>
                  ))}
                </ul>
              </Fact>
            )}
            <Fact label={t('info.schedule')}>
              <ul className="space-y-0.5">
                <li>
                  <span className="me-2 text-neutral-500">{t('info.doors')}</span>
                  <KstTime iso={info.doors_at} />
                </li>
                <li>
                  <span className="me-2 text-neutral-500">{t('info.start')}</span>
                  <KstTime iso={info.starts_at} className="font-bold" />
                </li>
                <li>
                  <span className="me-2 text-neutral-500">{t('info.end')}</span>
                  <KstTime iso={info.ends_at} />
                </li>
              </ul>
            </Fact>
            <Fact label={t('info.price')}>
              <Price price={info.price} className="text-base font-bold text-brand-dark" />
            </Fact>
            <Fact label={t('info.bj')}>
              <Link
                to={channelPath(info.bj.id)}
                className="inline-flex items-center gap-2 font-semibold hover:underline"
                data-concert-bj={info.bj.id}
              >
                {info.bj.profile_image ? <img src={info.bj.profile_image} alt="" className="size-6 rounded-full object-cover" /> : null}
                {info.bj.nick}
              </Link>
            </Fact>
            <Fact label={t('info.replay')}>{replay}</Fact>
          </dl>
          <div className="mt-5 max-w-md">{action}</div>
          <p className="mt-4">
            <Link
              to={concertDetailPath(info.concert_sn)}
              className="inline-flex min-h-11 items-center font-semibold text-brand-dark underline-offset-2 hover:underline"
              data-concert-details-link
            >
              {t('info.details')} ›
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
