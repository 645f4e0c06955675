import { sql } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db, Exec } from '../../platform/db.js';
import { TurnLoader } from '../../platform/turn-loader.js';

/** Announces that a BJ's room blocks or managers changed (chat moderation, after its commit). */
export const ROOM_STANDINGS_CHANNEL = 'chat.standings';

/** A member's standing in a BJ's rooms as a paying call needs it. */
export interface RoomStanding {
  /** Blocked from the BJ's rooms (chat_room_block): no chat, gifts or missions there. */
  blocked: boolean;
  /** One of the BJ's chat managers (chat_manager). */
  manager: boolean;
}

/**
 * How long a BJ's lists are trusted without a message on ROOM_STANDINGS_CHANNEL: every change the code
 * makes is announced and forgets them at once in every process; this bounds only what nobody announced
 * (a row changed by hand in SQL, a message lost while Redis was away).
 */
export const ROOM_STANDINGS_TTL_MS = 30_000;
/** A BJ with more blocked members or managers than this is asked per member instead of held in memory. */
export const ROOM_STANDINGS_MAX_PER_BJ = 20_000;
/** At most this many BJs' lists per process; the oldest go first. */
export const ROOM_STANDINGS_MAX_BJS = 5_000;

interface Lists {
  at: number;
  /** null: too many to hold (ROOM_STANDINGS_MAX_PER_BJ), each member is asked for. */
  blocked: Set<number> | null;
  managers: Set<number> | null;
}

/** Tells every process's RoomStandings that a BJ's blocks or managers changed (after the commit). */
export async function announceStandingChange(bus: Bus, bjUserKey: number): Promise<void> {
  await bus.publish(ROOM_STANDINGS_CHANNEL, { bj: bjUserKey });
}

/**
 * Who is blocked from a BJ's rooms and who manages them, per process: a BJ's two lists are read once (one
 * statement for every BJ asked about in a turn of the event loop) and answer every gift in the room from
 * memory, so a storm of gifts costs no standing query each. Chat moderation announces every change over
 * the bus (`announceStandingChange`) and the lists are forgotten at once in every process; a block therefore
 * holds for gifts within the bus's delivery time, as it did when a gift's standing was read just before the
 * block committed. A list read while a change was announced is not kept (it may predate the change).
 */
export class RoomStandings {
  private readonly lists = new Map<number, Lists>();
  private readonly loading = new Map<number, Promise<Lists>>();
  private readonly loader: TurnLoader<number, Lists>;
  private readonly pairs: TurnLoader<{ bj: number; user: number }, RoomStanding>;
  private generation = 0;
  private unsubscribe: (() => Promise<void>) | undefined;

  constructor(
    db: Db,
    private readonly bus: Bus,
    private readonly opts: { ttlMs?: number; maxPerBj?: number; maxBjs?: number; now?: () => number } = {},
  ) {
    const maxPerBj = opts.maxPerBj ?? ROOM_STANDINGS_MAX_PER_BJ;
    this.loader = new TurnLoader(String, async (bjs) => {
      const at = this.now();
      const out = new Map<string, Lists>();
      for (const bj of bjs) out.set(String(bj), { at, blocked: new Set(), managers: new Set() });
      for (const row of await standingLists(db, bjs, maxPerBj)) {
        const lists = out.get(String(row.bj)) as Lists;
        (row.manager ? lists.managers : lists.blocked)?.add(row.user);
      }
      for (const lists of out.values()) {
        if ((lists.blocked?.size ?? 0) > maxPerBj) lists.blocked = null;
        if ((lists.managers?.size ?? 0) > maxPerBj) lists.managers = null;
      }
      return out;
    });
    this.pairs = new TurnLoader(
      (p) => `${p.bj}:${p.user}`,
      (list) => standingPairs(db, list),
    );
  }

  async start(): Promise<void> {
    this.unsubscribe = await this.bus.subscribe(ROOM_STANDINGS_CHANNEL, (m) => {
      const bj = (m as { bj?: unknown } | null)?.bj;
      if (typeof bj === 'number') this.forget(bj);
    });
  }

  async stop(): Promise<void> {
    await this.unsubscribe?.();
  }

  /** Every list of this BJ is read again (and a read already under way is not kept). */
  forget(bjUserKey: number): void {
    this.generation++;
    this.lists.delete(bjUserKey);
    this.loading.delete(bjUserKey);
  }

  /** A member's standing in the BJ's rooms. */
  async of(bjUserKey: number, userKey: number): Promise<RoomStanding> {
    const lists = await this.listsOf(bjUserKey);
    if (lists.blocked && lists.managers) return { blocked: lists.blocked.has(userKey), manager: lists.managers.has(userKey) };
    const one = await this.pairs.get({ bj: bjUserKey, user: userKey });
    return one ?? { blocked: false, manager: false };
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private listsOf(bjUserKey: number): Promise<Lists> | Lists {
    const held = this.lists.get(bjUserKey);
    if (held && this.now() - held.at < (this.opts.ttlMs ?? ROOM_STANDINGS_TTL_MS)) return held;
    const running = this.loading.get(bjUserKey);
    if (running) return running;
    const mark = this.generation;
    const read = this.loader.get(bjUserKey).then((lists) => {
      if (this.loading.get(bjUserKey) === read) this.loading.delete(bjUserKey);
      const found = lists ?? { at: this.now(), blocked: new Set<number>(), managers: new Set<number>() };
      if (mark === this.generation) {
        this.lists.delete(bjUserKey);
        if (this.lists.size >= (this.opts.maxBjs ?? ROOM_STANDINGS_MAX_BJS)) {
          const oldest = this.lists.keys().next().value;
          if (oldest !== undefined) this.lists.delete(oldest);
        }
        this.lists.set(bjUserKey, found);
      }
      return found;
    });
    read.catch(() => {
      if (this.loading.get(bjUserKey) === read) this.loading.delete(bjUserKey);
    });
    this.loading.set(bjUserKey, read);
    return read;
  }
}

/**
 * The blocked members and managers of many BJs in one statement, at most `maxPerBj` + 1 of each list per
 * BJ (one more than the limit tells the caller the list is too long to hold).
 */
async function standingLists(db: Exec, bjs: number[], maxPerBj: number): Promise<Array<{ bj: number; user: number; manager: boolean }>> {
  const { rows } = await db.execute<{ bj: string; u: string; m: boolean }>(sql`
    select b.bj, x.u, x.m
    from unnest(${sql.param(bjs)}::bigint[]) as b(bj)
    cross join lateral (
      (select user_key as u, false as m from chat_room_block where bj_user_key = b.bj limit ${maxPerBj + 1})
      union all
      (select user_key as u, true as m from chat_manager where bj_user_key = b.bj limit ${maxPerBj + 1})
    ) as x`);
  return rows.map((r) => ({ bj: Number(r.bj), user: Number(r.u), manager: r.m }));
}

/** The standings of many (BJ, member) pairs in one statement (for BJs whose lists are too long to hold). */
async function standingPairs(db: Exec, pairs: Array<{ bj: number; user: number }>): Promise<Map<string, RoomStanding>> {
  const { rows } = await db.execute<{ bj: string; u: string; blocked: boolean; manager: boolean }>(sql`
    select w.bj, w.u,
      exists (select 1 from chat_room_block b where b.bj_user_key = w.bj and b.user_key = w.u) as blocked,
      exists (select 1 from chat_manager m where m.bj_user_key = w.bj and m.user_key = w.u) as manager
    from unnest(${sql.param(pairs.map((p) => p.bj))}::bigint[], ${sql.param(pairs.map((p) => p.user))}::bigint[]) as w(bj, u)`);
  const out = new Map<string, RoomStanding>();
  for (const r of rows) out.set(`${r.bj}:${r.u}`, { blocked: r.blocked, manager: r.manager });
  return out;
}
