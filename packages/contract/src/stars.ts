import { z } from 'zod';
import { defineCodes } from './codes.js';
import { endpoint } from './endpoints.js';
import { type ListSet, PagingSchema } from './envelope.js';

/**
 * Programs and K-stars (issue 22, docs/stars.md): the directories of program accounts (`/sub/program`) and
 * of agency stars (`/sub/kstar`), live first; a K-star's agency, group and debut date are kept by
 * operators; `member_group_list` answers the groups with their members.
 */

const Paging = PagingSchema.shape;
/** A real calendar day (2024-02-30 is refused here, not by the database). */
const DaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'KSTAR_DEBUT_INVALID' })
  .refine(
    (s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    },
    { message: 'KSTAR_DEBUT_INVALID' },
  );

export const STAR_LIMITS = {
  agencyMax: 40,
  groupMax: 40,
} as const;

/** A program or K-star account as the directories show it. */
export interface StarCard {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  intro: string;
  follower_cnt: number;
  /** Its live broadcast now, else ''. */
  live_vod_key: string;
  live_title: string;
  live_thumbnail: string;
  /** 0 when `viewer_cnt_hidden_yn` is 'Y'. */
  viewer_cnt: number;
  /** 'Y' when the account keeps its viewer count private (/mypage/setting `viewer_count_yn` N). */
  viewer_cnt_hidden_yn: 'Y' | 'N';
  /** Its latest replay ('' when none). */
  latest_vod_key: string;
  latest_title: string;
  /** K-stars only ('' otherwise). */
  agency: string;
  group_name: string;
  /** YYYY-MM-DD or ''. */
  debut_date: string;
}

export interface StarGroup {
  group_name: string;
  agency: string;
  /** The earliest debut of its members ('' when none is known). */
  debut_date: string;
  live_cnt: number;
  members: StarCard[];
}

export const StarMoreSchema = z.object({ ...Paging });
export const KstarMoreSchema = z.object({
  /** Only this group's members ('' for all). */
  group_name: z.string().trim().max(STAR_LIMITS.groupMax).default(''),
  ...Paging,
});
export const StarProfileProcSchema = z.object({
  user_id: z.string().trim().min(1).max(20),
  agency: z.string().trim().max(STAR_LIMITS.agencyMax).default(''),
  group_name: z.string().trim().max(STAR_LIMITS.groupMax).default(''),
  /** '' clears it. */
  debut_date: z.union([z.literal(''), DaySchema]).default(''),
});

export const STAR_REFUSAL_PARAMS = { KSTAR_DEBUT_INVALID: {} } as const satisfies Record<string, Record<string, number>>;

export const starsEndpoints = {
  programMore: endpoint<ListSet<StarCard>>()({
    method: 'POST',
    path: '/sub/program_more',
    request: StarMoreSchema,
    tags: ['stars'],
    summary: 'Program accounts, live first, then by followers',
  }),
  kstarMore: endpoint<ListSet<StarCard>>()({
    method: 'POST',
    path: '/sub/kstar_more',
    request: KstarMoreSchema,
    tags: ['stars'],
    summary: 'K-star accounts with agency and debut date, live first',
  }),
  memberGroupList: endpoint<{ group_list: StarGroup[] }>()({
    method: 'POST',
    path: '/pubapi/member_group_list',
    request: z.object({}),
    tags: ['stars'],
    summary: "The K-star groups and their members (the /sub/kstar page's filter and group view)",
  }),
  adminProfile: endpoint<StarCard>()({
    method: 'POST',
    path: '/admin/star_profile_proc',
    request: StarProfileProcSchema,
    tags: ['admin', 'stars'],
    summary: "Set a K-star's agency, group and debut date (operators, audited)",
  }),
} as const;

/** The stars' result codes (8800–8899). */
export const starsCodes = defineCodes('stars', [[8800, 8899]], {
  KSTAR_NOT_FOUND: {
    code: 8801,
    ko: 'K-STAR 계정을 찾을 수 없습니다.',
    en: 'No K-star account has this ID.',
    ja: 'K-STARアカウントが見つかりません。',
    'zh-CN': '找不到该K-STAR账号。',
  },
  KSTAR_DEBUT_INVALID: {
    code: 8802,
    ko: '데뷔일 형식이 올바르지 않습니다.',
    en: 'The debut date is not a valid date.',
    ja: 'デビュー日の形式が正しくありません。',
    'zh-CN': '出道日期格式不正确。',
  },
});
