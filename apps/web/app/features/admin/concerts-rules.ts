import {
  type AdminConcertItem,
  CONCERT_LIMITS,
  type ConcertInfo,
  type ConcertState,
  type concertsEndpoints,
  type EndpointInput,
  ResultCode,
} from '@byeol/contract';
import { kstInputMinute } from './editorial-console-rules';

/**
 * The concerts console's rules (issue 22, docs/concerts.md): the form's values from a concert and back into
 * the call (times typed in KST and sent with their zone), which field a refusal belongs under, and which
 * actions a concert's state allows.
 */

export const CONCERT_FIELDS = [
  'title',
  'poster',
  'description',
  'notice',
  'refund_rule',
  'lineup',
  'bj_id',
  'price',
  'starts_at',
  'ends_at',
  'doors_minutes',
  'replay_days',
  'replay_play_max',
] as const;
export type ConcertField = (typeof CONCERT_FIELDS)[number];
export type ConcertValues = Record<Exclude<ConcertField, 'poster'>, string>;

export type ConcertProcInput = EndpointInput<typeof concertsEndpoints.adminProc>;

/** Minutes between the doors and the start (the concert's waiting room), never below 0. */
export function doorsMinutesOf(c: Pick<ConcertInfo, 'doors_at' | 'starts_at'>): number {
  const gap = Date.parse(c.starts_at) - Date.parse(c.doors_at);
  return Number.isFinite(gap) ? Math.max(0, Math.round(gap / 60_000)) : CONCERT_LIMITS.doorsMinutesDefault;
}

/** The form for a new concert (the contract's defaults) or for `c` as stored. */
export function concertValues(c: ConcertInfo | null): ConcertValues {
  return {
    title: c?.title ?? '',
    description: c?.description ?? '',
    notice: c?.notice ?? '',
    refund_rule: c?.refund_rule ?? '',
    lineup: c?.lineup.join('\n') ?? '',
    bj_id: c?.bj.id ?? '',
    price: c ? String(c.price) : '',
    starts_at: c ? kstInputMinute(c.starts_at) : '',
    ends_at: c ? kstInputMinute(c.ends_at) : '',
    doors_minutes: String(c ? doorsMinutesOf(c) : CONCERT_LIMITS.doorsMinutesDefault),
    replay_days: String(c?.replay_days ?? CONCERT_LIMITS.replayDaysDefault),
    replay_play_max: String(c?.replay_play_max ?? 0),
  };
}

/** A `datetime-local` value ('YYYY-MM-DDTHH:mm', typed in KST) with its zone; anything else as typed (the server refuses it). */
export function kstZoned(local: string): string {
  const v = local.trim();
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}+09:00` : v;
}

/** The fields the form asks for before sending (the others have defaults). */
export const REQUIRED_FIELDS = ['title', 'bj_id', 'price', 'starts_at', 'ends_at'] as const satisfies readonly ConcertField[];

/** The call's input: `concert_sn` when editing, the poster's upload (0 keeps the stored one), the times zoned. */
export function concertProcBody(sn: number, values: ConcertValues, posterFileSn: number): ConcertProcInput {
  return {
    ...(sn > 0 ? { concert_sn: sn } : {}),
    title: values.title.trim(),
    poster_file_sn: posterFileSn,
    description: values.description,
    notice: values.notice,
    refund_rule: values.refund_rule,
    lineup: values.lineup.trim(),
    bj_id: values.bj_id.trim(),
    price: values.price.trim(),
    starts_at: kstZoned(values.starts_at),
    ends_at: kstZoned(values.ends_at),
    doors_minutes: values.doors_minutes.trim(),
    replay_days: values.replay_days.trim(),
    replay_play_max: values.replay_play_max.trim(),
  } as unknown as ConcertProcInput;
}

/** Refusals that belong under a field whatever field the answer names (or when it names none). */
const FIELD_OF_CODE: Partial<Record<number, ConcertField>> = {
  [ResultCode.CONCERT_TITLE_REQUIRED]: 'title',
  [ResultCode.CONCERT_TITLE_LENGTH]: 'title',
  [ResultCode.CONCERT_BJ_REQUIRED]: 'bj_id',
  [ResultCode.CONCERT_BJ_NOT_FOUND]: 'bj_id',
  [ResultCode.CONCERT_TIMES_INVALID]: 'ends_at',
  [ResultCode.CONCERT_OVERLAP]: 'starts_at',
};

/** The field a refusal is shown under ('' above the buttons): the answer's rslt_set.field, else its code's. */
export function concertFieldOf(code: number, named: string | undefined): ConcertField | '' {
  const field = named === 'poster_file_sn' ? 'poster' : named;
  if (field && (CONCERT_FIELDS as readonly string[]).includes(field)) return field as ConcertField;
  return FIELD_OF_CODE[code] ?? '';
}

/** A concert can be cancelled (every ticket refunded) or edited only before its start. */
export const beforeStart = (state: ConcertState) => state === 'scheduled' || state === 'doors';

/** A concert's broadcast can be frozen while it is live. */
export const freezable = (c: Pick<AdminConcertItem, 'state' | 'vod_key'>) => c.state === 'live' && c.vod_key !== '';

export const CONCERT_STATE_TONE = {
  scheduled: 'blue',
  doors: 'amber',
  live: 'red',
  ended: 'grey',
  cancelled: 'grey',
} as const satisfies Record<ConcertState, 'green' | 'amber' | 'red' | 'grey' | 'blue'>;

/** The concert's public page (another page family of issue 22). */
export const concertPublicPath = (sn: number) => `/concert/${sn}`;

/** `?tickets=` of /admin/concerts: the concert whose tickets are listed, or 0 for the list of concerts. */
export function ticketsOf(params: URLSearchParams): number {
  const raw = params.get('tickets') ?? '';
  return /^\d{1,15}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 0;
}
