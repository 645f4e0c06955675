import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { passwordViolations } from '@byeol/contract';
import { eq } from 'drizzle-orm';
import { createOperator, hashPassword } from '../modules/users/users.service.js';
import { users } from '../modules/users/users.tables.js';
import type { Db } from '../platform/db.js';

/** The operator a newcomer signs in as to try /admin on a local `npm start` (demo content only). */
export const DEMO_OPERATOR = { id: 'demoadmin', nick: '데모운영자' } as const;

/** Where the demo operator's password is written (owner-readable only), under DATA_DIR. */
export const demoOperatorFile = (dataDir: string) => path.join(dataDir, 'demo-operator.txt');

/** A password for this installation alone that keeps the sign-up rules (drawn again until it does). */
function newPassword(): string {
  for (;;) {
    const password = `Demo!${randomBytes(5).toString('hex')}`;
    if (passwordViolations(password, DEMO_OPERATOR.id).length === 0) return password;
  }
}

/**
 * Makes sure the demo operator exists and its password is in `demoOperatorFile(dataDir)`. The password is
 * drawn at random for each installation and never printed or shipped: an `npm start` reachable from the
 * network (it binds 0.0.0.0) must not have an operator with a password everybody can read in the README.
 * A missing file (a wiped data folder with the database kept) gets a new password. Outside production only:
 * the caller runs it with the demo seed, which production refuses.
 */
export async function ensureDemoOperator(db: Db, dataDir: string): Promise<{ file: string; created: boolean }> {
  const file = demoOperatorFile(dataDir);
  const [row] = await db.select({ userKey: users.userKey }).from(users).where(eq(users.id, DEMO_OPERATOR.id));
  if (row && existsSync(file)) return { file, created: false };
  const password = newPassword();
  if (row) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.userKey, row.userKey));
  } else {
    const made = await createOperator(db, { ...DEMO_OPERATOR, role: 'operator', password });
    await db.update(users).set({ isDemo: true }).where(eq(users.userKey, made.user_key));
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `id: ${DEMO_OPERATOR.id}\npassword: ${password}\n`, { mode: 0o600 });
  return { file, created: !row };
}
