import { searchTokens } from '@byeol/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';

/** The board's operating principles, pinned on top of /bbs. */
const PRINCIPLES = {
  title: '[필독] 스토리 게시판 운영 원칙',
  content: `스토리는 별의 팬들이 함께 만드는 공간입니다. 모두가 즐겁게 이용할 수 있도록 아래 원칙을 지켜주세요.

1. 개인정보(전화번호, 주민등록번호, 이메일, 주소)는 올릴 수 없습니다. 본인의 정보도 마찬가지입니다.
2. 욕설, 비방, 혐오 표현, 음란물은 예고 없이 숨김 또는 삭제됩니다.
3. 불법 촬영물, 저작권을 침해하는 영상·이미지는 올릴 수 없습니다.
4. 같은 내용의 반복 게시, 홍보·광고 글은 삭제됩니다.

운영 원칙을 어긴 회원은 일정 기간 게시판 이용이 제한될 수 있습니다. 불편한 게시글은 신고하기로 알려주세요.`,
};

const NOTICES = [
  {
    title: '별 서비스 오픈 안내',
    content: '별이 정식으로 문을 열었습니다. 라이브, 다시보기, 스토어와 스토리 게시판을 이용해 보세요.',
    top: true,
  },
  {
    title: '개인정보 처리방침 개정 안내',
    content: '개인정보 처리방침이 개정됩니다. 자세한 내용은 약관 페이지의 변경 이력에서 확인할 수 있습니다.',
    top: false,
  },
  {
    title: '정기 점검 안내 (매주 화요일 05:00–06:00)',
    content: '안정적인 서비스를 위해 매주 화요일 새벽 정기 점검을 진행합니다. 점검 중에는 방송과 채팅이 잠시 멈출 수 있습니다.',
    top: false,
  },
];

const FAQS = [
  {
    category: 'account',
    question: '아이디나 비밀번호를 잊어버렸어요.',
    answer: '로그인 화면의 아이디/비밀번호 찾기에서 가입한 휴대전화로 인증하면 찾을 수 있습니다.',
  },
  {
    category: 'account',
    question: '회원 탈퇴는 어떻게 하나요?',
    answer: '마이페이지 > 회원 탈퇴에서 할 수 있습니다. 남은 STAR는 탈퇴와 함께 사라지니 먼저 확인해 주세요.',
  },
  {
    category: 'payment',
    question: 'STAR 충전 후 환불할 수 있나요?',
    answer: '사용하지 않은 STAR는 결제일로부터 7일 이내에 환불을 요청할 수 있습니다. 1:1 문의로 주문번호를 알려주세요.',
  },
  {
    category: 'payment',
    question: '무통장입금을 했는데 STAR가 들어오지 않아요.',
    answer: '입금 확인은 보통 몇 분 안에 끝납니다. 입금자명이 신청한 이름과 다르면 늦어질 수 있으니 1:1 문의를 남겨주세요.',
  },
  {
    category: 'broadcast',
    question: 'OBS로 방송하려면 어떻게 하나요?',
    answer: '마이페이지 > 방송 설정에서 서버 주소와 스트림 키를 복사해 OBS의 방송 설정에 넣으면 됩니다.',
  },
  {
    category: 'item',
    question: '아이템을 선물할 수 있나요?',
    answer: '스토어에서 아이템을 고른 뒤 선물하기를 누르고 받는 회원의 아이디를 입력하면 됩니다.',
  },
  {
    category: 'community',
    question: '게시글이 숨김 처리되었어요.',
    answer: '운영 원칙을 어긴 게시글은 숨김 처리될 수 있습니다. 이의가 있으면 1:1 문의로 알려주세요.',
  },
];

const POSTS = [
  {
    by: 'demo_fan1',
    title: '오늘 하늘님 방송 보신 분? 커버 댄스 레전드',
    content: '마지막 후렴에서 소름 돋았어요. 다시보기 꼭 보세요!!',
    replies: ['저도 봤어요 진짜 최고', '다시보기 세 번째 보는 중입니다 ㅋㅋ'],
  },
  {
    by: 'demo_fan2',
    title: '팬클럽 가입 인증합니다 💜',
    content: '드디어 민지님 팬클럽 가입했어요. 팬 번호 받으니까 뿌듯하네요.',
    replies: ['축하해요!'],
  },
  {
    by: 'demo_fan3',
    title: '이번 주 음방 직캠 정리',
    content: '월요일부터 일요일까지 올라온 직캠 모아봤어요. 빠진 거 있으면 댓글로 알려주세요.',
    replies: [],
  },
  {
    by: 'demo_fan4',
    title: '보컬 커버 추천 부탁드려요',
    content: '요즘 발라드 커버 잘하는 BJ 찾고 있어요. 추천해 주세요!',
    replies: ['준님 방송 추천해요', '라이브 탭에서 보컬 태그 찾아보세요'],
  },
  {
    by: 'demo_fan5',
    title: '응원봉 색 맞추기 이벤트 하면 좋겠어요',
    content: '다음 합동 방송 때 다 같이 응원봉 색 맞추면 예쁠 것 같아요.',
    replies: [],
  },
];

/**
 * The board's pinned principles, customer-centre notices and FAQ, and a few posts with comments by the
 * demo fans (decision 005: a first start looks alive). Runs once: it does nothing when the principles exist.
 */
export async function seedDemoCommunity(tx: Tx): Promise<void> {
  const { rows } = await tx.execute(sql`select 1 from cs_notice where place = 'board' limit 1`);
  if (rows.length > 0) return;
  await tx.execute(
    sql`insert into cs_notice (place, title, content, top) values ('board', ${PRINCIPLES.title}, ${PRINCIPLES.content}, true)`,
  );
  for (const n of NOTICES) {
    await tx.execute(sql`insert into cs_notice (place, title, content, top) values ('cs', ${n.title}, ${n.content}, ${n.top})`);
  }
  for (const [i, f] of FAQS.entries()) {
    await tx.execute(
      sql`insert into cs_faq (category, question, answer, sort_no) values (${f.category}, ${f.question}, ${f.answer}, ${i})`,
    );
  }
  const now = Date.now();
  for (const [i, p] of POSTS.entries()) {
    const { rows: author } = await tx.execute<{ user_key: number; nick: string }>(sql`select user_key, nick from users where id = ${p.by}`);
    const a = author[0];
    if (!a) continue;
    const at = new Date(now - (POSTS.length - i) * 3 * 3600_000);
    const { rows: post } = await tx.execute<{ board_sn: number }>(sql`
      insert into board_post (setting_sn, user_key, title, content, tokens, view_cnt, reply_cnt, created_at)
      values (1, ${a.user_key}, ${p.title}, ${p.content}, ${sql.param(searchTokens(`${p.title} ${a.nick} ${p.by}`))}::text[],
              ${37 + i * 23}, ${p.replies.length}, ${at})
      returning board_sn`);
    for (const [j, text] of p.replies.entries()) {
      const replier = POSTS[(i + j + 1) % POSTS.length]?.by ?? 'demo_fan1';
      await tx.execute(sql`
        insert into board_reply (board_sn, user_key, content, created_at)
        select ${post[0]?.board_sn}, user_key, ${text}, ${new Date(at.getTime() + (j + 1) * 600_000)} from users where id = ${replier}`);
    }
  }
  await tx.execute(
    sql`update board_setting set visible_cnt = (select count(*) from board_post where setting_sn = 1 and state = 'visible') where setting_sn = 1`,
  );
}
