import {
  API_BASE,
  CONCERT_TABS,
  CONCERT_WAITING_STREAM_PATH,
  type ConcertInfo,
  type ConcertState,
  type ConcertTab,
  type ConcertWaitingEvent,
  ResultCode,
} from '@byeol/contract';

/**
 * The concert pages' rules on the web (issue 22, packages/contract/src/concerts.ts): their paths, what the
 * URLs ask for, what a holder may do with a concert at a given server time, the countdown, the waiting
 * room's events and the media token every request of a concert's player carries (`?ct=`).
 */

/** Concerts per "more" of /concert (a grid of 2, 3 or 4 across). */
export const CONCERT_PAGE_SIZE = 12;
/** Tickets per "more" of /concert/vod and the concert tab of /mypage/details. */
export const TICKET_PAGE_SIZE = 20;

const positiveInt = (value: string | null | undefined): number => {
  const n = Number(value ?? '');
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** A route parameter that names a concert: a positive safe integer, or 0. */
export const concertSnOf = (raw: string | undefined): number => positiveInt(raw);

export const isConcertTab = (value: string | null): value is ConcertTab => (CONCERT_TABS as readonly (string | null)[]).includes(value);

/** `?tab=` of /concert: upcoming when absent or unknown. */
export const concertTabOf = (params: URLSearchParams): ConcertTab => {
  const tab = params.get('tab');
  return isConcertTab(tab) ? tab : 'upcoming';
};

/** `/concert` with its tab (upcoming left out). */
export const concertListPath = (tab: ConcertTab = 'upcoming') => (tab === 'upcoming' ? '/concert' : `/concert?tab=${tab}`);
export const concertPath = (sn: number) => `/concert/${sn}`;
export const concertDetailPath = (sn: number) => `/concert/detail/${sn}`;
export const concertWaitingPath = (sn: number) => `/concert/waiting/${sn}`;
export const concertPlayPath = (sn: number, vodKey: string) => `/concert/${sn}/play/${encodeURIComponent(vodKey)}`;
export const CONCERT_VOD_PATH = '/concert/vod';
/** The waiting room's Server-Sent Events (same origin, the session cookie goes along). */
export const waitingStreamUrl = (sn: number) => `${API_BASE}${CONCERT_WAITING_STREAM_PATH}?concert_sn=${sn}`;

const ms = (iso: string | null | undefined) => {
  const t = iso ? new Date(iso).getTime() : Number.NaN;
  return Number.isNaN(t) ? Number.NaN : t;
};

/** The minutes the waiting room opens before the start (CONCERT_NOT_OPEN's `{num}`). */
export const doorsMinutes = (c: Pick<ConcertInfo, 'doors_at' | 'starts_at'>) =>
  Math.max(0, Math.round((ms(c.starts_at) - ms(c.doors_at)) / 60_000));

/**
 * What a ticket holder can do with a concert at server time `now` (ms):
 * - `countdown`: before doors, a countdown to them;
 * - `waiting`: doors are open (enter the waiting room);
 * - `watch`: the show is on (its broadcast is live);
 * - `replay`: ended and its replay still watchable (until `replay_until`);
 * - `ended`: ended, no replay (or its days are over); `cancelled`.
 */
export type HolderAction = 'countdown' | 'waiting' | 'watch' | 'replay' | 'ended' | 'cancelled';

export function holderAction(
  c: Pick<ConcertInfo, 'state' | 'doors_at' | 'vod_key' | 'replay_yn' | 'replay_until' | 'live_yn'>,
  now: number,
): HolderAction {
  switch (c.state) {
    case 'cancelled':
      return 'cancelled';
    case 'ended':
      return c.replay_yn === 'Y' && c.vod_key !== '' && ms(c.replay_until) > now ? 'replay' : 'ended';
    case 'live':
      return c.vod_key !== '' ? 'watch' : 'waiting';
    case 'doors':
      return 'waiting';
    default:
      return ms(c.doors_at) > now ? 'countdown' : 'waiting';
  }
}

/** Whether a ticket can still be offered (the server has the last word: CONCERT_SALES_CLOSED). */
export const onSale = (state: ConcertState) => state === 'scheduled' || state === 'doors' || state === 'live';

/** A countdown's parts from now (ms) to `to` (ms); all zero once it passed. */
export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Milliseconds left (0 once passed). */
  left: number;
}

export function countdown(now: number, to: number): Countdown {
  const left = Number.isNaN(to) ? 0 : Math.max(0, to - now);
  const s = Math.floor(left / 1000);
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
    left,
  };
}

/** The hours, minutes and seconds of a countdown as hh:mm:ss (CountdownText puts the days in front). */
export const clockOf = (c: Countdown) => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(c.hours)}:${two(c.minutes)}:${two(c.seconds)}`;
};

/** One message of the waiting room's stream, or null when it is not a ConcertWaitingEvent. */
export function parseWaitingEvent(data: string): ConcertWaitingEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const e = value as Record<string, unknown>;
  if (e.type === 'start' && typeof e.play_path === 'string' && typeof e.vod_key === 'string') {
    return { type: 'start', vod_key: e.vod_key, play_path: e.play_path };
  }
  if (e.type === 'state' && typeof e.state === 'string' && typeof e.starts_at === 'string' && typeof e.now === 'string') {
    return {
      type: 'state',
      state: e.state as ConcertState,
      starts_at: e.starts_at,
      now: e.now,
      vod_key: typeof e.vod_key === 'string' ? e.vod_key : '',
    };
  }
  return null;
}

/** A `play_path` of a start event is followed only when it is this site's concert play page. */
export const isConcertPlayPath = (path: string) => /^\/concert\/\d+\/play\/[^/?#]+$/.test(path);

/**
 * `url` with the media token as its `ct` parameter (replacing any earlier one), for every request of a
 * concert's player: the master playlist, the child playlists, the segments and the FLV stream.
 */
export function withMediaToken(url: string, token: string, base = 'http://localhost'): string {
  if (!token) return url;
  const absolute = /^[a-z][a-z\d+.-]*:\/\//i.test(url);
  const u = new URL(url, base);
  u.searchParams.set('ct', token);
  return absolute ? u.href : `${u.pathname}${u.search}${u.hash}`;
}

/** The concert play call's refusals a viewer is shown with a way back to the concert's page. */
export const PLAY_REFUSALS: readonly number[] = [
  ResultCode.CONCERT_TICKET_REQUIRED,
  ResultCode.CONCERT_REPLAY_EXPIRED,
  ResultCode.CONCERT_REPLAY_USED_UP,
  ResultCode.CONCERT_NOT_OPEN,
  ResultCode.CONCERT_CANCELLED,
  ResultCode.CONCERT_ONLY,
];

/** Answers that mean there is no such concert to show: the page is a 404. */
export const CONCERT_MISSING: readonly number[] = [
  ResultCode.CONCERT_NOT_FOUND,
  ResultCode.INVALID_INPUT,
  ResultCode.REQUIRED,
  ResultCode.NOT_FOUND,
];
