import { eq, sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';
import { users } from './users.tables.js';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** The account of a login ID, case-insensitive (closed accounts included: their IDs stay taken). */
export async function findByLoginId(db: Exec, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.id})`, id.toLowerCase()));
  return row;
}

export async function findByKey(db: Exec, userKey: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.userKey, userKey));
  return row;
}

export async function idTaken(db: Exec, id: string): Promise<boolean> {
  const [row] = await db
    .select({ k: users.userKey })
    .from(users)
    .where(eq(sql`lower(${users.id})`, id.toLowerCase()))
    .limit(1);
  return row !== undefined;
}

/** Nicknames are compared case-insensitively so 'Star' and 'star' cannot both exist. */
export async function nickTaken(db: Exec, nick: string, exceptUserKey?: number): Promise<boolean> {
  const rows = await db
    .select({ k: users.userKey })
    .from(users)
    .where(eq(sql`lower(${users.nick})`, nick.toLowerCase()))
    .limit(2);
  return rows.some((r) => r.k !== exceptUserKey);
}

/** Which unique index a PostgreSQL unique violation (23505) hit, or null for any other error. */
export function uniqueViolation(err: unknown): 'id' | 'nick' | null {
  // Drizzle wraps driver errors; the pg error is the cause.
  const e = (err as { cause?: unknown })?.cause ?? err;
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  if (code !== '23505') return null;
  if (constraint === 'users_id_key') return 'id';
  if (constraint === 'users_nick_key') return 'nick';
  return null;
}

export async function insertUser(db: Exec, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** One more wrong password, atomically; answers the new count. */
export async function addLoginFailure(db: Exec, userKey: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ loginFailCnt: sql`${users.loginFailCnt} + 1` })
    .where(eq(users.userKey, userKey))
    .returning({ n: users.loginFailCnt });
  return row?.n ?? 0;
}

export async function resetLoginFailures(db: Exec, userKey: number): Promise<void> {
  await db.update(users).set({ loginFailCnt: 0 }).where(eq(users.userKey, userKey));
}

export async function updateUser(
  db: Exec,
  userKey: number,
  values: Partial<Pick<NewUserRow, 'nick' | 'stateMemo' | 'passwordHash'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(users).set(values).where(eq(users.userKey, userKey));
}
