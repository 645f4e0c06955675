import {
  type AdminEvent,
  type AdminMagazine,
  EDITORIAL_LIMITS,
  type EventContentInfoSet,
  type EventItem,
  type EventPhase,
  type EventReply,
  type MagazineArticle,
  type MagazineCategory,
  type MagazineInfoSet,
  type MagazineItem,
  type MagazineProcessSet,
  REPORT_TYPES,
  type ScheduleEventItem,
  type ScheduleItem,
} from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Bus } from '../../platform/bus.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { enforceLimits } from '../../platform/rate-limit.js';
import { CsService, cleanText } from '../community/index.js';
import type { SiteService } from '../site/index.js';
import { findByLoginId } from '../users/index.js';
import type { SessionUser } from '../users/users.session.js';
import { sanitizeArticle, textOf } from './sanitize.js';

/**
 * The editorial side (issue 21, docs/editorial.md): the magazine, the schedule, events. Readers' calls
 * answer SERVICE_PREPARING while the magazine switch is off.
 */

const iso = (d: Date | string) => new Date(d).toISOString();
const HOUR = 3600_000;
const kstDayOf = (d: Date) => new Date(d.getTime() + 9 * HOUR).toISOString().slice(0, 10);

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` read as KST; ISO 8601 with a zone as given; null if not a real time. */
export function parseKst(value: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/.exec(value);
  const d = m ? new Date(`${m[1]}T${m[2] ?? '00:00'}:00+09:00`) : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  if (m && kstDayOf(d) !== m[1]) return null;
  return d;
}

export interface Viewer {
  userKey: number;
  role: SessionUser['role'];
}

type MagRow = {
  mi_sn: number;
  title: string;
  summary: string;
  image: string;
  category: string;
  view_cnt: number;
  like_cnt: number;
  published_at: Date | string;
  content?: string;
  state?: string;
  liked?: boolean;
};

const toItem = (r: MagRow): MagazineItem => ({
  mi_sn: Number(r.mi_sn),
  title: r.title,
  summary: r.summary,
  image: r.image,
  view_cnt: r.view_cnt,
  publish_date: iso(r.published_at),
  category: r.category as MagazineCategory,
  like_cnt: r.like_cnt,
});

const LIVE_ARTICLE = sql`m.state = 'published' and m.published_at <= now()`;

export class EditorialService {
  private readonly cs: CsService;

  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly site: SiteService,
  ) {
    this.cs = new CsService(db, bus, '');
  }

  /** SERVICE_PREPARING while the magazine switch is off (SPEC §8 'service being prepared'). */
  async requireMagazine(viewer: Viewer | null): Promise<void> {
    if (viewer?.role === 'operator') return;
    if ((await this.site.info('ko')).site_setting.magazine_yn !== 'Y') throw new AppError('SERVICE_PREPARING');
  }

  // ─── The magazine ───────────────────────────────────────────────────────────────────────────────

  async magazineList(q: { category?: MagazineCategory; offset: number; limit: number }): Promise<{ list: MagazineItem[]; total: number }> {
    const where = q.category ? sql`${LIVE_ARTICLE} and m.category = ${q.category}` : LIVE_ARTICLE;
    const { rows } = await this.db.execute<MagRow & { total: number }>(sql`
      select m.mi_sn, m.title, m.summary, m.image, m.category, m.view_cnt, m.like_cnt, m.published_at, count(*) over ()::int as total
      from magazine m where ${where} order by m.published_at desc, m.mi_sn desc offset ${q.offset} limit ${q.limit}`);
    return { list: rows.map(toItem), total: rows[0]?.total ?? 0 };
  }

  private async article(viewer: Viewer | null, miSn: number): Promise<MagazineArticle> {
    const staff = viewer?.role === 'operator';
    const { rows } = await this.db.execute<MagRow>(sql`
      select m.mi_sn, m.title, m.summary, m.image, m.category, m.view_cnt, m.like_cnt, m.published_at, m.content, m.state,
             exists (select 1 from magazine_like l where l.mi_sn = m.mi_sn and l.user_key = ${viewer?.userKey ?? 0}) as liked
      from magazine m where m.mi_sn = ${miSn} and (${staff} or (${LIVE_ARTICLE}))`);
    const r = rows[0];
    if (!r) throw new AppError('MAGAZINE_NOT_FOUND');
    return { ...toItem(r), content_html: r.content ?? '', liked_yn: r.liked ? 'Y' : 'N' };
  }

  async magazineInfo(viewer: Viewer | null, miSn: number): Promise<MagazineInfoSet> {
    const info = await this.article(viewer, miSn);
    // Recommended: the newest of the same category, then the newest of the others.
    const { rows } = await this.db.execute<MagRow>(sql`
      select m.mi_sn, m.title, m.summary, m.image, m.category, m.view_cnt, m.like_cnt, m.published_at
      from magazine m where ${LIVE_ARTICLE} and m.mi_sn <> ${miSn}
      order by (m.category = ${info.category}) desc, m.published_at desc limit ${EDITORIAL_LIMITS.recommendCount}`);
    return {
      magazine_info: info,
      recommend_magazine_list: rows.map(toItem),
      magazine_report_category_list: REPORT_TYPES.map((code) => ({ code })),
    };
  }

  /** magazine_process: a member's view counts once per KST day; answers the counters. */
  async magazineProcess(viewer: Viewer | null, miSn: number): Promise<MagazineProcessSet> {
    await this.article(viewer, miSn);
    if (viewer) {
      await this.db.execute(sql`
        with v as (
          insert into magazine_view (mi_sn, user_key, view_day) values (${miSn}, ${viewer.userKey}, (now() at time zone 'Asia/Seoul')::date)
          on conflict do nothing returning mi_sn)
        update magazine set view_cnt = view_cnt + 1 where mi_sn in (select mi_sn from v)`);
    }
    return this.counters(miSn, viewer?.userKey ?? 0);
  }

  /** An article's counters and the member's like, after a write (not its body again). */
  private async counters(miSn: number, userKey: number): Promise<MagazineProcessSet> {
    const { rows } = await this.db.execute<{ view_cnt: number; like_cnt: number; liked: boolean }>(sql`
      select view_cnt, like_cnt, exists (select 1 from magazine_like l where l.mi_sn = m.mi_sn and l.user_key = ${userKey}) as liked
      from magazine m where m.mi_sn = ${miSn}`);
    const r = rows[0];
    if (!r) throw new AppError('MAGAZINE_NOT_FOUND');
    return { mi_sn: miSn, view_cnt: r.view_cnt, like_cnt: r.like_cnt, liked_yn: r.liked ? 'Y' : 'N' };
  }

  /** magazine_proc: like or unlike, once per member. */
  async magazineLike(user: SessionUser, miSn: number, like: boolean): Promise<MagazineProcessSet> {
    await this.article(user, miSn);
    await this.db.transaction(async (tx) => {
      if (like) {
        const { rows } = await tx.execute(sql`
          insert into magazine_like (mi_sn, user_key) values (${miSn}, ${user.userKey}) on conflict do nothing returning mi_sn`);
        if (rows.length) await tx.execute(sql`update magazine set like_cnt = like_cnt + 1 where mi_sn = ${miSn}`);
      } else {
        const { rows } = await tx.execute(
          sql`delete from magazine_like where mi_sn = ${miSn} and user_key = ${user.userKey} returning mi_sn`,
        );
        if (rows.length) await tx.execute(sql`update magazine set like_cnt = greatest(like_cnt - 1, 0) where mi_sn = ${miSn}`);
      }
    });
    return this.counters(miSn, user.userKey);
  }

  /** magazine_report_proc: into the community's report queue. */
  async magazineReport(user: SessionUser, req: { mi_sn: number; report_type: (typeof REPORT_TYPES)[number]; content: string }) {
    await this.article(user, req.mi_sn);
    const r = await this.cs.report(user, {
      target_type: 'magazine',
      target_key: String(req.mi_sn),
      report_type: req.report_type,
      content: req.content,
      quote: '',
    });
    return { report_sn: r.report_sn };
  }

  // ─── The schedule ───────────────────────────────────────────────────────────────────────────────

  private async scheduleRows(where: ReturnType<typeof sql>, viewer: Viewer | null, bjKind: string, limit = 2000): Promise<ScheduleItem[]> {
    const kind = bjKind === 'all' ? sql`true` : sql`u.bj_type_cd = ${bjKind}`;
    const { rows } = await this.db.execute<{
      schedule_sn: number;
      title: string;
      starts_at: Date | string;
      duration_min: number;
      state: 'planned' | 'cancelled';
      user_key: number;
      id: string;
      nick: string;
      profile_image: string;
      bj_type_cd: string;
      live_vod_key: string | null;
      followed: boolean;
    }>(sql`
      select s.schedule_sn, s.title, s.starts_at, s.duration_min, s.state, u.user_key, u.id, u.nick, u.profile_image, u.bj_type_cd,
             (select b.vod_key from broadcast b where b.bj_user_key = s.bj_user_key and b.state = 'live'
                and b.started_at between s.starts_at - ${sql.raw(`interval '${EDITORIAL_LIMITS.liveLeadMinutes} minutes'`)}
                                     and s.starts_at + make_interval(mins => s.duration_min)
              order by b.started_at desc limit 1) as live_vod_key,
             exists (select 1 from channel_subscribe c where c.user_key = ${viewer?.userKey ?? 0} and c.bj_user_key = s.bj_user_key) as followed
      from broadcast_schedule s join users u on u.user_key = s.bj_user_key
      where ${where} and ${kind} and u.state = 'active'
      order by (s.starts_at at time zone 'Asia/Seoul')::date, followed desc, s.starts_at, s.schedule_sn
      limit ${limit}`);
    return rows.map((r) => ({
      schedule_sn: Number(r.schedule_sn),
      title: r.title,
      start_date: iso(r.starts_at),
      duration_min: r.duration_min,
      day: kstDayOf(new Date(r.starts_at)),
      state: r.state,
      bj: { user_key: Number(r.user_key), id: r.id, nick: r.nick, profile_image: r.profile_image, bj_type_cd: r.bj_type_cd },
      live_vod_key: r.live_vod_key,
      followed_yn: r.followed ? 'Y' : 'N',
    }));
  }

  /** schedule_list: `days` KST days from `from`: planned slots (followed BJs first in a day) and running events. */
  async scheduleList(viewer: Viewer | null, q: { from: string; days: number; bj_kind: string }) {
    const start = parseKst(q.from);
    if (!start) throw new AppError('SCHEDULE_DATE_INVALID', { field: 'from' });
    const end = new Date(start.getTime() + q.days * 24 * HOUR);
    const list = await this.scheduleRows(sql`s.state = 'planned' and s.starts_at >= ${start} and s.starts_at < ${end}`, viewer, q.bj_kind);
    const events = await this.eventsBetween(start, end);
    return { list, events };
  }

  async scheduleDay(viewer: Viewer | null, q: { day: string; bj_kind: string }): Promise<ScheduleItem[]> {
    const start = parseKst(q.day);
    if (!start) throw new AppError('SCHEDULE_DATE_INVALID', { field: 'day' });
    const end = new Date(start.getTime() + 24 * HOUR);
    return this.scheduleRows(sql`s.state = 'planned' and s.starts_at >= ${start} and s.starts_at < ${end}`, viewer, q.bj_kind);
  }

  /** schedule_html: one BJ's upcoming slots (and one in progress). */
  async bjSchedule(viewer: Viewer | null, bjUserKey: number): Promise<ScheduleItem[]> {
    return this.scheduleRows(
      sql`s.state = 'planned' and s.bj_user_key = ${bjUserKey} and s.starts_at + make_interval(mins => s.duration_min) > now()`,
      viewer,
      'all',
      100,
    );
  }

  async bjKeyOf(id: string): Promise<number> {
    const bj = await findByLoginId(this.db, id);
    if (bj?.role !== 'bj') throw new AppError('CHANNEL_NOT_FOUND');
    return bj.userKey;
  }

  /** schedule_proc: the BJ's own slots only; a slot starts in the future and does not overlap another. */
  async scheduleProc(
    user: SessionUser,
    req:
      | { mode: 'insert'; title: string; start: string; duration_min: number }
      | { mode: 'update'; schedule_sn: number; title: string; start: string; duration_min: number }
      | { mode: 'cancel'; schedule_sn: number },
  ): Promise<ScheduleItem> {
    if (user.role !== 'bj') throw new AppError('FORBIDDEN');
    const sn = await this.db.transaction(async (tx) => {
      // One BJ's planning at a time: the checks below see the others' commits.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('schedule'), ${user.userKey}::int)`);
      if (req.mode !== 'insert') {
        const { rows } = await tx.execute<{ bj_user_key: number; state: string }>(sql`
          select bj_user_key, state from broadcast_schedule where schedule_sn = ${req.schedule_sn} for update`);
        if (!rows[0] || Number(rows[0].bj_user_key) !== user.userKey || rows[0].state !== 'planned')
          throw new AppError('SCHEDULE_NOT_FOUND');
      }
      if (req.mode === 'cancel') {
        await tx.execute(sql`update broadcast_schedule set state = 'cancelled', updated_at = now() where schedule_sn = ${req.schedule_sn}`);
        return req.schedule_sn;
      }
      const start = parseKst(req.start);
      if (!start) throw new AppError('SCHEDULE_DATE_INVALID', { field: 'start' });
      if (start.getTime() < Date.now()) throw new AppError('SCHEDULE_IN_PAST', { field: 'start' });
      const title = cleanText(req.title, []);
      const self = req.mode === 'update' ? req.schedule_sn : 0;
      const { rows: overlap } = await tx.execute(sql`
        select 1 from broadcast_schedule where bj_user_key = ${user.userKey} and state = 'planned' and schedule_sn <> ${self}
          and starts_at < ${new Date(start.getTime() + req.duration_min * 60_000)}
          and starts_at + make_interval(mins => duration_min) > ${start} limit 1`);
      if (overlap.length) throw new AppError('SCHEDULE_OVERLAP', { field: 'start' });
      if (req.mode === 'insert') {
        const { rows: n } = await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from broadcast_schedule where bj_user_key = ${user.userKey} and state = 'planned' and starts_at > now()`);
        if ((n[0]?.n ?? 0) >= EDITORIAL_LIMITS.schedulePlannedMax) {
          throw new AppError('SCHEDULE_TOO_MANY', { max: EDITORIAL_LIMITS.schedulePlannedMax });
        }
        const { rows } = await tx.execute<{ schedule_sn: number }>(sql`
          insert into broadcast_schedule (bj_user_key, title, starts_at, duration_min)
          values (${user.userKey}, ${title}, ${start}, ${req.duration_min}) returning schedule_sn`);
        return Number(rows[0]?.schedule_sn);
      }
      await tx.execute(sql`
        update broadcast_schedule set title = ${title}, starts_at = ${start}, duration_min = ${req.duration_min}, updated_at = now()
        where schedule_sn = ${req.schedule_sn}`);
      return req.schedule_sn;
    });
    const [item] = await this.scheduleRows(sql`s.schedule_sn = ${sn}`, user, 'all', 1);
    return item as ScheduleItem;
  }

  // ─── Events ─────────────────────────────────────────────────────────────────────────────────────

  private async eventsBetween(start: Date, end: Date): Promise<ScheduleEventItem[]> {
    const { rows } = await this.db.execute<EventRow>(sql`
      select ${EVENT_COLUMNS} from site_event e
      where e.state = 'published' and e.starts_at < ${end} and e.ends_at > ${start} order by e.starts_at limit 50`);
    return rows.map((r) => toEventItem(r));
  }

  async scheduleEvents(offset: number, limit: number): Promise<{ list: ScheduleEventItem[]; total: number }> {
    const { rows } = await this.db.execute<EventRow & { total: number }>(sql`
      select ${EVENT_COLUMNS}, count(*) over ()::int as total from site_event e
      where e.state = 'published' and e.ends_at > now() order by e.starts_at, e.event_sn offset ${offset} limit ${limit}`);
    return { list: rows.map((r) => toEventItem(r)), total: rows[0]?.total ?? 0 };
  }

  async eventMore(q: { phase: EventPhase; offset: number; limit: number }): Promise<{ list: EventItem[]; total: number }> {
    const where =
      q.phase === 'running'
        ? sql`e.starts_at <= now() and e.ends_at > now()`
        : q.phase === 'upcoming'
          ? sql`e.starts_at > now()`
          : sql`e.ends_at <= now()`;
    const order = q.phase === 'ended' ? sql`e.ends_at desc` : sql`e.starts_at`;
    const { rows } = await this.db.execute<EventRow & { total: number }>(sql`
      select ${EVENT_COLUMNS}, count(*) over ()::int as total from site_event e
      where e.state = 'published' and ${where} order by ${order}, e.event_sn desc offset ${q.offset} limit ${q.limit}`);
    return { list: rows.map((r) => toEventItem(r)), total: rows[0]?.total ?? 0 };
  }

  async eventInfo(viewer: Viewer | null, q: { event_sn: number; offset: number; limit: number }): Promise<EventContentInfoSet> {
    const staff = viewer?.role === 'operator';
    const { rows } = await this.db.execute<EventRow>(sql`
      select ${EVENT_COLUMNS} from site_event e where e.event_sn = ${q.event_sn} and (${staff} or e.state = 'published')`);
    const e = rows[0];
    if (!e) throw new AppError('EVENT_NOT_FOUND');
    const { rows: replies } = await this.db.execute<{
      reply_sn: number;
      user_key: number;
      id: string;
      nick: string;
      profile_image: string;
      content: string;
      created_at: Date | string;
    }>(sql`
      select r.reply_sn, r.user_key, u.id, u.nick, u.profile_image, r.content, r.created_at
      from site_event_reply r join users u on u.user_key = r.user_key
      where r.event_sn = ${q.event_sn} and not r.deleted order by r.reply_sn desc offset ${q.offset} limit ${q.limit}`);
    return {
      event_info: { ...toEventItem(e), content_html: e.content },
      event_reply_list: replies.map(
        (r): EventReply => ({
          reply_sn: Number(r.reply_sn),
          user_key: Number(r.user_key),
          user_id: r.id,
          user_nick: r.nick,
          profile_image: r.profile_image,
          content: r.content,
          reg_date: iso(r.created_at),
          is_mine_yn: viewer?.userKey === Number(r.user_key) ? 'Y' : 'N',
        }),
      ),
      event_reply_count: e.reply_cnt,
    };
  }

  /** event_reply_proc: members reply while the event runs (or before it); the author deletes their own. */
  async eventReply(
    user: SessionUser,
    req: { mode: 'insert'; event_sn: number; content: string } | { mode: 'delete'; reply_sn: number },
    banned: readonly string[],
  ): Promise<EventReply | { reply_sn: number }> {
    if (req.mode === 'delete') {
      await this.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ user_key: number; event_sn: number; deleted: boolean }>(sql`
          select user_key, event_sn, deleted from site_event_reply where reply_sn = ${req.reply_sn} for update`);
        const r = rows[0];
        if (!r || r.deleted) throw new AppError('EVENT_REPLY_NOT_FOUND');
        if (Number(r.user_key) !== user.userKey) throw new AppError('BOARD_NOT_OWNER');
        await tx.execute(sql`update site_event_reply set deleted = true where reply_sn = ${req.reply_sn}`);
        await tx.execute(sql`update site_event set reply_cnt = greatest(reply_cnt - 1, 0) where event_sn = ${r.event_sn}`);
      });
      return { reply_sn: req.reply_sn };
    }
    const content = cleanText(req.content, banned);
    if (!content) throw new AppError('EVENT_REPLY_REQUIRED', { field: 'content' });
    await enforceLimits(this.bus, [
      { key: `event:reply:${user.userKey}`, max: EDITORIAL_LIMITS.replyRate, windowMs: EDITORIAL_LIMITS.replyWindowMs },
    ]);
    const sn = await this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ ends_at: Date | string }>(sql`
        select ends_at from site_event where event_sn = ${req.event_sn} and state = 'published' for update`);
      const e = rows[0];
      if (!e) throw new AppError('EVENT_NOT_FOUND');
      if (new Date(e.ends_at).getTime() <= Date.now()) throw new AppError('EVENT_ENDED');
      const { rows: made } = await tx.execute<{ reply_sn: number }>(sql`
        insert into site_event_reply (event_sn, user_key, content) values (${req.event_sn}, ${user.userKey}, ${content}) returning reply_sn`);
      await tx.execute(sql`update site_event set reply_cnt = reply_cnt + 1 where event_sn = ${req.event_sn}`);
      return Number(made[0]?.reply_sn);
    });
    const info = await this.eventInfo(user, { event_sn: req.event_sn, offset: 0, limit: 50 });
    const mine = info.event_reply_list.find((r) => r.reply_sn === sn);
    if (!mine) throw new AppError('EVENT_REPLY_NOT_FOUND');
    return mine;
  }

  // ─── The console ────────────────────────────────────────────────────────────────────────────────

  async adminMagazines(q: { state: string; offset: number; limit: number }): Promise<{ list: AdminMagazine[]; total: number }> {
    const where = q.state === 'all' ? sql`true` : sql`m.state = ${q.state}`;
    const { rows } = await this.db.execute<MagRow & { total: number }>(sql`
      select m.mi_sn, m.title, m.summary, m.image, m.category, m.view_cnt, m.like_cnt, m.published_at, m.content, m.state,
             count(*) over ()::int as total
      from magazine m where ${where} order by m.mi_sn desc offset ${q.offset} limit ${q.limit}`);
    return { list: rows.map(toAdminMagazine), total: rows[0]?.total ?? 0 };
  }

  async saveMagazine(
    actor: SessionUser,
    req: {
      mi_sn: number;
      title: string;
      summary: string;
      category: MagazineCategory;
      content_html: string;
      image: string;
      state: string;
      publish_date: string;
    },
  ): Promise<AdminMagazine> {
    const html = sanitizeArticle(req.content_html);
    if (!textOf(html) && !html.includes('<img')) throw new AppError('BOARD_CONTENT_REQUIRED', { field: 'content_html' });
    const at = req.publish_date ? parseKst(req.publish_date) : null;
    if (req.publish_date && !at) throw new AppError('MAGAZINE_DATE_INVALID', { field: 'publish_date' });
    const image = req.image && /^\/files\/magazine\/[\w/.-]+$/.test(req.image) ? req.image : '';
    if (req.image && !image) throw new AppError('INVALID_INPUT', { field: 'image' });
    const summary = req.summary || textOf(html).slice(0, 140);
    const sn = await this.db.transaction(async (tx) => {
      let before: Record<string, unknown> | null = null;
      let sn = req.mi_sn;
      if (sn !== 0) {
        const { rows } = await tx.execute<{ title: string; state: string }>(
          sql`select title, state from magazine where mi_sn = ${sn} for update`,
        );
        if (!rows[0]) throw new AppError('MAGAZINE_NOT_FOUND');
        before = { title: rows[0].title, state: rows[0].state };
        await tx.execute(sql`
          update magazine set title = ${req.title}, summary = ${summary}, category = ${req.category}, content = ${html}, image = ${image},
                 state = ${req.state}, view_yn = ${req.state === 'published'},
                 -- Published now without a time: a draft or hidden article goes out now, not at its creation time.
                 published_at = coalesce(${at}, case when state <> 'published' and ${req.state} = 'published' then now() else published_at end),
                 updated_at = now()
          where mi_sn = ${sn}`);
      } else {
        const { rows } = await tx.execute<{ mi_sn: number }>(sql`
          insert into magazine (title, summary, category, content, image, state, view_yn, published_at, created_by)
          values (${req.title}, ${summary}, ${req.category}, ${html}, ${image}, ${req.state}, ${req.state === 'published'},
                  coalesce(${at}, now()), ${actor.userKey}) returning mi_sn`);
        sn = Number(rows[0]?.mi_sn);
      }
      await audit(tx, 'magazine_save', actor.userKey, 'magazine', sn, before, {
        title: req.title,
        state: req.state,
        publish_date: at?.toISOString() ?? null,
      });
      return sn;
    });
    const { rows } = await this.db.execute<MagRow>(sql`
      select m.mi_sn, m.title, m.summary, m.image, m.category, m.view_cnt, m.like_cnt, m.published_at, m.content, m.state
      from magazine m where m.mi_sn = ${sn}`);
    return toAdminMagazine(rows[0] as MagRow);
  }

  async adminEvents(offset: number, limit: number): Promise<{ list: AdminEvent[]; total: number }> {
    const { rows } = await this.db.execute<EventRow & { total: number }>(sql`
      select ${EVENT_COLUMNS}, count(*) over ()::int as total from site_event e order by e.event_sn desc offset ${offset} limit ${limit}`);
    return { list: rows.map(toAdminEvent), total: rows[0]?.total ?? 0 };
  }

  async saveEvent(
    actor: SessionUser,
    req: {
      event_sn: number;
      title: string;
      summary: string;
      content_html: string;
      banner: string;
      start_date: string;
      end_date: string;
      state: string;
    },
  ): Promise<AdminEvent> {
    const html = sanitizeArticle(req.content_html);
    const start = parseKst(req.start_date);
    // A day as the end runs to its last moment: the next day's 00:00 KST, exclusive.
    const endDay = /^\d{4}-\d{2}-\d{2}$/.test(req.end_date) ? parseKst(req.end_date) : null;
    const end = endDay ? new Date(endDay.getTime() + 24 * HOUR) : parseKst(req.end_date);
    if (!start) throw new AppError('EVENT_PERIOD_INVALID', { field: 'start_date' });
    if (!end || end <= start) throw new AppError('EVENT_PERIOD_INVALID', { field: 'end_date' });
    const banner = req.banner && /^\/files\/event\/[\w/.-]+$/.test(req.banner) ? req.banner : '';
    if (req.banner && !banner) throw new AppError('INVALID_INPUT', { field: 'banner' });
    const summary = req.summary || textOf(html).slice(0, 140);
    const sn = await this.db.transaction(async (tx) => {
      let before: Record<string, unknown> | null = null;
      let sn = req.event_sn;
      if (sn !== 0) {
        const { rows } = await tx.execute<{ title: string; state: string }>(
          sql`select title, state from site_event where event_sn = ${sn} for update`,
        );
        if (!rows[0]) throw new AppError('EVENT_NOT_FOUND');
        before = { title: rows[0].title, state: rows[0].state };
        await tx.execute(sql`
          update site_event set title = ${req.title}, summary = ${summary}, content = ${html}, banner = ${banner}, starts_at = ${start},
                 ends_at = ${end}, state = ${req.state}, updated_at = now() where event_sn = ${sn}`);
      } else {
        const { rows } = await tx.execute<{ event_sn: number }>(sql`
          insert into site_event (title, summary, content, banner, starts_at, ends_at, state, created_by)
          values (${req.title}, ${summary}, ${html}, ${banner}, ${start}, ${end}, ${req.state}, ${actor.userKey}) returning event_sn`);
        sn = Number(rows[0]?.event_sn);
      }
      await audit(tx, 'event_save', actor.userKey, 'event', sn, before, {
        title: req.title,
        state: req.state,
        start: start.toISOString(),
        end: end.toISOString(),
      });
      return sn;
    });
    const { rows } = await this.db.execute<EventRow>(sql`select ${EVENT_COLUMNS} from site_event e where e.event_sn = ${sn}`);
    return toAdminEvent(rows[0] as EventRow);
  }
}

type EventRow = {
  event_sn: number;
  title: string;
  summary: string;
  content: string;
  banner: string;
  starts_at: Date | string;
  ends_at: Date | string;
  state: 'draft' | 'published' | 'hidden';
  reply_cnt: number;
};
const EVENT_COLUMNS = sql`e.event_sn, e.title, e.summary, e.content, e.banner, e.starts_at, e.ends_at, e.state, e.reply_cnt`;

function phaseOf(r: EventRow): EventPhase {
  const now = Date.now();
  if (new Date(r.starts_at).getTime() > now) return 'upcoming';
  return new Date(r.ends_at).getTime() > now ? 'running' : 'ended';
}

function toEventItem(r: EventRow): EventItem {
  return {
    event_sn: Number(r.event_sn),
    title: r.title,
    banner: r.banner,
    start_date: iso(r.starts_at),
    end_date: iso(r.ends_at),
    summary: r.summary,
    phase: phaseOf(r),
    reply_cnt: r.reply_cnt,
  };
}

const toAdminEvent = (r: EventRow): AdminEvent => ({ ...toEventItem(r), content_html: r.content, state: r.state });

function toAdminMagazine(r: MagRow): AdminMagazine {
  return {
    ...toItem(r),
    content_html: r.content ?? '',
    liked_yn: 'N',
    state: (r.state ?? 'draft') as AdminMagazine['state'],
    live_yn: r.state === 'published' && new Date(r.published_at).getTime() <= Date.now() ? 'Y' : 'N',
  };
}

export async function audit(
  tx: Tx,
  action: string,
  actor: number,
  kind: string,
  sn: number,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`
    insert into editorial_audit (action, actor_user_key, target_kind, target_sn, before, after)
    values (${action}, ${actor}, ${kind}, ${sn}, ${before === null ? null : JSON.stringify(before)}::jsonb, ${JSON.stringify(after)}::jsonb)`);
}
