import type { PolicyCode, PolicyDoc, PolicyHistorySet, PolicyPending, PolicyVersionSummary } from '@byeol/contract';
import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Exec, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { FIRST_POLICY_EFFECTIVE, FIRST_POLICY_REASON, FIRST_POLICY_TEXTS } from './site.policy-texts.js';
import { guide, policyConsent, policyVersion, site } from './site.tables.js';

/**
 * Versioned policies and guides (issue 19, docs/community.md#policies): a version is published with a
 * reason and an effective date at least the site's notice days ahead; the version in effect is the newest
 * whose date has come; the old texts stay readable; members agree to the required ones (terms, privacy) at
 * the join and again at their next login after a new version takes effect.
 */

type GuideRow = typeof guide.$inferSelect;
type VersionRow = typeof policyVersion.$inferSelect;

const iso = (d: Date) => d.toISOString();

function stateOf(v: VersionRow, current: VersionRow | undefined, now: Date): PolicyVersionSummary['state'] {
  if (v.effectiveAt > now) return 'upcoming';
  return current && v.ver === current.ver ? 'current' : 'old';
}

function summary(v: VersionRow, current: VersionRow | undefined, now: Date): PolicyVersionSummary {
  return {
    ver: v.ver,
    effective_date: iso(v.effectiveAt),
    reg_date: iso(v.createdAt),
    reason: v.reason,
    state: stateOf(v, current, now),
  };
}

async function guideOf(db: Exec, id: number): Promise<GuideRow> {
  const [row] = await db.select().from(guide).where(eq(guide.id, id));
  if (!row?.visible) throw new AppError('POLICY_NOT_FOUND');
  return row;
}

async function versionsOf(db: Exec, id: number): Promise<VersionRow[]> {
  return db.select().from(policyVersion).where(eq(policyVersion.guideId, id)).orderBy(desc(policyVersion.ver));
}

/** The newest version whose effective date has come. */
const inEffect = (versions: VersionRow[], now: Date) => versions.find((v) => v.effectiveAt <= now);

/** policy_guide / service_guide: the version in effect (or `ver`), with an announced upcoming one. */
export async function policyDoc(db: Db, kind: 'policy' | 'service', id: number, ver?: number): Promise<PolicyDoc> {
  const g = await guideOf(db, id);
  if (g.kind !== kind) throw new AppError('POLICY_NOT_FOUND');
  const now = new Date();
  const versions = await versionsOf(db, id);
  const current = inEffect(versions, now);
  const shown = ver === undefined ? current : versions.find((v) => v.ver === ver);
  if (ver !== undefined && !shown) throw new AppError('POLICY_NOT_FOUND');
  const upcoming = versions.filter((v) => v.effectiveAt > now).at(-1);
  return {
    id: g.id,
    kind: g.kind,
    code: (g.code as PolicyCode | null) ?? null,
    title: g.title,
    required_yn: g.required ? 'Y' : 'N',
    version: shown ? { ...summary(shown, current, now), content: shown.content } : null,
    upcoming: upcoming ? summary(upcoming, current, now) : null,
  };
}

/** policy_history: every version, newest first. */
export async function policyHistory(db: Db, id: number): Promise<PolicyHistorySet> {
  const g = await guideOf(db, id);
  const now = new Date();
  const versions = await versionsOf(db, id);
  const current = inEffect(versions, now);
  const list = versions.map((v) => summary(v, current, now));
  return { id: g.id, kind: g.kind, title: g.title, data_list: list, data_totalcount: list.length };
}

/** `YYYY-MM-DD` is 00:00 KST of that day; anything else must be an ISO 8601 instant. */
export function parseEffectiveDate(value: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = day ? new Date(`${value}T00:00:00+09:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  // 2026-02-30 parses as March 2nd: the day must read back as itself.
  if (day && new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10) !== value) return null;
  return d;
}

const kstDay = (d: Date) => Math.floor((d.getTime() + 9 * 3600_000) / 86_400_000);

/**
 * A day (`YYYY-MM-DD`) must be at least `days` KST calendar days after today (published on the 27th with 7
 * days: the 4th or later); an instant at least `days` × 24 hours after now.
 */
export function farEnough(value: string, effective: Date, now: Date, days: number): boolean {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return kstDay(effective) >= kstDay(now) + days;
  return effective.getTime() >= now.getTime() + days * 86_400_000;
}

/** The site's notice days (a new version takes effect at least this many days after it is published). */
export async function policyNoticeDays(db: Exec): Promise<number> {
  const [row] = await db.select({ days: site.policyNoticeDays }).from(site).where(eq(site.siteKey, 1));
  return row?.days ?? 7;
}

/**
 * Sets the site's notice days inside the caller's transaction (the caller checks the range, audits and, after
 * the commit, publishes SITE_CHANGED so every process's site info shows it); answers the value before.
 */
export async function setPolicyNoticeDays(tx: Exec, days: number): Promise<{ before: number }> {
  const [row] = await tx.select({ days: site.policyNoticeDays }).from(site).where(eq(site.siteKey, 1)).for('update');
  await tx.update(site).set({ policyNoticeDays: days, updatedAt: new Date() }).where(eq(site.siteKey, 1));
  return { before: row?.days ?? 7 };
}

/**
 * policy_publish_proc: the next version of guide `id`. The effective date must be at least the notice days
 * after now (00:00 KST of a day counts from the day's start). Answers the new version's summary.
 */
export async function publishPolicy(
  db: Db,
  actorUserKey: number,
  req: { id: number; content: string; reason: string; effective_date: string },
): Promise<PolicyVersionSummary & { id: number }> {
  await guideOf(db, req.id);
  const effective = parseEffectiveDate(req.effective_date);
  if (!effective) throw new AppError('POLICY_DATE_INVALID', { field: 'effective_date' });
  const days = await policyNoticeDays(db);
  const now = new Date();
  if (!farEnough(req.effective_date, effective, now, days))
    throw new AppError('POLICY_EFFECTIVE_TOO_SOON', { field: 'effective_date', days });
  const row = await db.transaction(async (tx) => {
    // One publisher at a time per guide: the next number is taken under the guide's row lock.
    await tx.execute(sql`select id from guide where id = ${req.id} for update`);
    const [last] = await tx
      .select({ ver: policyVersion.ver, effectiveAt: policyVersion.effectiveAt })
      .from(policyVersion)
      .where(eq(policyVersion.guideId, req.id))
      .orderBy(desc(policyVersion.ver))
      .limit(1);
    // Versions take effect in their order: a later number never applies before an earlier one.
    if (last && effective <= last.effectiveAt) throw new AppError('POLICY_EFFECTIVE_TOO_SOON', { field: 'effective_date', days });
    const [created] = await tx
      .insert(policyVersion)
      .values({
        guideId: req.id,
        ver: (last?.ver ?? 0) + 1,
        content: req.content,
        reason: req.reason,
        effectiveAt: effective,
        publishedBy: actorUserKey,
      })
      .returning();
    return created as VersionRow;
  });
  return { id: req.id, ...summary(row, undefined, now) };
}

/**
 * The required policies a member has not agreed to in the version in effect. Staff accounts (operators,
 * GMs) are not asked: they publish the policies.
 */
export async function pendingPolicies(db: Db, userKey: number, role = 'user'): Promise<PolicyPending[]> {
  if (role === 'operator' || role === 'gm') return [];
  const { rows } = await db.execute<{
    id: number;
    code: string | null;
    title: string;
    ver: number;
    effective_at: Date | string;
    reason: string;
    agreed_ver: number | null;
  }>(sql`
    select g.id, g.code, g.title, v.ver, v.effective_at, v.reason,
           (select max(c.ver) from policy_consent c where c.user_key = ${userKey} and c.guide_id = g.id) as agreed_ver
    from guide g
    join lateral (
      select ver, effective_at, reason from policy_version pv
      where pv.guide_id = g.id and pv.effective_at <= now() order by pv.ver desc limit 1
    ) v on true
    where g.required and g.visible
      and not exists (select 1 from policy_consent c where c.user_key = ${userKey} and c.guide_id = g.id and c.ver = v.ver)
    order by g.sort_no, g.id`);
  return rows.map((r) => ({
    id: r.id,
    code: (r.code as PolicyCode | null) ?? null,
    title: r.title,
    ver: r.ver,
    effective_date: new Date(r.effective_at).toISOString(),
    reason: r.reason,
    agreed_ver: r.agreed_ver,
  }));
}

/** policy_agree_proc: agrees to version `ver` of guide `id`, which must be the version in effect. */
export async function agreePolicy(db: Db, userKey: number, id: number, ver: number): Promise<{ id: number; ver: number }> {
  await guideOf(db, id);
  const current = inEffect(await versionsOf(db, id), new Date());
  if (!current || current.ver !== ver) throw new AppError('POLICY_VERSION_STALE');
  await db.insert(policyConsent).values({ userKey, guideId: id, ver }).onConflictDoNothing();
  return { id, ver };
}

/** At the join, inside its transaction: the new member agreed to every required policy's version in effect. */
export async function recordJoinConsents(tx: Tx, userKey: number): Promise<void> {
  await recordConsentsOf(tx, sql`select ${userKey}::bigint as user_key`);
}

/** Every member of `members` (a query of user_key) agreed to each required policy's version in effect. */
export async function recordConsentsOf(tx: Exec, members: SQL): Promise<void> {
  await tx.execute(sql`
    insert into policy_consent (user_key, guide_id, ver)
    select m.user_key, g.id, v.ver from (${members}) m cross join guide g
    join lateral (
      select ver from policy_version pv where pv.guide_id = g.id and pv.effective_at <= now() order by pv.ver desc limit 1
    ) v on true
    where g.required and g.visible
    on conflict do nothing`);
}

/** Gives every guide without a version its first one (the install's texts); idempotent. */
export async function seedPolicyVersions(db: Db): Promise<void> {
  const guides = await db.select().from(guide).orderBy(asc(guide.id));
  for (const g of guides) {
    const text = FIRST_POLICY_TEXTS[g.code ?? ''] ?? FIRST_POLICY_TEXTS.guide ?? '';
    await db.transaction(async (tx) => {
      const made = await tx
        .insert(policyVersion)
        .values({ guideId: g.id, ver: 1, content: text, reason: FIRST_POLICY_REASON, effectiveAt: new Date(FIRST_POLICY_EFFECTIVE) })
        .onConflictDoNothing()
        .returning({ ver: policyVersion.ver });
      // Members who joined before versions existed agreed to the required policies at their join: that is
      // the first version (they are asked again only when a later one takes effect).
      if (made.length && g.required) {
        await tx.execute(sql`
          insert into policy_consent (user_key, guide_id, ver, agreed_at)
          select user_key, ${g.id}, 1, created_at from users on conflict do nothing`);
      }
    });
  }
}
