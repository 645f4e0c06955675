import type { StarCard, StarGroup } from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { requireSwitchOn, type SiteService } from '../site/index.js';
import { hidesViewerCountSql } from '../users/index.js';

interface Row extends Record<string, unknown> {
  user_key: number;
  id: string;
  nick: string;
  profile_image: string;
  intro: string | null;
  follower_cnt: number | null;
  live_vod_key: string | null;
  live_title: string | null;
  live_thumbnail: string | null;
  viewer_cnt: number | null;
  count_hidden: boolean;
  latest_vod_key: string | null;
  latest_title: string | null;
  agency: string | null;
  group_name: string | null;
  debut_date: string | null;
  total?: number;
}

/** Program accounts' and K-stars' bj_type_cd (contract BJ_TYPE_OF_KIND). */
const TYPE = { program: 'program', kstar: 'enter' } as const;

/** The account keeps its viewer count private: its card says 0 and sorts as 0 (docs/live-video.md). */
const HIDDEN = hidesViewerCountSql('u');

/** One card per account: live broadcast, latest replay, followers, K-star profile; live first. */
function cards(type: string, where: ReturnType<typeof sql>, offset: number, limit: number) {
  return sql`
    select u.user_key::float8 as user_key, u.id, u.nick, u.profile_image, p.intro, s.follower_cnt,
           l.vod_key as live_vod_key, l.title as live_title, l.thumbnail as live_thumbnail,
           case when ${HIDDEN} then 0 else l.viewer_cnt end as viewer_cnt, ${HIDDEN} as count_hidden,
           r.vod_key as latest_vod_key, r.title as latest_title,
           coalesce(nullif(sp.agency, ''), p.agency) as agency, sp.group_name,
           coalesce(to_char(sp.debut_date, 'YYYY-MM-DD'), nullif(p.debut_date, '')) as debut_date,
           count(*) over ()::int as total
      from users u
      left join channel_profile p on p.bj_user_key = u.user_key
      left join channel_stat s on s.bj_user_key = u.user_key
      left join star_profile sp on sp.user_key = u.user_key
      left join broadcast l on l.bj_user_key = u.user_key and l.state = 'live' and l.concert_sn is null
      left join lateral (
        select vod_key, title from broadcast b
         where b.bj_user_key = u.user_key and b.state = 'ended' and b.replay_yn and b.concert_sn is null
         order by b.started_at desc limit 1
      ) r on true
     where u.type_cd = 'bj' and u.bj_type_cd = ${type} and u.state = 'active' and ${where}
     order by (l.vod_key is not null) desc, coalesce(case when ${HIDDEN} then 0 else l.viewer_cnt end, 0) desc,
              coalesce(s.follower_cnt, 0) desc, u.user_key
     offset ${offset} limit ${limit}`;
}

function cardOf(r: Row): StarCard {
  return {
    user_key: r.user_key,
    id: r.id,
    nick: r.nick,
    profile_image: r.profile_image,
    intro: r.intro ?? '',
    follower_cnt: r.follower_cnt ?? 0,
    live_vod_key: r.live_vod_key ?? '',
    live_title: r.live_title ?? '',
    live_thumbnail: r.live_thumbnail ?? '',
    viewer_cnt: r.viewer_cnt ?? 0,
    viewer_cnt_hidden_yn: r.count_hidden ? 'Y' : 'N',
    latest_vod_key: r.latest_vod_key ?? '',
    latest_title: r.latest_title ?? '',
    agency: r.agency ?? '',
    group_name: r.group_name ?? '',
    debut_date: r.debut_date ?? '',
  };
}

export interface StarViewer {
  userKey: number;
  role: string;
}

/** The program and K-star directories (docs/stars.md). */
export class StarsService {
  constructor(
    private readonly db: Db,
    private readonly site: SiteService,
  ) {}

  /** SERVICE_PREPARING while the directory's switch is off (operators still see it). */
  async requireOn(which: 'program' | 'kstar', viewer: StarViewer | null): Promise<void> {
    await requireSwitchOn(this.site, which, viewer?.role);
  }

  async programs(offset: number, limit: number): Promise<{ list: StarCard[]; total: number }> {
    const { rows } = await this.db.execute<Row>(cards(TYPE.program, sql`true`, offset, limit));
    return { list: rows.map(cardOf), total: rows[0]?.total ?? 0 };
  }

  async kstars(group: string, offset: number, limit: number): Promise<{ list: StarCard[]; total: number }> {
    const where = group ? sql`sp.group_name = ${group}` : sql`true`;
    const { rows } = await this.db.execute<Row>(cards(TYPE.kstar, where, offset, limit));
    return { list: rows.map(cardOf), total: rows[0]?.total ?? 0 };
  }

  /** The K-star groups (members with a group name), live count, earliest debut; members live first. */
  async groups(): Promise<StarGroup[]> {
    const { rows } = await this.db.execute<Row>(cards(TYPE.kstar, sql`coalesce(sp.group_name, '') <> ''`, 0, 1000));
    const groups = new Map<string, StarGroup>();
    for (const r of rows) {
      const card = cardOf(r);
      let g = groups.get(card.group_name);
      if (!g) {
        g = { group_name: card.group_name, agency: card.agency, debut_date: '', live_cnt: 0, members: [] };
        groups.set(card.group_name, g);
      }
      g.members.push(card);
      if (card.live_vod_key) g.live_cnt++;
      if (!g.agency && card.agency) g.agency = card.agency;
      if (card.debut_date && (!g.debut_date || card.debut_date < g.debut_date)) g.debut_date = card.debut_date;
    }
    return [...groups.values()].sort((a, b) => b.live_cnt - a.live_cnt || a.group_name.localeCompare(b.group_name, 'ko'));
  }

  /** Sets a K-star's agency, group and debut date (audited). */
  async saveProfile(
    operator: StarViewer,
    input: { user_id: string; agency: string; group_name: string; debut_date: string },
  ): Promise<StarCard> {
    const userKey = await this.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ user_key: number } & Record<string, unknown>>(
        sql`select user_key::float8 as user_key from users where id = ${input.user_id} and type_cd = 'bj' and bj_type_cd = ${TYPE.kstar}`,
      );
      const key = rows[0]?.user_key;
      if (!key) throw new AppError('KSTAR_NOT_FOUND', { field: 'user_id' });
      const before = await tx.execute<Record<string, unknown>>(
        sql`select agency, group_name, to_char(debut_date, 'YYYY-MM-DD') as debut_date from star_profile where user_key = ${key}`,
      );
      const debut = input.debut_date === '' ? null : input.debut_date;
      await tx.execute(sql`
        insert into star_profile (user_key, agency, group_name, debut_date) values (${key}, ${input.agency}, ${input.group_name}, ${debut})
        on conflict (user_key) do update set agency = excluded.agency, group_name = excluded.group_name,
               debut_date = excluded.debut_date, updated_at = now()`);
      await tx.execute(sql`
        insert into star_audit (action, actor_user_key, member_key, before, after)
        values ('star_profile_save', ${operator.userKey}, ${key}, ${before.rows[0] ? JSON.stringify(before.rows[0]) : null}::jsonb,
                ${JSON.stringify({ agency: input.agency, group_name: input.group_name, debut_date: input.debut_date })}::jsonb)`);
      return key;
    });
    const { rows } = await this.db.execute<Row>(cards(TYPE.kstar, sql`u.user_key = ${userKey}`, 0, 1));
    return cardOf(rows[0] as Row);
  }
}
