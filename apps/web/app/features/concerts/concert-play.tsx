import { CONCERT_LIMITS, type ConcertPlaySet, ResultCode } from '@byeol/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isOk } from '../../lib/answer';
import { PlayLoginGate, PlayPage } from '../play';
import { freshMediaToken } from './concert-api';
import { ConcertRefusal } from './concert-refusal';
import { withMediaToken } from './concert-rules';
import { ConcertsPreparing } from './concert-ui';

/** What the concert play loader (routes/play.tsx under /concert/{id}) hands the page. */
export interface ConcertPlayData {
  concertSn: number;
  /** concertsEndpoints.play's answer when it let the caller in; null with `code` and `message` otherwise. */
  set: ConcertPlaySet | null;
  code: number;
  message: string;
}

/**
 * The media token of a holder's player: the one play_info gave, renewed every `mediaTokenRefreshSec`
 * (well inside its life) with concertsEndpoints.mediaToken. A refusal of the renewal (the ticket refunded, the
 * replay's days over) reloads the page's data, so the page shows why. Answers a function that puts the
 * current token on a media URL.
 */
function useMediaToken(concertSn: number, initial: string): (url: string) => string {
  const token = useRef(initial);
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    token.current = initial;
  }, [initial]);
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      const res = await freshMediaToken(concertSn, '');
      if (stopped) return;
      if (isOk(res)) token.current = res.rslt_set.media_token;
      // No answer: the current token lives on (TTL well beyond the refresh); the next turn tries again.
      else if (res.rslt_cd !== -1) void latest.current.revalidate();
    }, CONCERT_LIMITS.mediaTokenRefreshSec * 1000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [concertSn]);
  return useCallback((url: string) => withMediaToken(url, token.current, window.location.href), []);
}

function ConcertPlayer({ concertSn, set }: { concertSn: number; set: ConcertPlaySet }) {
  const rewriteUrl = useMediaToken(concertSn, set.media_token);
  return <PlayPage code={0} info={set.info} message="" concert={{ concertSn, replay: set.mode === 'replay', rewriteUrl }} />;
}

/**
 * /concert/{id}/play/{vod_key}: a holder's stream (live, or the replay within its days and plays) on the play
 * page, every media request carrying the current media token; otherwise why not (a ticket required, the
 * replay expired or used up, doors not open…) with the way to the concert's page, the sign-in gate for a
 * visitor, or 'service being prepared' while the concert switch is off.
 */
export function ConcertPlay({ data }: { data: ConcertPlayData }) {
  const { t } = useTranslation('concerts');
  if (data.set) return <ConcertPlayer key={data.set.info.vod_key} concertSn={data.concertSn} set={data.set} />;
  if (data.code === ResultCode.LOGIN_REQUIRED) return <PlayLoginGate />;
  if (data.code === ResultCode.SERVICE_PREPARING) {
    return (
      <div className="bg-white text-neutral-900">
        <ConcertsPreparing message={data.message} />
      </div>
    );
  }
  return <ConcertRefusal dark message={data.message || t('loadFailed')} concertSn={data.concertSn} />;
}
