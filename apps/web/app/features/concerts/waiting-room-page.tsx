import { type ConcertInfo, type ConcertState, resultMessage } from '@byeol/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { kstDate } from '../../lib/format';
import { useLang, useUser } from '../../lib/use-site';
import { LoginGate } from '../../ui/login-gate';
import { ChatPanel } from '../chat';
import { HolderPanel } from './concert-page';
import { ConcertRefusal } from './concert-refusal';
import {
  concertPath,
  concertPlayPath,
  countdown,
  doorsMinutes,
  holderAction,
  isConcertPlayPath,
  onSale,
  parseWaitingEvent,
  waitingStreamUrl,
} from './concert-rules';
import { CountdownText, Poster, StateBadge, useServerClock } from './concert-ui';
import { TicketButton } from './ticket-button';

/** The stream's connection as the room shows it. */
type StreamLink = 'connecting' | 'open' | 'reconnecting';

/** Waits before opening the stream again after the browser gave up on it (it retries by itself otherwise). */
const REOPEN_MS = [1000, 2000, 5000, 10_000];

/**
 * The waiting room's stream (GET /v1/concert/waiting_stream, Server-Sent Events): `state` events (the
 * concert's state, the server's time, its broadcast's vod_key once live), and one `start` event that moves
 * the holder into the play page. EventSource reconnects by itself after a dropped connection; when it gives
 * up (a refused or failed answer) the room opens it again after a pause.
 */
function useWaitingStream(concertSn: number, onState: (e: { state: ConcertState; now: string; vodKey: string; startsAt: string }) => void) {
  const navigate = useNavigate();
  const [link, setLink] = useState<StreamLink>('connecting');
  const latest = useRef({ onState, navigate });
  latest.current = { onState, navigate };
  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const open = () => {
      if (stopped) return;
      source = new EventSource(waitingStreamUrl(concertSn));
      source.onopen = () => {
        failures = 0;
        setLink('open');
      };
      source.onmessage = (message: MessageEvent<string>) => {
        const event = parseWaitingEvent(message.data);
        if (!event) return;
        if (event.type === 'state') {
          latest.current.onState({ state: event.state, now: event.now, vodKey: event.vod_key, startsAt: event.starts_at });
          return;
        }
        stopped = true;
        source?.close();
        const to = isConcertPlayPath(event.play_path) ? event.play_path : concertPlayPath(concertSn, event.vod_key);
        void latest.current.navigate(to);
      };
      source.onerror = () => {
        if (!source || source.readyState !== EventSource.CLOSED) {
          setLink('reconnecting');
          return;
        }
        setLink('reconnecting');
        source = null;
        timer = setTimeout(open, REOPEN_MS[Math.min(failures, REOPEN_MS.length - 1)]);
        failures += 1;
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [concertSn]);
  return link;
}

/** The room of a holder once doors are open: the countdown to the start, the state, the stream, the chat. */
function WaitingRoom({ info }: { info: ConcertInfo }) {
  const { t } = useTranslation('concerts');
  const { now, resync } = useServerClock(info.now);
  const [state, setState] = useState<ConcertState>(info.state);
  const [startsAt, setStartsAt] = useState(info.starts_at);
  const [vodKey, setVodKey] = useState(info.live_yn === 'Y' ? info.vod_key : '');
  const link = useWaitingStream(info.concert_sn, (e) => {
    setState(e.state);
    setStartsAt(e.startsAt);
    setVodKey(e.vodKey);
    resync(e.now);
  });
  const left = countdown(now, new Date(startsAt).getTime());
  const over = state === 'ended' || state === 'cancelled';

  return (
    <div className="bg-neutral-950 text-neutral-100" data-waiting-room={info.concert_sn} data-room-state={state} data-stream={link}>
      <div className="mx-auto grid max-w-6xl gap-4 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-8">
        <section className="min-w-0" aria-labelledby="waiting-title">
          <div className="flex items-start gap-4">
            <Poster src={info.poster} title={info.title} className="w-20 shrink-0 sm:w-28" />
            <div className="min-w-0">
              <p className="text-sm font-semibold text-violet-300">{t('waiting.title')}</p>
              <h1 id="waiting-title" className="mt-1 text-xl font-extrabold leading-snug [overflow-wrap:anywhere] sm:text-2xl">
                {info.title}
              </h1>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <StateBadge state={state} />
                <span className="text-sm text-neutral-400">
                  {t('waiting.startsAt', { date: t('kst', { date: kstDate(startsAt, true) }) })}
                </span>
              </div>
            </div>
          </div>
          <div className="mt-6 rounded-2xl border border-neutral-800 bg-neutral-900 px-4 py-8 text-center" aria-live="polite">
            {over ? (
              <p className="text-lg font-bold">{state === 'cancelled' ? t('holder.cancelled') : t('waiting.ended')}</p>
            ) : left.left > 0 ? (
              <>
                <p className="text-sm text-neutral-400">{t('waiting.startsIn')}</p>
                <p className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl" data-waiting-countdown>
                  <CountdownText value={left} />
                </p>
                <p className="mt-2 text-xs text-neutral-500">{t('waiting.serverTime')}</p>
              </>
            ) : (
              <p className="text-lg font-bold" data-waiting-soon>
                {t('waiting.soon')}
              </p>
            )}
            {state === 'live' && vodKey && (
              <Link
                to={concertPlayPath(info.concert_sn, vodKey)}
                className="mt-5 inline-flex min-h-12 items-center rounded-lg bg-violet-600 px-5 font-semibold text-white hover:bg-violet-500"
                data-watch-now
              >
                {t('waiting.watchNow')}
              </Link>
            )}
          </div>
          {link !== 'open' && !over && (
            <p className="mt-3 text-center text-sm text-neutral-400" role="status" data-stream-status={link}>
              {link === 'connecting' ? t('waiting.connecting') : t('waiting.reconnecting')}
            </p>
          )}
          <p className="mt-4 text-sm">
            <Link to={concertPath(info.concert_sn)} className="inline-flex min-h-11 items-center text-violet-300 hover:underline">
              ‹ {t('play.back')}
            </Link>
          </p>
        </section>
        <aside aria-label={t('waiting.chat')} className="min-w-0">
          {vodKey ? (
            <div
              className="h-[60vh] min-h-80 overflow-hidden rounded-2xl border border-neutral-800 lg:h-[calc(100dvh_-_8rem)]"
              data-waiting-chat={vodKey}
            >
              <ChatPanel vodKey={vodKey} />
            </div>
          ) : (
            <p
              className="rounded-2xl border border-dashed border-neutral-700 px-4 py-10 text-center text-sm text-neutral-400"
              data-waiting-chat-later
            >
              {t('waiting.chatLater')}
            </p>
          )}
        </aside>
      </div>
    </div>
  );
}

/**
 * /concert/waiting/{id}: signed out, the sign-in gate; without a ticket, CONCERT_TICKET_REQUIRED's message and
 * the ticket button; before doors, CONCERT_NOT_OPEN's message with the countdown to them; ended or cancelled,
 * what the ticket still opens; otherwise the room.
 */
export function WaitingRoomPage({ info }: { info: ConcertInfo }) {
  const { t } = useTranslation('concerts');
  const lang = useLang();
  const user = useUser();
  const { now } = useServerClock(info.now);
  const holder = info.my_ticket !== null && info.my_ticket.state === 'valid';
  if (!user) {
    return (
      <LoginGate signedIn={false} title={t('waiting.title')}>
        {null}
      </LoginGate>
    );
  }
  if (!holder) {
    return (
      <ConcertRefusal message={resultMessage('CONCERT_TICKET_REQUIRED', lang)} concertSn={info.concert_sn} title={info.title}>
        {onSale(info.state) && <TicketButton info={info} className="w-full max-w-xs" />}
      </ConcertRefusal>
    );
  }
  const action = holderAction(info, now);
  if (action === 'countdown') {
    return (
      <ConcertRefusal
        message={resultMessage('CONCERT_NOT_OPEN', lang, { num: doorsMinutes(info) })}
        concertSn={info.concert_sn}
        title={info.title}
      >
        <HolderPanel info={info} now={now} />
      </ConcertRefusal>
    );
  }
  if (action !== 'waiting' && action !== 'watch') {
    return (
      <ConcertRefusal
        message={action === 'cancelled' ? t('holder.cancelled') : t('holder.ended')}
        concertSn={info.concert_sn}
        title={info.title}
      >
        {action === 'replay' && <HolderPanel info={info} now={now} />}
      </ConcertRefusal>
    );
  }
  return <WaitingRoom info={info} />;
}
