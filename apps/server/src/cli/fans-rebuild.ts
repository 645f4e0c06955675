/**
 * Recomputes the fans (bj_fan) and room gift rankings (star_gift_rank) from the ledger's paid gifts
 * (docs/wallet-ledger.md#fans-and-rankings):
 *
 *   npm run fans:rebuild
 *
 * They are written just after each ledger commit, so a process killed in between leaves a few gifts out of
 * them (never out of the ledger); run this after such a crash. Exit code 0, or 1 on an error. Connects like
 * the server: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR (stop a server using it first).
 */
import { rebuildFans } from '../modules/wallet/wallet.fans.js';
import { runCli, withCliDatabase } from './run.js';

runCli(() =>
  withCliDatabase(async (database) => {
    const r = await rebuildFans(database.pool);
    console.log(`fans rebuilt: ${r.fans} fan rows, ${r.ranks} room ranking rows, ${r.corrected} corrected, ${r.ms} ms`);
    return 0;
  }),
);
