import type pg from 'pg';

export interface VerifyOptions {
  /** Read every entry (and check the stored checkpoint against them) instead of only the ones after it. */
  full?: boolean;
  /** Move the checkpoint forward when the check passes (default true). */
  advance?: boolean;
}

export interface AccountDrift {
  account_id: number;
  kind: string;
  user_key: number | null;
  currency: string;
  balance: number;
  /** What the entries add up to. */
  entries: number;
}

export interface VerifyReport {
  ok: boolean;
  mode: 'full' | 'incremental';
  /** Transactions after this id were read entry by entry; up to it, the checkpoint's proven sums were used. */
  from_txn_id: number;
  /** The newest transaction the check saw. */
  to_txn_id: number;
  accounts: number;
  txns_checked: number;
  /** Accounts whose balance differs from the sum of their entries (or a user account below zero). */
  drift: AccountDrift[];
  /** Transactions whose entries do not sum to zero in their currency, done ones without both legs, refused ones with entries (ids, first 20). */
  unbalanced: number[];
  unbalanced_count: number;
  /** Entries that belong to no transaction. */
  orphan_entries: number;
  /** Sum of every balance per currency: zero when no money was created or lost. */
  supply: Record<string, number>;
  /** Full mode: accounts whose checkpoint sum differs from their entries up to the checkpoint. */
  checkpoint_drift: number;
  /** Where the checkpoint moved to (null: it did not move). */
  advanced_to: number | null;
  ms: number;
}

/**
 * Proves the ledger (docs/wallet-ledger.md#verification): every account's balance equals the sum of its
 * entries, every transaction's entries sum to zero in its one currency, and the balances of each currency
 * sum to zero. All queries read one snapshot (REPEATABLE READ), so the check is exact while gifts commit.
 *
 * Incremental by default: the entries up to the checkpoint were proven by an earlier run and are summed in
 * wallet_verify_sum, so a run reads only newer entries (two aggregates over them plus one pass over the
 * accounts). The checkpoint moves to the newest transaction an earlier run saw once every database
 * transaction running at that time has ended (its ids can no longer be taken by a commit still to come).
 */
export async function verifyLedger(pool: pg.Pool, opts: VerifyOptions = {}): Promise<VerifyReport> {
  const started = Date.now();
  const full = opts.full ?? false;
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read');
    const state = (
      await client.query<{ up_to_txn_id: string; pending_txn_id: string | null; pending_xmax: string | null }>(
        'select up_to_txn_id, pending_txn_id, pending_xmax from wallet_verify_state where id = 1',
      )
    ).rows[0];
    const checkpoint = Number(state?.up_to_txn_id ?? 0);
    const from = full ? 0 : checkpoint;

    const accounts = await client.query<{
      account_id: string;
      kind: string;
      user_key: string | null;
      currency: string;
      balance: string;
      entries: string;
    }>(
      `select a.account_id, a.kind, a.user_key, a.currency, a.balance, coalesce(s.total, 0) + coalesce(e.total, 0) as entries
       from wallet_account a
       left join wallet_verify_sum s on s.account_id = a.account_id and $2
       left join (select account_id, sum(amount) as total from wallet_entry where txn_id > $1 group by account_id) e on e.account_id = a.account_id
       where a.balance <> coalesce(s.total, 0) + coalesce(e.total, 0) or (a.user_key is not null and a.balance < 0)`,
      [from, !full],
    );

    const txns = await client.query<{ checked: string; bad: string; sample: string[] | null; newest: string | null }>(
      `select count(*) as checked, count(*) filter (where bad) as bad, (array_agg(txn_id order by txn_id) filter (where bad))[1:20] as sample,
              max(txn_id) as newest
       from (
         select t.txn_id,
           case when t.state = 'done' then
             count(e.leg) < 2
             or coalesce(sum(e.amount), 0) <> 0
             or count(*) filter (where e.leg is not null and a.currency is distinct from t.currency) > 0
             or coalesce(sum(e.amount) filter (where e.leg = 0), 0) <> -t.amount
             or coalesce(bool_or(e.leg = 0 and e.account_id <> t.from_account_id), false)
           else count(e.leg) > 0 end as bad
         from wallet_txn t
         left join wallet_entry e on e.txn_id = t.txn_id
         left join wallet_account a on a.account_id = e.account_id
         where t.txn_id > $1
         group by t.txn_id
       ) q`,
      [from],
    );

    const orphans = await client.query<{ n: string }>(
      `select count(*) as n from wallet_entry e where e.txn_id > $1 and not exists (select 1 from wallet_txn t where t.txn_id = e.txn_id)`,
      [from],
    );
    const supply = await client.query<{ currency: string; total: string; n: string }>(
      'select currency, sum(balance) as total, count(*) as n from wallet_account group by currency',
    );

    let checkpointDrift = 0;
    if (full && checkpoint > 0) {
      const cp = await client.query<{ n: string }>(
        `select count(*) as n
         from wallet_verify_sum s
         full join (select account_id, sum(amount) as total from wallet_entry where txn_id <= $1 group by account_id) e on e.account_id = s.account_id
         where coalesce(s.total, 0) <> coalesce(e.total, 0)`,
        [checkpoint],
      );
      checkpointDrift = Number(cp.rows[0]?.n ?? 0);
    }

    const drift: AccountDrift[] = accounts.rows.map((r) => ({
      account_id: Number(r.account_id),
      kind: r.kind,
      user_key: r.user_key === null ? null : Number(r.user_key),
      currency: r.currency,
      balance: Number(r.balance),
      entries: Number(r.entries),
    }));
    const t = txns.rows[0];
    const supplyBy: Record<string, number> = {};
    let accountCount = 0;
    for (const r of supply.rows) {
      supplyBy[r.currency] = Number(r.total);
      accountCount += Number(r.n);
    }
    const unbalancedCount = Number(t?.bad ?? 0);
    const orphanCount = Number(orphans.rows[0]?.n ?? 0);
    const ok =
      drift.length === 0 &&
      unbalancedCount === 0 &&
      orphanCount === 0 &&
      checkpointDrift === 0 &&
      Object.values(supplyBy).every((v) => v === 0);
    const newest = t?.newest === null || t?.newest === undefined ? from : Number(t.newest);

    let advancedTo: number | null = null;
    if (ok && opts.advance !== false)
      advancedTo = await advance(client, checkpoint, state?.pending_txn_id ?? null, state?.pending_xmax ?? null);
    await client.query('commit');
    return {
      ok,
      mode: full ? 'full' : 'incremental',
      from_txn_id: from,
      to_txn_id: newest,
      accounts: accountCount,
      txns_checked: Number(t?.checked ?? 0),
      drift,
      unbalanced: (t?.sample ?? []).map(Number),
      unbalanced_count: unbalancedCount,
      orphan_entries: orphanCount,
      supply: supplyBy,
      checkpoint_drift: checkpointDrift,
      advanced_to: advancedTo,
      ms: Date.now() - started,
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Moves the checkpoint (inside the verifying transaction, after a passing check): the pending point of the
 * previous run becomes the checkpoint when this snapshot's xmin is past that run's xmax, i.e. every
 * transaction that could still have held a txn_id up to it has ended; this run's newest point becomes the
 * pending one. One verifier at a time moves it (advisory lock); a concurrent one just does not.
 */
async function advance(
  client: pg.PoolClient,
  checkpoint: number,
  pendingTxnId: string | null,
  pendingXmax: string | null,
): Promise<number | null> {
  const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_xact_lock(hashtext('byeol_wallet_verify')) as locked");
  if (!rows[0]?.locked) return null;
  await client.query('savepoint advance');
  try {
    let upTo = checkpoint;
    const pending = pendingTxnId === null ? null : Number(pendingTxnId);
    if (pending !== null && pendingXmax !== null && pending > checkpoint) {
      const final = await client.query<{ final: boolean }>('select pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 as final', [
        pendingXmax,
      ]);
      if (final.rows[0]?.final) {
        await client.query(
          `insert into wallet_verify_sum (account_id, total)
           select account_id, sum(amount) from wallet_entry where txn_id > $1 and txn_id <= $2 group by account_id
           on conflict (account_id) do update set total = wallet_verify_sum.total + excluded.total`,
          [checkpoint, pending],
        );
        upTo = pending;
      }
    }
    await client.query(
      `update wallet_verify_state
       set up_to_txn_id = $1,
           pending_txn_id = (select max(txn_id) from wallet_txn),
           pending_xmax = pg_snapshot_xmax(pg_current_snapshot())::text,
           verified_at = now()
       where id = 1`,
      [upTo],
    );
    await client.query('release savepoint advance');
    return upTo === checkpoint ? null : upTo;
  } catch {
    // Another verifier moved it since this snapshot was taken (a serialization failure): leave it to them.
    await client.query('rollback to savepoint advance');
    return null;
  }
}
