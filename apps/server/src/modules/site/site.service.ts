import {
  type GuideEntry,
  type Lang,
  resolveHeadMeta,
  SITE_DEFAULTS,
  type SiteInfo,
  type SiteSwitch,
  type SiteTerm,
  termLangOf,
} from '@byeol/contract';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { loadSite, type SiteSnapshot, type SiteTermRow } from './site.repository.js';

export const SITE_CHANGED = 'site.changed';
export const DEFAULT_SITE_KEY = 1;
/** Built answers kept per snapshot (4 languages × the pages people actually visit). */
const MAX_BUILT = 512;

function toTerm(row: SiteTermRow | undefined, langCd: SiteTerm['sti_lang_cd']): SiteTerm {
  return {
    sti_lang_cd: langCd,
    sti_bj_name: row?.bjName ?? '',
    sti_enter_bj_name: row?.enterBjName ?? '',
    sti_public_bj_name: row?.publicBjName ?? '',
    sti_program_bj_name: row?.programBjName ?? '',
    sti_rookie_bj_name: row?.rookieBjName ?? '',
    sti_clip_name: row?.clipName ?? '',
    sti_currency_name: row?.currencyName ?? '',
    sti_currency_item_name: row?.currencyItemName ?? '',
  };
}

/**
 * Site info is read on every page view, so it is held in memory and reloaded only when an operator
 * changes it (a `site.changed` message on the bus reaches every process) or after `ttlMs`.
 */
export class SiteService {
  private snapshot: SiteSnapshot | null = null;
  /** Answers built from the current snapshot, per language and page; emptied with it. */
  private built = new Map<string, SiteInfo>();
  private loadedAt = 0;
  /** When the next announced guide version takes effect: the guide lists change then, so the snapshot is reloaded. */
  private nextChangeAt = Number.POSITIVE_INFINITY;
  private loading: Promise<SiteSnapshot> | null = null;
  /** Bumped by every invalidate(): a load started before it is not kept. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 60_000,
  ) {}

  /** Listens for changes made by any process. */
  async watch(bus: Bus): Promise<() => Promise<void>> {
    return bus.subscribe(SITE_CHANGED, () => this.invalidate());
  }

  /**
   * Forgets the snapshot. A load already under way may have read the rows before the change: it no longer
   * counts (its generation is past), so the next caller starts a fresh one instead of waiting for it.
   */
  invalidate(): void {
    this.generation += 1;
    this.snapshot = null;
    this.built = new Map();
    this.loading = null;
  }

  private async current(): Promise<SiteSnapshot> {
    const now = Date.now();
    if (this.snapshot && now - this.loadedAt < this.ttlMs && now < this.nextChangeAt) return this.snapshot;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = loadSite(this.db, DEFAULT_SITE_KEY)
      .then((s) => {
        if (!s) throw new AppError('NO_DATA');
        // Invalidated while loading: answer this caller, keep nothing (the next one loads again).
        if (generation !== this.generation) return s;
        this.snapshot = s;
        this.built = new Map();
        this.loadedAt = Date.now();
        this.nextChangeAt = Math.min(
          Number.POSITIVE_INFINITY,
          ...s.versions.map((v) => v.effectiveAt.getTime()).filter((at) => at > this.loadedAt),
        );
        return s;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  /** The SPEC §3 site info for a caller's language, with `_SITE_META` for the page at /segment1/segment2. */
  async info(lang: Lang, segment1 = '', segment2 = ''): Promise<SiteInfo> {
    const snapshot = await this.current();
    const key = `${lang}\u0000${segment1}\u0000${segment2}`;
    const cached = this.built.get(key);
    if (cached) return cached;
    const info = this.build(snapshot, lang, segment1, segment2);
    // Segments come from the caller: only a bounded number of answers is kept.
    if (this.built.size < MAX_BUILT) this.built.set(key, info);
    return info;
  }

  private build({ site, terms, pages, guides, versions }: SiteSnapshot, lang: Lang, segment1: string, segment2: string): SiteInfo {
    const termList = (['ko', 'en', 'ja', 'zh'] as const).map((l) =>
      toTerm(
        terms.find((t) => t.langCd === l),
        l,
      ),
    );
    const mine = termList.find((t) => t.sti_lang_cd === termLangOf(lang));
    const pageMetaList = pages.map((p) => ({
      request_url: p.requestUrl,
      meta_title: p.metaTitle,
      meta_description: p.metaDescription,
      meta_keyword: p.metaKeyword,
    }));
    // The version in effect of each guide: the newest number whose date has come (site.policy.ts), the one a
    // join records consent to.
    const now = new Date();
    const inEffect = (guideId: number) => versions.find((v) => v.guideId === guideId && v.effectiveAt <= now);
    const guideList = (kind: 'policy' | 'service'): GuideEntry[] =>
      guides
        .filter((g) => g.kind === kind && g.visible)
        .map((g) => {
          const v = inEffect(g.id);
          return {
            id: g.id,
            title: g.title,
            code: g.code,
            required_yn: g.required ? 'Y' : 'N',
            ver: v?.ver ?? null,
            effective_date: v ? v.effectiveAt.toISOString() : null,
          };
        });
    const path = `/${[segment1, segment2].filter(Boolean).join('/')}`;
    return {
      asp_key: site.aspKey,
      asp_info: { site_name: site.siteName },
      cur_country_cd: site.countryCd,
      cur_lang_cd: lang,
      reg_country_cd: site.regCountryCd,
      site_lang_list: site.languages,
      site_terms: {
        BJ_NAME: mine?.sti_bj_name || SITE_DEFAULTS.bjName,
        CURRENCY_ITEM_NAME: mine?.sti_currency_item_name || SITE_DEFAULTS.currencyItemName,
        CURRENCY_NAME: mine?.sti_currency_name || SITE_DEFAULTS.currencyName,
      },
      site_term_list: termList,
      site_meta: site.meta,
      site_footer: site.footer,
      site_setting: site.settings,
      page_meta_list: pageMetaList,
      image_domain: site.imageDomain,
      policy_guide_list: guideList('policy'),
      service_guide_list: guideList('service'),
      policy_notice_days: site.policyNoticeDays,
      expire: site.expire,
      _SITE_META: resolveHeadMeta(site.meta, pageMetaList, path),
    };
  }
}

/**
 * SERVICE_PREPARING (SPEC §8 'service being prepared') while a site switch is off; operators still reach
 * the feature (they prepare it). Read through the site service's cache, refreshed over the bus.
 */
export async function requireSwitchOn(site: SiteService, name: SiteSwitch, role: string | null | undefined): Promise<void> {
  if (role === 'operator') return;
  if ((await site.info('ko')).site_setting[`${name}_yn`] !== 'Y') throw new AppError('SERVICE_PREPARING');
}
