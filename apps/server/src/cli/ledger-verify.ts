/**
 * Proves the STAR/CUBIC ledger (docs/wallet-ledger.md#verification):
 *
 *   npm run ledger:verify [-- --full] [-- --json] [-- --no-advance]
 *
 * Every account balance equals the sum of its entries, every transaction's entries sum to zero in its
 * currency, each currency's balances sum to zero. Incremental by default (entries after the checkpoint);
 * --full reads every entry and also checks the checkpoint. Exit code 0 when the ledger is exact, 1 when
 * it is not (the concerts' tickets and the missions' escrow included), 2 on a usage or connection error. Connects like the server: DATABASE_URL, or the embedded
 * PostgreSQL under DATA_DIR (stop a server using the same DATA_DIR first).
 */
import { parseArgs } from 'node:util';
import { verifyTickets } from '../modules/concerts/index.js';
import { verifyMissionEscrow } from '../modules/missions/index.js';
import { verifyLedger } from '../modules/wallet/wallet.verify.js';
import { runCli, withCliDatabase } from './run.js';

async function main(): Promise<number> {
  let values: { full?: boolean; json?: boolean; 'no-advance'?: boolean };
  try {
    ({ values } = parseArgs({
      options: { full: { type: 'boolean' }, json: { type: 'boolean' }, 'no-advance': { type: 'boolean' } },
      allowPositionals: false,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\nusage: npm run ledger:verify -- [--full] [--json] [--no-advance]`);
    return 2;
  }
  return withCliDatabase(async (database) => {
    const report = await verifyLedger(database.pool, { full: values.full ?? false, advance: !values['no-advance'] });
    // The concerts' tickets against the ledger (docs/concerts.md).
    const tickets = await verifyTickets(database.pool);
    // The missions' escrow against their pledges (docs/missions.md).
    const missions = await verifyMissionEscrow(database.pool);
    if (values.json) {
      console.log(JSON.stringify({ ...report, tickets, missions }, null, 2));
    } else {
      const supply = Object.entries(report.supply)
        .map(([c, v]) => `${c} ${v}`)
        .join(', ');
      console.log(
        `ledger ${report.ok ? 'OK' : 'DRIFT'} (${report.mode}): ${report.accounts} accounts, ${report.txns_checked} transactions after #${report.from_txn_id} up to #${report.to_txn_id}, ` +
          `supply ${supply || 'none'}, ${report.ms} ms${report.advanced_to !== null ? `; checkpoint now #${report.advanced_to}` : ''}`,
      );
      for (const d of report.drift.slice(0, 20)) {
        console.log(
          `  account ${d.account_id} (${d.kind} ${d.user_key ?? 'system'} ${d.currency}): balance ${d.balance}, entries ${d.entries}`,
        );
      }
      if (report.unbalanced_count > 0)
        console.log(`  ${report.unbalanced_count} unbalanced transaction(s): ${report.unbalanced.join(', ')}`);
      if (report.orphan_entries > 0) console.log(`  ${report.orphan_entries} entries without a transaction`);
      if (report.checkpoint_drift > 0) console.log(`  ${report.checkpoint_drift} account(s) differ from the checkpoint`);
      console.log(`tickets ${tickets.ok ? 'OK' : 'DRIFT'}`);
      for (const [what, list] of Object.entries(tickets))
        if (Array.isArray(list) && list.length > 0) console.log(`  ${what}: ${list.join(', ')}`);
      console.log(`missions ${missions.ok ? 'OK' : 'DRIFT'}: ${missions.open_missions} open, ${missions.escrow_star} STAR in escrow`);
      for (const [what, list] of Object.entries(missions))
        if (Array.isArray(list) && list.length > 0) console.log(`  ${what}: ${list.join(', ')}`);
    }
    return report.ok && tickets.ok && missions.ok ? 0 : 1;
  });
}

runCli(main, 2);
