import type pg from 'pg';

export interface MissionEscrowReport {
  ok: boolean;
  /** BJs whose escrow balance differs from the pledges of their open missions (user keys, first 20). */
  escrow_drift: number[];
  /** Missions whose total differs from their pledges (first 20). */
  total_drift: number[];
  /** Settled missions whose pledges differ from what was paid and returned (first 20). */
  settle_drift: number[];
  open_missions: number;
  /** STAR held in escrow now, over every BJ. */
  escrow_star: number;
}

/**
 * The missions' side of `npm run ledger:verify` (docs/missions.md): in one snapshot, every BJ's escrow
 * account holds exactly the pledges of the BJ's open missions (so a settled mission left nothing behind),
 * every mission's total is the sum of its pledges, and every settled mission paid and returned exactly
 * what was pledged.
 */
export async function verifyMissionEscrow(pool: pg.Pool): Promise<MissionEscrowReport> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const escrow = await client.query<{ user_key: string }>(`
      with held as (
        select m.bj_user_key, sum(p.star_cnt) as star
          from mission m join mission_pledge p on p.mission_sn = m.mission_sn
         where m.state in ('pending', 'running') group by m.bj_user_key
      )
      select coalesce(a.user_key, h.bj_user_key)::text as user_key
        from (select user_key, balance from wallet_account where kind = 'escrow' and currency = 'STAR') a
        full join held h on h.bj_user_key = a.user_key
       where coalesce(a.balance, 0) <> coalesce(h.star, 0)
       order by 1 limit 20`);
    const totals = await client.query<{ mission_sn: string }>(`
      select m.mission_sn::text from mission m
        left join (select mission_sn, sum(star_cnt) as star from mission_pledge group by mission_sn) p on p.mission_sn = m.mission_sn
       where m.total_star <> coalesce(p.star, 0) order by 1 limit 20`);
    const settled = await client.query<{ mission_sn: string }>(`
      select mission_sn::text from mission
       where state not in ('pending', 'running') and paid_star + platform_star + refunded_star <> total_star
       order by 1 limit 20`);
    const summary = await client.query<{ open: number; held: string }>(`
      select (select count(*)::int from mission where state in ('pending', 'running')) as open,
             (select coalesce(sum(balance), 0)::text from wallet_account where kind = 'escrow') as held`);
    await client.query('commit');
    const list = (rows: Array<Record<string, string>>, col: string) => rows.map((r) => Number(r[col]));
    const report = {
      escrow_drift: list(escrow.rows, 'user_key'),
      total_drift: list(totals.rows, 'mission_sn'),
      settle_drift: list(settled.rows, 'mission_sn'),
      open_missions: summary.rows[0]?.open ?? 0,
      escrow_star: Number(summary.rows[0]?.held ?? 0),
    };
    return { ok: report.escrow_drift.length + report.total_drift.length + report.settle_drift.length === 0, ...report };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
