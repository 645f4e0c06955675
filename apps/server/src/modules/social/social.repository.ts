import type { SocialProvider } from '@byeol/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';
import { users } from '../users/index.js';
import { oauthState, socialSignup, userSocial } from './social.tables.js';

export type OAuthStateRow = typeof oauthState.$inferSelect;
export type SocialSignupRow = typeof socialSignup.$inferSelect;

export async function insertState(db: Exec, row: typeof oauthState.$inferInsert): Promise<void> {
  await db.insert(oauthState).values(row);
}

/** Spends a sign-in state once: the row is deleted whether or not it is still valid. */
export async function takeState(db: Exec, stateHash: string): Promise<(OAuthStateRow & { expired: boolean }) | undefined> {
  const [row] = await db
    .delete(oauthState)
    .where(eq(oauthState.stateHash, stateHash))
    .returning({
      stateHash: oauthState.stateHash,
      provider: oauthState.provider,
      codeVerifier: oauthState.codeVerifier,
      nonce: oauthState.nonce,
      returnTo: oauthState.returnTo,
      expiresAt: oauthState.expiresAt,
      expired: sql<boolean>`${oauthState.expiresAt} <= now()`,
    });
  return row;
}

/** Forgets abandoned sign-ins and sign-ups (nobody can use them any more). */
export async function deleteExpired(db: Exec): Promise<void> {
  await db.delete(oauthState).where(lt(oauthState.expiresAt, sql`now()`));
  await db.delete(socialSignup).where(lt(socialSignup.expiresAt, sql`now()`));
}

/** The account a provider identity signs in to, with its state. */
export async function findLinkedUser(
  db: Exec,
  provider: SocialProvider,
  subject: string,
): Promise<{ userKey: number; state: 'active' | 'closed' } | undefined> {
  const [row] = await db
    .select({ userKey: users.userKey, state: users.state })
    .from(userSocial)
    .innerJoin(users, eq(users.userKey, userSocial.userKey))
    .where(and(eq(userSocial.provider, provider), eq(userSocial.subject, subject)));
  return row;
}

export async function touchLink(db: Exec, provider: SocialProvider, subject: string, email: string): Promise<void> {
  await db
    .update(userSocial)
    .set({ lastLoginAt: new Date(), ...(email ? { email } : {}) })
    .where(and(eq(userSocial.provider, provider), eq(userSocial.subject, subject)));
}

export async function insertLink(db: Exec, row: typeof userSocial.$inferInsert): Promise<void> {
  await db.insert(userSocial).values(row);
}

export async function insertSignup(db: Exec, row: typeof socialSignup.$inferInsert): Promise<void> {
  await db.insert(socialSignup).values(row);
}

/** A pending sign-up that has not expired. */
export async function findSignup(db: Exec, tokenHash: string): Promise<SocialSignupRow | undefined> {
  const [row] = await db
    .select()
    .from(socialSignup)
    .where(and(eq(socialSignup.tokenHash, tokenHash), gt(socialSignup.expiresAt, sql`now()`)));
  return row;
}

/** Spends a pending sign-up (inside the join's transaction, so a refused join keeps it). */
export async function takeSignup(db: Exec, tokenHash: string): Promise<SocialSignupRow | undefined> {
  const [row] = await db
    .delete(socialSignup)
    .where(and(eq(socialSignup.tokenHash, tokenHash), gt(socialSignup.expiresAt, sql`now()`)))
    .returning();
  return row;
}

/** Which unique index of user_social a PostgreSQL unique violation hit. */
export function linkViolation(err: unknown): boolean {
  const e = (err as { cause?: unknown })?.cause ?? err;
  const { code, constraint } = (e ?? {}) as { code?: string; constraint?: string };
  return code === '23505' && constraint === 'user_social_subject_key';
}
