import { type ApplicationKind, type ApplicationState, OPEN_APPLICATION_STATES } from '@byeol/contract';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Exec, Tx } from '../../platform/db.js';
import type { UserRow } from '../users/index.js';
import { users } from '../users/index.js';
import { accountApplication } from './applications.tables.js';

export type ApplicationRow = typeof accountApplication.$inferSelect;

/** The applicant's latest application of a kind. */
export async function latestApplication(db: Exec, userKey: number, kind: ApplicationKind): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(accountApplication)
    .where(and(eq(accountApplication.userKey, userKey), eq(accountApplication.kind, kind)))
    .orderBy(desc(accountApplication.createdAt), desc(accountApplication.appSn))
    .limit(1);
  return row;
}

/** An application of the kind that is still open or completed (either blocks a new one). */
export async function blockingApplication(db: Exec, userKey: number, kind: ApplicationKind): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(accountApplication)
    .where(
      and(
        eq(accountApplication.userKey, userKey),
        eq(accountApplication.kind, kind),
        inArray(accountApplication.state, [...OPEN_APPLICATION_STATES, 'complete']),
      ),
    )
    .limit(1);
  return row;
}

/** One applicant and kind at a time, for the rest of the transaction (two quick submits cannot both pass). */
export async function lockApplicant(tx: Tx, userKey: number, kind: ApplicationKind): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`apply:${userKey}:${kind}`}))`);
}

export async function insertApplication(db: Exec, values: typeof accountApplication.$inferInsert): Promise<ApplicationRow> {
  const [row] = await db.insert(accountApplication).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The application, locked until the transaction ends. */
export async function lockApplication(tx: Tx, appSn: number): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(accountApplication).where(eq(accountApplication.appSn, appSn)).for('update');
  return row;
}

export async function updateApplication(
  db: Exec,
  appSn: number,
  values: { state: ApplicationState; operatorMemo?: string; accountUserKey?: number },
): Promise<ApplicationRow> {
  const [row] = await db
    .update(accountApplication)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(accountApplication.appSn, appSn))
    .returning();
  if (!row) throw new Error('update returned no row');
  return row;
}

export interface ListedApplication extends ApplicationRow {
  applicantId: string;
  applicantNick: string;
}

/** Applications for operators, oldest first (first come, first served), with the applicant's ID and nick. */
export async function listApplications(
  db: Exec,
  filter: { state?: ApplicationState | undefined; kind?: ApplicationKind | undefined },
  paging: { offset: number; limit: number },
): Promise<{ rows: ListedApplication[]; total: number }> {
  const where = and(
    filter.state ? eq(accountApplication.state, filter.state) : undefined,
    filter.kind ? eq(accountApplication.kind, filter.kind) : undefined,
  );
  const rows = await db
    .select({ app: accountApplication, applicantId: users.id, applicantNick: users.nick })
    .from(accountApplication)
    .innerJoin(users, eq(users.userKey, accountApplication.userKey))
    .where(where)
    .orderBy(asc(accountApplication.createdAt), asc(accountApplication.appSn))
    .offset(paging.offset)
    .limit(paging.limit);
  const [total] = await db.select({ n: count() }).from(accountApplication).where(where);
  return { rows: rows.map((r) => ({ ...r.app, applicantId: r.applicantId, applicantNick: r.applicantNick })), total: total?.n ?? 0 };
}

/** Active accounts an owner holds, oldest first. */
export async function ownedAccounts(db: Exec, ownerUserKey: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.ownerUserKey, ownerUserKey), eq(users.state, 'active')))
    .orderBy(asc(users.createdAt), asc(users.userKey));
}

/** An active personal account (no owner) by key. */
export async function activePersonalAccount(db: Exec, userKey: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.userKey, userKey), eq(users.state, 'active'), isNull(users.ownerUserKey)));
  return row;
}

/**
 * The broadcaster profile of a BJ, K-star or program account (SPEC §3): the form of the completed
 * application that created it, or null when the account did not come from one (demo accounts, old data).
 */
export async function broadcasterProfile(db: Exec, accountUserKey: number): Promise<Record<string, string> | null> {
  const [row] = await db
    .select({ form: accountApplication.form })
    .from(accountApplication)
    .where(and(eq(accountApplication.accountUserKey, accountUserKey), eq(accountApplication.state, 'complete')))
    .orderBy(desc(accountApplication.updatedAt))
    .limit(1);
  return row?.form ?? null;
}
