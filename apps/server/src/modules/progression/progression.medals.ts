import {
  ACHIEVEMENT_RULES,
  type AchievementDay,
  type AchievementSet,
  type AchieveProcSet,
  type Lang,
  MEDAL_LABELS,
  MEDALS,
  type MedalItem,
  type MedalSet,
  medalLevel,
} from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { findByLoginId } from '../users/index.js';
import { type LedgerService, walletCounts } from '../wallet/index.js';

const yn = (b: boolean): 'Y' | 'N' => (b ? 'Y' : 'N');
const KST_DAY = sql`((now() at time zone 'Asia/Seoul')::date)`;

/**
 * Medals and achievements (docs/progression.md): counted from what the platform records (posts, comments,
 * messages, clips, attendance and watching grants, invites, likes, follows, the ledger's gifts, broadcasts),
 * never from a counter of their own; a medal level's date is when it was first seen reached. A completed
 * day's reward is CUBIC from the ledger's grant account, once per day by its idempotency key.
 */
export class MedalService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerService,
  ) {}

  /** Every count a medal reads, for one member, in one statement (each subquery on an index by member). */
  private async counts(userKey: number): Promise<{ createdAt: Date; isBj: boolean; id: string; counts: Record<string, number> } | null> {
    const { rows } = await this.db.execute<Record<string, string | number | Date | null>>(sql`
      select u.created_at, u.type_cd, u.id, u.user_level,
        (select count(*) from board_post p where p.user_key = u.user_key and p.state = 'visible') as comm1,
        (select count(*) from board_reply r where r.user_key = u.user_key and r.state = 'visible') as comm2,
        (select count(*) from channel_comment c where c.user_key = u.user_key and c.deleted_at is null) as comm3,
        (select count(*) from user_message m where m.from_user_key = u.user_key) as comm4,
        (select count(*) from clip c where c.by_user_key = u.user_key and c.state = 'ready' and c.deleted_at is null) as comm5,
        (select count(*) from xp_grant g where g.user_key = u.user_key and g.ladder = 'user' and g.bj_user_key = 0 and g.source = 'attend') as user_attend,
        (select count(*) from users r where r.referred_by = u.user_key and r.state = 'active') as user_invite,
        (select count(*) from xp_grant g where g.user_key = u.user_key and g.ladder = 'user' and g.bj_user_key = 0 and g.source = 'watch') as user_viewer,
        (select count(*) from broadcast_like l where l.user_key = u.user_key) as user_liker,
        (select count(*) from channel_subscribe s where s.user_key = u.user_key) as user_follower,
        (select coalesce(sum(t.amount), 0) from wallet_txn t
          where t.actor_user_key = u.user_key and t.kind = 'gift' and t.state = 'done' and t.currency = 'STAR') as user_star,
        (select count(*) from fan_club f where f.user_key = u.user_key) as user_fan,
        (select count(distinct (b.started_at at time zone 'Asia/Seoul')::date) from broadcast b where b.bj_user_key = u.user_key) as bj_attend,
        (select count(*) from users r where r.referred_by = u.user_key and r.type_cd = 'bj' and r.state = 'active') as bj_invite,
        (select coalesce(max(b.peak_viewer_cnt), 0) from broadcast b where b.bj_user_key = u.user_key) as bj_viewer,
        (select coalesce(sum(b.like_cnt), 0) from broadcast b where b.bj_user_key = u.user_key) as bj_liker,
        (select coalesce(max(s.follower_cnt), 0) from channel_stat s where s.bj_user_key = u.user_key) as bj_follower,
        (select coalesce(sum(h.star), 0) from ranking_star_hour h where h.bj_user_key = u.user_key) as bj_star,
        (select coalesce(max(l.level), 0) from level_state l where l.user_key = u.user_key and l.ladder = 'bj' and l.bj_user_key = 0) as bj_level
      from users u where u.user_key = ${userKey} and u.state = 'active'`);
    const row = rows[0];
    if (!row) return null;
    const counts: Record<string, number> = { basic1: 1, user_level: Number(row.user_level) };
    for (const m of MEDALS) if (m.id !== 'basic1' && m.id !== 'user_level') counts[m.id] = Number(row[m.id] ?? 0);
    return { createdAt: new Date(row.created_at as Date), isBj: row.type_cd === 'bj', id: String(row.id), counts };
  }

  /** POST /mypage/medal_html: my medals (a BJ's include the BJ medals), or a member's by login ID. */
  async medals(viewerKey: number, id: string | undefined, lang: Lang): Promise<MedalSet> {
    let userKey = viewerKey;
    if (id) {
      const member = await findByLoginId(this.db, id);
      if (member?.state !== 'active') throw new AppError('LEVEL_USER_NOT_FOUND');
      userKey = member.userKey;
    }
    const facts = await this.counts(userKey);
    if (!facts) throw new AppError('LEVEL_USER_NOT_FOUND');
    const shown = MEDALS.filter((m) => m.group !== 'bj' || facts.isBj);
    const levels = shown.map((m) => ({ m, count: facts.counts[m.id] ?? 0, level: medalLevel(m.levels, facts.counts[m.id] ?? 0) }));
    const reached = levels.filter((l) => l.level > 0);
    // A level seen for the first time is dated now (the join medal: the join's date); a higher level moves the date.
    const { rows } = await this.db.execute<{ medal_id: string; reached_at: Date }>(sql`
      with v as (
        select * from unnest(${sql.param(reached.map((l) => l.m.id))}::text[], ${sql.param(reached.map((l) => l.level))}::int[]) as v(medal_id, level)
      ), up as (
        insert into medal_state (user_key, medal_id, level, reached_at)
        select ${userKey}, v.medal_id, v.level, case when v.medal_id = 'basic1' then ${facts.createdAt.toISOString()}::timestamptz else now() end from v
        on conflict (user_key, medal_id) do update set level = excluded.level, reached_at = excluded.reached_at
          where medal_state.level < excluded.level
        returning medal_id, reached_at
      )
      select medal_id, reached_at from up
      union all
      select medal_id, reached_at from medal_state where user_key = ${userKey} and medal_id not in (select medal_id from up)`);
    const dates = new Map(rows.map((r) => [r.medal_id, new Date(r.reached_at).toISOString()]));
    const label = (id: keyof typeof MEDAL_LABELS) => MEDAL_LABELS[id][lang === 'zh-CN' ? 'zh-CN' : lang] ?? MEDAL_LABELS[id].ko;
    const list: MedalItem[] = levels.map(({ m, count, level }) => ({
      id: m.id,
      group: m.group,
      label: label(m.id),
      level,
      level_max: m.levels.length,
      count,
      next: (m.levels as readonly number[])[level] ?? null,
      date: level > 0 ? (dates.get(m.id) ?? '') : '',
    }));
    const info: Record<string, number | string> = {};
    for (const item of list) {
      info[`${item.id}_level`] = item.level;
      info[`${item.id}_date`] = item.date;
    }
    return { user_medal_info: info, medal_list: list, referral_code: facts.id };
  }

  /** The last ACHIEVEMENT_RULES.days KST days of one member, today first. */
  private async days(userKey: number, rewardOn: boolean): Promise<AchievementDay[]> {
    const { rows } = await this.db.execute<{
      day: string;
      watch_minutes: string;
      recommend: boolean;
      use_star: boolean;
      claimed: number | null;
    }>(sql`
      with d as (
        select (${KST_DAY} - i) as day from generate_series(0, ${ACHIEVEMENT_RULES.days - 1}) i
      ), w as (
        select d.day, (d.day::timestamp at time zone 'Asia/Seoul') as from_at, ((d.day + 1)::timestamp at time zone 'Asia/Seoul') as to_at from d
      )
      select to_char(w.day, 'YYYY-MM-DD') as day,
        (select count(*) from xp_grant g where g.user_key = ${userKey} and g.ladder = 'user' and g.bj_user_key = 0 and g.source = 'watch'
           and g.ref >= to_char(w.day, 'YYYY-MM-DD') and g.ref < to_char(w.day + 1, 'YYYY-MM-DD')) as watch_minutes,
        exists (select 1 from broadcast_like l where l.user_key = ${userKey} and l.created_at >= w.from_at and l.created_at < w.to_at) as recommend,
        exists (select 1 from wallet_txn t where t.actor_user_key = ${userKey} and t.kind = 'gift' and t.state = 'done' and t.currency = 'STAR'
           and t.created_at >= w.from_at and t.created_at < w.to_at) as use_star,
        (select c.cubic from achievement_claim c where c.user_key = ${userKey} and c.day = w.day) as claimed
      from w order by w.day desc`);
    return rows.map((r) => {
      const minutes = Number(r.watch_minutes);
      const flags = {
        viewer: minutes > 0,
        r30: minutes >= ACHIEVEMENT_RULES.realtime30,
        r60: minutes >= ACHIEVEMENT_RULES.realtime60,
        recommend: r.recommend,
        star: r.use_star,
      };
      const total = flags.viewer && flags.r30 && flags.r60 && flags.recommend && flags.star;
      const done = r.claimed !== null;
      return {
        day: r.day,
        watch_minutes: minutes,
        viewer_yn: yn(flags.viewer),
        realtime_30_yn: yn(flags.r30),
        realtime_60_yn: yn(flags.r60),
        recommend_yn: yn(flags.recommend),
        use_star_yn: yn(flags.star),
        total_yn: yn(total),
        reward_yn: yn(total && !done && rewardOn),
        reward_done_yn: yn(done),
      };
    });
  }

  /** POST /mypage/achievement_html: today's flags and the last days. */
  async achievements(userKey: number, rewardOn: boolean): Promise<AchievementSet> {
    const list = await this.days(userKey, rewardOn);
    const { day: _day, watch_minutes: _minutes, ...today } = list[0] as AchievementDay;
    return { ...today, day_data_list: list, reward_cubic: await this.rewardCubic() };
  }

  private async rewardCubic(): Promise<number> {
    // The site's reward rate applied as to a gift (rounded down).
    return (await this.ledger.rewardSplit(ACHIEVEMENT_RULES.rewardCubic)).bj;
  }

  /** POST /mypage/achieve_proc: a completed listed day's reward, once (a second claim answers the first). */
  async claim(userKey: number, day: string | undefined): Promise<AchieveProcSet> {
    const list = await this.days(userKey, true);
    const target = day ? list.find((d) => d.day === day) : list[0];
    if (!target) throw new AppError('ACHIEVE_DAY_INVALID');
    if (target.total_yn !== 'Y') throw new AppError('ACHIEVE_NOT_COMPLETE');
    const cubic = await this.rewardCubic();
    if (cubic <= 0) throw new AppError('SERVICE_PREPARING');
    const paid = await this.ledger.transfer({
      from: { kind: 'grant', currency: 'CUBIC' },
      to: { kind: 'wallet', userKey, currency: 'CUBIC' },
      amount: cubic,
      currency: 'CUBIC',
      kind: 'grant',
      // One key per member and day: the ledger answers a second claim with the first.
      idempotencyKey: `achieve-${target.day}`,
      actorUserKey: userKey,
      meta: { reason: 'achievement', day: target.day },
    });
    await this.db.execute(sql`
      insert into achievement_claim (user_key, day, cubic, txn_id) values (${userKey}, ${target.day}::date, ${paid.amount}, ${paid.txn_id})
      on conflict (user_key, day) do nothing`);
    const { cubic_cnt } = await walletCounts(this.db, userKey);
    return { day: target.day, cubic: paid.amount, cubic_cnt };
  }
}
