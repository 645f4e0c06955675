import { z } from 'zod';
import { endpoint } from './endpoints.js';
import type { Lang } from './lang.js';
import { isEmail } from './validators.js';

/** Site-wide Y/N switches of SPEC §1. */
export const SITE_SWITCHES = [
  'verification',
  'social_login',
  'concert',
  'program',
  'kstar',
  'supporters',
  'magazine',
  'reward',
  'game',
] as const;
export type SiteSwitch = (typeof SITE_SWITCHES)[number];
export const YnSchema = z.enum(['Y', 'N']);
export type Yn = z.infer<typeof YnSchema>;

/** SPEC §9 business constants. */
export const SITE_DEFAULTS = {
  countryCd: 'kr',
  langCd: 'ko',
  bjName: 'BJ',
  currencyItemName: 'CUBIC',
  currencyName: 'STAR',
  rewardRate: '1.0',
  verificationCubic: 0,
} as const;

/** SPEC §9 UI timings. */
export const UI_TIMING = {
  toastMs: 3000,
  autoCloseMs: 2000,
} as const;

/** A site-term record per language (SPEC §3); every name falls back to an empty string. */
export const SiteTermSchema = z.object({
  sti_lang_cd: z.enum(['ko', 'en', 'ja', 'zh']),
  sti_bj_name: z.string().default(''),
  sti_enter_bj_name: z.string().default(''),
  sti_public_bj_name: z.string().default(''),
  sti_program_bj_name: z.string().default(''),
  sti_rookie_bj_name: z.string().default(''),
  sti_clip_name: z.string().default(''),
  sti_currency_name: z.string().default(''),
  sti_currency_item_name: z.string().default(''),
});
export type SiteTerm = z.infer<typeof SiteTermSchema>;

export interface SiteMeta {
  keywords: string;
  title: string;
  description: string;
  og_image: string;
  twitter_image: string;
  thumbnail: string;
}

export interface SiteFooter {
  reg_num: string;
  company_nm: string;
  ceo_nm: string;
  adr_nm: string;
  email: string;
  phone1: string;
  phone2: string;
  online_business_num: string;
  hosting_business_nm: string;
  bank_account_nm: string;
}

/** The footer's fields in the order the console edits them (issue 15: operators edit them on /admin/site). */
export const SITE_FOOTER_FIELDS = [
  'company_nm',
  'ceo_nm',
  'reg_num',
  'online_business_num',
  'adr_nm',
  'email',
  'phone1',
  'phone2',
  'hosting_business_nm',
  'bank_account_nm',
] as const satisfies readonly (keyof SiteFooter)[];

/** The longest value of a footer field, in characters. */
export const SITE_FOOTER_MAX = 200;

const footerText = z
  .string()
  .trim()
  .max(SITE_FOOTER_MAX * 4)
  .refine((v) => [...v].length <= SITE_FOOTER_MAX)
  // One line each: the footer prints them as text.
  .refine((v) => !/[\r\n\t]/.test(v))
  .optional();

/**
 * POST /admin/site_footer_proc (operators; audited): the footer's fields sent are replaced (the console
 * sends them all), those not sent are kept. Each is one line of text (empty leaves it out of the footer);
 * the email, when given, is an address. A refused field answers INVALID_INPUT naming it, by its label in
 * the caller's language.
 */
export const AdminSiteFooterSchema = z.object({
  company_nm: footerText,
  ceo_nm: footerText,
  reg_num: footerText,
  online_business_num: footerText,
  adr_nm: footerText,
  email: footerText.refine((v) => v === undefined || v === '' || isEmail(v)),
  phone1: footerText,
  phone2: footerText,
  hosting_business_nm: footerText,
  bank_account_nm: footerText,
});
export interface AdminSiteFooterSet {
  site_footer: SiteFooter;
}

export type SiteSettings = Record<`${SiteSwitch}_yn`, Yn> & {
  reward_rate: string;
  verification_cubic: number;
};

export interface PageMeta {
  request_url: string;
  meta_title: string;
  meta_description: string;
  meta_keyword: string;
}

export interface GuideEntry {
  id: number;
  title: string;
  /** What the policy is (`terms`, `privacy`, …; community.ts POLICY_CODES), or null for a plain guide. */
  code: string | null;
  /** Members must agree to it (the join's required agreements; a new version is asked again at login). */
  required_yn: 'Y' | 'N';
  /** The version in effect (the one a join agrees to), or null while none has taken effect. */
  ver: number | null;
  /** When that version took effect (ISO 8601), or null with `ver`. */
  effective_date: string | null;
}

/** The head of a page: what `_SITE_META` carries and what the web puts in <head>. */
export interface HeadMeta {
  title: string;
  description: string;
  keywords: string;
  og_image: string;
  twitter_image: string;
}

/** `GET /v1/pubapi/api_site_cache_info` answers this as rslt_set (SPEC §3). */
export interface SiteInfo {
  asp_key: number;
  asp_info: { site_name: string };
  cur_country_cd: string;
  cur_lang_cd: string;
  reg_country_cd: string;
  site_lang_list: string[];
  /** Site terms in the caller's language, with the SPEC §3 defaults. */
  site_terms: { BJ_NAME: string; CURRENCY_ITEM_NAME: string; CURRENCY_NAME: string };
  site_term_list: SiteTerm[];
  site_meta: SiteMeta;
  site_footer: SiteFooter;
  site_setting: SiteSettings;
  page_meta_list: PageMeta[];
  image_domain: string;
  policy_guide_list: GuideEntry[];
  service_guide_list: GuideEntry[];
  /** A new policy version takes effect at least this many days after it is published (docs/community.md#policies). */
  policy_notice_days: number;
  expire: number;
  _SITE_META: HeadMeta;
}

/** The longest path segment that can name a page with its own head (`_SITE_META`). */
export const SITE_SEGMENT_MAX = 200;

export const SiteCacheInfoQuerySchema = z.object({
  /** First path segment of the page asking, e.g. `sub` for /sub/live. */
  segment1: z.string().max(SITE_SEGMENT_MAX).optional().default(''),
  /** Second path segment, e.g. `live` for /sub/live. */
  segment2: z.string().max(SITE_SEGMENT_MAX).optional().default(''),
});

/**
 * The head for a request path: the most specific page-meta entry whose request_url is the path or a
 * parent of it, its empty fields filled from the site-wide meta.
 */
export function resolveHeadMeta(site: SiteMeta, pages: PageMeta[], path: string): HeadMeta {
  const clean = `/${path.split(/[?#]/)[0]?.split('/').filter(Boolean).join('/') ?? ''}`;
  let best: PageMeta | undefined;
  for (const page of pages) {
    const url = page.request_url.replace(/\/+$/, '') || '/';
    const matches = url === clean || (url !== '/' && clean.startsWith(`${url}/`));
    if (matches && (!best || url.length > best.request_url.length)) best = page;
  }
  return {
    title: best?.meta_title || site.title,
    description: best?.meta_description || site.description,
    keywords: best?.meta_keyword || site.keywords,
    og_image: site.og_image,
    twitter_image: site.twitter_image,
  };
}

/** PUT /user/language/{lang}: the interface language to keep in the `xlang` cookie. */
export const LanguageSchema = z.object({ lang: z.string().max(10) });

/** The site calls, declared once for the server, the web and the tests. */
export const siteEndpoints = {
  /** Every page view asks for this (the web's loaders): each built answer is serialised once. */
  cacheInfo: endpoint<SiteInfo>()({
    method: 'GET',
    path: '/pubapi/api_site_cache_info',
    request: SiteCacheInfoQuerySchema,
    tags: ['site'],
    summary: 'Site info with the head for a page',
  }),
  adminFooter: endpoint<AdminSiteFooterSet>()({
    method: 'POST',
    path: '/admin/site_footer_proc',
    request: AdminSiteFooterSchema,
    tags: ['site'],
    summary: "Save the site footer's company data (operators; audited; every process's site info follows at once)",
  }),
  language: endpoint<{ lang: Lang }>()({
    method: 'PUT',
    path: '/user/language/:lang',
    params: ['lang'],
    request: LanguageSchema,
    tags: ['site'],
    summary: 'Set the interface language (xlang cookie)',
  }),
} as const;
