import type { Ladder, LevelTables, XpLadder, XpSource } from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';

/** One grant to write: unique by (member, ladder, BJ, source, ref). */
export interface GrantInput {
  userKey: number;
  ladder: XpLadder;
  /** The fan ladder's BJ; 0 otherwise. */
  bjUserKey: number;
  source: XpSource;
  ref: string;
  amount: number;
}

/** A standing after grants were added: its new experience and the level stored before. */
export interface Touched {
  userKey: number;
  ladder: XpLadder;
  bjUserKey: number;
  xp: number;
  level: number;
}

const num = (v: unknown) => Number(v);

/**
 * Writes the grants not written before and adds what they are worth to the standings, in one statement:
 * a grant whose event is already stored inserts nothing and adds nothing (a replay). Members deleted since
 * are left out. Standings are added to in key order (two batches never wait on each other in a circle).
 */
export async function insertGrants(db: Exec, grants: readonly GrantInput[]): Promise<Touched[]> {
  const valid = grants.filter((g) => g.amount > 0);
  if (valid.length === 0) return [];
  const col = <T>(f: (g: GrantInput) => T) => valid.map(f);
  const { rows } = await db.execute<{ user_key: string; ladder: XpLadder; bj_user_key: string; xp: string; level: number }>(sql`
    with input as (
      select distinct on (i.user_key, i.ladder, i.bj_user_key, i.source, i.ref) i.*
      from unnest(${sql.param(col((g) => g.userKey))}::bigint[], ${sql.param(col((g) => g.ladder))}::text[], ${sql.param(col((g) => g.bjUserKey))}::bigint[],
                  ${sql.param(col((g) => g.source))}::text[], ${sql.param(col((g) => g.ref))}::text[], ${sql.param(col((g) => g.amount))}::int[])
           as i(user_key, ladder, bj_user_key, source, ref, amount)
      where exists (select 1 from users u where u.user_key = i.user_key)
    ), g as (
      insert into xp_grant (user_key, ladder, bj_user_key, source, ref, amount)
      select user_key, ladder, bj_user_key, source, ref, amount from input
      on conflict on constraint xp_grant_event_key do nothing
      returning user_key, ladder, bj_user_key, amount
    ), s as (
      select user_key, ladder, bj_user_key, sum(amount)::bigint as xp from g group by 1, 2, 3
    )
    insert into level_state as l (user_key, ladder, bj_user_key, xp, level)
    select user_key, ladder, bj_user_key, xp, 1 from s order by user_key, ladder, bj_user_key
    on conflict (user_key, ladder, bj_user_key) do update set xp = l.xp + excluded.xp, updated_at = now()
    returning l.user_key, l.ladder, l.bj_user_key, l.xp, l.level`);
  return rows.map((r) => ({ userKey: num(r.user_key), ladder: r.ladder, bjUserKey: num(r.bj_user_key), xp: num(r.xp), level: r.level }));
}

/**
 * Raises stored levels to what the experience reached; answers only the standings that rose (two processes
 * adding at once: one of them sees each rise). The member level is mirrored into users.user_level.
 */
export async function raiseLevels(
  db: Exec,
  rises: ReadonlyArray<{ userKey: number; ladder: XpLadder; bjUserKey: number; level: number; prev: number }>,
): Promise<Array<{ userKey: number; ladder: XpLadder; bjUserKey: number; level: number; prev: number }>> {
  if (rises.length === 0) return [];
  const { rows } = await db.execute<{ user_key: string; ladder: XpLadder; bj_user_key: string; level: number; prev: number }>(sql`
    with v as (
      select * from unnest(${sql.param(rises.map((r) => r.userKey))}::bigint[], ${sql.param(rises.map((r) => r.ladder))}::text[],
                           ${sql.param(rises.map((r) => r.bjUserKey))}::bigint[], ${sql.param(rises.map((r) => r.level))}::int[], ${sql.param(rises.map((r) => r.prev))}::int[])
             as v(user_key, ladder, bj_user_key, level, prev)
    ), up as (
      -- Re-checked on a row another process raised meanwhile (read committed): only one of them sees the rise.
      update level_state l set level = v.level from v
      where l.user_key = v.user_key and l.ladder = v.ladder and l.bj_user_key = v.bj_user_key and l.level < v.level
      returning l.user_key, l.ladder, l.bj_user_key, l.level, v.prev
    ), mirror as (
      update users u set user_level = up.level from up where up.ladder = 'user' and u.user_key = up.user_key
    )
    select * from up`);
  return rows.map((r) => ({ userKey: num(r.user_key), ladder: r.ladder, bjUserKey: num(r.bj_user_key), level: r.level, prev: r.prev }));
}

/**
 * Sets every standing of `ladder` to the level its experience reaches on `table` (after an operator's edit),
 * the member level's mirror too. Answers how many changed.
 */
export async function relevel(db: Exec, ladder: Ladder, table: readonly number[]): Promise<number> {
  const floor = ladder === 'vip' ? 0 : 1;
  const levelSql = sql`greatest(${floor}, (select count(*) from unnest(${sql.param([...table])}::bigint[]) need where need <= l.xp))::int`;
  const { rows } = await db.execute<{ n: string }>(sql`
    with up as (
      update level_state l set level = ${levelSql}
      where l.ladder = ${ladder} and l.level <> ${levelSql}
      returning l.user_key, l.level
    ), mirror as (
      update users u set user_level = up.level from up where ${ladder} = 'user' and u.user_key = up.user_key
    )
    select count(*) as n from up`);
  return num(rows[0]?.n ?? 0);
}

/**
 * Recomputes the VIP grade of `userKeys` from the STAR they gave over the last `windowDays` (paid gifts of
 * the ledger, summed for all of them in one pass over the partial index of STAR gifts by giver and time,
 * migration 0038), and answers the grades.
 */
export async function refreshVip(
  db: Exec,
  userKeys: readonly number[],
  table: readonly number[],
  windowDays: number,
): Promise<Array<{ userKey: number; star: number; level: number }>> {
  if (userKeys.length === 0) return [];
  const keys = sql.param([...new Set(userKeys)]);
  const { rows } = await db.execute<{ user_key: string; xp: string; level: number }>(sql`
    with given as (
      select t.actor_user_key as user_key, sum(t.amount) as star from wallet_txn t
      where t.actor_user_key = any(${keys}::bigint[]) and t.kind = 'gift' and t.state = 'done' and t.currency = 'STAR'
        and t.created_at > now() - make_interval(days => ${windowDays})
      group by t.actor_user_key
    ), s as materialized (
      select u.user_key, coalesce(g.star, 0)::bigint as star
      from users u left join given g on g.user_key = u.user_key
      where u.user_key = any(${keys}::bigint[])
    )
    insert into level_state as l (user_key, ladder, bj_user_key, xp, level)
    select s.user_key, 'vip', 0, s.star, (select count(*) from unnest(${sql.param([...table])}::bigint[]) need where need <= s.star)::int
    from s order by s.user_key
    on conflict (user_key, ladder, bj_user_key) do update set xp = excluded.xp, level = excluded.level, updated_at = now()
    returning l.user_key, l.xp, l.level`);
  return rows.map((r) => ({ userKey: num(r.user_key), star: num(r.xp), level: r.level }));
}

/** VIP grades last computed more than `staleMs` ago (their window moved on): the oldest first. */
export async function staleVips(db: Exec, staleMs: number, limit: number): Promise<number[]> {
  const { rows } = await db.execute<{ user_key: string }>(sql`
    select user_key from level_state
    where ladder = 'vip' and level > 0 and updated_at < now() - make_interval(secs => ${staleMs / 1000})
    order by updated_at limit ${limit}`);
  return rows.map((r) => num(r.user_key));
}

export async function cursorOf(db: Exec, source: string): Promise<{ uptoId: number; uptoAt: Date }> {
  const { rows } = await db.execute<{ upto_id: string; upto_at: Date }>(
    sql`select upto_id, upto_at from progress_cursor where source = ${source}`,
  );
  const row = rows[0];
  return row ? { uptoId: num(row.upto_id), uptoAt: new Date(row.upto_at) } : { uptoId: 0, uptoAt: new Date(0) };
}

export async function saveCursor(db: Exec, source: string, at: { uptoId?: number; uptoAt?: Date }): Promise<void> {
  await db.execute(sql`
    insert into progress_cursor (source, upto_id, upto_at) values (${source}, ${at.uptoId ?? 0}, ${(at.uptoAt ?? new Date(0)).toISOString()})
    on conflict (source) do update set
      upto_id = greatest(progress_cursor.upto_id, excluded.upto_id),
      upto_at = greatest(progress_cursor.upto_at, excluded.upto_at)`);
}

/**
 * Follows after `after` and older than `settleMs` (one still committing is read next time), oldest first.
 * A full batch ends before its last instant, which the next batch reads again (replays add nothing).
 */
export async function followsAfter(
  db: Exec,
  after: Date,
  limit: number,
  settleMs: number,
): Promise<{ rows: Array<{ userKey: number; bjUserKey: number }>; upto: Date }> {
  const { rows } = await db.execute<{ user_key: string; bj_user_key: string; created_at: Date }>(sql`
    select user_key, bj_user_key, created_at from channel_subscribe
    where created_at > ${after.toISOString()} and created_at < now() - make_interval(secs => ${settleMs / 1000})
    order by created_at limit ${limit}`);
  return {
    rows: rows.map((r) => ({ userKey: num(r.user_key), bjUserKey: num(r.bj_user_key) })),
    upto: batchEnd(
      rows.map((r) => new Date(r.created_at)),
      limit,
      after,
    ),
  };
}

/** Broadcasts that ended after `after` (and more than `settleMs` ago), with their minutes on air. */
export async function endedBroadcastsAfter(
  db: Exec,
  after: Date,
  limit: number,
  settleMs: number,
): Promise<{ rows: Array<{ broadcastSn: number; bjUserKey: number; minutes: number }>; upto: Date }> {
  const { rows } = await db.execute<{ broadcast_sn: string; bj_user_key: string; minutes: string; ended_at: Date }>(sql`
    select broadcast_sn, bj_user_key, floor(extract(epoch from (ended_at - started_at)) / 60)::bigint as minutes, ended_at
    from broadcast
    where ended_at is not null and ended_at > ${after.toISOString()} and ended_at < now() - make_interval(secs => ${settleMs / 1000})
    order by ended_at limit ${limit}`);
  return {
    rows: rows.map((r) => ({ broadcastSn: num(r.broadcast_sn), bjUserKey: num(r.bj_user_key), minutes: Math.max(0, num(r.minutes)) })),
    upto: batchEnd(
      rows.map((r) => new Date(r.ended_at)),
      limit,
      after,
    ),
  };
}

/** A batch's cursor: its last instant, or just before it when the batch was full (rows of that instant may remain). */
function batchEnd(times: Date[], limit: number, after: Date): Date {
  const last = times.at(-1);
  if (!last) return after;
  if (times.length < limit) return last;
  const before = new Date(last.getTime() - 1);
  return before > after ? before : last;
}

/** The stored level tables (ladders an operator edited). */
export async function storedTables(db: Exec): Promise<Partial<LevelTables>> {
  const { rows } = await db.execute<{ ladder: Ladder; levels: number[] }>(sql`select ladder, levels from level_setting`);
  return Object.fromEntries(rows.map((r) => [r.ladder, r.levels.map(Number)]));
}

export async function saveTable(
  db: Exec,
  ladder: Ladder,
  levels: readonly number[],
  actor: number,
  before: readonly number[],
): Promise<void> {
  await db.execute(sql`
    insert into level_setting (ladder, levels, updated_by) values (${ladder}, ${JSON.stringify(levels)}::jsonb, ${actor})
    on conflict (ladder) do update set levels = excluded.levels, updated_by = excluded.updated_by, updated_at = now()`);
  await db.execute(sql`
    insert into level_setting_audit (actor_user_key, action, before, after)
    values (${actor}, 'level_table_save', ${JSON.stringify({ ladder, levels: before })}::jsonb, ${JSON.stringify({ ladder, levels })}::jsonb)`);
}

/** One member's standings (member, VIP and BJ ladders). */
export async function standingsOf(
  db: Exec,
  userKey: number,
): Promise<Partial<Record<'user' | 'vip' | 'bj', { xp: number; level: number }>>> {
  const { rows } = await db.execute<{ ladder: 'user' | 'vip' | 'bj'; xp: string; level: number }>(sql`
    select ladder, xp, level from level_state where user_key = ${userKey} and bj_user_key = 0 and ladder in ('user', 'vip', 'bj')`);
  return Object.fromEntries(rows.map((r) => [r.ladder, { xp: num(r.xp), level: r.level }]));
}

export async function grantedToday(db: Exec, userKey: number, day: string): Promise<boolean> {
  const { rows } = await db.execute(sql`
    select 1 from xp_grant where user_key = ${userKey} and ladder = 'user' and bj_user_key = 0 and source = 'attend' and ref = ${day}`);
  return rows.length > 0;
}

export async function history(
  db: Exec,
  userKey: number,
  ladder: XpLadder,
  offset: number,
  limit: number,
): Promise<{
  rows: Array<{ source: XpSource; amount: number; bj_id: string | null; bj_nick: string | null; created_at: Date }>;
  total: number;
}> {
  const [{ rows }, count] = await Promise.all([
    db.execute<{ source: XpSource; amount: number; bj_id: string | null; bj_nick: string | null; created_at: Date }>(sql`
      select g.source, g.amount, b.id as bj_id, b.nick as bj_nick, g.created_at
      from xp_grant g left join users b on b.user_key = nullif(g.bj_user_key, 0)
      where g.user_key = ${userKey} and g.ladder = ${ladder}
      order by g.grant_sn desc offset ${offset} limit ${limit}`),
    db.execute<{ n: string }>(sql`select count(*) as n from xp_grant where user_key = ${userKey} and ladder = ${ladder}`),
  ]);
  return { rows, total: num(count.rows[0]?.n ?? 0) };
}

/** `mine`: my fan standings with BJs (highest first); `bj`: the fan standings of my fans. */
export async function fanStandings(
  db: Exec,
  userKey: number,
  mode: 'mine' | 'bj',
  offset: number,
  limit: number,
): Promise<{
  rows: Array<{ user_key: string; id: string; nick: string; profile_image: string; xp: string; level: number }>;
  total: number;
}> {
  const mine = mode === 'mine';
  const [{ rows }, count] = await Promise.all([
    db.execute<{ user_key: string; id: string; nick: string; profile_image: string; xp: string; level: number }>(sql`
      select u.user_key, u.id, u.nick, u.profile_image, l.xp, l.level
      from level_state l join users u on u.user_key = ${mine ? sql`l.bj_user_key` : sql`l.user_key`}
      where l.ladder = 'fan' and ${mine ? sql`l.user_key` : sql`l.bj_user_key`} = ${userKey} and u.state = 'active'
      order by l.xp desc, u.user_key offset ${offset} limit ${limit}`),
    db.execute<{ n: string }>(sql`
      select count(*) as n from level_state l join users u on u.user_key = ${mine ? sql`l.bj_user_key` : sql`l.user_key`}
      where l.ladder = 'fan' and ${mine ? sql`l.user_key` : sql`l.bj_user_key`} = ${userKey} and u.state = 'active'`),
  ]);
  return { rows, total: num(count.rows[0]?.n ?? 0) };
}

/** Members by key (the level-up chat lines, the level pages): ID, nick, image, BJ or not, still active. */
export async function membersByKey(
  db: Exec,
  keys: readonly number[],
): Promise<Map<number, { id: string; nick: string; profileImage: string; isBj: boolean; active: boolean }>> {
  if (keys.length === 0) return new Map();
  const { rows } = await db.execute<{
    user_key: string;
    id: string;
    nick: string;
    profile_image: string;
    type_cd: string;
    state: string;
  }>(sql`
    select user_key, id, nick, profile_image, type_cd, state from users where user_key = any(${sql.param([...keys])}::bigint[])`);
  return new Map(
    rows.map((r) => [
      num(r.user_key),
      { id: r.id, nick: r.nick, profileImage: r.profile_image, isBj: r.type_cd === 'bj', active: r.state === 'active' },
    ]),
  );
}

/** The live broadcast of each BJ among `bjKeys` (a level-up without a room of its own is shown there). */
export async function liveRoomsOf(db: Exec, bjKeys: readonly number[]): Promise<Map<number, string>> {
  if (bjKeys.length === 0) return new Map();
  const { rows } = await db.execute<{ bj_user_key: string; vod_key: string }>(sql`
    select bj_user_key, vod_key from broadcast where state = 'live' and bj_user_key = any(${sql.param([...bjKeys])}::bigint[])`);
  return new Map(rows.map((r) => [num(r.bj_user_key), r.vod_key]));
}
