import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { users } from '../users/index.js';

/** Demo program accounts and K-stars in two groups, with their agency and debut date (decision 005). */
const PROGRAMS = [
  { id: 'demo_radio', nick: '별빛 라디오', memo: '매주 금요일 밤 음악 토크' },
  { id: 'demo_idoltalk', nick: '주간 아이돌 토크', memo: '이번 주 컴백 총정리' },
];
const KSTARS = [
  { id: 'demo_lumi', nick: '루미', group: 'STELLA', agency: '별빛엔터', debut: '2023-03-15' },
  { id: 'demo_seoa', nick: '서아', group: 'STELLA', agency: '별빛엔터', debut: '2023-03-15' },
  { id: 'demo_taeo', nick: '태오', group: 'NOVA9', agency: '오로라뮤직', debut: '2024-08-01' },
  { id: 'demo_rio', nick: '리오', group: 'NOVA9', agency: '오로라뮤직', debut: '2024-08-01' },
];

/** Runs once: nothing when the demo program accounts exist. */
export async function seedDemoStars(tx: Tx): Promise<void> {
  const { rows } = await tx.execute(sql`select 1 from users where id = ${PROGRAMS[0]?.id ?? ''}`);
  if (rows.length > 0) return;
  await tx
    .insert(users)
    .values([
      ...PROGRAMS.map((p) => ({ id: p.id, nick: p.nick, typeCd: 'bj' as const, bjTypeCd: 'program', stateMemo: p.memo, isDemo: true })),
      ...KSTARS.map((k) => ({
        id: k.id,
        nick: k.nick,
        typeCd: 'bj' as const,
        bjTypeCd: 'enter',
        stateMemo: `${k.group} ${k.nick}`,
        isDemo: true,
      })),
    ])
    .onConflictDoNothing();
  for (const k of KSTARS) {
    await tx.execute(sql`
      insert into star_profile (user_key, agency, group_name, debut_date)
      select user_key, ${k.agency}, ${k.group}, ${k.debut}::date from users where id = ${k.id}
      on conflict (user_key) do nothing`);
  }
  // A program's replays, so its channel and the directory are not empty.
  await tx.execute(sql`
    insert into broadcast (vod_key, bj_user_key, title, tags, state, replay_yn, peak_viewer_cnt, like_cnt, started_at, ended_at, is_demo)
    select 'demo' || substr(md5(u.id || n::text), 1, 12), u.user_key, u.nick || ' ' || n || '회', array['프로그램'], 'ended', true,
           300 + n * 91, 20 + n * 7, now() - make_interval(days => n * 7), now() - make_interval(days => n * 7) + interval '70 minutes', true
      from users u cross join generate_series(1, 3) n
     where u.id in (${PROGRAMS[0]?.id ?? ''}, ${PROGRAMS[1]?.id ?? ''})
    on conflict (vod_key) do nothing`);
}
