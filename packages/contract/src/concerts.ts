import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';
import type { PlayInfo } from './play.js';
import { charCount } from './validators.js';

/**
 * Concerts (issue 22, docs/concerts.md): paid online shows. A concert is a window of time on one
 * broadcaster's stream key; a ticket (one per account, bought with STAR through the ledger) opens the
 * waiting room at doors time, the live stream and, for `replay_days` after the show, its replay.
 */

const chars = charCount;
const SnSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Paging = PagingSchema.shape;
/** An ISO date-time (the console sends `YYYY-MM-DDTHH:mm` in KST; a zone or `Z` may be given). */
const DateTimeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/, { message: 'CONCERT_DATE_INVALID' });

export const CONCERT_LIMITS = {
  titleMax: 80,
  /** Characters of the description, the notices and the refund rules (plain text, line breaks kept). */
  textMax: 5_000,
  lineupMax: 20,
  lineupNameMax: 40,
  priceMax: 1_000_000,
  /** The waiting room opens this long before the start unless the concert says otherwise. */
  doorsMinutesDefault: 60,
  doorsMinutesMax: 24 * 60,
  /** A show lasts 10 minutes to 12 hours. */
  showMinMinutes: 10,
  showMaxMinutes: 12 * 60,
  replayDaysDefault: 7,
  replayDaysMax: 90,
  /** 0: unlimited plays of the replay. */
  replayPlaysMax: 100,
  /** The media token's life; the player asks for a new one well before (every `mediaTokenRefreshSec`). */
  mediaTokenTtlSec: 600,
  mediaTokenRefreshSec: 240,
} as const;

/** scheduled → doors (waiting room open) → live (its broadcast is on air after the start) → ended; or cancelled. */
export const CONCERT_STATES = ['scheduled', 'doors', 'live', 'ended', 'cancelled'] as const;
export type ConcertState = (typeof CONCERT_STATES)[number];

/** `/concert` tabs: upcoming (scheduled or doors), on now (live), past (ended). */
export const CONCERT_TABS = ['upcoming', 'live', 'past'] as const;
export type ConcertTab = (typeof CONCERT_TABS)[number];

export interface ConcertBj {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
}

export interface ConcertListItem {
  concert_sn: number;
  title: string;
  /** The poster (an upload of purpose `concert`); '' when none. */
  poster: string;
  /** The performers' names as the line-up shows them. */
  lineup: string[];
  /** Price of one ticket in STAR (0: free, a ticket is still needed). */
  price: number;
  doors_at: string;
  starts_at: string;
  ends_at: string;
  state: ConcertState;
  /** The broadcaster whose stream key goes live for it. */
  bj: ConcertBj;
  ticket_cnt: number;
  /** The caller holds a valid ticket. */
  my_ticket_yn: 'Y' | 'N';
}

export interface ConcertTicket {
  ticket_sn: number;
  concert_sn: number;
  state: 'valid' | 'refunded';
  price: number;
  bought_at: string;
  refunded_at: string | null;
  /** Replay plays used (counted once per replay play_info). */
  play_cnt: number;
}

export interface ConcertInfo extends ConcertListItem {
  description: string;
  notice: string;
  refund_rule: string;
  /** The replay stays watchable this many days after the end. */
  replay_days: number;
  /** Replay plays per ticket; 0 is unlimited. */
  replay_play_max: number;
  /** The concert's broadcast: live now or its replay; '' before it went live. */
  vod_key: string;
  /** The broadcast is live now. */
  live_yn: 'Y' | 'N';
  /** The replay is kept (the broadcast recorded). */
  replay_yn: 'Y' | 'N';
  /** Until when a holder may watch the replay (null before the show ended). */
  replay_until: string | null;
  my_ticket: ConcertTicket | null;
  /** Server time, so the countdown does not trust the phone's clock. */
  now: string;
}

export const ConcertListSchema = z.object({ tab: z.enum(CONCERT_TABS).default('upcoming'), ...Paging });
export const ConcertInfoSchema = z.object({ concert_sn: SnSchema });
export const ConcertTicketBuySchema = z.object({
  concert_sn: SnSchema,
  /** Or the `Idempotency-Key` header: a retried purchase answers the first one. */
  idempotency_key: z.string().optional(),
});
export interface ConcertTicketBuySet {
  ticket: ConcertTicket;
  txn_id: number;
  /** The buyer's STAR after the purchase. */
  balance: number;
}

export const ConcertPlaySchema = z.object({ concert_sn: SnSchema });
/**
 * The concert's play page: the broadcast (live, or the replay for a holder within its days and plays) with
 * its media URLs and the media token every media request carries (`?ct=`), bound to the holder.
 */
export interface ConcertPlaySet {
  concert: ConcertInfo;
  info: PlayInfo;
  mode: 'live' | 'replay';
  media_token: string;
  token_expires_at: string;
}
export interface ConcertMediaTokenSet {
  media_token: string;
  token_expires_at: string;
}

/** A ticket as /mypage/details (concert tab) lists it: the ticket with its concert. */
export interface MyConcertTicket extends ConcertTicket {
  concert: ConcertListItem;
  /** The replay is still watchable (ended, within its days and plays). */
  replay_watchable_yn: 'Y' | 'N';
  replay_until: string | null;
}

/** Waiting room events (`GET /v1/concert/waiting_stream?concert_sn=`, Server-Sent Events, docs/concerts.md). */
export type ConcertWaitingEvent =
  | { type: 'state'; state: ConcertState; starts_at: string; now: string; vod_key: string }
  | { type: 'start'; vod_key: string; play_path: string };
export const CONCERT_WAITING_STREAM_PATH = '/concert/waiting_stream';

// ─── The console ────────────────────────────────────────────────────────────────────────────────────

const text = (max: number) =>
  z
    .string()
    .trim()
    .refine((s) => chars(s) <= max, { message: 'CONCERT_TEXT_LENGTH' })
    .default('');

export const ConcertProcSchema = z.object({
  /** Absent: a new concert. */
  concert_sn: SnSchema.optional(),
  title: z
    .string()
    .trim()
    .min(1, { message: 'CONCERT_TITLE_REQUIRED' })
    .refine((s) => chars(s) <= CONCERT_LIMITS.titleMax, { message: 'CONCERT_TITLE_LENGTH' }),
  /** An uploaded poster (`purpose=concert`); 0 keeps the current one. */
  poster_file_sn: z.coerce.number().int().min(0).default(0),
  description: text(CONCERT_LIMITS.textMax),
  notice: text(CONCERT_LIMITS.textMax),
  refund_rule: text(CONCERT_LIMITS.textMax),
  /** Performer names, one per line or comma separated. */
  lineup: z.string().trim().max(2_000).default(''),
  /** The broadcaster's login ID: their stream key goes live for the concert. */
  bj_id: z.string().trim().min(1, { message: 'CONCERT_BJ_REQUIRED' }).max(20),
  price: z.coerce.number().int().min(0).max(CONCERT_LIMITS.priceMax),
  starts_at: DateTimeSchema,
  ends_at: DateTimeSchema,
  doors_minutes: z.coerce.number().int().min(0).max(CONCERT_LIMITS.doorsMinutesMax).default(CONCERT_LIMITS.doorsMinutesDefault),
  replay_days: z.coerce.number().int().min(0).max(CONCERT_LIMITS.replayDaysMax).default(CONCERT_LIMITS.replayDaysDefault),
  replay_play_max: z.coerce.number().int().min(0).max(CONCERT_LIMITS.replayPlaysMax).default(0),
});

export const CONCERT_REFUSAL_PARAMS = {
  CONCERT_TITLE_REQUIRED: {},
  CONCERT_TITLE_LENGTH: { max: CONCERT_LIMITS.titleMax },
  CONCERT_TEXT_LENGTH: { max: CONCERT_LIMITS.textMax },
  CONCERT_BJ_REQUIRED: {},
  CONCERT_DATE_INVALID: {},
  CONCERT_REASON_REQUIRED: {},
} as const satisfies Record<string, Record<string, number>>;

export const AdminConcertListSchema = z.object({ ...Paging });
export interface AdminConcertItem extends ConcertListItem {
  cancelled_reason: string;
  /** STAR taken for valid tickets. */
  sales_total: number;
  vod_key: string;
}
export const ConcertCancelSchema = z.object({
  concert_sn: SnSchema,
  reason: z.string().trim().min(1, { message: 'CONCERT_REASON_REQUIRED' }).max(200),
});
export interface ConcertCancelSet {
  concert_sn: number;
  state: 'cancelled';
  refunded_cnt: number;
}
export const ConcertTicketListSchema = z.object({ concert_sn: SnSchema, ...Paging });
export interface AdminConcertTicket extends ConcertTicket {
  user: { user_key: number; id: string; nick: string };
}
export const ConcertTicketRefundSchema = z.object({
  ticket_sn: SnSchema,
  reason: z.string().trim().min(1, { message: 'CONCERT_REASON_REQUIRED' }).max(200),
});

/** The concerts' calls (SPEC §2 `/concert/*` pages and `/mypage/details_concert`). */
export const concertsEndpoints = {
  list: endpoint<ListSet<ConcertListItem>>()({
    method: 'GET',
    path: '/concert/concert_list',
    request: ConcertListSchema,
    tags: ['concerts'],
    summary: 'Concerts of a tab: upcoming (soonest first), on now, past (latest first)',
  }),
  info: endpoint<ConcertInfo>()({
    method: 'GET',
    path: '/concert/concert_info',
    request: ConcertInfoSchema,
    tags: ['concerts'],
    summary: "A concert with its texts, its broadcast and the caller's ticket",
  }),
  buy: endpoint<ConcertTicketBuySet>()({
    method: 'POST',
    path: '/concert/ticket_buy_proc',
    request: ConcertTicketBuySchema,
    tags: ['concerts'],
    summary: 'Buy the one ticket of an account with STAR (idempotent)',
  }),
  play: endpoint<ConcertPlaySet>()({
    method: 'GET',
    path: '/concert/play_info',
    request: ConcertPlaySchema,
    tags: ['concerts'],
    summary: "A holder's stream (live, or the replay within its days and plays) with a media token",
  }),
  mediaToken: endpoint<ConcertMediaTokenSet>()({
    method: 'POST',
    path: '/concert/media_token_proc',
    request: ConcertPlaySchema,
    tags: ['concerts'],
    summary: "A fresh media token for a holder's player",
  }),
  vodList: endpoint<ListSet<MyConcertTicket>>()({
    method: 'GET',
    path: '/concert/vod_list',
    request: z.object({ ...Paging }),
    tags: ['concerts'],
    summary: 'The concert replays the caller may still watch',
  }),
  detailsConcert: endpoint<ListSet<MyConcertTicket>>()({
    method: 'POST',
    path: '/mypage/details_concert',
    request: z.object({ ...Paging }),
    tags: ['concerts'],
    summary: "The caller's tickets, newest first",
  }),
  adminList: endpoint<ListSet<AdminConcertItem>>()({
    method: 'GET',
    path: '/admin/concert_list',
    request: AdminConcertListSchema,
    tags: ['admin', 'concerts'],
    summary: 'Every concert, latest start first (operators)',
  }),
  adminProc: endpoint<AdminConcertItem>()({
    method: 'POST',
    path: '/admin/concert_proc',
    request: ConcertProcSchema,
    tags: ['admin', 'concerts'],
    summary: 'Create or edit a concert (operators, audited)',
  }),
  adminCancel: endpoint<ConcertCancelSet>()({
    method: 'POST',
    path: '/admin/concert_cancel_proc',
    request: ConcertCancelSchema,
    tags: ['admin', 'concerts'],
    summary: 'Cancel a concert before its start, refunding every ticket (operators, audited)',
  }),
  adminTickets: endpoint<ListSet<AdminConcertTicket>>()({
    method: 'GET',
    path: '/admin/concert_ticket_list',
    request: ConcertTicketListSchema,
    tags: ['admin', 'concerts'],
    summary: "A concert's tickets (operators)",
  }),
  adminRefund: endpoint<AdminConcertTicket>()({
    method: 'POST',
    path: '/admin/concert_ticket_refund_proc',
    request: ConcertTicketRefundSchema,
    tags: ['admin', 'concerts'],
    summary: 'Refund one ticket before the start (operators, audited)',
  }),
} as const;

/** The concerts' result codes (8600–8699). */
export const concertsCodes = defineCodes('concerts', [[8600, 8699]], {
  CONCERT_NOT_FOUND: {
    code: 8601,
    ko: '공연을 찾을 수 없습니다.',
    en: 'This concert could not be found.',
    ja: '公演が見つかりません。',
    'zh-CN': '找不到该演出。',
  },
  CONCERT_TICKET_OWNED: {
    code: 8602,
    ko: '이미 이 공연의 티켓을 가지고 있습니다.',
    en: 'You already have a ticket for this concert.',
    ja: 'この公演のチケットはすでにお持ちです。',
    'zh-CN': '您已拥有该演出的门票。',
  },
  CONCERT_SALES_CLOSED: {
    code: 8603,
    ko: '티켓 판매가 종료된 공연입니다.',
    en: 'Tickets for this concert are no longer on sale.',
    ja: 'この公演のチケット販売は終了しました。',
    'zh-CN': '该演出的门票已停止销售。',
  },
  CONCERT_TICKET_REQUIRED: {
    code: 8604,
    ko: '티켓을 구매한 회원만 관람할 수 있습니다.',
    en: 'Only ticket holders can watch this concert.',
    ja: 'チケットをお持ちの方のみ視聴できます。',
    'zh-CN': '仅持票会员可以观看该演出。',
  },
  CONCERT_NOT_OPEN: {
    code: 8605,
    ko: '아직 입장 시간이 아닙니다. 대기실은 공연 시작 {num}분 전에 열립니다.',
    en: 'Doors are not open yet. The waiting room opens {num} minutes before the start.',
    ja: 'まだ入場時間ではありません。待機室は開演{num}分前に開きます。',
    'zh-CN': '尚未到入场时间。候场室将在演出开始前{num}分钟开放。',
  },
  CONCERT_REPLAY_EXPIRED: {
    code: 8606,
    ko: '다시보기 관람 기간이 끝났습니다.',
    en: 'The replay of this concert is no longer available to watch.',
    ja: 'アーカイブの視聴期間が終了しました。',
    'zh-CN': '该演出的回放观看期限已结束。',
  },
  CONCERT_REPLAY_USED_UP: {
    code: 8607,
    ko: '다시보기는 {num}회까지 볼 수 있습니다.',
    en: 'The replay can be watched {num} times.',
    ja: 'アーカイブは{num}回まで視聴できます。',
    'zh-CN': '回放最多可观看{num}次。',
  },
  CONCERT_REFUND_CLOSED: {
    code: 8608,
    ko: '공연이 시작된 후에는 환불할 수 없습니다.',
    en: 'A ticket cannot be refunded after the concert has started.',
    ja: '開演後は払い戻しできません。',
    'zh-CN': '演出开始后无法退票。',
  },
  CONCERT_TICKET_NOT_FOUND: {
    code: 8609,
    ko: '티켓을 찾을 수 없습니다.',
    en: 'This ticket could not be found.',
    ja: 'チケットが見つかりません。',
    'zh-CN': '找不到该门票。',
  },
  CONCERT_ONLY: {
    code: 8610,
    ko: '공연 방송입니다. 공연 페이지에서 관람해 주세요.',
    en: 'This broadcast is a concert: please watch it on the concert page.',
    ja: '公演の配信です。公演ページからご覧ください。',
    'zh-CN': '这是演出直播，请在演出页面观看。',
  },
  CONCERT_TIMES_INVALID: {
    code: 8611,
    ko: '공연은 {min}분에서 {max}분 사이로, 종료가 시작보다 뒤여야 합니다.',
    en: 'A concert lasts {min} to {max} minutes and ends after it starts.',
    ja: '公演は{min}分から{max}分で、終了は開始より後である必要があります。',
    'zh-CN': '演出时长须为{min}至{max}分钟，且结束时间晚于开始时间。',
  },
  CONCERT_BJ_NOT_FOUND: {
    code: 8612,
    ko: '방송할 BJ 계정을 찾을 수 없습니다.',
    en: 'No broadcaster account has this ID.',
    ja: '配信するBJアカウントが見つかりません。',
    'zh-CN': '找不到该主播账号。',
  },
  CONCERT_OVERLAP: {
    code: 8613,
    ko: '이 BJ의 다른 공연과 시간이 겹칩니다.',
    en: 'This time overlaps another concert of this broadcaster.',
    ja: 'このBJの別の公演と時間が重なっています。',
    'zh-CN': '与该主播的另一场演出时间重叠。',
  },
  CONCERT_CANCELLED: {
    code: 8614,
    ko: '취소된 공연입니다.',
    en: 'This concert has been cancelled.',
    ja: 'この公演は中止されました。',
    'zh-CN': '该演出已取消。',
  },
  CONCERT_NOT_STARTED: {
    code: 8615,
    ko: '공연이 아직 시작되지 않았습니다. 대기실에서 기다려 주세요.',
    en: 'The concert has not started yet. Please wait in the waiting room.',
    ja: '公演はまだ始まっていません。待機室でお待ちください。',
    'zh-CN': '演出尚未开始，请在候场室等候。',
  },
  CONCERT_TITLE_REQUIRED: {
    code: 8620,
    ko: '공연 제목을 입력해 주세요.',
    en: 'Please enter the concert title.',
    ja: '公演タイトルを入力してください。',
    'zh-CN': '请输入演出标题。',
  },
  CONCERT_TITLE_LENGTH: {
    code: 8621,
    ko: '공연 제목은 {max}자까지 입력할 수 있습니다.',
    en: 'The concert title can be up to {max} characters.',
    ja: '公演タイトルは{max}文字まで入力できます。',
    'zh-CN': '演出标题最多{max}个字符。',
  },
  CONCERT_TEXT_LENGTH: {
    code: 8622,
    ko: '{max}자까지 입력할 수 있습니다.',
    en: 'Up to {max} characters.',
    ja: '{max}文字まで入力できます。',
    'zh-CN': '最多{max}个字符。',
  },
  CONCERT_BJ_REQUIRED: {
    code: 8623,
    ko: '방송할 BJ의 아이디를 입력해 주세요.',
    en: "Please enter the broadcaster's ID.",
    ja: '配信するBJのIDを入力してください。',
    'zh-CN': '请输入主播ID。',
  },
  CONCERT_DATE_INVALID: {
    code: 8624,
    ko: '날짜와 시간 형식이 올바르지 않습니다.',
    en: 'This is not a valid date and time.',
    ja: '日時の形式が正しくありません。',
    'zh-CN': '日期时间格式不正确。',
  },
  CONCERT_REASON_REQUIRED: {
    code: 8625,
    ko: '사유를 입력해 주세요.',
    en: 'Please enter a reason.',
    ja: '理由を入力してください。',
    'zh-CN': '请输入原因。',
  },
});
