/**
 * Lifts an account's login failure limit (SPEC §8), for an operator or GM whom strangers locked out of a
 * browser they had not signed in from before (they have no phone to verify):
 *
 *   npm run admin:unlock -- --id ops01
 *   npm run admin:unlock -- --id ops01 --totp     (also turns two-step sign-in off: a lost phone)
 *
 * It connects like the server: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (stop a server using
 * the same DATA_DIR first). Another operator can do the same from the console (POST /admin/user_unlock_proc).
 */
import { parseArgs } from 'node:util';
import { resultMessage } from '@byeol/contract';
import { resetTotp, unlockAccount } from '../modules/users/users.service.js';
import { AppError } from '../platform/errors.js';
import { runCli, withCliDatabase } from './run.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { id: { type: 'string' }, totp: { type: 'boolean' } }, allowPositionals: false });
  if (!values.id) {
    console.error('usage: npm run admin:unlock -- --id <id> [--totp]');
    return 2;
  }
  const id = values.id;
  try {
    const done = await withCliDatabase(async (database) => {
      const unlocked = await unlockAccount(database.db, id);
      const totpOff = values.totp ? await resetTotp(database.db, unlocked.user_key) : false;
      return { ...unlocked, totpOff };
    });
    console.log(
      `unlocked ${done.id} (user_key ${done.user_key}): ${done.cleared} failed logins cleared${done.totpOff ? ', two-step sign-in turned off' : ''}`,
    );
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(resultMessage(err.code, 'en', err.params));
      return 1;
    }
    throw err;
  }
}

runCli(main);
