import type pg from 'pg';

/** What `npm run ledger:verify` adds for concerts (docs/concerts.md "Verification"). */
export interface TicketReport {
  ok: boolean;
  /** Valid paid tickets without their done `ticket` transaction of the buyer for the ticket's price. */
  unpaid_tickets: number[];
  /** Refunded paid tickets without their done `refund` transaction for the price. */
  unrefunded_tickets: number[];
  /** Done `ticket` transactions no ticket points to (STAR taken, no ticket). */
  orphan_ticket_txns: number[];
  /** Concerts whose `ticket_cnt` differs from their valid tickets. */
  miscounted_concerts: number[];
}

const ids = (rows: Array<{ id: string | number }>) => rows.map((r) => Number(r.id));

/**
 * Every ticket against the ledger: a paid valid ticket has its buyer's done `ticket` transaction of its
 * price, a refunded one its done `refund`; no done `ticket` transaction lacks its ticket; each concert's
 * counter equals its valid tickets. First 20 of each.
 */
export async function verifyTickets(pool: pg.Pool): Promise<TicketReport> {
  const [unpaid, unrefunded, orphans, miscounted] = await Promise.all([
    pool.query<{ id: string }>(`
      select t.ticket_sn as id from concert_ticket t
        left join wallet_txn x on x.txn_id = t.txn_id
       where t.price > 0 and t.state = 'valid'
         and (x.txn_id is null or x.kind <> 'ticket' or x.state <> 'done' or x.amount <> t.price or x.actor_user_key <> t.user_key)
       order by t.ticket_sn limit 20`),
    pool.query<{ id: string }>(`
      select t.ticket_sn as id from concert_ticket t
        left join wallet_txn x on x.txn_id = t.refund_txn_id
       where t.price > 0 and t.state = 'refunded'
         and (x.txn_id is null or x.kind <> 'refund' or x.state <> 'done' or x.amount <> t.price)
       order by t.ticket_sn limit 20`),
    pool.query<{ id: string }>(`
      select x.txn_id as id from wallet_txn x
       where x.kind = 'ticket' and x.state = 'done'
         and not exists (select 1 from concert_ticket t where t.txn_id = x.txn_id)
       order by x.txn_id limit 20`),
    pool.query<{ id: string }>(`
      select c.concert_sn as id from concert c
       where c.ticket_cnt <> (select count(*) from concert_ticket t where t.concert_sn = c.concert_sn and t.state = 'valid')
       order by c.concert_sn limit 20`),
  ]);
  const report = {
    unpaid_tickets: ids(unpaid.rows),
    unrefunded_tickets: ids(unrefunded.rows),
    orphan_ticket_txns: ids(orphans.rows),
    miscounted_concerts: ids(miscounted.rows),
  };
  return { ok: Object.values(report).every((list) => list.length === 0), ...report };
}
