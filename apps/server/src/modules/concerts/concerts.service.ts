import {
  type AdminConcertItem,
  type AdminConcertTicket,
  CONCERT_LIMITS,
  type ConcertCancelSet,
  type ConcertInfo,
  type ConcertListItem,
  type ConcertMediaTokenSet,
  type ConcertPlaySet,
  type ConcertProcSchema,
  type ConcertState,
  type ConcertTab,
  type ConcertTicket,
  type ConcertTicketBuySet,
  flvUrlOf,
  hlsUrlOf,
  type MyConcertTicket,
} from '@byeol/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Exec } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { signMediaToken } from '../../platform/media-token.js';
import { broadcastInfo } from '../live/index.js';
import { requireSwitchOn, type SiteService } from '../site/index.js';
import { claimUploads, publicUrl, uploadFile } from '../uploads/index.js';
import { applyInTx, type LedgerService } from '../wallet/index.js';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface ConcertViewer {
  userKey: number;
  role: string;
}

/** A concert row with its BJ, its latest broadcast and the viewer's valid ticket. */
interface Row extends Record<string, unknown> {
  concert_sn: number;
  title: string;
  poster: string;
  description: string;
  notice: string;
  refund_rule: string;
  lineup: string[];
  bj_user_key: number;
  bj_id: string;
  bj_nick: string;
  bj_image: string;
  price: number;
  doors_at: Date;
  starts_at: Date;
  ends_at: Date;
  replay_days: number;
  replay_play_max: number;
  ticket_cnt: number;
  cancelled_at: Date | null;
  cancelled_reason: string;
  vod_key: string | null;
  b_state: string | null;
  b_replay: boolean | null;
  b_ended_at: Date | null;
  t_sn: number | null;
  t_price: number | null;
  t_play_cnt: number | null;
  t_bought_at: Date | null;
  sales_total?: number;
  total?: number;
}

const when = (d: Date | string) => (d instanceof Date ? d : new Date(d));
const iso = (d: Date | string | null) => (d === null ? null : when(d).toISOString());

/** A concert's columns with its BJ (`u`) and latest broadcast (`b`, LATEST_BROADCAST), as `Row` names them. */
const CONCERT_COLUMNS = sql.raw(`c.concert_sn::float8 as concert_sn, c.title, c.poster, c.description, c.notice, c.refund_rule, c.lineup,
  c.bj_user_key::float8 as bj_user_key, u.id as bj_id, u.nick as bj_nick, u.profile_image as bj_image,
  c.price, c.doors_at, c.starts_at, c.ends_at, c.replay_days, c.replay_play_max, c.ticket_cnt,
  c.cancelled_at, c.cancelled_reason,
  b.vod_key, b.state as b_state, b.replay_yn as b_replay, b.ended_at as b_ended_at,`);
/** The concert's latest broadcast (its stream, live or kept as the replay). */
const LATEST_BROADCAST = sql.raw(`left join lateral (
  select vod_key, state, replay_yn, ended_at from broadcast where concert_sn = c.concert_sn order by started_at desc limit 1
) b on true`);

/** The SELECT every read shares: the concert, its BJ, its latest broadcast, the viewer's valid ticket. */
function selectConcerts(viewerKey: number, where: ReturnType<typeof sql>, tail: ReturnType<typeof sql>) {
  return sql`
    select ${CONCERT_COLUMNS}
           t.ticket_sn::float8 as t_sn, t.price as t_price, t.play_cnt as t_play_cnt, t.bought_at as t_bought_at,
           count(*) over ()::int as total
      from concert c
      join users u on u.user_key = c.bj_user_key
      ${LATEST_BROADCAST}
      left join concert_ticket t on t.concert_sn = c.concert_sn and t.user_key = ${viewerKey} and t.state = 'valid'
     where ${where}
     ${tail}`;
}

/** The concert's state now (docs/concerts.md "States"). */
export function stateOf(
  r: Pick<Row, 'cancelled_at' | 'doors_at' | 'starts_at' | 'ends_at' | 'b_state' | 'b_ended_at'>,
  now = Date.now(),
): ConcertState {
  if (r.cancelled_at) return 'cancelled';
  if (now < when(r.doors_at).getTime()) return 'scheduled';
  if (now >= when(r.ends_at).getTime()) return 'ended';
  const started = now >= when(r.starts_at).getTime();
  if (r.b_state === 'live') return started ? 'live' : 'doors';
  // The show went off air after its start (a reconnect inside the window makes it live again).
  if (started && r.b_state && r.b_ended_at && when(r.b_ended_at).getTime() > when(r.starts_at).getTime()) return 'ended';
  return 'doors';
}

function replayUntil(r: Row): Date | null {
  if (r.cancelled_at) return null;
  const end = r.b_state && r.b_state !== 'live' && r.b_ended_at ? when(r.b_ended_at) : null;
  const showEnd = when(r.ends_at);
  const state = stateOf(r);
  if (state !== 'ended') return null;
  const base = end && end.getTime() > showEnd.getTime() ? end : showEnd;
  return new Date(base.getTime() + r.replay_days * DAY_MS);
}

function listItem(r: Row, now = Date.now()): ConcertListItem {
  return {
    concert_sn: r.concert_sn,
    title: r.title,
    poster: r.poster,
    lineup: r.lineup,
    price: r.price,
    doors_at: when(r.doors_at).toISOString(),
    starts_at: when(r.starts_at).toISOString(),
    ends_at: when(r.ends_at).toISOString(),
    state: stateOf(r, now),
    bj: { user_key: r.bj_user_key, id: r.bj_id, nick: r.bj_nick, profile_image: r.bj_image },
    ticket_cnt: r.ticket_cnt,
    my_ticket_yn: r.t_sn ? 'Y' : 'N',
  };
}

function myTicket(r: Row): ConcertTicket | null {
  if (!r.t_sn) return null;
  return {
    ticket_sn: r.t_sn,
    concert_sn: r.concert_sn,
    state: 'valid',
    price: r.t_price ?? 0,
    bought_at: when(r.t_bought_at as Date).toISOString(),
    refunded_at: null,
    play_cnt: r.t_play_cnt ?? 0,
  };
}

function infoOf(r: Row): ConcertInfo {
  const until = replayUntil(r);
  return {
    ...listItem(r),
    description: r.description,
    notice: r.notice,
    refund_rule: r.refund_rule,
    replay_days: r.replay_days,
    replay_play_max: r.replay_play_max,
    vod_key: r.vod_key ?? '',
    live_yn: r.b_state === 'live' ? 'Y' : 'N',
    replay_yn: r.b_replay && r.b_state === 'ended' ? 'Y' : 'N',
    replay_until: until?.toISOString() ?? null,
    my_ticket: myTicket(r),
    now: new Date().toISOString(),
  };
}

/** `YYYY-MM-DDTHH:mm` without a zone is Korean time (the console's datetime-local inputs). */
export function parseKst(s: string): Date {
  const withZone = /(Z|[+-]\d{2}:\d{2})$/.test(s) ? s : `${s}+09:00`;
  const d = new Date(withZone);
  if (Number.isNaN(d.getTime())) throw new AppError('CONCERT_DATE_INVALID', { field: 'starts_at' });
  return d;
}

/**
 * Concerts and their tickets (docs/concerts.md). Money moves only through the ledger, in the ticket's own
 * transaction: a purchase is the buyer's STAR wallet → the platform's `revenue` (kind `ticket`), a refund the
 * `refund` account → the buyer's wallet (kind `refund`).
 */
export class ConcertsService {
  constructor(
    private readonly db: Db,
    private readonly site: SiteService,
    private readonly ledger: LedgerService,
    private readonly mediaSecret: string,
  ) {}

  /** SERVICE_PREPARING while the concert switch is off (operators still reach everything). */
  async requireOn(viewer: ConcertViewer | null): Promise<void> {
    await requireSwitchOn(this.site, 'concert', viewer?.role);
  }

  private async row(concertSn: number, viewerKey: number, db: Exec = this.db): Promise<Row> {
    const { rows } = await db.execute<Row>(selectConcerts(viewerKey, sql`c.concert_sn = ${concertSn}`, sql``));
    const row = rows[0];
    if (!row) throw new AppError('CONCERT_NOT_FOUND');
    return row;
  }

  async list(
    viewer: ConcertViewer | null,
    tab: ConcertTab,
    offset: number,
    limit: number,
  ): Promise<{ list: ConcertListItem[]; total: number }> {
    const where =
      tab === 'upcoming'
        ? sql`c.cancelled_at is null and c.starts_at > now()`
        : tab === 'live'
          ? sql`c.cancelled_at is null and c.starts_at <= now() and c.ends_at > now()`
          : sql`(c.ends_at <= now() or c.cancelled_at is not null)`;
    const order = tab === 'past' ? sql`order by c.starts_at desc, c.concert_sn desc` : sql`order by c.starts_at, c.concert_sn`;
    const { rows } = await this.db.execute<Row>(selectConcerts(viewer?.userKey ?? 0, where, sql`${order} offset ${offset} limit ${limit}`));
    const now = Date.now();
    return { list: rows.map((r) => listItem(r, now)), total: rows[0]?.total ?? 0 };
  }

  async info(viewer: ConcertViewer | null, concertSn: number): Promise<ConcertInfo> {
    return infoOf(await this.row(concertSn, viewer?.userKey ?? 0));
  }

  /**
   * Buys the caller's one ticket. One database transaction: the ledger posting (idempotent by `key`; a
   * refusal for want of STAR is stored under it), then the ticket row, whose partial unique index keeps
   * one valid ticket per account, so a second purchase, concurrent or not, rolls its posting back.
   */
  async buy(viewer: ConcertViewer, concertSn: number, key: string): Promise<ConcertTicketBuySet> {
    const [wallet, revenue] = await this.ledger.resolve([
      { kind: 'wallet', userKey: viewer.userKey, currency: 'STAR' },
      { kind: 'revenue', currency: 'STAR' },
    ]);
    return this.db.transaction(async (tx) => {
      const r = await this.row(concertSn, viewer.userKey, tx);
      // A retried purchase answers the first one.
      const prior = await tx.execute<{ ticket_sn: number; txn_id: number | null; balance: number | null } & Record<string, unknown>>(sql`
        select t.ticket_sn::float8 as ticket_sn, t.txn_id::float8 as txn_id, x.payer_balance::float8 as balance
          from concert_ticket t left join wallet_txn x on x.txn_id = t.txn_id
         where t.concert_sn = ${concertSn} and t.user_key = ${viewer.userKey} and t.state = 'valid'
           and (t.txn_id is null or (x.actor_user_key = ${viewer.userKey} and x.idem_key = ${key}))`);
      const state = stateOf(r);
      if (state === 'cancelled') throw new AppError('CONCERT_CANCELLED');
      if (r.t_sn) {
        const same = prior.rows.find((p) => p.ticket_sn === r.t_sn);
        if (same && same.txn_id !== null) {
          const t = myTicket(r) as ConcertTicket;
          return { ticket: t, txn_id: same.txn_id, balance: same.balance ?? 0 };
        }
        throw new AppError('CONCERT_TICKET_OWNED');
      }
      if (state === 'ended') throw new AppError('CONCERT_SALES_CLOSED');
      let txnId: number | null = null;
      let balance: number;
      if (r.price > 0) {
        const [applied] = await applyInTx(tx, [
          {
            actor: viewer.userKey,
            key,
            fingerprint: `ticket:${wallet.accountId}:${revenue.accountId}:STAR:${r.price}:${concertSn}`,
            kind: 'ticket',
            currency: 'STAR',
            from: wallet.accountId,
            fromSystem: false,
            amount: r.price,
            meta: { concert_sn: concertSn, title: r.title },
            credits: [{ account: revenue.accountId, amount: r.price }],
          },
        ]);
        if (!applied) throw new Error('wallet_apply answered nothing');
        if (applied.outcome === 'reused') throw new AppError('WALLET_KEY_REUSED');
        if (applied.state === 'refused') throw new AppError('WALLET_INSUFFICIENT', { currency: 'STAR', balance: applied.payerBalance });
        // A replay whose ticket was refunded since: the key belonged to that purchase.
        if (applied.outcome === 'replay') throw new AppError('WALLET_KEY_REUSED');
        txnId = applied.txnId;
        balance = applied.payerBalance;
      } else {
        balance = await this.balanceOf(tx, viewer.userKey);
      }
      const inserted = await tx.execute<{ ticket_sn: number; bought_at: Date } & Record<string, unknown>>(sql`
        insert into concert_ticket (concert_sn, user_key, price, txn_id)
        values (${concertSn}, ${viewer.userKey}, ${r.price}, ${txnId})
        on conflict do nothing
        returning ticket_sn::float8 as ticket_sn, bought_at`);
      const t = inserted.rows[0];
      // Another purchase of this account committed first: this one's posting rolls back with the error.
      if (!t) throw new AppError('CONCERT_TICKET_OWNED');
      await tx.execute(sql`update concert set ticket_cnt = ticket_cnt + 1 where concert_sn = ${concertSn}`);
      return {
        ticket: {
          ticket_sn: t.ticket_sn,
          concert_sn: concertSn,
          state: 'valid',
          price: r.price,
          bought_at: when(t.bought_at).toISOString(),
          refunded_at: null,
          play_cnt: 0,
        },
        txn_id: txnId ?? 0,
        balance,
      };
    });
  }

  private async balanceOf(db: Exec, userKey: number): Promise<number> {
    const { rows } = await db.execute<{ balance: number } & Record<string, unknown>>(
      sql`select balance::float8 as balance from wallet_account where user_key = ${userKey} and kind = 'wallet' and currency = 'STAR'`,
    );
    return rows[0]?.balance ?? 0;
  }

  private token(vodKey: string, userKey: number): ConcertMediaTokenSet {
    const exp = Math.floor(Date.now() / 1000) + CONCERT_LIMITS.mediaTokenTtlSec;
    return {
      media_token: signMediaToken(this.mediaSecret, { vk: vodKey, uk: userKey, exp }),
      token_expires_at: new Date(exp * 1000).toISOString(),
    };
  }

  /** Who may have the concert's stream now: a holder (or an operator), with the concert's broadcast. */
  private async access(viewer: ConcertViewer, concertSn: number, countPlay: boolean): Promise<{ r: Row; mode: 'live' | 'replay' }> {
    const r = await this.row(concertSn, viewer.userKey);
    const state = stateOf(r);
    if (state === 'cancelled') throw new AppError('CONCERT_CANCELLED');
    const staff = viewer.role === 'operator';
    if (!r.t_sn && !staff) throw new AppError('CONCERT_TICKET_REQUIRED');
    if (state === 'scheduled') {
      throw new AppError('CONCERT_NOT_OPEN', { num: Math.round((when(r.starts_at).getTime() - when(r.doors_at).getTime()) / MINUTE_MS) });
    }
    if (r.b_state === 'live' && r.vod_key) return { r, mode: 'live' };
    if (state !== 'ended' || !r.vod_key) throw new AppError('CONCERT_NOT_STARTED');
    if (!r.b_replay) throw new AppError('REPLAY_NOT_FOUND');
    const until = replayUntil(r);
    if (!staff && (!until || until.getTime() <= Date.now())) throw new AppError('CONCERT_REPLAY_EXPIRED');
    if (!staff && countPlay && r.replay_play_max > 0) {
      // One play counted per opening of the replay, atomically against the limit.
      const { rows } = await this.db.execute(sql`
        update concert_ticket set play_cnt = play_cnt + 1
         where ticket_sn = ${r.t_sn} and state = 'valid' and play_cnt < ${r.replay_play_max} returning ticket_sn`);
      if (rows.length === 0) throw new AppError('CONCERT_REPLAY_USED_UP', { num: r.replay_play_max });
      r.t_play_cnt = (r.t_play_cnt ?? 0) + 1;
    } else if (!staff && r.replay_play_max > 0 && (r.t_play_cnt ?? 0) > r.replay_play_max) {
      throw new AppError('CONCERT_REPLAY_USED_UP', { num: r.replay_play_max });
    }
    return { r, mode: 'replay' };
  }

  /** The concert's play page: the broadcast with token-bearing URLs (the media gate checks the token). */
  async play(viewer: ConcertViewer, concertSn: number): Promise<ConcertPlaySet> {
    const { r, mode } = await this.access(viewer, concertSn, true);
    const vodKey = r.vod_key as string;
    const found = await broadcastInfo(this.db, vodKey);
    if (!found) throw new AppError('BROADCAST_NOT_FOUND');
    const token = this.token(vodKey, viewer.userKey);
    const info = found.info;
    if (!found.isDemo) {
      const q = `?ct=${encodeURIComponent(token.media_token)}`;
      info.hls_url = `${hlsUrlOf(vodKey)}${q}`;
      if (mode === 'live') info.flv_url = `${flvUrlOf(vodKey)}${q}`;
    }
    return { concert: infoOf(r), info, mode, ...token };
  }

  /** A fresh token for a holder's running player (no play counted). */
  async mediaToken(viewer: ConcertViewer, concertSn: number): Promise<ConcertMediaTokenSet> {
    const { r } = await this.access(viewer, concertSn, false);
    return this.token(r.vod_key as string, viewer.userKey);
  }

  /** The caller's tickets (valid and refunded), newest first; `watchableOnly` keeps replays still open. */
  async myTickets(
    viewer: ConcertViewer,
    offset: number,
    limit: number,
    watchableOnly: boolean,
  ): Promise<{ list: MyConcertTicket[]; total: number }> {
    const { rows } = await this.db.execute<
      Row & {
        ticket_sn: number;
        t_state: 'valid' | 'refunded';
        t_refunded_at: Date | null;
        t_all_price: number;
        t_all_play: number;
        t_all_bought: Date;
      } & Record<string, unknown>
    >(sql`
      select ${CONCERT_COLUMNS}
             case when t.state = 'valid' then t.ticket_sn::float8 end as t_sn, t.price as t_price, t.play_cnt as t_play_cnt, t.bought_at as t_bought_at,
             t.ticket_sn::float8 as ticket_sn, t.state as t_state, t.refunded_at as t_refunded_at,
             count(*) over ()::int as total
        from concert_ticket t
        join concert c on c.concert_sn = t.concert_sn
        join users u on u.user_key = c.bj_user_key
        ${LATEST_BROADCAST}
       where t.user_key = ${viewer.userKey}
         ${watchableOnly ? sql`and t.state = 'valid' and c.cancelled_at is null and c.ends_at <= now() and b.replay_yn and b.state = 'ended' and (c.replay_play_max = 0 or t.play_cnt < c.replay_play_max) and greatest(c.ends_at, b.ended_at) + make_interval(days => c.replay_days) > now()` : sql``}
       order by t.bought_at desc, t.ticket_sn desc
       offset ${offset} limit ${limit}`);
    const now = Date.now();
    const list = rows.map((r): MyConcertTicket => {
      const until = r.t_state === 'valid' ? replayUntil(r) : null;
      const playsLeft = r.replay_play_max === 0 || (r.t_play_cnt ?? 0) < r.replay_play_max;
      return {
        ticket_sn: r.ticket_sn,
        concert_sn: r.concert_sn,
        state: r.t_state,
        price: r.t_price ?? 0,
        bought_at: when(r.t_bought_at as Date).toISOString(),
        refunded_at: iso(r.t_refunded_at),
        play_cnt: r.t_play_cnt ?? 0,
        concert: listItem(r, now),
        replay_watchable_yn: until && until.getTime() > now && r.b_replay && playsLeft ? 'Y' : 'N',
        replay_until: until?.toISOString() ?? null,
      };
    });
    return { list, total: rows[0]?.total ?? 0 };
  }

  // ─── The console ────────────────────────────────────────────────────────────────────────────────

  async adminList(offset: number, limit: number): Promise<{ list: AdminConcertItem[]; total: number }> {
    const { rows } = await this.db.execute<Row>(sql`
      with page as (${selectConcerts(0, sql`true`, sql`order by c.starts_at desc, c.concert_sn desc offset ${offset} limit ${limit}`)})
      select page.*, coalesce((select sum(price) from concert_ticket t where t.concert_sn = page.concert_sn and t.state = 'valid'), 0)::float8 as sales_total
        from page order by page.starts_at desc, page.concert_sn desc`);
    return { list: rows.map((r) => this.adminItem(r)), total: rows[0]?.total ?? 0 };
  }

  private adminItem(r: Row): AdminConcertItem {
    return { ...listItem(r), cancelled_reason: r.cancelled_reason, sales_total: r.sales_total ?? 0, vod_key: r.vod_key ?? '' };
  }

  private async adminRow(concertSn: number): Promise<AdminConcertItem> {
    const { rows } = await this.db.execute<Row>(sql`
      with page as (${selectConcerts(0, sql`c.concert_sn = ${concertSn}`, sql``)})
      select page.*, coalesce((select sum(price) from concert_ticket t where t.concert_sn = page.concert_sn and t.state = 'valid'), 0)::float8 as sales_total
        from page`);
    if (!rows[0]) throw new AppError('CONCERT_NOT_FOUND');
    return this.adminItem(rows[0]);
  }

  /** Creates or edits a concert (audited). Times: the show lasts 10 min–12 h; one BJ's windows never overlap. */
  async save(operator: ConcertViewer, input: z.output<typeof ConcertProcSchema>): Promise<AdminConcertItem> {
    const startsAt = parseKst(input.starts_at);
    let endsAt: Date;
    try {
      endsAt = parseKst(input.ends_at);
    } catch {
      throw new AppError('CONCERT_DATE_INVALID', { field: 'ends_at' });
    }
    const minutes = (endsAt.getTime() - startsAt.getTime()) / MINUTE_MS;
    if (minutes < CONCERT_LIMITS.showMinMinutes || minutes > CONCERT_LIMITS.showMaxMinutes) {
      throw new AppError('CONCERT_TIMES_INVALID', {
        field: 'ends_at',
        min: CONCERT_LIMITS.showMinMinutes,
        max: CONCERT_LIMITS.showMaxMinutes,
      });
    }
    const doorsAt = new Date(startsAt.getTime() - input.doors_minutes * MINUTE_MS);
    const lineup = input.lineup
      .split(/[\n,]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, CONCERT_LIMITS.lineupMax)
      .map((s) => [...s].slice(0, CONCERT_LIMITS.lineupNameMax).join(''));
    const sn = await this.db.transaction(async (tx) => {
      const bj = await tx.execute<{ user_key: number } & Record<string, unknown>>(
        sql`select user_key::float8 as user_key from users where id = ${input.bj_id} and type_cd = 'bj' and state = 'active'`,
      );
      const bjKey = bj.rows[0]?.user_key;
      if (!bjKey) throw new AppError('CONCERT_BJ_NOT_FOUND', { field: 'bj_id' });
      const overlap = await tx.execute(sql`
        select 1 from concert where bj_user_key = ${bjKey} and cancelled_at is null
           and concert_sn <> ${input.concert_sn ?? 0} and doors_at < ${endsAt} and ends_at > ${doorsAt}`);
      if (overlap.rows.length > 0) throw new AppError('CONCERT_OVERLAP', { field: 'starts_at' });
      let poster: string | null = null;
      if (input.poster_file_sn > 0) {
        // Claimed alone: claimUpload would retire the operator's other posters.
        await claimUploads(tx, operator.userKey, [input.poster_file_sn], 'concert');
        const [file] = await tx.select({ path: uploadFile.path }).from(uploadFile).where(eq(uploadFile.fileSn, input.poster_file_sn));
        poster = file ? publicUrl(file.path) : '';
      }
      const values = {
        title: input.title,
        description: input.description,
        notice: input.notice,
        refund_rule: input.refund_rule,
        lineup,
        bj_user_key: bjKey,
        price: input.price,
        doors_at: doorsAt.toISOString(),
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        replay_days: input.replay_days,
        replay_play_max: input.replay_play_max,
        ...(poster !== null ? { poster } : {}),
      };
      if (input.concert_sn) {
        const before = await tx.execute<Record<string, unknown>>(
          sql`select title, price, doors_at, starts_at, ends_at, bj_user_key::float8 as bj_user_key, cancelled_at from concert where concert_sn = ${input.concert_sn} for update`,
        );
        const prev = before.rows[0];
        if (!prev) throw new AppError('CONCERT_NOT_FOUND');
        if (prev.cancelled_at) throw new AppError('CONCERT_CANCELLED');
        await tx.execute(sql`
          update concert set title = ${values.title}, description = ${values.description}, notice = ${values.notice},
                 refund_rule = ${values.refund_rule}, lineup = ${sql.param(lineup)}::text[], bj_user_key = ${bjKey}, price = ${values.price},
                 doors_at = ${values.doors_at}, starts_at = ${values.starts_at}, ends_at = ${values.ends_at},
                 replay_days = ${values.replay_days}, replay_play_max = ${values.replay_play_max},
                 poster = ${poster ?? sql`poster`}, poster_file_sn = ${input.poster_file_sn > 0 ? input.poster_file_sn : sql`poster_file_sn`},
                 updated_at = now()
           where concert_sn = ${input.concert_sn}`);
        await concertAudit(tx, 'concert_save', operator.userKey, 'concert', input.concert_sn, null, prev, values);
        return input.concert_sn;
      }
      const ins = await tx.execute<{ concert_sn: number } & Record<string, unknown>>(sql`
        insert into concert (title, poster, poster_file_sn, description, notice, refund_rule, lineup, bj_user_key, price,
                             doors_at, starts_at, ends_at, replay_days, replay_play_max, created_by)
        values (${values.title}, ${poster ?? ''}, ${input.poster_file_sn > 0 ? input.poster_file_sn : null}, ${values.description},
                ${values.notice}, ${values.refund_rule}, ${sql.param(lineup)}::text[], ${bjKey}, ${values.price}, ${values.doors_at},
                ${values.starts_at}, ${values.ends_at}, ${values.replay_days}, ${values.replay_play_max}, ${operator.userKey})
        returning concert_sn::float8 as concert_sn`);
      const sn = ins.rows[0]?.concert_sn as number;
      await concertAudit(tx, 'concert_create', operator.userKey, 'concert', sn, null, null, values);
      return sn;
    });
    return this.adminRow(sn);
  }

  /** Refunds one valid ticket in `tx` (before the start): refund account → the holder's STAR. */
  private async refundInTx(tx: Exec, ticketSn: number, actor: number): Promise<{ userKey: number; concertSn: number } | null> {
    const { rows } = await tx.execute<
      { user_key: number; concert_sn: number; price: number; txn_id: number | null; state: string } & Record<string, unknown>
    >(sql`
      select user_key::float8 as user_key, concert_sn::float8 as concert_sn, price, txn_id::float8 as txn_id, state
        from concert_ticket where ticket_sn = ${ticketSn} for update`);
    const t = rows[0];
    if (!t) throw new AppError('CONCERT_TICKET_NOT_FOUND');
    if (t.state !== 'valid') return null;
    let refundTxn: number | null = null;
    if (t.price > 0) {
      const [from, to] = await this.ledger.resolve([
        { kind: 'refund', currency: 'STAR' },
        { kind: 'wallet', userKey: t.user_key, currency: 'STAR' },
      ]);
      const [applied] = await applyInTx(tx, [
        {
          actor,
          key: `concert-refund:${ticketSn}`,
          fingerprint: `refund:${from.accountId}:${to.accountId}:STAR:${t.price}:ticket${ticketSn}`,
          kind: 'refund',
          currency: 'STAR',
          from: from.accountId,
          fromSystem: true,
          amount: t.price,
          meta: { concert_sn: t.concert_sn, ticket_sn: ticketSn, txn_id: t.txn_id },
          credits: [{ account: to.accountId, amount: t.price }],
        },
      ]);
      if (applied?.state !== 'done') throw new Error('a refund from the refund account was refused');
      refundTxn = applied.txnId;
    }
    await tx.execute(sql`
      update concert_ticket set state = 'refunded', refunded_at = now(), refund_txn_id = ${refundTxn} where ticket_sn = ${ticketSn}`);
    await tx.execute(sql`update concert set ticket_cnt = ticket_cnt - 1 where concert_sn = ${t.concert_sn}`);
    return { userKey: t.user_key, concertSn: t.concert_sn };
  }

  async refund(operator: ConcertViewer, ticketSn: number, reason: string): Promise<AdminConcertTicket> {
    await this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ starts_at: Date; cancelled_at: Date | null; concert_sn: number } & Record<string, unknown>>(sql`
        select c.starts_at, c.cancelled_at, c.concert_sn::float8 as concert_sn
          from concert_ticket t join concert c on c.concert_sn = t.concert_sn where t.ticket_sn = ${ticketSn}`);
      const c = rows[0];
      if (!c) throw new AppError('CONCERT_TICKET_NOT_FOUND');
      if (when(c.starts_at).getTime() <= Date.now()) throw new AppError('CONCERT_REFUND_CLOSED');
      const done = await this.refundInTx(tx, ticketSn, operator.userKey);
      if (!done) throw new AppError('CONCERT_TICKET_NOT_FOUND');
      await concertAudit(
        tx,
        'ticket_refund',
        operator.userKey,
        'ticket',
        ticketSn,
        done.userKey,
        { state: 'valid' },
        { state: 'refunded', reason },
      );
    });
    const { list } = await this.tickets(0, 0, 1, ticketSn);
    return list[0] as AdminConcertTicket;
  }

  /** Cancels a concert before its start: every valid ticket refunded in the same transaction (audited). */
  async cancel(operator: ConcertViewer, concertSn: number, reason: string): Promise<ConcertCancelSet> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ starts_at: Date; cancelled_at: Date | null } & Record<string, unknown>>(
        sql`select starts_at, cancelled_at from concert where concert_sn = ${concertSn} for update`,
      );
      const c = rows[0];
      if (!c) throw new AppError('CONCERT_NOT_FOUND');
      if (c.cancelled_at) throw new AppError('CONCERT_CANCELLED');
      if (when(c.starts_at).getTime() <= Date.now()) throw new AppError('CONCERT_REFUND_CLOSED');
      const tickets = await tx.execute<{ ticket_sn: number } & Record<string, unknown>>(
        sql`select ticket_sn::float8 as ticket_sn from concert_ticket where concert_sn = ${concertSn} and state = 'valid' order by ticket_sn`,
      );
      let refunded = 0;
      for (const t of tickets.rows) if (await this.refundInTx(tx, t.ticket_sn, operator.userKey)) refunded++;
      await tx.execute(
        sql`update concert set cancelled_at = now(), cancelled_reason = ${reason}, updated_at = now() where concert_sn = ${concertSn}`,
      );
      await concertAudit(
        tx,
        'concert_cancel',
        operator.userKey,
        'concert',
        concertSn,
        null,
        { state: 'open' },
        { state: 'cancelled', reason, refunded },
      );
      return { concert_sn: concertSn, state: 'cancelled', refunded_cnt: refunded };
    });
  }

  async tickets(
    concertSn: number,
    offset: number,
    limit: number,
    ticketSn?: number,
  ): Promise<{ list: AdminConcertTicket[]; total: number }> {
    const where = ticketSn ? sql`t.ticket_sn = ${ticketSn}` : sql`t.concert_sn = ${concertSn}`;
    const { rows } = await this.db.execute<
      {
        ticket_sn: number;
        concert_sn: number;
        state: 'valid' | 'refunded';
        price: number;
        bought_at: Date;
        refunded_at: Date | null;
        play_cnt: number;
        user_key: number;
        id: string;
        nick: string;
        total: number;
      } & Record<string, unknown>
    >(sql`
      select t.ticket_sn::float8 as ticket_sn, t.concert_sn::float8 as concert_sn, t.state, t.price, t.bought_at, t.refunded_at, t.play_cnt,
             u.user_key::float8 as user_key, u.id, u.nick, count(*) over ()::int as total
        from concert_ticket t join users u on u.user_key = t.user_key
       where ${where}
       order by t.ticket_sn desc offset ${offset} limit ${limit}`);
    return {
      list: rows.map((t) => ({
        ticket_sn: t.ticket_sn,
        concert_sn: t.concert_sn,
        state: t.state,
        price: t.price,
        bought_at: when(t.bought_at).toISOString(),
        refunded_at: iso(t.refunded_at),
        play_cnt: t.play_cnt,
        user: { user_key: t.user_key, id: t.id, nick: t.nick },
      })),
      total: rows[0]?.total ?? 0,
    };
  }

  /** The waiting room's view of a concert (cached by the caller): state, start, live broadcast. */
  async waitingState(concertSn: number): Promise<{ state: ConcertState; startsAt: Date; vodKey: string; live: boolean } | null> {
    const { rows } = await this.db.execute<Row>(selectConcerts(0, sql`c.concert_sn = ${concertSn}`, sql``));
    const r = rows[0];
    if (!r) return null;
    return { state: stateOf(r), startsAt: when(r.starts_at), vodKey: r.vod_key ?? '', live: r.b_state === 'live' };
  }
}

export async function concertAudit(
  tx: Exec,
  action: string,
  actor: number,
  kind: 'concert' | 'ticket',
  sn: number,
  member: number | null,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`
    insert into concert_audit (action, actor_user_key, target_kind, target_sn, member_key, before, after)
    values (${action}, ${actor}, ${kind}, ${sn}, ${member}, ${before === null ? null : JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`);
}
