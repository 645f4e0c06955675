import { createHash } from 'node:crypto';
import { IDENTITY_TOKEN_TTL_SECONDS, type IdentityPurpose } from '@byeol/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';
import { users } from '../users/index.js';
import type { VerifiedPerson } from './identity.drivers.js';
import { identityVerification } from './identity.tables.js';

export type IdentityRow = typeof identityVerification.$inferSelect;

/** How an identity token is stored: only its SHA-256, as for sessions and phone verifications. */
export const identityTokenHash = (token: string) => createHash('sha256').update(`identity-token:${token}`).digest('hex');

/** Records a verified person with the hash of their one-time token; false when the provider ref was already used. */
export async function insertIdentity(
  db: Exec,
  person: VerifiedPerson,
  purpose: IdentityPurpose,
  driver: string,
  token: string,
): Promise<boolean> {
  const rows = await db
    .insert(identityVerification)
    .values({
      verifyId: person.ref,
      purpose,
      driver,
      name: person.name,
      birthDate: person.birthDate,
      sex: person.sex,
      phoneNo: person.phoneNo,
      ci: person.ci,
      tokenHash: identityTokenHash(token),
      expiresAt: sql`now() + make_interval(secs => ${IDENTITY_TOKEN_TTL_SECONDS})`,
    })
    .onConflictDoNothing({ target: identityVerification.verifyId })
    .returning({ verifyId: identityVerification.verifyId });
  return rows.length === 1;
}

/**
 * Spends an identity token on its purpose, once, within its 10 minutes; undefined otherwise. Called in
 * the transaction of the action, so a refused action leaves the token usable.
 */
export async function spendIdentity(db: Exec, token: string, purpose: IdentityPurpose): Promise<IdentityRow | undefined> {
  const [row] = await db
    .update(identityVerification)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(identityVerification.tokenHash, identityTokenHash(token)),
        eq(identityVerification.purpose, purpose),
        isNull(identityVerification.usedAt),
        sql`${identityVerification.expiresAt} > now()`,
      ),
    )
    .returning();
  return row;
}

/** Records an adult verification on an account: the verified identity wins over what was declared at the join. */
export async function setAdultVerified(db: Exec, userKey: number, person: IdentityRow): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({
      ci: person.ci,
      realName: person.name,
      birthDate: person.birthDate,
      ...(person.sex ? { sex: person.sex } : {}),
      adultVerifiedAt: sql`now()`,
    })
    .where(eq(users.userKey, userKey))
    .returning({ at: users.adultVerifiedAt });
  return row?.at ?? new Date();
}
