import {
  type ChatMinute,
  type ChatUserInfo,
  DEFAULT_LEVEL_TABLES,
  type FanLevelItem,
  type GradeDetailInfo,
  kstDay,
  kstMinute,
  LADDERS,
  type Ladder,
  type LadderStanding,
  LEVEL_UP_CODES,
  type LevelTableSet,
  type LevelTables,
  type LevelUpChatData,
  levelNeed,
  levelOf,
  levelTableProblem,
  nextNeed,
  type OutsideMsgPush,
  PROGRESS_CHAT_CHANNEL,
  VIP_WINDOW_DAYS,
  XP_RULES,
  type XpGrantItem,
  type XpLadder,
} from '@byeol/contract';
import type { Logger } from 'pino';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { publishRoomEvent } from '../chat/index.js';
import { accountChanged, findByLoginId } from '../users/index.js';
import { paidGiftsAfter } from '../wallet/index.js';
import type { GrantInput } from './progression.repository.js';
import * as repo from './progression.repository.js';

/** An operator changed a level table: every process reads the tables again. */
const LEVELS_CHANGED_CHANNEL = 'progress.levels';

/** How long a row may still be committing before the job reads past it (ledger, follows, ended broadcasts). */
const SETTLE_MS = 5_000;
const BATCH = 1_000;
/**
 * How long one run keeps reading full batches (the rest waits for the next run, 10 s later). A fixed 20
 * batches a run capped the job at 2,000 gifts a second, below a gift storm's rate (bench:ledger: 5,000–
 * 6,500 gifts/s over HTTP on 2 cores), so levels fell further behind for as long as the storm lasted.
 */
const SWEEP_BUDGET_MS = 5_000;
/** Givers whose VIP grades one statement recomputes at most. */
const VIP_CHUNK = 2_000;
/** How long attendances wait to be written together. */
const ATTEND_FLUSH_MS = 2_000;
/** A VIP grade is recomputed at least this often (its window moves on without new gifts). */
const VIP_STALE_MS = 60 * 60_000;

type Routed = GrantInput & { vk?: string | null };

/**
 * Experience and levels (docs/progression.md). Facts arrive three ways: calls (attendance, from user_info),
 * this process's buffers flushed every few seconds (watching heartbeats, chat minutes from every chat node
 * over the bus), and the job reading what other modules recorded (ledger gifts, follows, ended broadcasts).
 * Every fact becomes grants keyed by its event, so any of them may arrive twice.
 */
export class ProgressionService {
  private tablesCache: { at: number; tables: LevelTables } | null = null;
  /** Members whose attendance of a KST day this process already wrote: member → day. */
  private readonly attended = new Map<number, string>();
  /** Attendances not written yet: member → KST day. */
  private readonly attending = new Map<number, string>();
  private attendTimer: NodeJS.Timeout | undefined;
  /** Watching minutes waiting for the next flush, by member|BJ|minute. */
  private watching = new Map<string, Routed[]>();
  private unsubscribe: Array<() => Promise<void>> = [];

  private readonly batch: number;
  private readonly budgetMs: number;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: Logger,
    /** The job's batch size and time budget per run (tests shrink them). */
    opts: { batch?: number; budgetMs?: number } = {},
  ) {
    this.batch = opts.batch ?? BATCH;
    this.budgetMs = opts.budgetMs ?? SWEEP_BUDGET_MS;
  }

  async start(): Promise<void> {
    this.unsubscribe.push(
      await this.bus.subscribe(PROGRESS_CHAT_CHANNEL, (m) => {
        const minutes = (m as { a?: ChatMinute[] }).a ?? [];
        this.chatted(minutes).catch((err: unknown) => this.log.error({ err }, 'chat experience not granted'));
      }),
      await this.bus.subscribe(LEVELS_CHANGED_CHANNEL, () => {
        this.tablesCache = null;
      }),
    );
  }

  async stop(): Promise<void> {
    clearTimeout(this.attendTimer);
    await this.flushAttendance().catch((err: unknown) => this.log.error({ err }, 'attendance not counted'));
    await this.flushWatching().catch((err: unknown) => this.log.error({ err }, 'watching experience not granted'));
    for (const u of this.unsubscribe.splice(0)) await u();
  }

  // ---- tables ------------------------------------------------------------------------------------

  async tables(): Promise<LevelTables> {
    if (this.tablesCache && Date.now() - this.tablesCache.at < 60_000) return this.tablesCache.tables;
    const stored = await repo.storedTables(this.db);
    const tables = Object.fromEntries(LADDERS.map((l) => [l, stored[l] ?? DEFAULT_LEVEL_TABLES[l]])) as LevelTables;
    this.tablesCache = { at: Date.now(), tables };
    return tables;
  }

  async tableSet(): Promise<LevelTableSet> {
    return { level_tables: await this.tables(), xp_rules: XP_RULES, vip_window_days: VIP_WINDOW_DAYS };
  }

  /** An operator replaces one ladder's table: every standing of it is re-levelled (no level-up lines for that). */
  async saveTable(operatorKey: number, ladder: Ladder, levels: number[]): Promise<LevelTableSet> {
    const problem = levelTableProblem(ladder, levels);
    if (problem) throw new AppError(problem);
    const before = (await this.tables())[ladder];
    await this.db.transaction(async (tx) => {
      await repo.saveTable(tx, ladder, levels, operatorKey, before);
      await repo.relevel(tx, ladder, levels);
    });
    // The member level is mirrored on every account row, which sessions answer from: read them all again.
    if (ladder === 'user') await accountChanged(this.db, 'all');
    this.tablesCache = null;
    await this.bus.publish(LEVELS_CHANGED_CHANNEL, { ladder }).catch(() => undefined);
    return this.tableSet();
  }

  // ---- facts ---------------------------------------------------------------------------------------

  /**
   * The member's first signed-in page of a KST day (user_info): the day's attendance, once. Off the request's
   * path: the attendances wait a moment and are written together (when a popular BJ goes live, thousands
   * of first visits of the day come at once); the level page writes the caller's first (attendanceOf).
   */
  attend(userKey: number, now = Date.now()): void {
    const day = kstDay(now);
    if (this.attended.get(userKey) === day) return;
    if (this.attended.size > 100_000) this.attended.clear();
    this.attended.set(userKey, day);
    this.attending.set(userKey, day);
    this.attendTimer ??= setTimeout(() => {
      this.attendTimer = undefined;
      this.flushAttendance().catch((err: unknown) => this.log.error({ err }, 'attendance not counted'));
    }, ATTEND_FLUSH_MS);
    this.attendTimer.unref?.();
  }

  /** Writes the waiting attendances in one statement; a failed write is tried again at the member's next page. */
  async flushAttendance(only?: number): Promise<number> {
    const batch = [...this.attending].filter(([userKey]) => only === undefined || userKey === only);
    if (batch.length === 0) return 0;
    for (const [userKey] of batch) this.attending.delete(userKey);
    try {
      return await this.grant(
        batch.map(([userKey, day]) => ({ userKey, ladder: 'user', bjUserKey: 0, source: 'attend', ref: day, amount: XP_RULES.attend })),
      );
    } catch (err) {
      for (const [userKey] of batch) this.attended.delete(userKey);
      throw err;
    }
  }

  /** A signed-in viewer's heartbeat in `bjUserKey`'s room: the KST minute counts once (member and fan ladders). */
  watched(userKey: number, bjUserKey: number, vk: string, now = Date.now()): void {
    if (userKey === bjUserKey) return;
    const minute = kstMinute(now);
    const key = `${userKey}|${bjUserKey}|${minute}`;
    if (this.watching.has(key)) return;
    this.watching.set(key, [
      { userKey, ladder: 'user', bjUserKey: 0, source: 'watch', ref: minute, amount: XP_RULES.watchPerMinute, vk },
      { userKey, ladder: 'fan', bjUserKey, source: 'watch', ref: minute, amount: XP_RULES.watchPerMinute, vk },
    ]);
  }

  /** Writes the buffered watching minutes (every few seconds, and when the app closes). */
  async flushWatching(): Promise<number> {
    if (this.watching.size === 0) return 0;
    const batch = [...this.watching.values()].flat();
    this.watching = new Map();
    return this.grant(batch);
  }

  /** Chat minutes from a chat node: the member chatted in that BJ's room in that KST minute. */
  async chatted(minutes: readonly ChatMinute[]): Promise<number> {
    const grants: Routed[] = [];
    for (const [userKey, bjUserKey, vk, minute] of minutes) {
      if (!(userKey > 0) || userKey === bjUserKey || typeof minute !== 'string') continue;
      grants.push(
        { userKey, ladder: 'user', bjUserKey: 0, source: 'chat', ref: minute, amount: XP_RULES.chatPerMinute, vk },
        { userKey, ladder: 'fan', bjUserKey, source: 'chat', ref: minute, amount: XP_RULES.chatPerMinute, vk },
      );
    }
    return this.grant(grants);
  }

  /**
   * The job: ledger gifts, follows and ended broadcasts since their cursors, then the VIP grades of the
   * givers and of grades not recomputed for an hour. Idempotent (a crash between grants and cursor reads
   * the same rows again and adds nothing). A backlog (a new install reading the history, a gift storm) is
   * read batch after batch for up to the run's time budget.
   *
   * A giver's VIP grade is recomputed once per run, after every batch of the run (a storm's fan gives many
   * times a minute; the sum over the window is the costly statement), and the gift cursor moves only after
   * that: a crash before it reads the run's gifts again, so no giver's grade is left behind.
   */
  async sweep(settleMs = SETTLE_MS): Promise<{ gifts: number; follows: number; broadcasts: number; vips: number } | undefined> {
    const watched = (await this.flushWatching()) + (await this.flushAttendance());
    const total = { gifts: 0, follows: 0, broadcasts: 0, vips: 0 };
    const started = Date.now();
    const savedGiftCursor = (await repo.cursorOf(this.db, 'gift')).uptoId;
    const run = { giftCursor: savedGiftCursor, givers: new Set<number>() };
    for (;;) {
      const { done, full } = await this.sweepBatch(settleMs, run);
      total.gifts += done.gifts;
      total.follows += done.follows;
      total.broadcasts += done.broadcasts;
      if (!full || Date.now() - started >= this.budgetMs) break;
    }
    if (run.givers.size > 0) {
      const tables = await this.tables();
      const givers = [...run.givers];
      for (let i = 0; i < givers.length; i += VIP_CHUNK) {
        total.vips += (await repo.refreshVip(this.db, givers.slice(i, i + VIP_CHUNK), tables.vip, VIP_WINDOW_DAYS)).length;
      }
    }
    if (run.giftCursor > savedGiftCursor) await repo.saveCursor(this.db, 'gift', { uptoId: run.giftCursor });
    const stale = await repo.staleVips(this.db, VIP_STALE_MS, 500);
    if (stale.length > 0) total.vips += (await repo.refreshVip(this.db, stale, (await this.tables()).vip, VIP_WINDOW_DAYS)).length;
    // The periodic runner logs a result; an idle sweep says nothing.
    return watched + total.gifts + total.follows + total.broadcasts + total.vips > 0 ? total : undefined;
  }

  /**
   * One batch of each source; `full` when any batch was full (more may be waiting). Gifts are read after
   * the run's own cursor and their givers gathered for the run's VIP pass (sweep).
   */
  private async sweepBatch(settleMs: number, run: { giftCursor: number; givers: Set<number> }) {
    const gifts = await paidGiftsAfter(this.db, run.giftCursor, this.batch, settleMs);
    const grants: Routed[] = [];
    for (const g of gifts.rows) {
      const points = Math.floor(g.star / XP_RULES.starPerPoint);
      run.givers.add(g.giverUserKey);
      if (points <= 0) continue;
      const ref = String(g.txnId);
      grants.push(
        { userKey: g.giverUserKey, ladder: 'user', bjUserKey: 0, source: 'star_given', ref, amount: points, vk: g.vodKey },
        { userKey: g.giverUserKey, ladder: 'fan', bjUserKey: g.bjUserKey, source: 'star_given', ref, amount: points, vk: g.vodKey },
        { userKey: g.bjUserKey, ladder: 'bj', bjUserKey: 0, source: 'star_received', ref, amount: points, vk: g.vodKey },
      );
    }

    const followCursor = await repo.cursorOf(this.db, 'follow');
    const follows = await repo.followsAfter(this.db, followCursor.uptoAt, this.batch, settleMs);
    for (const f of follows.rows) {
      grants.push(
        { userKey: f.userKey, ladder: 'fan', bjUserKey: f.bjUserKey, source: 'follow', ref: 'follow', amount: XP_RULES.follow },
        {
          userKey: f.bjUserKey,
          ladder: 'bj',
          bjUserKey: 0,
          source: 'follow_received',
          ref: String(f.userKey),
          amount: XP_RULES.followReceived,
        },
      );
    }

    const broadcastCursor = await repo.cursorOf(this.db, 'broadcast');
    const ended = await repo.endedBroadcastsAfter(this.db, broadcastCursor.uptoAt, this.batch, settleMs);
    for (const b of ended.rows) {
      grants.push({
        userKey: b.bjUserKey,
        ladder: 'bj',
        bjUserKey: 0,
        source: 'broadcast',
        ref: String(b.broadcastSn),
        amount: b.minutes * XP_RULES.broadcastPerMinute,
      });
    }

    await this.grant(grants);
    // Cursors move only after their rows' grants are written; the gift cursor after the run's VIP pass.
    run.giftCursor = Math.max(run.giftCursor, gifts.upto);
    if (follows.upto > followCursor.uptoAt) await repo.saveCursor(this.db, 'follow', { uptoAt: follows.upto });
    if (ended.upto > broadcastCursor.uptoAt) await repo.saveCursor(this.db, 'broadcast', { uptoAt: ended.upto });
    return {
      done: { gifts: gifts.rows.length, follows: follows.rows.length, broadcasts: ended.rows.length },
      full: gifts.read >= this.batch || follows.rows.length >= this.batch || ended.rows.length >= this.batch,
    };
  }

  /**
   * Writes grants (each once by its event), raises the levels they reached, and tells the rooms: a member's
   * (110) and a fan's (112) level-up in the room the fact came from, a BJ's (111) in the room the fact came
   * from or the BJ's live room.
   */
  async grant(grants: readonly Routed[]): Promise<number> {
    if (grants.length === 0) return 0;
    const touched = await repo.insertGrants(this.db, grants);
    if (touched.length === 0) return 0;
    const tables = await this.tables();
    const rises = touched
      .map((t) => ({ ...t, prev: t.level, level: levelOf(t.ladder, tables[t.ladder], t.xp) }))
      .filter((t) => t.level > t.prev);
    const risen = await repo.raiseLevels(this.db, rises);
    // user_info answers user_level from the session's row (mirrored by raiseLevels).
    await accountChanged(
      this.db,
      risen.filter((r) => r.ladder === 'user').map((r) => r.userKey),
    );
    if (risen.length > 0) {
      await this.announce(risen, grants).catch((err: unknown) => this.log.error({ err }, 'level-up not announced'));
    }
    return touched.length;
  }

  private async announce(risen: Awaited<ReturnType<typeof repo.raiseLevels>>, grants: readonly Routed[]): Promise<void> {
    const roomOf = new Map<string, string>();
    for (const g of grants) if (g.vk) roomOf.set(`${g.userKey}|${g.ladder}|${g.bjUserKey}`, g.vk);
    const members = await repo.membersByKey(this.db, [...new Set(risen.map((r) => r.userKey))]);
    const bjsWithoutRoom = risen.filter((r) => r.ladder === 'bj' && !roomOf.has(`${r.userKey}|bj|0`)).map((r) => r.userKey);
    const live = await repo.liveRoomsOf(this.db, bjsWithoutRoom);
    for (const r of risen) {
      const vk = roomOf.get(`${r.userKey}|${r.ladder}|${r.bjUserKey}`) ?? (r.ladder === 'bj' ? live.get(r.userKey) : undefined);
      const member = members.get(r.userKey);
      if (!vk || !member) continue;
      const target: ChatUserInfo = {
        user_key: r.userKey,
        id: member.id,
        nick: member.nick,
        is_bj: r.ladder === 'bj' ? 1 : 0,
        is_manager: 0,
        is_operator: 0,
        is_guest: 0,
      };
      const data: LevelUpChatData = {
        ladder: r.ladder,
        level: r.level,
        prev_level: r.prev,
        ...(r.ladder === 'fan' ? { bj_user_key: r.bjUserKey } : {}),
      };
      const push: OutsideMsgPush = { code: LEVEL_UP_CODES[r.ladder], ts: Date.now(), target, m: member.nick, data: { ...data } };
      await publishRoomEvent(this.bus, vk, push);
    }
  }

  // ---- answers -------------------------------------------------------------------------------------

  /** POST /pubapi/user_level_info: the caller's ladders, or a member's by ID (without the VIP STAR sum). */
  async levelInfo(viewerKey: number | null, id: string): Promise<GradeDetailInfo> {
    const member = id !== '' ? await findByLoginId(this.db, id) : viewerKey !== null ? { userKey: viewerKey } : null;
    if (!member) throw new AppError(id !== '' ? 'LEVEL_USER_NOT_FOUND' : 'LOGIN_REQUIRED');
    // The caller's attendance of today, if it still waits, counts before the answer says so.
    if (viewerKey !== null && member.userKey === viewerKey) await this.flushAttendance(viewerKey);
    const row = await this.memberRow(member.userKey);
    if (!row) throw new AppError('LEVEL_USER_NOT_FOUND');
    const own = viewerKey === member.userKey;
    const [tables, standings, attended] = await Promise.all([
      this.tables(),
      repo.standingsOf(this.db, member.userKey),
      own ? repo.grantedToday(this.db, member.userKey, kstDay()) : Promise.resolve(false),
    ]);
    const bar = (ladder: Ladder, value: number): LadderStanding => {
      const table = tables[ladder];
      const level = levelOf(ladder, table, value);
      return { level, exp: value, exp_level: levelNeed(table, level), exp_next: nextNeed(table, level), level_max: table.length };
    };
    const user = bar('user', standings.user?.xp ?? 0);
    // Another member sees the grade, not the STAR sum behind it.
    const ownVip = bar('vip', standings.vip?.xp ?? 0);
    const vip = own ? ownVip : { ...bar('vip', 0), level: ownVip.level };
    const bj = row.isBj ? bar('bj', standings.bj?.xp ?? 0) : null;
    return {
      user_key: member.userKey,
      id: row.id,
      nick: row.nick,
      profile_image: row.profileImage,
      user_level: user.level,
      vip_level: ownVip.level,
      bj_level_v2: bj?.level ?? 0,
      user,
      vip,
      bj,
      attend_today: attended ? 'Y' : 'N',
      vip_window_days: VIP_WINDOW_DAYS,
    };
  }

  private async memberRow(userKey: number) {
    const found = (await repo.membersByKey(this.db, [userKey])).get(userKey);
    return found?.active ? found : null;
  }

  async history(userKey: number, ladder: XpLadder, offset: number, limit: number): Promise<{ list: XpGrantItem[]; total: number }> {
    const { rows, total } = await repo.history(this.db, userKey, ladder, offset, limit);
    return {
      list: rows.map((r) => ({
        source: r.source,
        amount: r.amount,
        bj_id: r.bj_id,
        bj_nick: r.bj_nick,
        reg_date: new Date(r.created_at).toISOString(),
      })),
      total,
    };
  }

  async fanList(userKey: number, mode: 'mine' | 'bj', offset: number, limit: number): Promise<{ list: FanLevelItem[]; total: number }> {
    const [tables, { rows, total }] = await Promise.all([this.tables(), repo.fanStandings(this.db, userKey, mode, offset, limit)]);
    return {
      list: rows.map((r) => {
        const xp = Number(r.xp);
        const level = levelOf('fan', tables.fan, xp);
        return {
          user_key: Number(r.user_key),
          id: r.id,
          nick: r.nick,
          profile_image: r.profile_image,
          fan_level: level,
          exp: xp,
          exp_next: nextNeed(tables.fan, level),
        };
      }),
      total,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Experience and levels of a process with the api role, else null (tests run its job directly). */
    progress: ProgressionService | null;
  }
}
