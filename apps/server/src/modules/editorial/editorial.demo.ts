import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';

const ARTICLES = [
  {
    title: '이번 주 K-POP 컴백 총정리',
    summary: '새 앨범과 무대를 한눈에 정리했습니다.',
    category: 'news',
    content:
      '<h2>이번 주 컴백 무대</h2><p>월요일부터 일요일까지, 음악 방송과 쇼케이스로 돌아오는 팀들을 정리했습니다.</p>' +
      '<ul><li>월: 쇼케이스 라이브</li><li>수: 음악 방송 첫 무대</li><li>토: 팬 사인회</li></ul>' +
      '<p>별에서는 BJ들과 함께 <strong>같이 보기</strong> 방송으로 무대를 즐길 수 있어요.</p>',
  },
  {
    title: '커버 댄스 BJ 인터뷰: 하늘별',
    summary: '매일 밤 무대를 만드는 BJ의 이야기.',
    category: 'interview',
    content:
      '<h2>매일 밤 9시, 하늘별의 무대</h2><p>커버 댄스를 시작한 지 3년. 하늘별은 매일 밤 새로운 안무를 팬들과 함께 만듭니다.</p>' +
      '<blockquote>팬들이 채팅으로 보내 주는 응원이 가장 큰 힘이에요.</blockquote><p>다음 목표는 팬클럽 천 명과 함께하는 합동 무대라고 합니다.</p>',
  },
  {
    title: '초보 BJ를 위한 OBS 설정 가이드',
    summary: '스트림 키로 3분 만에 방송 시작하기.',
    category: 'guide',
    content:
      '<h2>3분 만에 방송 시작하기</h2><ol><li>마이페이지 &gt; 방송 설정에서 서버 주소와 스트림 키를 복사합니다.</li>' +
      '<li>OBS의 설정 &gt; 방송에 붙여 넣습니다.</li><li>키프레임 간격을 1초로 맞추고 방송 시작을 누릅니다.</li></ol>',
  },
  {
    title: '팬들이 뽑은 이달의 무대 리뷰',
    summary: '채팅이 가장 뜨거웠던 무대 다섯 개를 돌아봅니다.',
    category: 'review',
    content: '<h2>이달의 무대</h2><p>동시 시청자 수와 채팅 반응을 기준으로 다섯 무대를 골랐습니다. 다시보기로 함께 보세요.</p>',
  },
];

const EVENTS = [
  {
    title: '첫 방송 응원 이벤트',
    summary: '새로 시작한 BJ의 첫 방송에 응원 댓글을 남겨 주세요.',
    content: '<h2>첫 방송을 응원해 주세요</h2><p>이벤트 기간 동안 새 BJ의 첫 방송에 응원 댓글을 남긴 분 중 추첨으로 STAR를 드립니다.</p>',
    startDays: -3,
    endDays: 11,
  },
  {
    title: '연말 합동 무대 투표',
    summary: '연말 합동 무대에서 보고 싶은 곡을 댓글로 알려주세요.',
    content: '<h2>연말 합동 무대</h2><p>가장 많이 요청된 곡으로 합동 무대를 준비합니다.</p>',
    startDays: 5,
    endDays: 25,
  },
];

/** Planned broadcasts of the demo BJs over the next week (KST evening slots). */
const PLANS = [
  { by: 'demo_haneul', title: '커버 댄스 라이브', hour: 21, everyDay: true },
  { by: 'demo_minji', title: '보컬 커버 신청곡', hour: 20, everyDay: false },
  { by: 'demo_jun', title: '직캠 리액션', hour: 22, everyDay: false },
  { by: 'demo_yuna', title: '안무 배우기', hour: 19, everyDay: false },
];

/**
 * The magazine's articles, two events and a week of planned broadcasts for the demo (decision 005). Runs
 * once per part: articles when there are none marked demo (older installs get their plain-text articles
 * upgraded), events when there are none, plans when the demo BJs have none ahead.
 */
export async function seedDemoEditorial(tx: Tx): Promise<void> {
  const now = Date.now();
  const { rows: demoArticles } = await tx.execute<{ mi_sn: number; title: string; content: string }>(
    sql`select mi_sn, title, content from magazine where is_demo`,
  );
  if (demoArticles.length === 0) {
    for (const [i, a] of ARTICLES.entries()) {
      await tx.execute(sql`
        insert into magazine (title, summary, category, content, state, view_yn, published_at, view_cnt, like_cnt, is_demo)
        values (${a.title}, ${a.summary}, ${a.category}, ${a.content}, 'published', true, ${new Date(now - i * 86_400_000)},
                ${120 + i * 37}, ${8 + i * 3}, true)`);
    }
  } else {
    for (const a of ARTICLES) {
      await tx.execute(sql`
        update magazine set content = ${a.content}, category = ${a.category} where is_demo and title = ${a.title} and content not like '<%'`);
    }
  }
  const { rows: events } = await tx.execute(sql`select 1 from site_event limit 1`);
  if (events.length === 0) {
    for (const ev of EVENTS) {
      await tx.execute(sql`
        insert into site_event (title, summary, content, starts_at, ends_at, state)
        values (${ev.title}, ${ev.summary}, ${ev.content}, ${new Date(now + ev.startDays * 86_400_000)},
                ${new Date(now + ev.endDays * 86_400_000)}, 'published')`);
    }
  }
  const { rows: plans } = await tx.execute(sql`
    select 1 from broadcast_schedule s join users u on u.user_key = s.bj_user_key where u.is_demo and s.starts_at > now() limit 1`);
  if (plans.length > 0) return;
  const todayKst = new Date(now + 9 * 3600_000).toISOString().slice(0, 10);
  for (let day = 1; day <= 7; day++) {
    const date = new Date(new Date(`${todayKst}T00:00:00+09:00`).getTime() + day * 86_400_000);
    for (const [i, p] of PLANS.entries()) {
      if (!p.everyDay && (day + i) % 2 === 1) continue;
      await tx.execute(sql`
        insert into broadcast_schedule (bj_user_key, title, starts_at, duration_min)
        select user_key, ${p.title}, ${new Date(date.getTime() + p.hour * 3600_000)}, 120 from users where id = ${p.by}`);
    }
  }
}
