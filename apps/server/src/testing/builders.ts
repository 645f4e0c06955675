import { randomBytes, randomUUID } from 'node:crypto';
import type { Currency } from '@byeol/contract';
import { broadcast } from '../modules/live/live.tables.js';
import type { LedgerService } from '../modules/wallet/wallet.service.js';
import type { Exec } from '../platform/db.js';
import type { TestApp } from './app.js';
import { buildAccount, unique } from './members.js';

export { ChatClient } from './chat-client.js';
export { buildAccount } from './members.js';

/**
 * The one builders file of the tests (STYLE.md: buildUser, signedInAs…): members, BJs, operators, funds,
 * broadcasts and chat clients, for the integration tests (a TestApp) and the end-to-end tests (their own
 * connection to the platform's database: `buildBroadcast` takes any Drizzle database or transaction).
 */

export type Account = Awaited<ReturnType<typeof buildAccount>>;

/** A fresh idempotency key, as a client makes one per user action. */
export const newKey = () => randomUUID();

export function ledgerOf(t: TestApp): LedgerService {
  if (!t.app.ledger) throw new Error('the test app has no ledger (api role)');
  return t.app.ledger;
}

/** A member with a session; `star`/`cubic` fund their wallet by a system grant first. */
export async function buildViewer(t: TestApp, funds: { star?: number; cubic?: number } = {}): Promise<Account> {
  const viewer = await buildAccount(t);
  if (funds.star) await fund(t, viewer.userKey, 'STAR', funds.star);
  if (funds.cubic) await fund(t, viewer.userKey, 'CUBIC', funds.cubic);
  return viewer;
}

export const buildBj = (t: TestApp) => buildAccount(t, { typeCd: 'bj', role: 'bj' });
export const buildOperator = (t: TestApp, role: 'operator' | 'gm' = 'operator') => buildAccount(t, { role });

/** A grant by the system (actor 0), as the demo seed funds its viewers. */
export async function fund(t: TestApp, userKey: number, currency: Currency, amount: number) {
  return ledgerOf(t).grant(0, userKey, currency, amount, 'test funding', `fund-${newKey()}`);
}

export type NewBroadcast = typeof broadcast.$inferInsert;
export type BroadcastRow = typeof broadcast.$inferSelect;

/**
 * A broadcast row of `bjUserKey` (no media: enough for the lists, the play page, chat, gifts and items):
 * live unless `over` says otherwise, with a fresh vod_key and a Korean title unless given.
 */
export async function buildBroadcast(db: Exec, bjUserKey: number, over: Partial<NewBroadcast> = {}): Promise<BroadcastRow> {
  const [row] = await db
    .insert(broadcast)
    .values({ vodKey: unique('b'), bjUserKey, title: '테스트 방송', state: 'live', ...over })
    .returning();
  if (!row) throw new Error('no broadcast');
  return row;
}

/** A live broadcast of `bj`; answers its vod_key. */
export async function liveRoom(t: TestApp, bjUserKey: number, state: 'live' | 'ended' | 'frozen' = 'live'): Promise<string> {
  return (await buildBroadcast(t.database.db, bjUserKey, { vodKey: `wl${randomBytes(6).toString('hex')}`, title: 'gift room', state }))
    .vodKey;
}

/** The user's balances straight from the account rows. */
export async function balancesOf(t: TestApp, userKey: number) {
  return ledgerOf(t).balances(userKey);
}

/** Transactions stored under an actor's key (done or refused). */
export async function txnsOfKey(t: TestApp, actor: number, key: string) {
  const { rows } = await t.database.pool.query('select txn_id, state from wallet_txn where actor_user_key = $1 and idem_key = $2', [
    actor,
    key,
  ]);
  return rows as Array<{ txn_id: string; state: string }>;
}
