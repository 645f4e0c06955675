import { z } from 'zod';
import { defineCodes } from './codes.js';
import { REPORT_TYPES } from './community.js';
import type { MagazineListItem } from './content.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';
import { SITE_SWITCHES, YnSchema } from './site.js';

/**
 * The editorial side (issue 21, docs/editorial.md): the magazine, the broadcast schedule, events, and the
 * site switches operators flip in the console.
 */

const chars = (s: string) => [...s].length;
const SnSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Paging = PagingSchema.shape;
/** A KST calendar day. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const EDITORIAL_LIMITS = {
  titleMax: 120,
  summaryMax: 300,
  /** Characters of an article's or an event's HTML (after sanitising). */
  htmlMax: 100_000,
  /** Characters of an event reply (SPEC §5 comments limited). */
  replyMax: 300,
  replyRate: 10,
  replyWindowMs: 60_000,
  /** Recommended articles under an article. */
  recommendCount: 4,
  scheduleTitleMax: 60,
  /** A planned broadcast lasts 10 minutes to 24 hours. */
  scheduleMinMinutes: 10,
  scheduleMaxMinutes: 1440,
  /** A BJ plans at most this many upcoming broadcasts. */
  schedulePlannedMax: 60,
  /** The schedule's views: a week or a month (up to 6 weeks shown). */
  scheduleDaysMax: 42,
  /** A planned slot shows as live when the BJ went live from this long before its start until its end. */
  liveLeadMinutes: 30,
} as const;

// ─── The magazine (SPEC §7 Magazine) ─────────────────────────────────────────────────────────────────

export const MAGAZINE_CATEGORIES = ['news', 'interview', 'review', 'guide', 'event'] as const;
export type MagazineCategory = (typeof MAGAZINE_CATEGORIES)[number];

export const MagazineListSchema = z.object({ category: z.enum(MAGAZINE_CATEGORIES).optional(), ...Paging });
export interface MagazineItem extends MagazineListItem {
  category: MagazineCategory;
  like_cnt: number;
}
export interface MagazineListSet {
  magazine_list: MagazineItem[];
  magazine_total: number;
}

export const MagazineInfoSchema = z.object({ mi_sn: SnSchema });
export interface MagazineArticle extends MagazineItem {
  /** Sanitised HTML (an allow-list: headings, paragraphs, lists, quotes, links, images from our uploads). */
  content_html: string;
  /** The caller liked it (N for guests). */
  liked_yn: 'Y' | 'N';
}
export interface MagazineInfoSet {
  magazine_info: MagazineArticle;
  recommend_magazine_list: MagazineItem[];
  /** The report types a reader may choose (SPEC §7). */
  magazine_report_category_list: Array<{ code: (typeof REPORT_TYPES)[number] }>;
}

/** GET /sub/magazine_process: counts the caller's view (once per member per KST day) and answers the counters. */
export const MagazineProcessSchema = z.object({ mi_sn: SnSchema });
export interface MagazineProcessSet {
  mi_sn: number;
  view_cnt: number;
  like_cnt: number;
  liked_yn: 'Y' | 'N';
}

/** POST /sub/magazine_proc: like (Y) or unlike (N). */
export const MagazineProcSchema = z.object({ mi_sn: SnSchema, like_yn: YnSchema });

/** POST /sub/magazine_report_proc: lands in the community's report queue (target magazine). */
export const MagazineReportSchema = z.object({
  mi_sn: SnSchema,
  report_type: z.enum(REPORT_TYPES, { message: 'REPORT_TYPE_REQUIRED' }),
  content: z
    .string({ message: 'REPORT_CONTENT_REQUIRED' })
    .trim()
    .min(1, { message: 'REPORT_CONTENT_REQUIRED' })
    .refine((s) => chars(s) <= 1000, { message: 'REPORT_CONTENT_LENGTH' }),
});

export const MAGAZINE_STATES = ['draft', 'published', 'hidden'] as const;
export type MagazineState = (typeof MAGAZINE_STATES)[number];

export const AdminMagazineListSchema = z.object({ state: z.enum(['all', ...MAGAZINE_STATES]).default('all'), ...Paging });
export interface AdminMagazine extends MagazineArticle {
  state: MagazineState;
  /** Published and its time has come (a published article with a later time is scheduled). */
  live_yn: 'Y' | 'N';
}

/**
 * POST /admin/magazine_save_proc: a new article (mi_sn 0) or an edit. `content_html` is sanitised by the
 * server; `image` is the list picture: an upload's public URL (purpose `magazine`) or ''. `publish_date`
 * (ISO 8601 or `YYYY-MM-DDTHH:mm` KST) schedules it.
 */
export const AdminMagazineSaveSchema = z.object({
  mi_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  title: z.string().trim().min(1).max(EDITORIAL_LIMITS.titleMax),
  summary: z.string().trim().max(EDITORIAL_LIMITS.summaryMax).default(''),
  category: z.enum(MAGAZINE_CATEGORIES),
  content_html: z
    .string()
    .max(EDITORIAL_LIMITS.htmlMax * 2)
    .default(''),
  image: z.string().trim().max(300).default(''),
  state: z.enum(MAGAZINE_STATES).default('draft'),
  publish_date: z.string().trim().max(40).default(''),
});

// ─── The schedule (SPEC §7 schedule calls) ───────────────────────────────────────────────────────────

/** BJ kinds the schedule filters on (the account's bj_type_cd). */
export const SCHEDULE_BJ_KINDS = ['general', 'enter', 'program'] as const;
export type ScheduleBjKind = (typeof SCHEDULE_BJ_KINDS)[number];

/** POST /sub/schedule_list: the planned broadcasts (and events) of `days` KST days from `from`. */
export const ScheduleListSchema = z.object({
  from: DaySchema,
  days: z.coerce.number().int().min(1).max(EDITORIAL_LIMITS.scheduleDaysMax).default(7),
  bj_kind: z.enum(['all', ...SCHEDULE_BJ_KINDS]).default('all'),
});

export interface ScheduleItem {
  schedule_sn: number;
  title: string;
  /** ISO 8601. */
  start_date: string;
  duration_min: number;
  /** The KST day it starts on (`YYYY-MM-DD`). */
  day: string;
  state: 'planned' | 'cancelled';
  bj: { user_key: number; id: string; nick: string; profile_image: string; bj_type_cd: string };
  /** The BJ went live around this slot (from liveLeadMinutes before its start to its end): the live vod_key. */
  live_vod_key: string | null;
  /** The caller follows the BJ (their slots come first in a day). */
  followed_yn: 'Y' | 'N';
}

export interface ScheduleEventItem {
  event_sn: number;
  title: string;
  banner: string;
  start_date: string;
  end_date: string;
}

export interface ScheduleListSet extends ListSet<ScheduleItem> {
  /** Events running on any of the days. */
  event_list: ScheduleEventItem[];
  from: string;
  days: number;
}

/** POST /sub/schedule_detail_list: one KST day, every slot of it. */
export const ScheduleDetailSchema = z.object({ day: DaySchema, bj_kind: z.enum(['all', ...SCHEDULE_BJ_KINDS]).default('all') });

/** POST /sub/schedule_event_more: the events of the schedule (running and upcoming), paged. */
export const ScheduleEventMoreSchema = z.object({ ...Paging });

/** GET /mypage/schedule_html: one BJ's upcoming planned broadcasts (`id`: the BJ's login ID; none: mine). */
export const ScheduleHtmlSchema = z.object({
  id: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Za-z0-9_]*$/)
    .default(''),
});
export interface ScheduleHtmlSet {
  schedule_list: ScheduleItem[];
  total_count: number;
}

/** What a planned broadcast is: its title, its start (`YYYY-MM-DDTHH:mm` in KST, or ISO 8601) and length. */
const SchedulePlan = {
  title: z
    .string({ message: 'SCHEDULE_TITLE_REQUIRED' })
    .trim()
    .min(1, { message: 'SCHEDULE_TITLE_REQUIRED' })
    .refine((s) => chars(s) <= EDITORIAL_LIMITS.scheduleTitleMax, { message: 'SCHEDULE_TITLE_LENGTH' }),
  start: z
    .string({ message: 'SCHEDULE_DATE_INVALID' })
    .trim()
    .min(16, { message: 'SCHEDULE_DATE_INVALID' })
    .max(40, { message: 'SCHEDULE_DATE_INVALID' }),
  duration_min: z.coerce
    .number({ message: 'SCHEDULE_DURATION' })
    .int({ message: 'SCHEDULE_DURATION' })
    .min(EDITORIAL_LIMITS.scheduleMinMinutes, { message: 'SCHEDULE_DURATION' })
    .max(EDITORIAL_LIMITS.scheduleMaxMinutes, { message: 'SCHEDULE_DURATION' }),
};

/** POST /mypage/schedule_proc: a BJ plans (insert), changes (update) or cancels a broadcast. */
export const ScheduleProcSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('insert'), ...SchedulePlan }),
  z.object({ mode: z.literal('update'), schedule_sn: SnSchema, ...SchedulePlan }),
  z.object({ mode: z.literal('cancel'), schedule_sn: SnSchema }),
]);

// ─── Events (SPEC §7 event calls) ────────────────────────────────────────────────────────────────────

export const EVENT_PHASES = ['running', 'upcoming', 'ended'] as const;
export type EventPhase = (typeof EVENT_PHASES)[number];

export const EventMoreSchema = z.object({ phase: z.enum(EVENT_PHASES).default('running'), ...Paging });
export interface EventItem extends ScheduleEventItem {
  summary: string;
  phase: EventPhase;
  reply_cnt: number;
}

export const EventContentInfoSchema = z.object({ event_sn: SnSchema, ...Paging });
export interface EventReply {
  reply_sn: number;
  user_key: number;
  user_id: string;
  user_nick: string;
  profile_image: string;
  content: string;
  reg_date: string;
  is_mine_yn: 'Y' | 'N';
}
export interface EventContentInfoSet {
  event_info: EventItem & { content_html: string };
  event_reply_list: EventReply[];
  event_reply_count: number;
}

/** POST /sub/event_reply_proc: a member replies to an event (insert) or deletes their reply. */
export const EventReplyProcSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('insert'),
    event_sn: SnSchema,
    content: z
      .string({ message: 'EVENT_REPLY_REQUIRED' })
      .trim()
      .min(1, { message: 'EVENT_REPLY_REQUIRED' })
      .refine((s) => chars(s) <= EDITORIAL_LIMITS.replyMax, { message: 'EVENT_REPLY_LENGTH' }),
  }),
  z.object({ mode: z.literal('delete'), reply_sn: SnSchema }),
]);

export const EVENT_STATES = ['draft', 'published', 'hidden'] as const;
export const AdminEventListSchema = z.object({ ...Paging });
export interface AdminEvent extends EventItem {
  content_html: string;
  state: (typeof EVENT_STATES)[number];
}
/** POST /admin/event_save_proc: an event with its period (KST days or ISO instants), banner (an upload's URL) and body. */
export const AdminEventSaveSchema = z.object({
  event_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  title: z.string().trim().min(1).max(EDITORIAL_LIMITS.titleMax),
  summary: z.string().trim().max(EDITORIAL_LIMITS.summaryMax).default(''),
  content_html: z
    .string()
    .max(EDITORIAL_LIMITS.htmlMax * 2)
    .default(''),
  banner: z.string().trim().max(300).default(''),
  start_date: z.string().trim().min(10).max(40),
  end_date: z.string().trim().min(10).max(40),
  state: z.enum(EVENT_STATES).default('published'),
});

// ─── Site switches (SPEC §1) ─────────────────────────────────────────────────────────────────────────

/** POST /admin/site_switch_proc: operators flip one switch (audited; every process learns it over the bus). */
export const AdminSiteSwitchSchema = z.object({ name: z.enum(SITE_SWITCHES), value: YnSchema });
export interface AdminSiteSwitchSet {
  name: (typeof SITE_SWITCHES)[number];
  value: 'Y' | 'N';
  site_setting: Record<string, string>;
}

export const editorialEndpoints = {
  magazineList: endpoint<MagazineListSet>()({
    method: 'GET',
    path: '/sub/magazine_list',
    request: MagazineListSchema,
    tags: ['editorial'],
    summary: 'Published magazine articles by category, newest first',
  }),
  magazineInfo: endpoint<MagazineInfoSet>()({
    method: 'GET',
    path: '/sub/magazine_info',
    request: MagazineInfoSchema,
    tags: ['editorial'],
    summary: 'One article with recommended articles and the report types',
  }),
  magazineProcess: endpoint<MagazineProcessSet>()({
    method: 'GET',
    path: '/sub/magazine_process',
    request: MagazineProcessSchema,
    tags: ['editorial'],
    summary: "Counts the caller's view of an article (once per member per day) and answers its counters",
  }),
  magazineProc: endpoint<MagazineProcessSet>()({
    method: 'POST',
    path: '/sub/magazine_proc',
    request: MagazineProcSchema,
    tags: ['editorial'],
    summary: 'Like or unlike an article',
  }),
  magazineReport: endpoint<{ report_sn: number }>()({
    method: 'POST',
    path: '/sub/magazine_report_proc',
    request: MagazineReportSchema,
    tags: ['editorial'],
    summary: "Report an article (the community's report queue)",
  }),
  scheduleList: endpoint<ScheduleListSet>()({
    method: 'POST',
    path: '/sub/schedule_list',
    request: ScheduleListSchema,
    tags: ['editorial'],
    summary: 'Planned broadcasts and events of a week or a month (KST days), followed BJs first in a day',
  }),
  scheduleDetail: endpoint<ListSet<ScheduleItem>>()({
    method: 'POST',
    path: '/sub/schedule_detail_list',
    request: ScheduleDetailSchema,
    tags: ['editorial'],
    summary: 'Every planned broadcast of one KST day',
  }),
  scheduleEventMore: endpoint<ListSet<ScheduleEventItem>>()({
    method: 'POST',
    path: '/sub/schedule_event_more',
    request: ScheduleEventMoreSchema,
    tags: ['editorial'],
    summary: 'Running and upcoming events, soonest first',
  }),
  scheduleHtml: endpoint<ScheduleHtmlSet>()({
    method: 'GET',
    path: '/mypage/schedule_html',
    request: ScheduleHtmlSchema,
    tags: ['editorial'],
    summary: "One BJ's upcoming planned broadcasts (the channel's schedule tab, my page)",
  }),
  scheduleProc: endpoint<ScheduleItem>()({
    method: 'POST',
    path: '/mypage/schedule_proc',
    request: ScheduleProcSchema,
    tags: ['editorial'],
    summary: 'A BJ plans, changes or cancels a broadcast',
  }),
  eventMore: endpoint<ListSet<EventItem>>()({
    method: 'POST',
    path: '/sub/event_more',
    request: EventMoreSchema,
    tags: ['editorial'],
    summary: 'Events running, upcoming or ended',
  }),
  eventContentInfo: endpoint<EventContentInfoSet>()({
    method: 'POST',
    path: '/sub/event_content_info',
    request: EventContentInfoSchema,
    tags: ['editorial'],
    summary: 'One event with a page of its replies',
  }),
  eventReplyProc: endpoint<EventReply | { reply_sn: number }>()({
    method: 'POST',
    path: '/sub/event_reply_proc',
    request: EventReplyProcSchema,
    tags: ['editorial'],
    summary: "Reply to an event, or delete one's own reply",
  }),
  adminMagazineList: endpoint<ListSet<AdminMagazine>>()({
    method: 'POST',
    path: '/admin/magazine_list',
    request: AdminMagazineListSchema,
    tags: ['editorial'],
    summary: 'Articles in every state (operators)',
  }),
  adminMagazineSave: endpoint<AdminMagazine>()({
    method: 'POST',
    path: '/admin/magazine_save_proc',
    request: AdminMagazineSaveSchema,
    tags: ['editorial'],
    summary: 'Write, edit, schedule, publish or hide an article (operators; sanitised; audited)',
  }),
  adminEventList: endpoint<ListSet<AdminEvent>>()({
    method: 'POST',
    path: '/admin/event_list',
    request: AdminEventListSchema,
    tags: ['editorial'],
    summary: 'Events in every state (operators)',
  }),
  adminEventSave: endpoint<AdminEvent>()({
    method: 'POST',
    path: '/admin/event_save_proc',
    request: AdminEventSaveSchema,
    tags: ['editorial'],
    summary: 'Create or edit an event (operators; sanitised; audited)',
  }),
  adminSiteSwitch: endpoint<AdminSiteSwitchSet>()({
    method: 'POST',
    path: '/admin/site_switch_proc',
    request: AdminSiteSwitchSchema,
    tags: ['editorial'],
    summary: 'Turn a site switch on or off (operators; audited; every process follows at once)',
  }),
} as const;

export const EDITORIAL_REFUSAL_PARAMS = {
  SCHEDULE_TITLE_REQUIRED: {},
  SCHEDULE_TITLE_LENGTH: { max: EDITORIAL_LIMITS.scheduleTitleMax },
  SCHEDULE_DATE_INVALID: {},
  SCHEDULE_DURATION: { min: EDITORIAL_LIMITS.scheduleMinMinutes, max: EDITORIAL_LIMITS.scheduleMaxMinutes },
  EVENT_REPLY_REQUIRED: {},
  EVENT_REPLY_LENGTH: { max: EDITORIAL_LIMITS.replyMax },
} as const satisfies Record<string, Record<string, number>>;

/** The editorial result codes (8500–8599). */
export const editorialCodes = defineCodes('editorial', [[8500, 8599]], {
  MAGAZINE_NOT_FOUND: {
    code: 8501,
    ko: '기사를 찾을 수 없습니다.',
    en: 'This article could not be found.',
    ja: '記事が見つかりません。',
    'zh-CN': '找不到该文章。',
  },
  MAGAZINE_DATE_INVALID: {
    code: 8502,
    ko: '게시 일시 형식이 올바르지 않습니다.',
    en: 'The publishing time is not a valid date.',
    ja: '公開日時の形式が正しくありません。',
    'zh-CN': '发布时间格式不正确。',
  },
  SCHEDULE_NOT_FOUND: {
    code: 8510,
    ko: '방송 일정을 찾을 수 없습니다.',
    en: 'This planned broadcast could not be found.',
    ja: '配信予定が見つかりません。',
    'zh-CN': '找不到该直播日程。',
  },
  SCHEDULE_TITLE_REQUIRED: {
    code: 8511,
    ko: '방송 제목을 입력해주세요.',
    en: 'Please enter a title for the broadcast.',
    ja: '配信タイトルを入力してください。',
    'zh-CN': '请输入直播标题。',
  },
  SCHEDULE_TITLE_LENGTH: {
    code: 8512,
    ko: '방송 제목은 {max}자까지 쓸 수 있습니다.',
    en: 'A title can be up to {max} characters.',
    ja: '配信タイトルは{max}文字までです。',
    'zh-CN': '直播标题最多{max}个字。',
  },
  SCHEDULE_IN_PAST: {
    code: 8513,
    ko: '지난 시간으로는 일정을 잡을 수 없습니다.',
    en: 'A broadcast cannot be planned in the past.',
    ja: '過去の時間には予定を入れられません。',
    'zh-CN': '不能把日程安排在过去的时间。',
  },
  SCHEDULE_OVERLAP: {
    code: 8514,
    ko: '같은 시간에 이미 잡힌 방송 일정이 있습니다.',
    en: 'You already have a broadcast planned at that time.',
    ja: '同じ時間にすでに配信予定があります。',
    'zh-CN': '该时间已有直播日程。',
  },
  SCHEDULE_TOO_MANY: {
    code: 8515,
    ko: '예정된 방송은 {max}개까지 등록할 수 있습니다.',
    en: 'You can plan up to {max} broadcasts ahead.',
    ja: '配信予定は{max}件まで登録できます。',
    'zh-CN': '最多可登记{max}个直播日程。',
  },
  SCHEDULE_DATE_INVALID: {
    code: 8516,
    ko: '방송 시작 일시 형식이 올바르지 않습니다.',
    en: 'The start time is not a valid date.',
    ja: '配信開始日時の形式が正しくありません。',
    'zh-CN': '直播开始时间格式不正确。',
  },
  SCHEDULE_DURATION: {
    code: 8517,
    ko: '방송 시간은 {min}분에서 {max}분 사이로 정해주세요.',
    en: 'A broadcast lasts {min} to {max} minutes.',
    ja: '配信時間は{min}分から{max}分の間で設定してください。',
    'zh-CN': '直播时长须在{min}到{max}分钟之间。',
  },
  EVENT_NOT_FOUND: {
    code: 8520,
    ko: '이벤트를 찾을 수 없습니다.',
    en: 'This event could not be found.',
    ja: 'イベントが見つかりません。',
    'zh-CN': '找不到该活动。',
  },
  EVENT_REPLY_REQUIRED: {
    code: 8521,
    ko: '댓글 내용을 입력해주세요.',
    en: 'Please enter a reply.',
    ja: 'コメントを入力してください。',
    'zh-CN': '请输入评论内容。',
  },
  EVENT_REPLY_LENGTH: {
    code: 8522,
    ko: '댓글은 {max}자까지 쓸 수 있습니다.',
    en: 'A reply can be up to {max} characters.',
    ja: 'コメントは{max}文字までです。',
    'zh-CN': '评论最多{max}个字。',
  },
  EVENT_REPLY_NOT_FOUND: {
    code: 8523,
    ko: '댓글이 없거나 삭제되었습니다.',
    en: 'This reply does not exist or was deleted.',
    ja: 'コメントが存在しないか、削除されました。',
    'zh-CN': '该评论不存在或已被删除。',
  },
  EVENT_ENDED: {
    code: 8524,
    ko: '종료된 이벤트입니다.',
    en: 'This event has ended.',
    ja: '終了したイベントです。',
    'zh-CN': '该活动已结束。',
  },
  EVENT_PERIOD_INVALID: {
    code: 8525,
    ko: '이벤트 기간이 올바르지 않습니다. 종료일은 시작일 이후여야 합니다.',
    en: 'The event period is not valid: the end must come after the start.',
    ja: 'イベント期間が正しくありません。終了日は開始日より後にしてください。',
    'zh-CN': '活动期间不正确。结束日期必须晚于开始日期。',
  },
});
