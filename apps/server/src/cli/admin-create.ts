/**
 * Creates an operator or GM account (never reachable from a web form):
 *
 *   npm run admin:create -- --id ops01 --nick 운영자 --role operator
 *
 * The password comes from BYEOL_ADMIN_PASSWORD or, on a terminal, from a prompt that does not echo.
 * It connects like the server: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (stop a server
 * using the same DATA_DIR first: one embedded PostgreSQL per data folder).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { resultMessage } from '@byeol/contract';
import { createOperator, type OperatorInput } from '../modules/users/users.service.js';
import { AppError } from '../platform/errors.js';
import { runCli, withCliDatabase } from './run.js';

const USAGE = 'usage: npm run admin:create -- --id <id> --nick <nick> --role operator|gm';

/** Reads one line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const out = rl as unknown as { _writeToOutput: (s: string) => void };
    let muted = false;
    out._writeToOutput = (s) => {
      if (!muted) process.stdout.write(s);
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.BYEOL_ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new Error('set BYEOL_ADMIN_PASSWORD or run on a terminal to be prompted');
  const first = await promptHidden('password: ');
  const again = await promptHidden('password again: ');
  if (first !== again) throw new Error(resultMessage('PASSWORD_MISMATCH', 'en'));
  return first;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { id: { type: 'string' }, nick: { type: 'string' }, role: { type: 'string' } },
    allowPositionals: false,
  });
  if (!values.id || !values.nick || (values.role !== 'operator' && values.role !== 'gm')) {
    console.error(USAGE);
    return 2;
  }
  const input: OperatorInput = { id: values.id, nick: values.nick, role: values.role, password: await readPassword() };

  try {
    const created = await withCliDatabase((database) => createOperator(database.db, input));
    console.log(`created ${created.role} ${created.id} (${created.nick}): user_key ${created.user_key}`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      const rules = (err.params as { rules?: unknown }).rules;
      console.error(`${resultMessage(err.code, 'en', err.params)}${Array.isArray(rules) ? ` (${rules.join(', ')})` : ''}`);
      return 1;
    }
    throw err;
  }
}

runCli(main);
