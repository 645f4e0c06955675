import type { SiteFooter } from '@byeol/contract';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Exec } from '../../platform/db.js';
import { seedPolicyVersions } from './site.policy.js';
import { DEFAULT_GUIDES, DEFAULT_PAGE_META, DEFAULT_SITE, DEFAULT_TERMS } from './site.seed.js';
import { guide, pageMeta, policyVersion, site, siteTerm } from './site.tables.js';

export type SiteRow = typeof site.$inferSelect;
export type SiteTermRow = typeof siteTerm.$inferSelect;
export type PageMetaRow = typeof pageMeta.$inferSelect;
export type GuideRow = typeof guide.$inferSelect;
/** A guide's version without its text: enough to tell which one is in effect at a time. */
export type GuideVersionRow = Pick<typeof policyVersion.$inferSelect, 'guideId' | 'ver' | 'effectiveAt'>;

export interface SiteSnapshot {
  site: SiteRow;
  terms: SiteTermRow[];
  pages: PageMetaRow[];
  guides: GuideRow[];
  /** Every version of the site's guides, newest number first (a few per guide). */
  versions: GuideVersionRow[];
}

export async function loadSite(db: Db, siteKey: number): Promise<SiteSnapshot | null> {
  const [row] = await db.select().from(site).where(eq(site.siteKey, siteKey));
  if (!row) return null;
  const [terms, pages, guides, versions] = await Promise.all([
    db.select().from(siteTerm).where(eq(siteTerm.siteKey, siteKey)),
    db.select().from(pageMeta).where(eq(pageMeta.siteKey, siteKey)).orderBy(asc(pageMeta.id)),
    db.select().from(guide).where(eq(guide.siteKey, siteKey)).orderBy(asc(guide.kind), asc(guide.sortNo), asc(guide.id)),
    db
      .select({ guideId: policyVersion.guideId, ver: policyVersion.ver, effectiveAt: policyVersion.effectiveAt })
      .from(policyVersion)
      .innerJoin(guide, eq(guide.id, policyVersion.guideId))
      .where(eq(guide.siteKey, siteKey))
      .orderBy(desc(policyVersion.ver)),
  ]);
  return { site: row, terms, pages, guides, versions };
}

/** Writes the SPEC defaults when the default site is missing; idempotent and safe from two processes. */
export async function seedSiteDefaults(db: Db): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx.insert(site).values(DEFAULT_SITE).onConflictDoNothing().returning({ key: site.siteKey });
    if (inserted.length === 0) return false;
    await tx.insert(siteTerm).values(DEFAULT_TERMS).onConflictDoNothing();
    await tx.insert(pageMeta).values(DEFAULT_PAGE_META.map((p) => ({ ...p, siteKey: DEFAULT_SITE.siteKey })));
    await tx.insert(guide).values(DEFAULT_GUIDES.map((g) => ({ ...g, siteKey: DEFAULT_SITE.siteKey })));
    return true;
  });
  // Every guide has a first version (an install upgraded from before versions gets it here).
  await seedPolicyVersions(db);
  return seeded;
}

/**
 * Sets one Y/N switch of the default site's settings inside the caller's transaction; answers the settings
 * before and after. The caller publishes SITE_CHANGED after the commit so every process reloads.
 */
export async function setSiteSwitch(
  tx: Exec,
  name: string,
  value: 'Y' | 'N',
): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  const [row] = await tx.select({ settings: site.settings }).from(site).where(eq(site.siteKey, DEFAULT_SITE.siteKey)).for('update');
  const before = (row?.settings ?? {}) as Record<string, unknown>;
  const after = { ...before, [`${name}_yn`]: value };
  await tx
    .update(site)
    .set({ settings: after as typeof site.$inferInsert.settings, updatedAt: new Date() })
    .where(eq(site.siteKey, DEFAULT_SITE.siteKey));
  return { before, after };
}

/**
 * Sets the given fields of the default site's footer (SPEC §3 company data) inside the caller's transaction,
 * keeping the others; answers the footer before and after. The caller publishes SITE_CHANGED after the
 * commit so every process reloads.
 */
export async function setSiteFooter(tx: Exec, footer: Partial<SiteFooter>): Promise<{ before: SiteFooter; after: SiteFooter }> {
  const [row] = await tx.select({ footer: site.footer }).from(site).where(eq(site.siteKey, DEFAULT_SITE.siteKey)).for('update');
  const before = (row?.footer ?? {}) as SiteFooter;
  const sent = Object.fromEntries(Object.entries(footer).filter(([, v]) => v !== undefined));
  const after: SiteFooter = { ...before, ...sent };
  await tx.update(site).set({ footer: after, updatedAt: new Date() }).where(eq(site.siteKey, DEFAULT_SITE.siteKey));
  return { before, after };
}
