/**
 * The wallet module's public surface: what other modules may use. Everything else in this folder is the
 * module's own (lint refuses another module's import of a repository, tables or routes file).
 *
 * Money moves only through the ledger: `applyInTx` posts a balanced batch inside the caller's
 * transaction (items and payments settle in the same transaction as their own rows).
 */
export {
  type AccountRef,
  applyInTx,
  ensureAccounts,
  paidGiftsAfter,
  paidGiftsByHour,
  refKey,
  roomGiftTotals,
  walletCounts,
} from './wallet.repository.js';
export { inSiteTerms, requireIdempotencyKey } from './wallet.rules.js';
export type { LedgerService } from './wallet.service.js';
export { bjFan, fanClub, fanClubCounter } from './wallet.tables.js';
