import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import type { ListSet } from './envelope.js';

/**
 * Site-wide sanctions (SPEC §1 GMs and sanctions; issue 16): an operator or GM stops a member from
 * broadcasting, from chatting anywhere, or from using the account at all, for a period and with a reason
 * the member sees. docs/sanctions.md.
 */
/** `board`: no posts or comments on the board (the member sees until when). */
export const SANCTION_KINDS = ['broadcast', 'chat', 'account', 'board'] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];

/** Which kinds a GM may apply (operators apply every kind). */
export const GM_SANCTION_KINDS: readonly SanctionKind[] = ['broadcast', 'chat', 'board'];

export const SANCTION_LIMITS = {
  /** A sanction lasts 1 hour to 10 years. */
  hoursMin: 1,
  hoursMax: 87_600,
  reasonMax: 200,
} as const;

export const SanctionSaveSchema = z.object({
  /** The member's login ID. */
  id: z.string().trim().min(1).max(40),
  kind: z.enum(SANCTION_KINDS),
  hours: z.coerce.number().int().min(SANCTION_LIMITS.hoursMin).max(SANCTION_LIMITS.hoursMax),
  /** Shown to the member with the end date. */
  reason: z.string().trim().min(1).max(SANCTION_LIMITS.reasonMax),
});
export type SanctionSaveReq = z.infer<typeof SanctionSaveSchema>;

export const SanctionLiftSchema = z.object({ sanction_sn: z.coerce.number().int().min(1) });

export const SanctionListSchema = z.object({
  /** `active`: in force now; `all`: every sanction, newest first. */
  state: z.enum(['active', 'all']).default('active'),
  /** One member's sanctions (login ID). */
  id: z.string().trim().max(40).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export interface Sanction {
  sanction_sn: number;
  user_key: number;
  id: string;
  nick: string;
  kind: SanctionKind;
  reason: string;
  starts_at: string;
  ends_at: string;
  /** Set when an operator lifted it before its end. */
  lifted_at: string | null;
  created_by_nick: string;
  /** In force now. */
  active_yn: 'Y' | 'N';
}

/** The console's sanction calls, declared once for the server, the web and the tests. */
export const sanctionsEndpoints = {
  save: endpoint<Sanction>()({
    method: 'POST',
    path: '/admin/sanction_proc',
    request: SanctionSaveSchema,
    tags: ['sanctions'],
    summary: 'Sanction a member for a period: broadcasting, chat everywhere, or the whole account (GMs: broadcasting and chat)',
  }),
  lift: endpoint<Sanction>()({
    method: 'POST',
    path: '/admin/sanction_lift_proc',
    request: SanctionLiftSchema,
    tags: ['sanctions'],
    summary: 'Lift a sanction before its end (operators and GMs, for the kinds they may apply)',
  }),
  list: endpoint<ListSet<Sanction>>()({
    method: 'POST',
    path: '/admin/sanction_list',
    request: SanctionListSchema,
    tags: ['sanctions'],
    summary: 'Sanctions in force, or all of them, newest first (operators and GMs)',
  }),
} as const;

/** The sanctions result codes with their messages (`{name}` placeholders are filled from the error's params). */
export const sanctionsCodes = defineCodes('sanctions', [[8000, 8099]], {
  /** No member has that login ID. */
  SANCTION_TARGET_NOT_FOUND: {
    code: 8001,
    ko: '해당 아이디의 회원이 없습니다.',
    en: 'There is no member with that ID.',
    ja: 'そのIDの会員はいません。',
    'zh-CN': '没有该ID的会员。',
  },
  /** The sanction does not exist or is no longer in force. */
  SANCTION_NOT_ACTIVE: {
    code: 8002,
    ko: '적용 중인 제재가 아닙니다.',
    en: 'That sanction is not in force.',
    ja: '適用中の制裁ではありません。',
    'zh-CN': '该处罚未在生效中。',
  },
  /** Operators and GMs are not sanctioned through this call. */
  SANCTION_STAFF: {
    code: 8003,
    ko: '운영자는 제재할 수 없습니다.',
    en: 'Operators cannot be sanctioned.',
    ja: '運営者は制裁できません。',
    'zh-CN': '不能处罚运营人员。',
  },
  /** The account is suspended until `{until}` (KST) for `{reason}`. */
  ACCOUNT_SUSPENDED: {
    code: 8010,
    ko: '이용이 정지된 계정입니다. ({until}까지, 사유: {reason})',
    en: 'This account is suspended until {until} (reason: {reason}).',
    ja: 'このアカウントは{until}まで利用停止中です（理由：{reason}）。',
    'zh-CN': '该账号已被停用至{until}（原因：{reason}）。',
  },
});
