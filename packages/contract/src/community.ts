import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';
import { charCount } from './validators.js';

/**
 * Community and customer service (issue 19, docs/community.md): the board ("stories", SPEC §2 /bbs), the
 * customer centre (notices, FAQ, Q&A, reports), the versioned policies, and the console's moderation.
 */

export const BOARD_LIMITS = {
  titleMax: 100,
  /** Characters of a post's body (plain text; HTML is never interpreted). */
  contentMax: 10_000,
  /** Characters of a comment (SPEC §5 'comments limited to a number of characters'). */
  replyMax: 300,
  /** Image attachments per post or question (SPEC §5 'file count limited'). */
  filesMax: 5,
  /** Posts a member may write within writeWindowMs. */
  writeRate: 5,
  writeWindowMs: 10 * 60_000,
  /** Comments a member may write within replyWindowMs. */
  replyRate: 10,
  replyWindowMs: 60_000,
  /** The deepest offset a list accepts; past it a page is reached with `last_sn` (keyset paging). */
  offsetMax: 2_000,
  /** A keyword search counts its matches up to this number (`eventboard_total_capped_yn`). */
  searchTotalCap: 1_000,
  keywordMax: 50,
} as const;

export const CS_LIMITS = {
  titleMax: 100,
  contentMax: 5_000,
  answerMax: 5_000,
  reportMax: 1_000,
  /** The quoted chat line of a chat report. */
  quoteMax: 300,
  /** Reports a member may send within reportWindowMs. */
  reportRate: 10,
  reportWindowMs: 60 * 60_000,
} as const;

export const POLICY_LIMITS = {
  contentMax: 100_000,
  reasonMax: 500,
  /** Default of the site setting: a new version takes effect at least this many days after it is published. */
  noticeDaysDefault: 7,
  /** The notice period an operator may set (`/admin/site`): never under the SPEC's 7 days, at most a quarter. */
  noticeDaysMin: 7,
  noticeDaysMax: 90,
} as const;

const yn = z.enum(['Y', 'N']);
const chars = charCount;
const SnSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Paging = PagingSchema.shape;
/** A comma-separated list of upload numbers (`12,15`), in display order. */
const FileListSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^(\d{1,15}(,\d{1,15})*)?$/)
  .default('')
  .transform((s) => (s === '' ? [] : s.split(',').map(Number)));

// ─── Personal information (SPEC §5 'no personal information in posts') ───────────────────────────────

export const PERSONAL_INFO_KINDS = ['phone', 'rrn', 'email', 'address'] as const;
export type PersonalInfoKind = (typeof PERSONAL_INFO_KINDS)[number];

/**
 * Patterns of the personal data a post must not carry: Korean mobile and landline numbers (with or without
 * separators, +82 too), resident registration numbers (6 digits, a dash or not, 7 digits starting 1–8),
 * e-mail addresses, and street or lot addresses (a 시/도/구/군 followed by a road (…로, …길) and a building
 * number, a 동/리 with a lot number `123-4`, an apartment's `101동 1203호`).
 */
const PERSONAL_PATTERNS: Record<PersonalInfoKind, RegExp> = {
  rrn: /(?<!\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\s*-?\s*[1-8]\d{6}(?!\d)/g,
  phone: /(?<![\d])(?:\+?82[\s.-]?1[016789]|01[016789]|0(?:2|[3-6][1-5]|70))[\s.-]?\d{3,4}[\s.-]?\d{4}(?!\d)/g,
  email: /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}/g,
  address:
    /(?:[가-힣]+(?:시|도|구|군)\s+[가-힣0-9]+(?:로|길)\s*\d+(?:-\d+)?)|(?:[가-힣]+(?:동|리)\s+\d+-\d+)|(?:\d{1,4}\s*동\s*\d{1,4}\s*호)/g,
};

/** The first kind of personal data found in `text`, or null. */
export function findPersonalInfo(text: string): PersonalInfoKind | null {
  for (const kind of PERSONAL_INFO_KINDS) {
    const re = PERSONAL_PATTERNS[kind];
    re.lastIndex = 0;
    if (re.test(text)) return kind;
  }
  return null;
}

/** `text` with every piece of personal data replaced by asterisks of the same length. */
export function maskPersonalInfo(text: string): string {
  let out = text;
  for (const kind of PERSONAL_INFO_KINDS) {
    out = out.replace(PERSONAL_PATTERNS[kind], (m) => '*'.repeat([...m].length));
  }
  return out;
}

// ─── The board (SPEC §7 Board) ───────────────────────────────────────────────────────────────────────

/** GET /sub/eventboard_list: `setting_sn` and `site_key` are forced to 1 (SPEC §7). */
export const BoardListSchema = z.object({
  setting_sn: z.coerce.number().int().optional(),
  site_key: z.coerce.number().int().optional(),
  search_keyword: z.string().trim().max(BOARD_LIMITS.keywordMax).default(''),
  offset: z.coerce.number().int().min(0).max(BOARD_LIMITS.offsetMax).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Keyset paging: the posts older than this board_sn (the last row of the page before). */
  last_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /**
   * Keyset paging back ("newer"): the `limit` posts just newer than this board_sn (the first row of the page
   * after), answered newest first like every page. Wins over `last_sn` and `offset` when both are sent.
   */
  first_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

/** A post as the list shows it (SPEC §3 board post: number, title, author, views, comments). */
export interface BoardPost {
  /** Also the number the list shows. */
  board_sn: number;
  title: string;
  user_key: number;
  user_id: string;
  user_nick: string;
  view_cnt: number;
  reply_cnt: number;
  file_cnt: number;
  /** ISO 8601. */
  reg_date: string;
  /** An operator's notice pinned on top (the operating principles). */
  notice_yn: 'Y' | 'N';
}

export interface BoardListSet {
  eventboard_list: BoardPost[];
  /** Visible posts (matching the keyword, counted up to searchTotalCap). */
  eventboard_total: number;
  eventboard_total_capped_yn: 'Y' | 'N';
  /** The pinned notices (operating principles), on every page, with their text (`board_sn` is the notice's number). */
  notice_list: Array<BoardPost & { content: string }>;
  params: {
    setting_sn: number;
    site_key: number;
    search_keyword: string;
    offset: number;
    limit: number;
    last_sn: number;
    first_sn: number;
  };
  /** The caller's posting restriction, when one is in force ({until} KST and the reason), else null. */
  restriction: BoardRestriction | null;
}

export interface BoardRestriction {
  /** KST, to the minute (`2026-11-30 13:00`). */
  until: string;
  reason: string;
}

/** GET /sub/eventboard_info: the post (`view_yn` Y counts a view, once per member per KST day) and a page of comments. */
export const BoardInfoSchema = z.object({
  board_sn: SnSchema,
  view_yn: yn.default('N'),
  ...Paging,
});

export interface BoardFile {
  file_sn: number;
  url: string;
  name: string;
  width: number;
  height: number;
  bytes: number;
}

export interface BoardPostDetail extends BoardPost {
  /** Plain text (shown as text, never as HTML). */
  content: string;
  files: BoardFile[];
  mod_date: string | null;
  /** The caller wrote it (may edit and delete). */
  is_mine_yn: 'Y' | 'N';
}

export interface BoardReply {
  reply_sn: number;
  board_sn: number;
  user_key: number;
  user_id: string;
  user_nick: string;
  profile_image: string;
  content: string;
  reg_date: string;
  is_mine_yn: 'Y' | 'N';
}

export interface BoardInfoSet {
  board_info: BoardPostDetail;
  eventboard_reply_list: BoardReply[];
  total_count: number;
}

const TitleSchema = z
  .string({ message: 'BOARD_TITLE_REQUIRED' })
  .trim()
  .min(1, { message: 'BOARD_TITLE_REQUIRED' })
  .refine((s) => chars(s) <= BOARD_LIMITS.titleMax, { message: 'BOARD_TITLE_LENGTH' });
const ContentSchema = z
  .string({ message: 'BOARD_CONTENT_REQUIRED' })
  .trim()
  .min(1, { message: 'BOARD_CONTENT_REQUIRED' })
  .refine((s) => chars(s) <= BOARD_LIMITS.contentMax, { message: 'BOARD_CONTENT_LENGTH' });

/**
 * POST /sub/eventboard_insert_proc: a new post, or (with `board_sn`) an edit of the caller's own. `files`
 * lists the attachments in order: upload numbers of the caller's fresh `board` uploads and files already on
 * the post; a file of the post left out is removed.
 */
export const BoardInsertSchema = z.object({
  board_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  title: TitleSchema,
  content: ContentSchema,
  files: FileListSchema,
});
export interface BoardInsertSet {
  board_sn: number;
}

export const BoardDeleteSchema = z.object({ board_sn: SnSchema });

export const BoardReplyInsertSchema = z.object({
  board_sn: SnSchema,
  content: z
    .string({ message: 'BOARD_REPLY_REQUIRED' })
    .trim()
    .min(1, { message: 'BOARD_REPLY_REQUIRED' })
    .refine((s) => chars(s) <= BOARD_LIMITS.replyMax, { message: 'BOARD_REPLY_LENGTH' }),
});
export const BoardReplyDeleteSchema = z.object({ reply_sn: SnSchema });

// ─── The customer centre (SPEC §7 GET /sub/cscenter_*) ───────────────────────────────────────────────

/** `place=board`: the board's pinned operating principles (the console edits them with their text). */
export const CsNoticeListSchema = z.object({ place: z.enum(['cs', 'board']).default('cs'), ...Paging });
export interface CsNotice {
  notice_sn: number;
  title: string;
  content: string;
  /** Pinned on top of the list. */
  top_yn: 'Y' | 'N';
  reg_date: string;
}

export const FAQ_CATEGORIES = ['account', 'broadcast', 'payment', 'item', 'community', 'etc'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const CsFaqListSchema = z.object({
  category: z.enum(FAQ_CATEGORIES).optional(),
  keyword: z.string().trim().max(BOARD_LIMITS.keywordMax).default(''),
  ...Paging,
});
export interface CsFaq {
  faq_sn: number;
  category: FaqCategory;
  question: string;
  answer: string;
  sort_no: number;
}

/** Q&A states (SPEC §4 'Q&A: answered (complete)'): waiting for an answer, answered, closed by the member. */
export const QNA_STATES = ['waiting', 'answered', 'complete'] as const;
export type QnaState = (typeof QNA_STATES)[number];
export const QNA_CATEGORIES = ['account', 'payment', 'broadcast', 'report', 'bug', 'etc'] as const;
export type QnaCategory = (typeof QNA_CATEGORIES)[number];

export const CsQnaListSchema = z.object({ ...Paging });
export interface CsQna {
  qna_sn: number;
  category: QnaCategory;
  title: string;
  content: string;
  files: BoardFile[];
  state: QnaState;
  answer: string | null;
  answer_date: string | null;
  reg_date: string;
}

/**
 * POST /mypage/qna_proc: `save` asks a question (or edits one still waiting, with `qna_sn`);
 * `file_delete` removes one attachment of a waiting question; `complete` closes an answered one.
 */
export const QnaProcSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('save'),
    qna_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    category: z.enum(QNA_CATEGORIES, { message: 'QNA_CATEGORY_REQUIRED' }),
    title: z
      .string({ message: 'BOARD_TITLE_REQUIRED' })
      .trim()
      .min(1, { message: 'BOARD_TITLE_REQUIRED' })
      .refine((s) => chars(s) <= CS_LIMITS.titleMax, { message: 'BOARD_TITLE_LENGTH' }),
    content: z
      .string({ message: 'BOARD_CONTENT_REQUIRED' })
      .trim()
      .min(1, { message: 'BOARD_CONTENT_REQUIRED' })
      .refine((s) => chars(s) <= CS_LIMITS.contentMax, { message: 'QNA_CONTENT_LENGTH' }),
    files: FileListSchema,
  }),
  z.object({ mode: z.literal('file_delete'), qna_sn: SnSchema, file_sn: SnSchema }),
  z.object({ mode: z.literal('complete'), qna_sn: SnSchema }),
]);

/** What a report is about (POST /user/report_proc). */
export const REPORT_TARGETS = ['post', 'reply', 'chat', 'member', 'broadcast', 'magazine'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** Report types (SPEC §5 'report type' required). */
export const REPORT_TYPES = ['spam', 'abuse', 'obscene', 'personal_info', 'illegal', 'copyright', 'etc'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** Report states: received → in progress → complete (an operator may complete one at once). */
export const REPORT_STATES = ['received', 'in_progress', 'complete'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
/** What the operator did about it, shown to the reporter. */
export const REPORT_ACTIONS = ['none', 'hidden', 'deleted', 'restricted', 'warned'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/**
 * POST /user/report_proc. `target_key`: the board_sn of a post, the reply_sn of a comment, the login ID of
 * a member (and of a chat line's author, with the line in `quote`), the vod_key of a broadcast, the mi_sn
 * of a magazine article.
 */
export const ReportProcSchema = z.object({
  target_type: z.enum(REPORT_TARGETS),
  target_key: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  report_type: z.enum(REPORT_TYPES, { message: 'REPORT_TYPE_REQUIRED' }),
  content: z
    .string({ message: 'REPORT_CONTENT_REQUIRED' })
    .trim()
    .min(1, { message: 'REPORT_CONTENT_REQUIRED' })
    .refine((s) => chars(s) <= CS_LIMITS.reportMax, { message: 'REPORT_CONTENT_LENGTH' }),
  quote: z
    .string()
    .trim()
    .default('')
    .refine((s) => chars(s) <= CS_LIMITS.quoteMax, { message: 'REPORT_CONTENT_LENGTH' }),
});

export const CsReportListSchema = z.object({ ...Paging });
export interface CsReport {
  report_sn: number;
  target_type: ReportTarget;
  target_key: string;
  /** What the target is, as the reporter saw it (a post's title, a member's nick, a broadcast's title). */
  target_label: string;
  report_type: ReportType;
  content: string;
  quote: string;
  state: ReportState;
  action: ReportAction | null;
  /** The operator's note to the reporter. */
  action_memo: string;
  reg_date: string;
  handled_date: string | null;
}

// ─── Policies (SPEC §7 GET /policy/*) ────────────────────────────────────────────────────────────────

/** The policy guides' codes: the join's required agreements are `terms` and `privacy`. */
export const POLICY_CODES = ['terms', 'privacy', 'youth', 'operation', 'guide'] as const;
export type PolicyCode = (typeof POLICY_CODES)[number];

/** GET /policy/policy_guide/{id}, /policy/service_guide/{id}: the version in effect, or version `ver`. */
export const PolicyGuideSchema = z.object({
  id: SnSchema,
  ver: z.coerce.number().int().min(1).max(100_000).optional(),
});
export const PolicyHistorySchema = z.object({ id: SnSchema });

export interface PolicyVersionSummary {
  ver: number;
  /** ISO 8601: from when this version applies. */
  effective_date: string;
  /** Published, and when. */
  reg_date: string;
  reason: string;
  /** `current`: in effect; `old`: replaced; `upcoming`: announced, not yet in effect. */
  state: 'current' | 'old' | 'upcoming';
}

export interface PolicyDoc {
  id: number;
  kind: 'policy' | 'service';
  code: PolicyCode | null;
  title: string;
  required_yn: 'Y' | 'N';
  /** null when no version was ever published. */
  version: (PolicyVersionSummary & { content: string }) | null;
  /** An announced version not yet in effect (the page says from when it applies). */
  upcoming: PolicyVersionSummary | null;
}

export interface PolicyHistorySet extends ListSet<PolicyVersionSummary> {
  id: number;
  kind: 'policy' | 'service';
  title: string;
}

/** A required policy the member has not agreed to in the version in effect (asked at the next login). */
export interface PolicyPending {
  id: number;
  code: PolicyCode | null;
  title: string;
  ver: number;
  effective_date: string;
  reason: string;
  /** The version the member agreed to before, or null. */
  agreed_ver: number | null;
}

export const PolicyAgreeSchema = z.object({ id: SnSchema, ver: z.coerce.number().int().min(1).max(100_000) });

// ─── The console ─────────────────────────────────────────────────────────────────────────────────────

export const MODERATION_ACTIONS = ['hide', 'restore', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const POST_STATES = ['visible', 'hidden', 'deleted'] as const;
export type PostState = (typeof POST_STATES)[number];

const Filter = z.string().trim().max(64).default('');

export const AdminPostListSchema = z.object({
  state: z.enum(['all', ...POST_STATES]).default('all'),
  /** A title keyword, or an author's login ID or nick. */
  keyword: Filter,
  ...Paging,
});
export interface AdminBoardPost extends BoardPost {
  state: PostState;
  content: string;
  /** Open reports about it. */
  report_cnt: number;
  moderation_reason: string;
}

export const AdminPostProcSchema = z.object({
  board_sn: SnSchema,
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().trim().min(1).max(200),
});
export const AdminReplyProcSchema = z.object({
  reply_sn: SnSchema,
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string().trim().min(1).max(200),
});

export const AdminReplyListSchema = z.object({
  state: z.enum(['all', ...POST_STATES]).default('all'),
  keyword: Filter,
  ...Paging,
});
export interface AdminBoardReply extends BoardReply {
  state: PostState;
  post_title: string;
  report_cnt: number;
}

export const AdminReportListSchema = z.object({
  state: z.enum(['open', 'all', ...REPORT_STATES]).default('open'),
  ...Paging,
});
export interface AdminReport extends CsReport {
  reporter_user_key: number;
  reporter_id: string;
  reporter_nick: string;
  /** The member the target belongs to (a post's or comment's author, the member, the BJ), when known. */
  target_user_id: string | null;
  target_user_nick: string | null;
  /** Where the console opens the target. */
  target_url: string | null;
  handled_by_nick: string | null;
}

export const AdminReportProcSchema = z.object({
  report_sn: SnSchema,
  state: z.enum(['in_progress', 'complete']),
  action: z.enum(REPORT_ACTIONS).default('none'),
  action_memo: z.string().trim().max(500).default(''),
  /**
   * Y: hide the reported post or comment and complete the report (action `hidden`) in one transaction; either
   * both happen or neither. Only with `state=complete`, for a post or a comment (REPORT_HIDE_UNSUPPORTED).
   */
  hide_target: yn.default('N'),
  /** Why the target is hidden (the moderation reason kept on it); required with `hide_target=Y`. */
  hide_reason: z.string().trim().max(200).default(''),
});

export const AdminQnaListSchema = z.object({ state: z.enum(['all', ...QNA_STATES]).default('waiting'), ...Paging });
export interface AdminQna extends CsQna {
  user_key: number;
  user_id: string;
  user_nick: string;
  answered_by_nick: string | null;
}
export const AdminQnaAnswerSchema = z.object({
  qna_sn: SnSchema,
  answer: z
    .string({ message: 'QNA_ANSWER_REQUIRED' })
    .trim()
    .min(1, { message: 'QNA_ANSWER_REQUIRED' })
    .refine((s) => chars(s) <= CS_LIMITS.answerMax, { message: 'QNA_CONTENT_LENGTH' }),
});

export const AdminNoticeProcSchema = z.object({
  notice_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** Y removes the notice. */
  delete_yn: yn.default('N'),
  title: z.string().trim().max(CS_LIMITS.titleMax).default(''),
  content: z.string().trim().max(CS_LIMITS.contentMax).default(''),
  top_yn: yn.default('N'),
  /** Where it shows: the customer centre's notices, or pinned on top of the board (the operating principles). */
  place: z.enum(['cs', 'board']).default('cs'),
});

export const AdminFaqProcSchema = z.object({
  faq_sn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  delete_yn: yn.default('N'),
  category: z.enum(FAQ_CATEGORIES).default('etc'),
  question: z
    .string()
    .trim()
    .max(CS_LIMITS.titleMax * 2)
    .default(''),
  answer: z.string().trim().max(CS_LIMITS.answerMax).default(''),
  sort_no: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const AdminPolicyPublishSchema = z.object({
  id: SnSchema,
  content: z.string().trim().min(1).max(POLICY_LIMITS.contentMax),
  reason: z.string().trim().min(1).max(POLICY_LIMITS.reasonMax),
  /** ISO 8601 or `YYYY-MM-DD` (00:00 KST): at least the site's notice days after now. */
  effective_date: z.string().trim().min(10).max(40),
});

export interface AdminSavedSet {
  sn: number;
}

/** POST /admin/policy_notice_days_proc: the site's notice period for new policy versions (operators; audited). */
export const AdminPolicyNoticeDaysSchema = z.object({
  days: z.coerce
    .number({ message: 'POLICY_NOTICE_DAYS_RANGE' })
    .int({ message: 'POLICY_NOTICE_DAYS_RANGE' })
    .min(POLICY_LIMITS.noticeDaysMin, { message: 'POLICY_NOTICE_DAYS_RANGE' })
    .max(POLICY_LIMITS.noticeDaysMax, { message: 'POLICY_NOTICE_DAYS_RANGE' }),
});
export interface AdminPolicyNoticeDaysSet {
  days: number;
}

/** The calls, declared once for the server, the web and the tests. */
export const communityEndpoints = {
  boardList: endpoint<BoardListSet>()({
    method: 'GET',
    path: '/sub/eventboard_list',
    request: BoardListSchema,
    tags: ['community'],
    summary: 'Board posts, newest first, with the pinned notices; keyword search on titles and authors',
  }),
  boardInfo: endpoint<BoardInfoSet>()({
    method: 'GET',
    path: '/sub/eventboard_info',
    request: BoardInfoSchema,
    tags: ['community'],
    summary: 'One post with its attachments and a page of comments (view_yn Y counts a view once per member per day)',
  }),
  boardInsert: endpoint<BoardInsertSet>()({
    method: 'POST',
    path: '/sub/eventboard_insert_proc',
    request: BoardInsertSchema,
    tags: ['community'],
    summary: "Write a post, or edit one's own (board_sn)",
  }),
  boardDelete: endpoint<BoardInsertSet>()({
    method: 'POST',
    path: '/sub/eventboard_delete_proc',
    request: BoardDeleteSchema,
    tags: ['community'],
    summary: "Delete one's own post",
  }),
  replyInsert: endpoint<BoardReply>()({
    method: 'POST',
    path: '/sub/eventboard_reply_insert_proc',
    request: BoardReplyInsertSchema,
    tags: ['community'],
    summary: 'Comment on a post',
  }),
  replyDelete: endpoint<{ reply_sn: number }>()({
    method: 'POST',
    path: '/sub/eventboard_reply_delete_proc',
    request: BoardReplyDeleteSchema,
    tags: ['community'],
    summary: "Delete one's own comment",
  }),
  csNotice: endpoint<ListSet<CsNotice>>()({
    method: 'GET',
    path: '/sub/cscenter_notice',
    request: CsNoticeListSchema,
    tags: ['community'],
    summary: "The customer centre's notices, pinned first, newest first",
  }),
  csFaq: endpoint<ListSet<CsFaq>>()({
    method: 'GET',
    path: '/sub/cscenter_faq',
    request: CsFaqListSchema,
    tags: ['community'],
    summary: 'Frequently asked questions by category, with a keyword search',
  }),
  csQna: endpoint<ListSet<CsQna>>()({
    method: 'GET',
    path: '/sub/cscenter_qna',
    request: CsQnaListSchema,
    tags: ['community'],
    summary: "The caller's questions with their answers",
  }),
  csReport: endpoint<ListSet<CsReport>>()({
    method: 'GET',
    path: '/sub/cscenter_report',
    request: CsReportListSchema,
    tags: ['community'],
    summary: "The caller's reports with their state and the action taken",
  }),
  qnaProc: endpoint<CsQna>()({
    method: 'POST',
    path: '/mypage/qna_proc',
    request: QnaProcSchema,
    tags: ['community'],
    summary: 'Ask a question (save), remove an attachment (file_delete), or close an answered one (complete)',
  }),
  reportProc: endpoint<CsReport>()({
    method: 'POST',
    path: '/user/report_proc',
    request: ReportProcSchema,
    tags: ['community'],
    summary: 'Report a post, comment, chat line, member, broadcast or magazine article',
  }),
  policyGuide: endpoint<PolicyDoc>()({
    method: 'GET',
    path: '/policy/policy_guide/:id',
    params: ['id'],
    request: PolicyGuideSchema,
    tags: ['community'],
    summary: 'A policy in the version in effect (or version ver), with an announced upcoming version',
  }),
  serviceGuide: endpoint<PolicyDoc>()({
    method: 'GET',
    path: '/policy/service_guide/:id',
    params: ['id'],
    request: PolicyGuideSchema,
    tags: ['community'],
    summary: 'A service guide in the version in effect (or version ver)',
  }),
  policyHistory: endpoint<PolicyHistorySet>()({
    method: 'GET',
    path: '/policy/policy_history/:id',
    params: ['id'],
    request: PolicyHistorySchema,
    tags: ['community'],
    summary: 'Every published version of a policy or guide with its effective date and reason, newest first',
  }),
  policyPending: endpoint<ListSet<PolicyPending>>()({
    method: 'GET',
    path: '/policy/policy_pending',
    request: z.object({}),
    tags: ['community'],
    summary: 'The required policies the caller has not agreed to in the version in effect',
  }),
  policyAgree: endpoint<{ id: number; ver: number }>()({
    method: 'POST',
    path: '/policy/policy_agree_proc',
    request: PolicyAgreeSchema,
    tags: ['community'],
    summary: 'Agree to a policy version in effect',
  }),
  adminPostList: endpoint<ListSet<AdminBoardPost>>()({
    method: 'POST',
    path: '/admin/board_post_list',
    request: AdminPostListSchema,
    tags: ['community'],
    summary: 'Board posts in every state with their open reports (operators, GMs)',
  }),
  adminPostProc: endpoint<AdminBoardPost>()({
    method: 'POST',
    path: '/admin/board_post_proc',
    request: AdminPostProcSchema,
    tags: ['community'],
    summary: 'Hide, restore or delete a post at once (operators, GMs; audited)',
  }),
  adminReplyList: endpoint<ListSet<AdminBoardReply>>()({
    method: 'POST',
    path: '/admin/board_reply_list',
    request: AdminReplyListSchema,
    tags: ['community'],
    summary: 'Board comments in every state (operators, GMs)',
  }),
  adminReplyProc: endpoint<AdminBoardReply>()({
    method: 'POST',
    path: '/admin/board_reply_proc',
    request: AdminReplyProcSchema,
    tags: ['community'],
    summary: 'Hide, restore or delete a comment (operators, GMs; audited)',
  }),
  adminReportList: endpoint<ListSet<AdminReport>>()({
    method: 'POST',
    path: '/admin/report_list',
    request: AdminReportListSchema,
    tags: ['community'],
    summary: 'The report queue, oldest open first (operators, GMs)',
  }),
  adminReportProc: endpoint<AdminReport>()({
    method: 'POST',
    path: '/admin/report_proc',
    request: AdminReportProcSchema,
    tags: ['community'],
    summary: 'Move a report to in progress or complete it with the action taken (operators, GMs; audited)',
  }),
  adminQnaList: endpoint<ListSet<AdminQna>>()({
    method: 'POST',
    path: '/admin/qna_list',
    request: AdminQnaListSchema,
    tags: ['community'],
    summary: "Members' questions, oldest waiting first (operators, GMs)",
  }),
  adminQnaAnswer: endpoint<AdminQna>()({
    method: 'POST',
    path: '/admin/qna_answer_proc',
    request: AdminQnaAnswerSchema,
    tags: ['community'],
    summary: 'Answer a question, or change the answer before the member closes it (operators, GMs; audited)',
  }),
  adminNoticeProc: endpoint<AdminSavedSet>()({
    method: 'POST',
    path: '/admin/notice_proc',
    request: AdminNoticeProcSchema,
    tags: ['community'],
    summary: "Write, edit or remove a notice of the customer centre or the board's pinned principles (operators; audited)",
  }),
  adminFaqProc: endpoint<AdminSavedSet>()({
    method: 'POST',
    path: '/admin/faq_proc',
    request: AdminFaqProcSchema,
    tags: ['community'],
    summary: 'Write, edit or remove a FAQ entry (operators; audited)',
  }),
  adminPolicyPublish: endpoint<PolicyVersionSummary & { id: number }>()({
    method: 'POST',
    path: '/admin/policy_publish_proc',
    request: AdminPolicyPublishSchema,
    tags: ['community'],
    summary: 'Publish a new version of a policy with its reason and an effective date at least the notice days ahead (operators; audited)',
  }),
  adminPolicyNoticeDays: endpoint<AdminPolicyNoticeDaysSet>()({
    method: 'POST',
    path: '/admin/policy_notice_days_proc',
    request: AdminPolicyNoticeDaysSchema,
    tags: ['community'],
    summary: 'Set how many days a new policy version is announced before it takes effect (7 to 90; operators; audited)',
  }),
} as const;

/**
 * The result codes the schemas' messages name, with their placeholders: a form shows
 * resultMessage(code, lang, params) before sending, the server answers the same code.
 */
export const COMMUNITY_REFUSAL_PARAMS = {
  BOARD_TITLE_REQUIRED: {},
  BOARD_TITLE_LENGTH: { max: BOARD_LIMITS.titleMax },
  BOARD_CONTENT_REQUIRED: {},
  BOARD_CONTENT_LENGTH: { max: BOARD_LIMITS.contentMax },
  BOARD_REPLY_REQUIRED: {},
  BOARD_REPLY_LENGTH: { max: BOARD_LIMITS.replyMax },
  QNA_CATEGORY_REQUIRED: {},
  QNA_CONTENT_LENGTH: { max: CS_LIMITS.contentMax },
  QNA_ANSWER_REQUIRED: {},
  REPORT_TYPE_REQUIRED: {},
  REPORT_CONTENT_REQUIRED: {},
  REPORT_CONTENT_LENGTH: { max: CS_LIMITS.reportMax },
  POLICY_NOTICE_DAYS_RANGE: { min: POLICY_LIMITS.noticeDaysMin, max: POLICY_LIMITS.noticeDaysMax },
} as const satisfies Record<string, Record<string, number>>;
export type CommunityRefusal = keyof typeof COMMUNITY_REFUSAL_PARAMS;
export const isCommunityRefusal = (code: string): code is CommunityRefusal => Object.hasOwn(COMMUNITY_REFUSAL_PARAMS, code);

/** The community result codes with their four messages (8400–8499). */
export const communityCodes = defineCodes('community', [[8400, 8499]], {
  BOARD_POST_NOT_FOUND: {
    code: 8401,
    ko: '게시글이 없거나 삭제되었습니다.',
    en: 'This post does not exist or was deleted.',
    ja: '投稿が存在しないか、削除されました。',
    'zh-CN': '该帖子不存在或已被删除。',
  },
  BOARD_REPLY_NOT_FOUND: {
    code: 8402,
    ko: '댓글이 없거나 삭제되었습니다.',
    en: 'This comment does not exist or was deleted.',
    ja: 'コメントが存在しないか、削除されました。',
    'zh-CN': '该评论不存在或已被删除。',
  },
  BOARD_NOT_OWNER: {
    code: 8403,
    ko: '본인이 쓴 글만 수정하거나 삭제할 수 있습니다.',
    en: 'You can only edit or delete what you wrote.',
    ja: '自分が書いたものだけ編集・削除できます。',
    'zh-CN': '只能修改或删除自己写的内容。',
  },
  BOARD_TITLE_REQUIRED: {
    code: 8404,
    ko: '제목을 입력해주세요.',
    en: 'Please enter a title.',
    ja: 'タイトルを入力してください。',
    'zh-CN': '请输入标题。',
  },
  BOARD_TITLE_LENGTH: {
    code: 8405,
    ko: '제목은 {max}자까지 쓸 수 있습니다.',
    en: 'A title can be up to {max} characters.',
    ja: 'タイトルは{max}文字までです。',
    'zh-CN': '标题最多{max}个字。',
  },
  BOARD_CONTENT_REQUIRED: {
    code: 8406,
    ko: '내용을 입력해주세요.',
    en: 'Please enter the content.',
    ja: '内容を入力してください。',
    'zh-CN': '请输入内容。',
  },
  BOARD_CONTENT_LENGTH: {
    code: 8407,
    ko: '내용은 {max}자까지 쓸 수 있습니다.',
    en: 'The content can be up to {max} characters.',
    ja: '内容は{max}文字までです。',
    'zh-CN': '内容最多{max}个字。',
  },
  BOARD_REPLY_REQUIRED: {
    code: 8408,
    ko: '댓글 내용을 입력해주세요.',
    en: 'Please enter a comment.',
    ja: 'コメントを入力してください。',
    'zh-CN': '请输入评论内容。',
  },
  BOARD_REPLY_LENGTH: {
    code: 8409,
    ko: '댓글은 {max}자까지 쓸 수 있습니다.',
    en: 'A comment can be up to {max} characters.',
    ja: 'コメントは{max}文字までです。',
    'zh-CN': '评论最多{max}个字。',
  },
  /** A post or comment carries a phone number, resident registration number, e-mail or address. */
  BOARD_PERSONAL_INFO: {
    code: 8410,
    ko: '개인정보(전화번호, 주민등록번호, 이메일, 주소)는 게시할 수 없습니다. 지운 뒤 다시 등록해주세요.',
    en: 'Personal information (phone numbers, resident registration numbers, e-mail addresses, street addresses) cannot be posted. Remove it and try again.',
    ja: '個人情報（電話番号、住民登録番号、メールアドレス、住所）は投稿できません。削除してからもう一度登録してください。',
    'zh-CN': '不能发布个人信息（电话号码、身份证号、电子邮箱、地址）。请删除后重新提交。',
  },
  BOARD_FILES_TOO_MANY: {
    code: 8411,
    ko: '첨부 파일은 {max}개까지 올릴 수 있습니다.',
    en: 'You can attach up to {max} files.',
    ja: '添付ファイルは{max}個までです。',
    'zh-CN': '最多可上传{max}个附件。',
  },
  /** The member's posting is restricted until {until} (KST) for {reason}. */
  BOARD_RESTRICTED: {
    code: 8412,
    ko: '게시판 이용이 제한되었습니다. ({until}까지, 사유: {reason})',
    en: 'Your posting is restricted until {until} (reason: {reason}).',
    ja: '掲示板の利用が{until}まで制限されています（理由：{reason}）。',
    'zh-CN': '您的发帖权限已被限制至{until}（原因：{reason}）。',
  },
  QNA_NOT_FOUND: {
    code: 8420,
    ko: '문의가 없거나 삭제되었습니다.',
    en: 'This question does not exist.',
    ja: 'お問い合わせが存在しません。',
    'zh-CN': '该咨询不存在。',
  },
  QNA_ANSWERED: {
    code: 8421,
    ko: '답변이 등록된 문의는 수정할 수 없습니다.',
    en: 'A question that has been answered cannot be changed.',
    ja: '回答済みのお問い合わせは変更できません。',
    'zh-CN': '已回复的咨询不能修改。',
  },
  QNA_NOT_ANSWERED: {
    code: 8422,
    ko: '아직 답변이 등록되지 않은 문의입니다.',
    en: 'This question has not been answered yet.',
    ja: 'まだ回答されていないお問い合わせです。',
    'zh-CN': '该咨询尚未回复。',
  },
  QNA_CATEGORY_REQUIRED: {
    code: 8423,
    ko: '문의 유형을 선택해주세요.',
    en: 'Please choose the type of question.',
    ja: 'お問い合わせの種類を選んでください。',
    'zh-CN': '请选择咨询类型。',
  },
  QNA_CONTENT_LENGTH: {
    code: 8424,
    ko: '내용은 {max}자까지 쓸 수 있습니다.',
    en: 'The content can be up to {max} characters.',
    ja: '内容は{max}文字までです。',
    'zh-CN': '内容最多{max}个字。',
  },
  QNA_ANSWER_REQUIRED: {
    code: 8425,
    ko: '답변 내용을 입력해주세요.',
    en: 'Please enter the answer.',
    ja: '回答を入力してください。',
    'zh-CN': '请输入回复内容。',
  },
  QNA_COMPLETE: {
    code: 8426,
    ko: '완료된 문의입니다.',
    en: 'This question is closed.',
    ja: '完了したお問い合わせです。',
    'zh-CN': '该咨询已完成。',
  },
  REPORT_TYPE_REQUIRED: {
    code: 8430,
    ko: '신고 유형을 선택해주세요.',
    en: 'Please choose the type of report.',
    ja: '通報の種類を選んでください。',
    'zh-CN': '请选择举报类型。',
  },
  REPORT_CONTENT_REQUIRED: {
    code: 8431,
    ko: '신고 내용을 입력해주세요.',
    en: 'Please describe the problem.',
    ja: '通報の内容を入力してください。',
    'zh-CN': '请输入举报内容。',
  },
  REPORT_CONTENT_LENGTH: {
    code: 8432,
    ko: '신고 내용은 {max}자까지 쓸 수 있습니다.',
    en: 'A report can be up to {max} characters.',
    ja: '通報内容は{max}文字までです。',
    'zh-CN': '举报内容最多{max}个字。',
  },
  REPORT_TARGET_NOT_FOUND: {
    code: 8433,
    ko: '신고할 대상을 찾을 수 없습니다.',
    en: 'What you are reporting could not be found.',
    ja: '通報する対象が見つかりません。',
    'zh-CN': '找不到要举报的对象。',
  },
  REPORT_DUPLICATE: {
    code: 8434,
    ko: '이미 신고한 대상입니다. 처리 결과는 신고 내역에서 확인할 수 있습니다.',
    en: 'You have already reported this. See the outcome in your reports.',
    ja: 'すでに通報済みです。処理結果は通報履歴で確認できます。',
    'zh-CN': '您已举报过该对象。处理结果可在举报记录中查看。',
  },
  REPORT_SELF: {
    code: 8435,
    ko: '본인은 신고할 수 없습니다.',
    en: 'You cannot report yourself.',
    ja: '自分を通報することはできません。',
    'zh-CN': '不能举报自己。',
  },
  REPORT_STATE_INVALID: {
    code: 8436,
    ko: '이미 처리가 끝난 신고입니다.',
    en: 'This report has already been dealt with.',
    ja: 'すでに処理済みの通報です。',
    'zh-CN': '该举报已处理完毕。',
  },
  REPORT_NOT_FOUND: {
    code: 8437,
    ko: '신고가 없습니다.',
    en: 'There is no such report.',
    ja: '該当する通報はありません。',
    'zh-CN': '没有该举报。',
  },
  /** "Hide and complete" asked for a report that is not about a post or a comment, or not to complete it. */
  REPORT_HIDE_UNSUPPORTED: {
    code: 8438,
    ko: '게시글이나 댓글 신고만 숨기고 완료할 수 있습니다.',
    en: 'Only a report about a post or a comment can be completed by hiding its target.',
    ja: '投稿またはコメントの通報だけが、非表示にして完了できます。',
    'zh-CN': '只有针对帖子或评论的举报才能隐藏后完成。',
  },
  POLICY_NOT_FOUND: {
    code: 8440,
    ko: '약관 또는 정책을 찾을 수 없습니다.',
    en: 'This policy could not be found.',
    ja: '規約またはポリシーが見つかりません。',
    'zh-CN': '找不到该条款或政策。',
  },
  /** The effective date must be at least {days} days after publishing. */
  POLICY_EFFECTIVE_TOO_SOON: {
    code: 8441,
    ko: '시행일은 게시일로부터 {days}일 이후여야 합니다.',
    en: 'The effective date must be at least {days} days after publishing.',
    ja: '施行日は掲示日から{days}日以降にしてください。',
    'zh-CN': '生效日期必须在发布之日起{days}天之后。',
  },
  POLICY_VERSION_STALE: {
    code: 8442,
    ko: '시행 중인 버전이 아닙니다. 새로고침 후 다시 동의해주세요.',
    en: 'That version is not the one in effect. Reload and agree again.',
    ja: '施行中のバージョンではありません。再読み込みしてからもう一度同意してください。',
    'zh-CN': '该版本不是现行版本。请刷新后重新同意。',
  },
  POLICY_DATE_INVALID: {
    code: 8443,
    ko: '시행일 형식이 올바르지 않습니다.',
    en: 'The effective date is not a valid date.',
    ja: '施行日の形式が正しくありません。',
    'zh-CN': '生效日期格式不正确。',
  },
  /** The notice period an operator sets is outside {min}–{max} days. */
  POLICY_NOTICE_DAYS_RANGE: {
    code: 8444,
    ko: '시행 예고 기간은 {min}일에서 {max}일 사이의 정수로 입력해주세요.',
    en: 'The notice period must be a whole number of days from {min} to {max}.',
    ja: '施行の予告期間は{min}日から{max}日までの整数で入力してください。',
    'zh-CN': '生效预告期请输入{min}到{max}之间的整数天数。',
  },
  NOTICE_NOT_FOUND: {
    code: 8450,
    ko: '공지사항이 없습니다.',
    en: 'There is no such notice.',
    ja: '該当するお知らせはありません。',
    'zh-CN': '没有该公告。',
  },
  FAQ_NOT_FOUND: {
    code: 8451,
    ko: '자주 묻는 질문이 없습니다.',
    en: 'There is no such FAQ entry.',
    ja: '該当するよくある質問はありません。',
    'zh-CN': '没有该常见问题。',
  },
});
