import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';

/**
 * Demo concerts (decision 005): two upcoming shows of the demo K-stars and a past one, so /concert has a
 * poster wall on the first start. Runs once: nothing when a demo concert exists. No demo broadcast starts
 * inside a demo concert's window, so no demo room turns into a paid stream.
 */
/** Shows at 20:00 Korean time, doors at 19:00, `startsInDays` from today (KST). */
const CONCERTS = [
  {
    by: 'demo_lumi',
    title: 'STELLA 1st 온라인 콘서트 〈Starlight〉',
    lineup: ['루미', '서아'],
    price: 3_300,
    startsInDays: 3,
    description: 'STELLA의 첫 단독 온라인 콘서트. 데뷔곡부터 미공개 신곡까지 90분 동안 함께해요.',
  },
  {
    by: 'demo_taeo',
    title: 'NOVA9 팬미팅 라이브 〈Orbit〉',
    lineup: ['태오', '리오'],
    price: 2_200,
    startsInDays: 7,
    description: '토크, 게임, 라이브 무대가 있는 NOVA9의 온라인 팬미팅입니다.',
  },
  {
    by: 'demo_taeo',
    title: 'NOVA9 데뷔 쇼케이스 (지난 공연)',
    lineup: ['태오', '리오'],
    price: 1_100,
    startsInDays: -5,
    description: '데뷔 쇼케이스 다시보기는 구매자에게 7일간 제공되었습니다.',
  },
];
const NOTICE =
  '• 공연 시작 1시간 전부터 대기실에 입장할 수 있습니다.\n• 한 계정당 티켓 1매만 구매할 수 있습니다.\n• 화면 녹화와 재배포는 금지됩니다.';
const REFUND = '• 공연 시작 전까지 고객센터 1:1 문의로 환불을 요청할 수 있습니다.\n• 공연 시작 이후에는 환불되지 않습니다.';

export async function seedDemoConcerts(tx: Tx): Promise<void> {
  const { rows } = await tx.execute(sql`select 1 from concert where is_demo limit 1`);
  if (rows.length > 0) return;
  for (const c of CONCERTS) {
    await tx.execute(sql`
      insert into concert (title, description, notice, refund_rule, lineup, bj_user_key, price, doors_at, starts_at, ends_at, is_demo)
      select ${c.title}, ${c.description}, ${NOTICE}, ${REFUND}, ${sql.param(c.lineup)}::text[], user_key, ${c.price},
             (date_trunc('day', now() at time zone 'Asia/Seoul') + make_interval(days => ${c.startsInDays}, hours => 19)) at time zone 'Asia/Seoul',
             (date_trunc('day', now() at time zone 'Asia/Seoul') + make_interval(days => ${c.startsInDays}, hours => 20)) at time zone 'Asia/Seoul',
             (date_trunc('day', now() at time zone 'Asia/Seoul') + make_interval(days => ${c.startsInDays}, hours => 21, mins => 30)) at time zone 'Asia/Seoul',
             true
        from users where id = ${c.by}`);
  }
}
