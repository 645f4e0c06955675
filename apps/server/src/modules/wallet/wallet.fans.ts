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
 * One statement for a flush: the fans (bj_fan) and room rankings (star_gift_rank) of many gifts, summed
 * per row beforehand, rows in key order (two processes flushing the same rows never deadlock).
 */
const FLUSH_SQL = `
with fans as (
  insert into bj_fan as f (bj_user_key, user_key, star_total, gift_cnt, first_gift_at, last_gift_at)
  select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::integer[], $5::timestamptz[], $6::timestamptz[])
  order by 1, 2
  on conflict (bj_user_key, user_key) do update
    set star_total = f.star_total + excluded.star_total, gift_cnt = f.gift_cnt + excluded.gift_cnt,
        last_gift_at = greatest(f.last_gift_at, excluded.last_gift_at)
  returning 1
), ranks as (
  insert into star_gift_rank as r (vod_key, user_key, star_total, gift_cnt, last_gift_at)
  select * from unnest($7::text[], $8::bigint[], $9::bigint[], $10::integer[], $11::timestamptz[])
  order by 1, 2
  on conflict (vod_key, user_key) do update
    set star_total = r.star_total + excluded.star_total, gift_cnt = r.gift_cnt + excluded.gift_cnt,
        last_gift_at = greatest(r.last_gift_at, excluded.last_gift_at)
  returning 1
)
select (select count(*) from fans) as fans, (select count(*) from ranks) as ranks`;

/**
 * A replayed gift's `first_gift`: it was the viewer's earliest paid gift to that BJ, as the ledger says
 * (wallet_txn's (actor, key) index finds the viewer's transactions).
 */
const FIRST_GIFT_SQL = `
select not exists (
  select 1 from wallet_txn t
  where t.actor_user_key = $1 and t.kind = 'gift' and t.state = 'done' and t.txn_id < $3 and (t.meta->>'bj_user_key')::bigint = $2
) as first`;

/**
 * Fans and gift rankings, written right after the ledger committed the gifts, off the ledger's own
 * statement: there they would hold the hot broadcaster accounts' locks longer and halve the ledger's
 * throughput (docs/wallet-ledger.md#fans-and-rankings). One flush runs at a time; the gifts paid meanwhile
 * wait for the next one, summed per row, so a busy process writes few large statements. Nobody waits for
 * a flush to answer: a gift is answered once the ledger committed it.
 *
 * These tables are derived data: a process that dies between a ledger commit and the flush (a few ms)
 * leaves those gifts out of the totals, never out of the ledger. A failed flush is logged and dropped the
 * same way; the gifts stay paid.
 */
export class FanWriter {
  private waiting: Waiting[] = [];
  private running = false;
  private scheduled = false;
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

  /** A replayed gift's first_gift (see FIRST_GIFT_SQL). */
  async firstGiftOf(txnId: number, userKey: number, bjUserKey: number): Promise<boolean> {
    const { rows } = await this.pool.query<{ first: boolean }>({
      name: 'byeol_wallet_first_gift',
      text: FIRST_GIFT_SQL,
      values: [userKey, bjUserKey, txnId],
    });
    return rows[0]?.first === true;
  }

  /** Resolves once nothing waits and no flush runs. */
  drain(): Promise<void> {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const batch = this.waiting;
    this.waiting = [];
    const fans = new Map<string, { bj: number; user: number; sum: number; cnt: number; first: Date; last: Date }>();
    const ranks = new Map<string, { vk: string; user: number; sum: number; cnt: number; last: Date }>();
    for (const { gift: g } of batch) {
      const fk = `${g.bjUserKey}:${g.userKey}`;
      const fan = fans.get(fk);
      if (fan) {
        fan.sum += g.amount;
        fan.cnt++;
        if (g.createdAt < fan.first) fan.first = g.createdAt;
        if (g.createdAt > fan.last) fan.last = g.createdAt;
      } else {
        fans.set(fk, { bj: g.bjUserKey, user: g.userKey, sum: g.amount, cnt: 1, first: g.createdAt, last: g.createdAt });
      }
      if (g.vodKey === null) continue;
      const rk = `${g.vodKey}\u0000${g.userKey}`;
      const rank = ranks.get(rk);
      if (rank) {
        rank.sum += g.amount;
        rank.cnt++;
        if (g.createdAt > rank.last) rank.last = g.createdAt;
      } else ranks.set(rk, { vk: g.vodKey, user: g.userKey, sum: g.amount, cnt: 1, last: g.createdAt });
    }
    const f = [...fans.values()];
    const r = [...ranks.values()];
    try {
      await this.pool.query({
        name: 'byeol_wallet_fans',
        text: FLUSH_SQL,
        values: [
          f.map((x) => x.bj),
          f.map((x) => x.user),
          f.map((x) => x.sum),
          f.map((x) => x.cnt),
          f.map((x) => x.first),
          f.map((x) => x.last),
          r.map((x) => x.vk),
          r.map((x) => x.user),
          r.map((x) => x.sum),
          r.map((x) => x.cnt),
          r.map((x) => x.last),
        ],
      });
      this.stats.flushes++;
      this.stats.gifts += batch.length;
      this.stats.fanRows += f.length;
    } catch (err) {
      this.stats.failures++;
      this.log?.error({ err, gifts: batch.length }, 'fans and gift rankings not written for these gifts');
    } finally {
      for (const { resolve } of batch) resolve();
      this.running = false;
      if (this.waiting.length > 0) void this.flush();
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
    await client.query('lock table bj_fan, star_gift_rank in exclusive mode');
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
    await client.query('commit');
    return { fans: fans.rowCount ?? 0, ranks: ranks.rowCount ?? 0, corrected: rows[0]?.corrected ?? 0, ms: Date.now() - started };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
