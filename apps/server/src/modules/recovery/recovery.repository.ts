import { and, eq, inArray } from 'drizzle-orm';
import type { Exec, Tx } from '../../platform/db.js';
import { userSocial } from '../social/index.js';
import { userSession, users } from '../users/index.js';

export interface PhoneAccount {
  userKey: number;
  id: string;
  nick: string;
  createdAt: Date;
  hasPassword: boolean;
  providers: string[];
}

const onPhone = (phoneCountryNum: string, phoneNo: string) =>
  and(eq(users.phoneCountryNum, phoneCountryNum), eq(users.phoneNo, phoneNo), eq(users.state, 'active'));

/** The active accounts of a phone, oldest first, with the social providers linked to each. */
export async function accountsOfPhone(db: Exec, phoneCountryNum: string, phoneNo: string): Promise<PhoneAccount[]> {
  const rows = await db
    .select({ userKey: users.userKey, id: users.id, nick: users.nick, createdAt: users.createdAt, passwordHash: users.passwordHash })
    .from(users)
    .where(onPhone(phoneCountryNum, phoneNo))
    .orderBy(users.createdAt, users.userKey);
  if (rows.length === 0) return [];
  const links = await db
    .select({ userKey: userSocial.userKey, provider: userSocial.provider })
    .from(userSocial)
    .where(
      inArray(
        userSocial.userKey,
        rows.map((r) => r.userKey),
      ),
    )
    .orderBy(userSocial.createdAt, userSocial.provider);
  return rows.map(({ passwordHash, ...r }) => ({
    ...r,
    hasPassword: passwordHash !== null,
    providers: links.filter((l) => l.userKey === r.userKey).map((l) => l.provider),
  }));
}

/** One active account of a phone, or undefined; `lock` holds its row until the transaction ends. */
export async function accountOnPhone(
  db: Exec,
  userKey: number,
  phoneCountryNum: string,
  phoneNo: string,
  lock = false,
): Promise<{ userKey: number; id: string; hasPassword: boolean } | undefined> {
  const query = db
    .select({ userKey: users.userKey, id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.userKey, userKey), onPhone(phoneCountryNum, phoneNo)));
  const [row] = lock ? await query.for('update') : await query;
  return row && { userKey: row.userKey, id: row.id, hasPassword: row.passwordHash !== null };
}

/** The new password, a cleared failure count, and no session left anywhere. */
export async function setPasswordEndingSessions(tx: Tx, userKey: number, passwordHash: string): Promise<void> {
  await tx.update(users).set({ passwordHash, loginFailCnt: 0 }).where(eq(users.userKey, userKey));
  await tx.delete(userSession).where(eq(userSession.userKey, userKey));
}
