import {
  RANKING_CATEGORIES,
  RANKING_DEFAULTS,
  RANKING_PERIOD_DAYS,
  RANKING_PERIODS,
  type RankingCategory,
  type RankingItem,
  type RankingMoreSet,
  type RankingPeriod,
  type RankingSettingSet,
  type RankingWeights,
} from '@byeol/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Exec } from '../../platform/db.js';
import { sponsorListsPrivate } from '../chat/index.js';
import { adultLiveKeys, broadcast } from '../live/index.js';
import { hidesViewerCount, users } from '../users/index.js';
import { fanClub, paidGiftsByHour } from '../wallet/index.js';
import { rankingCursor, rankingRun, rankingSetting, rankingSettingAudit, rankingSnapshot, rankingStarHour } from './rankings.tables.js';

/** Ledger transactions folded per statement into ranking_star_hour. */
const FOLD_BATCH = 50_000;
/** Which BJ kinds a category holds (rookie is by first broadcast, all holds everyone). */
const CATEGORY_BJ_TYPE: Partial<Record<RankingCategory, string>> = { kstar: 'enter', pib: 'public', program: 'program' };

/** A BJ's counters over one period. */
export interface BjPeriodStat {
  bjUserKey: number;
  bjTypeCd: string;
  peak: number;
  likes: number;
  fans: number;
  star: number;
  liveVodKey: string;
  firstAt: Date | null;
}

/**
 * The score of each BJ: every part divided by the highest value of that part among all BJs of the period,
 * times its weight (so the score is 0–100 and the same BJ has the same score in every category).
 */
export function scoreStats(stats: BjPeriodStat[], w: RankingWeights): Map<number, number> {
  const max = { peak: 0, likes: 0, fans: 0, star: 0 };
  for (const s of stats) {
    max.peak = Math.max(max.peak, s.peak);
    max.likes = Math.max(max.likes, s.likes);
    max.fans = Math.max(max.fans, s.fans);
    max.star = Math.max(max.star, s.star);
  }
  const part = (v: number, m: number, weight: number) => (m > 0 ? (v / m) * weight : 0);
  return new Map(
    stats.map((s) => {
      const score =
        part(s.peak, max.peak, w.peak_viewers) +
        part(s.likes, max.likes, w.likes) +
        part(s.fans, max.fans, w.fan_growth) +
        part(s.star, max.star, w.star);
      return [s.bjUserKey, Math.round(score * 100) / 100];
    }),
  );
}

/** Score first; ties by peak viewers, STAR, then the older account. */
export function rankOrder(scores: Map<number, number>) {
  return (a: BjPeriodStat, b: BjPeriodStat) =>
    (scores.get(b.bjUserKey) ?? 0) - (scores.get(a.bjUserKey) ?? 0) || b.peak - a.peak || b.star - a.star || a.bjUserKey - b.bjUserKey;
}

const settingOf = (row: typeof rankingSetting.$inferSelect | undefined): RankingSettingSet => ({
  peak_viewers: row?.peakViewers ?? RANKING_DEFAULTS.weights.peak_viewers,
  likes: row?.likes ?? RANKING_DEFAULTS.weights.likes,
  fan_growth: row?.fanGrowth ?? RANKING_DEFAULTS.weights.fan_growth,
  star: row?.star ?? RANKING_DEFAULTS.weights.star,
  rookie_days: row?.rookieDays ?? RANKING_DEFAULTS.rookieDays,
});

const KST_MS = 9 * 3_600_000;
/**
 * The KST calendar unit a period's rank moves are measured against: a day ranking moves against the
 * standing at the end of the previous KST day, a week ranking the previous week (Monday to Sunday), a month
 * ranking the previous month. Two runs in the same unit share one baseline.
 */
export function rankBucket(period: RankingPeriod, at: Date): number {
  const day = Math.floor((at.getTime() + KST_MS) / 86_400_000);
  if (period === 'day') return day;
  // 1970-01-01 was a Thursday: day 4 is the first Monday.
  if (period === 'week') return Math.floor((day + 3) / 7);
  const kst = new Date(at.getTime() + KST_MS);
  return kst.getUTCFullYear() * 12 + kst.getUTCMonth();
}

export class RankingsService {
  constructor(private readonly db: Db) {}

  async setting(): Promise<RankingSettingSet> {
    const [row] = await this.db.select().from(rankingSetting).where(eq(rankingSetting.id, 1));
    return settingOf(row);
  }

  /** An operator's change, audited in the same transaction (the console's audit list shows it). */
  async saveSetting(operatorKey: number, s: RankingSettingSet): Promise<RankingSettingSet> {
    const values = {
      peakViewers: s.peak_viewers,
      likes: s.likes,
      fanGrowth: s.fan_growth,
      star: s.star,
      rookieDays: s.rookie_days,
      updatedBy: operatorKey,
      updatedAt: new Date(),
    };
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(rankingSetting).where(eq(rankingSetting.id, 1)).for('update');
      await tx
        .insert(rankingSetting)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: rankingSetting.id, set: values });
      await tx.insert(rankingSettingAudit).values({
        actorUserKey: operatorKey,
        action: 'ranking_setting_save',
        before: before ? { ...settingOf(before) } : null,
        after: { ...s },
      });
    });
    return this.setting();
  }

  /** Folds the ledger's new paid gifts into ranking_star_hour, exactly once (the cursor moves in the same transaction). */
  private async foldGifts(tx: Exec, settleMs: number): Promise<number> {
    let folded = 0;
    for (;;) {
      const [cursor] = await tx.select().from(rankingCursor).where(eq(rankingCursor.id, 1)).for('update');
      const after = cursor?.uptoTxnId ?? 0;
      const { rows, upto } = await paidGiftsByHour(tx, after, FOLD_BATCH, settleMs);
      if (rows.length > 0) {
        await tx
          .insert(rankingStarHour)
          .values(rows.map((r) => ({ bjUserKey: r.bjUserKey, hour: r.hour, star: r.star })))
          .onConflictDoUpdate({
            target: [rankingStarHour.bjUserKey, rankingStarHour.hour],
            set: { star: sql`${rankingStarHour.star} + excluded.star` },
          });
      }
      await tx
        .insert(rankingCursor)
        .values({ id: 1, uptoTxnId: upto })
        .onConflictDoUpdate({ target: rankingCursor.id, set: { uptoTxnId: upto } });
      folded += rows.length;
      if (upto - after < FOLD_BATCH) return folded;
    }
  }

  /** Every active BJ with anything in the window: peak viewers and likes of broadcasts started in it (or live), fan-club joins, STAR. */
  private async periodStats(tx: Exec, start: Date): Promise<BjPeriodStat[]> {
    const startIso = start.toISOString();
    const { rows } = await tx.execute<{
      user_key: string;
      bj_type_cd: string;
      peak: number;
      likes: string;
      fans: number;
      star: string;
      live_vod_key: string;
      first_at: Date | null;
    }>(sql`
      with b as (
        select ${broadcast.bjUserKey} as bj, max(${broadcast.peakViewerCnt}) as peak, sum(${broadcast.likeCnt}) as likes
        from ${broadcast}
        where ${broadcast.state} <> 'frozen' and (${broadcast.startedAt} >= ${startIso}::timestamptz or ${broadcast.state} = 'live')
        group by 1
      ), f as (
        select ${fanClub.bjUserKey} as bj, count(*)::int as n from ${fanClub} where ${fanClub.joinedAt} >= ${startIso}::timestamptz group by 1
      ), s as (
        select ${rankingStarHour.bjUserKey} as bj, sum(${rankingStarHour.star}) as star from ${rankingStarHour}
        where ${rankingStarHour.hour} >= date_trunc('hour', ${startIso}::timestamptz) group by 1
      ), k as (select bj from b union select bj from f union select bj from s)
      select u.user_key, u.bj_type_cd, coalesce(b.peak, 0)::int as peak, coalesce(b.likes, 0)::bigint as likes,
             coalesce(f.n, 0) as fans, coalesce(s.star, 0)::bigint as star,
             coalesce((select l.vod_key from broadcast l where l.bj_user_key = u.user_key and l.state = 'live' limit 1), '') as live_vod_key,
             (select min(o.started_at) from broadcast o where o.bj_user_key = u.user_key) as first_at
      from k join ${users} u on u.user_key = k.bj and u.type_cd = 'bj' and u.state = 'active'
      left join b on b.bj = k.bj left join f on f.bj = k.bj left join s on s.bj = k.bj`);
    return rows
      .map((r) => ({
        bjUserKey: Number(r.user_key),
        bjTypeCd: r.bj_type_cd,
        peak: Number(r.peak),
        likes: Number(r.likes),
        fans: Number(r.fans),
        star: Number(r.star),
        liveVodKey: r.live_vod_key,
        firstAt: r.first_at ? new Date(r.first_at) : null,
      }))
      .filter((s) => s.peak + s.likes + s.fans + s.star > 0);
  }

  /**
   * The ranking job: folds new gifts, then per period computes every BJ's score once and writes each
   * category's top RANKING_DEFAULTS.keep into the snapshot with the previous rank, in one transaction. Safe
   * with several processes: the one holding the advisory lock runs, the others skip. Gifts younger than
   * `settleMs` wait for the next run (paidGiftsByHour).
   */
  async compute(
    now: Date = new Date(),
    settleMs = 5_000,
    /** Skip when another process computed a snapshot less than this long ago (the periodic job's interval). */
    minIntervalMs = 0,
  ): Promise<{ ran: boolean; folded: number; rows: number; ms: number }> {
    const started = Date.now();
    return this.db.transaction(async (tx) => {
      const { rows: lock } = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext('byeol:rankings')) as ok`);
      if (!lock[0]?.ok) return { ran: false, folded: 0, rows: 0, ms: Date.now() - started };
      const runs = await tx
        .select({ category: rankingRun.category, period: rankingRun.period, at: rankingRun.computedAt })
        .from(rankingRun);
      const lastRun = new Map(runs.map((r) => [`${r.category}:${r.period}`, r.at]));
      const newest = Math.max(0, ...runs.map((r) => r.at.getTime()));
      if (minIntervalMs > 0 && now.getTime() - newest < minIntervalMs) return { ran: false, folded: 0, rows: 0, ms: Date.now() - started };
      const folded = await this.foldGifts(tx, settleMs);
      const [row] = await tx.select().from(rankingSetting).where(eq(rankingSetting.id, 1));
      const setting = settingOf(row);
      const rookieSince = now.getTime() - setting.rookie_days * 86_400_000;
      let written = 0;
      for (const period of RANKING_PERIODS) {
        const start = new Date(now.getTime() - RANKING_PERIOD_DAYS[period] * 86_400_000);
        const stats = await this.periodStats(tx, start);
        const scores = scoreStats(stats, setting);
        const ordered = [...stats].sort(rankOrder(scores));
        for (const category of RANKING_CATEGORIES) {
          const type = CATEGORY_BJ_TYPE[category];
          const list = ordered
            .filter((s) =>
              category === 'rookie'
                ? s.bjTypeCd === 'rookie' || (s.firstAt !== null && s.firstAt.getTime() >= rookieSince)
                : type === undefined || s.bjTypeCd === type,
            )
            .slice(0, RANKING_DEFAULTS.keep);
          const where = and(eq(rankingSnapshot.category, category), eq(rankingSnapshot.period, period));
          const previous = await tx
            .select({ bj: rankingSnapshot.bjUserKey, rank: rankingSnapshot.rank, prevRank: rankingSnapshot.prevRank })
            .from(rankingSnapshot)
            .where(where);
          // The previous snapshot closed the last calendar unit when it was taken in an earlier one: its ranks
          // become the baseline; within the same unit the baseline it carried rides along.
          const before = lastRun.get(`${category}:${period}`);
          const sameUnit = before !== undefined && rankBucket(period, before) === rankBucket(period, now);
          const prevRank = new Map(previous.map((p) => [p.bj, sameUnit ? p.prevRank : p.rank]));
          await tx.delete(rankingSnapshot).where(where);
          if (list.length > 0) {
            await tx.insert(rankingSnapshot).values(
              list.map((s, i) => ({
                category,
                period,
                rank: i + 1,
                prevRank: prevRank.get(s.bjUserKey) ?? null,
                bjUserKey: s.bjUserKey,
                score: scores.get(s.bjUserKey) ?? 0,
                peakViewerCnt: s.peak,
                likeCnt: s.likes,
                fanGrowthCnt: s.fans,
                starCnt: s.star,
                liveVodKey: s.liveVodKey,
              })),
            );
          }
          const run = {
            computedAt: now,
            periodStart: start,
            periodEnd: now,
            peakViewers: setting.peak_viewers,
            likes: setting.likes,
            fanGrowth: setting.fan_growth,
            star: setting.star,
            rookieDays: setting.rookie_days,
          };
          await tx
            .insert(rankingRun)
            .values({ category, period, ...run })
            .onConflictDoUpdate({ target: [rankingRun.category, rankingRun.period], set: run });
          written += list.length;
        }
      }
      return { ran: true, folded, rows: written, ms: Date.now() - started };
    });
  }

  /** /sub/ranking_more: one page of the latest snapshot, with the BJs' current names; private lists hide their counts. */
  async more(category: RankingCategory, period: RankingPeriod, offset: number, limit: number, adultOk = false): Promise<RankingMoreSet> {
    const where = and(eq(rankingSnapshot.category, category), eq(rankingSnapshot.period, period));
    const active = and(eq(users.userKey, rankingSnapshot.bjUserKey), eq(users.state, 'active'));
    const [rows, [total], [run]] = await Promise.all([
      this.db
        .select({
          s: rankingSnapshot,
          bj: { user_key: users.userKey, id: users.id, nick: users.nick, profile_image: users.profileImage, bj_type_cd: users.bjTypeCd },
          settings: users.settings,
        })
        .from(rankingSnapshot)
        .innerJoin(users, active)
        .where(where)
        .orderBy(asc(rankingSnapshot.rank))
        .offset(offset)
        .limit(limit),
      // Counted as listed: a BJ who left since the snapshot is neither a row nor a count.
      this.db.select({ n: count() }).from(rankingSnapshot).innerJoin(users, active).where(where),
      this.db
        .select()
        .from(rankingRun)
        .where(and(eq(rankingRun.category, category), eq(rankingRun.period, period))),
    ]);
    // The weights the snapshot used; before the first one, those in force.
    const used: RankingSettingSet = run
      ? { peak_viewers: run.peakViewers, likes: run.likes, fan_growth: run.fanGrowth, star: run.star, rookie_days: run.rookieDays }
      : await this.setting();
    const [hidden, adultLive] = await Promise.all([
      sponsorListsPrivate(
        this.db,
        rows.map((r) => r.bj.user_key),
      ),
      // An adult broadcast is not linked for a viewer who is not adult-verified (search does the same).
      adultOk
        ? new Set<string>()
        : adultLiveKeys(
            this.db,
            rows.map((r) => r.s.liveVodKey),
          ),
    ]);
    const list: RankingItem[] = rows.map(({ s, bj, settings }) => ({
      rank: s.rank,
      prev_rank: s.prevRank,
      score: s.score,
      bj,
      live_vod_key: adultLive.has(s.liveVodKey) ? '' : s.liveVodKey,
      // A BJ who keeps the viewer count private (/mypage/setting) shows no peak either (docs/live-video.md).
      peak_viewer_cnt: hidesViewerCount(settings) ? null : s.peakViewerCnt,
      like_cnt: s.likeCnt,
      fan_growth_cnt: hidden.has(bj.user_key) ? null : s.fanGrowthCnt,
      star_cnt: hidden.has(bj.user_key) ? null : s.starCnt,
    }));
    return {
      category,
      period,
      data_list: list,
      data_totalcount: total?.n ?? 0,
      computed_at: run ? run.computedAt.toISOString() : '',
      period_start: run ? run.periodStart.toISOString() : '',
      period_end: run ? run.periodEnd.toISOString() : '',
      weights: { peak_viewers: used.peak_viewers, likes: used.likes, fan_growth: used.fan_growth, star: used.star },
      rookie_days: used.rookie_days,
    };
  }
}
