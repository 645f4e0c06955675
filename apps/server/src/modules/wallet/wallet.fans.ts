import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';

/** One paid gift as the fans and rankings count it. */
export interface PaidGift {
  txnId: number;
  bjUserKey: number;
  userKey: number;
  /** The room it was given in (star_gift_rank), if any. */
  vodKey: string | null;
  amount: number;
  createdAt: Date;
}

interface Waiting {
  gift: PaidGift;
  resolve: () => void;
}

export interface FanWriterStats {
  flushes: number;
  gifts: number;
  /** (BJ, viewer) rows written: fewer than gifts when a viewer gave several times within one flush. */
  fanRows: number;
  failures: number;
}

/**
 * One statement for a flush: the paid gifts not counted before (fan_counted takes each transaction id
 * once, so a gift flushed twice, by this process and by the reconciliation or a rebuild, counts once),
 * summed per fan and per room ranking row, rows in key order (two processes flushing the same rows never
 * deadlock).
 */
const FLUSH_SQL = `
with counted as (
  insert into fan_counted (txn_id) select unnest($1::bigint[]) order by 1 on conflict do nothing returning txn_id
), g as (
  select g.* from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::bigint[], $6::timestamptz[])
    as g(txn_id, bj, usr, vk, amount, at)
  join counted using (txn_id)
), fans as (
  insert into bj_fan as f (bj_user_key, user_key, star_total, gift_cnt, first_gift_at, last_gift_at)
  select bj, usr, sum(amount), count(*), min(at), max(at) from g group by bj, usr order by bj, usr
  on conflict (bj_user_key, user_key) do update
    set star_total = f.star_total + excluded.star_total, gift_cnt = f.gift_cnt + excluded.gift_cnt,
        first_gift_at = least(f.first_gift_at, excluded.first_gift_at),
        last_gift_at = greatest(f.last_gift_at, excluded.last_gift_at)
  returning 1
), ranks as (
  insert into star_gift_rank as r (vod_key, user_key, star_total, gift_cnt, last_gift_at)
  select vk, usr, sum(amount), count(*), max(at) from g where vk is not null group by vk, usr order by vk, usr
  on conflict (vod_key, user_key) do update
    set star_total = r.star_total + excluded.star_total, gift_cnt = r.gift_cnt + excluded.gift_cnt,
        last_gift_at = greatest(r.last_gift_at, excluded.last_gift_at)
  returning 1
)
select (select count(*) from counted)::int as gifts, (select count(*) from fans)::int as fans`;

/** Adds paid gifts to the fans and rankings, each at most once ever; answers how many were new. */
async function countGifts(pool: pg.Pool, gifts: readonly PaidGift[]): Promise<{ gifts: number; fans: number }> {
  const { rows } = await pool.query<{ gifts: number; fans: number }>({
    name: 'byeol_wallet_fans',
    text: FLUSH_SQL,
    values: [
      gifts.map((g) => g.txnId),
      gifts.map((g) => g.bjUserKey),
      gifts.map((g) => g.userKey),
      gifts.map((g) => g.vodKey),
      gifts.map((g) => g.amount),
      gifts.map((g) => g.createdAt),
    ],
  });
  return rows[0] ?? { gifts: 0, fans: 0 };
}

/**
 * The least time between the starts of two flushes. In a gift storm the ledger commits a batch every few
 * ms; one flush per batch cost PostgreSQL a statement and a commit each (about a fifth of its time per gift
 * in `npm run bench:ledger`'s HTTP run). Rankings and fan totals are at most this much later for it.
 */
export const FANS_FLUSH_GAP_MS = 100;

/** A replayed gift's fan club standing: the payer's fan number and whether this gift made them join. */
const FAN_CLUB_OF_SQL = `select fan_no, joined_txn_id = $1 as first from fan_club where user_key = $2 and bj_user_key = $3`;

/**
 * Fans and gift rankings, written right after the ledger committed the gifts, off the ledger's own
 * statement: there they would hold the hot broadcaster accounts' locks longer and halve the ledger's
 * throughput (docs/wallet-ledger.md#fans-and-rankings). One flush runs at a time, and flushes start at
 * most every FANS_FLUSH_GAP_MS (the first after a quiet moment at once); the gifts paid meanwhile wait for
 * the next one, summed per row, so a busy process writes few large statements (a gift storm: ten a second,
 * not one per ledger batch). Nobody waits for a flush to answer: a gift is answered once the ledger
 * committed it.
 *
 * These tables are derived data: a process that dies between a ledger commit and the flush (at most
 * FANS_FLUSH_GAP_MS and one flush) leaves those gifts out of the totals until the reconciliation counts
 * them, never out of the ledger. A failed flush is logged and dropped the same way; the gifts stay paid.
 */
export class FanWriter {
  private waiting: Waiting[] = [];
  private running = false;
  private scheduled = false;
  private lastFlush = 0;
  private idle: Array<() => void> = [];
  readonly stats: FanWriterStats = { flushes: 0, gifts: 0, fanRows: 0, failures: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  /** Counts a paid gift; resolves once its flush is over (written, or failed and logged). Never rejects. */
  add(gift: PaidGift): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ gift, resolve });
      this.schedule();
    });
  }

  /** A replayed gift's fan club standing (see FAN_CLUB_OF_SQL). */
  async fanClubOf(txnId: number, userKey: number, bjUserKey: number): Promise<{ first: boolean; fanNo: number | null }> {
    const { rows } = await this.pool.query<{ fan_no: number; first: boolean }>({
      name: 'byeol_wallet_fan_club_of',
      text: FAN_CLUB_OF_SQL,
      values: [txnId, userKey, bjUserKey],
    });
    return { first: rows[0]?.first === true, fanNo: rows[0]?.fan_no ?? null };
  }

  /** Counts the paid gifts no flush counted (see reconcileFans). */
  reconcile(): Promise<FanReconcileReport> {
    return reconcileFans(this.pool);
  }

  /** Resolves once nothing waits and no flush runs. */
  drain(): Promise<void> {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    const wait = FANS_FLUSH_GAP_MS - (performance.now() - this.lastFlush);
    const go = () => {
      this.scheduled = false;
      void this.flush();
    };
    if (wait > 0) setTimeout(go, wait);
    else setImmediate(go);
  }

  private async flush(): Promise<void> {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    this.lastFlush = performance.now();
    const batch = this.waiting;
    this.waiting = [];
    try {
      const done = await countGifts(
        this.pool,
        batch.map((w) => w.gift),
      );
      this.stats.flushes++;
      this.stats.gifts += done.gifts;
      this.stats.fanRows += done.fans;
    } catch (err) {
      this.stats.failures++;
      this.log?.error({ err, gifts: batch.length }, 'fans and gift rankings not written for these gifts');
    } finally {
      for (const { resolve } of batch) resolve();
      this.running = false;
      if (this.waiting.length > 0) this.schedule();
      else for (const done of this.idle.splice(0)) done();
    }
  }
}

export interface FanRebuildReport {
  fans: number;
  ranks: number;
  /** Rows whose totals differed from the ledger (or were missing, or left over) before the rebuild. */
  corrected: number;
  ms: number;
}

/**
 * Recomputes bj_fan and star_gift_rank from the ledger's paid gifts (`npm run fans:rebuild`): after a
 * process died between a ledger commit and its flush, the totals lack those gifts; this puts them back.
 * One transaction holding both tables (gift flushes wait for it), first-gift times kept from the ledger.
 */
export async function rebuildFans(pool: pg.Pool): Promise<FanRebuildReport> {
  const started = Date.now();
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('lock table bj_fan, star_gift_rank, fan_counted, fan_reconcile in exclusive mode');
    const { rows } = await client.query<{ corrected: number }>(`
      with gifts as (
        select actor_user_key as user_key, (meta->>'bj_user_key')::bigint as bj_user_key, meta->>'vod_key' as vod_key,
               amount, created_at
        from wallet_txn where kind = 'gift' and state = 'done'
      ), fans as (
        select bj_user_key, user_key, sum(amount)::bigint as star_total, count(*)::int as gift_cnt,
               min(created_at) as first_gift_at, max(created_at) as last_gift_at
        from gifts group by bj_user_key, user_key
      ), ranks as (
        select vod_key, user_key, sum(amount)::bigint as star_total, count(*)::int as gift_cnt, max(created_at) as last_gift_at
        from gifts where vod_key is not null group by vod_key, user_key
      )
      select
        (select count(*) from fans full join bj_fan b using (bj_user_key, user_key)
          where b.star_total is distinct from fans.star_total or b.gift_cnt is distinct from fans.gift_cnt)::int
        + (select count(*) from ranks full join star_gift_rank r using (vod_key, user_key)
          where r.star_total is distinct from ranks.star_total or r.gift_cnt is distinct from ranks.gift_cnt)::int as corrected`);
    await client.query('delete from bj_fan');
    const fans = await client.query(`
      insert into bj_fan (bj_user_key, user_key, star_total, gift_cnt, first_gift_at, last_gift_at)
      select (meta->>'bj_user_key')::bigint, actor_user_key, sum(amount), count(*), min(created_at), max(created_at)
      from wallet_txn where kind = 'gift' and state = 'done' group by 1, 2`);
    await client.query('delete from star_gift_rank');
    const ranks = await client.query(`
      insert into star_gift_rank (vod_key, user_key, star_total, gift_cnt, last_gift_at)
      select meta->>'vod_key', actor_user_key, sum(amount), count(*), max(created_at)
      from wallet_txn where kind = 'gift' and state = 'done' and meta ? 'vod_key' group by 1, 2`);
    // Every paid gift is counted now: a flush still waiting for the lock finds its gifts taken and adds
    // nothing (gifts at or below the reconciliation's mark are never flushed again; see reconcileFans).
    await client.query('delete from fan_counted');
    await client.query(`
      insert into fan_counted (txn_id)
      select txn_id from wallet_txn
      where kind = 'gift' and state = 'done' and txn_id > coalesce((select upto_txn_id from fan_reconcile where id = 1), 0)`);
    await client.query('commit');
    return { fans: fans.rowCount ?? 0, ranks: ranks.rowCount ?? 0, corrected: rows[0]?.corrected ?? 0, ms: Date.now() - started };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** How old a transaction must be before the reconciliation's mark passes it (it is surely committed or gone). */
const SETTLED_AFTER = '1 hour';
const RECONCILE_BATCH = 2000;

export interface FanReconcileReport {
  /** Paid gifts that were missing from the fans and rankings and are counted now. */
  added: number;
  /** The mark after this run: every paid gift up to this transaction is counted. */
  upto: number;
  ms: number;
}

/**
 * Counts the paid gifts that no flush counted (a process killed between a ledger commit and its flush,
 * a flush that failed): every done gift above the mark that is missing from fan_counted goes through the
 * same exactly-once statement as a flush, so running it beside live flushes, in several processes or
 * twice never counts a gift twice. Then the mark moves up to the last transaction older than
 * SETTLED_AFTER and fan_counted drops the rows below it. Runs at start and periodically (wallet.routes.ts).
 */
export async function reconcileFans(pool: pg.Pool): Promise<FanReconcileReport> {
  const started = Date.now();
  const { rows: marks } = await pool.query<{ upto: string }>(
    `insert into fan_reconcile (id) values (1) on conflict (id) do update set id = 1 returning upto_txn_id as upto`,
  );
  const mark = Number(marks[0]?.upto ?? 0);
  let added = 0;
  let after = mark;
  for (;;) {
    const { rows } = await pool.query<{ txn_id: string; bj: string; usr: string; vk: string | null; amount: string; at: Date }>(
      `select t.txn_id, (t.meta->>'bj_user_key')::bigint as bj, t.actor_user_key as usr, t.meta->>'vod_key' as vk, t.amount, t.created_at as at
       from wallet_txn t
       where t.txn_id > $1 and t.kind = 'gift' and t.state = 'done'
         and not exists (select 1 from fan_counted c where c.txn_id = t.txn_id)
       order by t.txn_id limit $2`,
      [after, RECONCILE_BATCH],
    );
    if (rows.length === 0) break;
    const done = await countGifts(
      pool,
      rows.map((r) => ({
        txnId: Number(r.txn_id),
        bjUserKey: Number(r.bj),
        userKey: Number(r.usr),
        vodKey: r.vk,
        amount: Number(r.amount),
        createdAt: r.at,
      })),
    );
    added += done.gifts;
    after = Number(rows[rows.length - 1]?.txn_id);
    if (rows.length < RECONCILE_BATCH) break;
  }
  const { rows: moved } = await pool.query<{ upto: string }>(
    `update fan_reconcile set upto_txn_id = greatest(upto_txn_id, coalesce(
       (select max(txn_id) from wallet_txn where txn_id > $1 and created_at < now() - interval '${SETTLED_AFTER}'), 0)),
       updated_at = now()
     where id = 1 returning upto_txn_id as upto`,
    [mark],
  );
  const upto = Number(moved[0]?.upto ?? mark);
  if (upto > mark) await pool.query('delete from fan_counted where txn_id <= $1', [upto]);
  return { added, upto, ms: Date.now() - started };
}
