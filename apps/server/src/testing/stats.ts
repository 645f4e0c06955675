import type pg from 'pg';

/**
 * One row of numbers from PostgreSQL's statistics views (`query` answers it), once `pool`'s connection has
 * sent its counts: a backend sends them when it goes idle after `pg_stat_force_next_flush()`. With a pool of
 * one connection the counts of everything it ran before are in; another connection's arrive when that one
 * goes idle after its own flush request (poll for them).
 */
export async function statsCounters<K extends string>(pool: pg.Pool, query: string): Promise<Record<K, number>> {
  await pool.query('select pg_stat_force_next_flush()');
  const row = (await pool.query<Record<K, string>>(query)).rows[0];
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)])) as Record<K, number>;
}

/**
 * A table's sequential scans, index scans, index entries read (all its indexes) and inserted rows so far,
 * as `pool`'s connection last sent them (statsCounters).
 */
export const tableReads = (pool: pg.Pool, table: string) =>
  statsCounters<'seq' | 'idx' | 'entries' | 'inserted'>(
    pool,
    `select t.seq_scan as seq, coalesce(t.idx_scan, 0) as idx, t.n_tup_ins as inserted,
       (select coalesce(sum(i.idx_tup_read), 0) from pg_stat_user_indexes i where i.relid = t.relid) as entries
     from pg_stat_user_tables t where t.relname = '${table}'`,
  );
