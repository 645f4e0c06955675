import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { seedDemoChannels } from '../modules/channels/channels.demo.js';
import { seedDemoCommunity } from '../modules/community/community.demo.js';
import { seedDemoConcerts } from '../modules/concerts/concerts.demo.js';
import { seedDemoEditorial } from '../modules/editorial/editorial.demo.js';
import { seedDemoItems } from '../modules/items/items.demo.js';
import { broadcast } from '../modules/live/live.tables.js';
import { seedDemoPayments } from '../modules/payments/payments.demo.js';
import { recordConsentsOf } from '../modules/site/index.js';
import { seedDemoStars } from '../modules/stars/stars.demo.js';
import { seedDemoSupporterPlans } from '../modules/supporters/supporters.demo.js';
import { hashPassword } from '../modules/users/users.service.js';
import { users } from '../modules/users/users.tables.js';
import type { Posting } from '../modules/wallet/wallet.batcher.js';
import { type AccountRef, applyInTx, ensureAccounts, refKey } from '../modules/wallet/wallet.repository.js';
import { fingerprintOf } from '../modules/wallet/wallet.rules.js';
import type { Db, Tx } from '../platform/db.js';

const BJS = [
  { id: 'demo_haneul', nick: '하늘별', memo: '매일 밤 9시 커버 댄스 라이브!' },
  { id: 'demo_minji', nick: '민지의노래방', memo: 'K-POP 라이브 보컬 커버' },
  { id: 'demo_jun', nick: '준의무대', memo: '아이돌 직캠 리액션' },
  { id: 'demo_sora', nick: '소라TV', memo: '음방 같이 보기' },
  { id: 'demo_yuna', nick: '유나댄스', memo: '안무 배우기 방송' },
];

const LIVE_TITLES = ['🌟 신곡 커버 댄스 라이브', '노래방 신청곡 받아요 🎤', '음악방송 같이 봐요', '오늘의 안무 챌린지'];
const REPLAY_TITLES = ['지난주 커버 댄스 풀버전', '팬미팅 토크 다시보기', '보컬 커버 메들리', '컴백 무대 리액션', '연습실 라이브'];
/**
 * A broadcaster a newcomer can sign in as to try streaming from OBS on a local `npm start` (README): demo
 * content only, so never in production.
 */
export const DEMO_STUDIO = { id: 'demostudio', nick: '데모스튜디오', password: 'Byeol!demo24' } as const;

/** A fresh public key for a demo broadcast, shaped like the real ones. */
const vodKey = () => randomBytes(6).toString('hex');

/**
 * Demo users, broadcasters and content so a newcomer sees a living site. Every row is marked
 * `is_demo`; the caller refuses this in production. Runs once: a second start finds the demo BJs.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const studioHash = await hashPassword(DEMO_STUDIO.password);
  return db.transaction(async (tx) => {
    const existing = await tx.select({ k: users.userKey }).from(users).where(eq(users.isDemo, true)).limit(1);
    if (existing.length > 0) {
      // Demo data seeded before the ledger existed gets its funding now (a replay when it has it).
      await fundDemoViewers(tx);
      await seedDemoItems(tx);
      await seedDemoPayments(tx);
      await seedDemoSupporterPlans(tx);
      await seedDemoChannels(tx);
      await seedDemoCommunity(tx);
      await seedDemoEditorial(tx);
      await seedDemoStars(tx);
      await seedDemoConcerts(tx);
      // The demo members joined like anyone: they agreed to the required policies in effect.
      await recordConsentsOf(tx, sql`select user_key from users where is_demo`);
      return false;
    }
    const bjs = await tx
      .insert(users)
      .values(
        BJS.map((b, i) => ({
          id: b.id,
          nick: b.nick,
          typeCd: 'bj' as const,
          bjTypeCd: i === 4 ? 'rookie' : 'general',
          stateMemo: b.memo,
          isDemo: true,
        })),
      )
      .returning({ userKey: users.userKey });
    await tx.insert(users).values([
      { id: 'demo_fan1', nick: '별빛팬', isDemo: true },
      { id: 'demo_fan2', nick: '응원단장', isDemo: true },
      {
        id: DEMO_STUDIO.id,
        nick: DEMO_STUDIO.nick,
        typeCd: 'bj',
        bjTypeCd: 'general',
        role: 'bj',
        passwordHash: studioHash,
        stateMemo: '여기서 OBS 방송을 시험해 보세요',
        isDemo: true,
      },
    ]);
    const now = Date.now();
    const live = LIVE_TITLES.map((title, i) => ({
      vodKey: vodKey(),
      bjUserKey: bjs[i]?.userKey ?? 0,
      title,
      tags: ['K-POP', i % 2 ? '노래' : '댄스'],
      state: 'live' as const,
      viewerCnt: [1234, 867, 2405, 312][i] ?? 0,
      peakViewerCnt: [1500, 900, 3100, 400][i] ?? 0,
      likeCnt: [321, 120, 845, 40][i] ?? 0,
      startedAt: new Date(now - (i + 1) * 37 * 60_000),
      isDemo: true,
    }));
    const replays = REPLAY_TITLES.map((title, i) => ({
      vodKey: vodKey(),
      bjUserKey: bjs[i % bjs.length]?.userKey ?? 0,
      title,
      tags: ['다시보기'],
      state: 'ended' as const,
      replayYn: true,
      peakViewerCnt: 500 + i * 137,
      likeCnt: 50 + i * 11,
      startedAt: new Date(now - (i + 1) * 26 * 3600_000),
      endedAt: new Date(now - (i + 1) * 26 * 3600_000 + (90 + i * 7) * 60_000),
      isDemo: true,
    }));
    await tx.insert(broadcast).values([...live, ...replays]);
    await fundDemoViewers(tx);
    await seedDemoItems(tx);
    await seedDemoPayments(tx);
    await seedDemoSupporterPlans(tx);
    await seedDemoChannels(tx);
    await seedDemoCommunity(tx);
    await seedDemoEditorial(tx);
    await seedDemoStars(tx);
    await seedDemoConcerts(tx);
    await recordConsentsOf(tx, sql`select user_key from users where is_demo`);
    return true;
  });
}

/** What each demo viewer starts with. */
export const DEMO_FUNDS = { STAR: 10_000, CUBIC: 5_000 } as const;

/**
 * Funds the demo viewers by audited grants from the system (actor 0, reason 'demo seed'), in the seeding
 * transaction. Fixed idempotency keys make it run once per viewer and currency, however often it is called.
 */
async function fundDemoViewers(tx: Tx): Promise<void> {
  const fans = await tx
    .select({ userKey: users.userKey })
    .from(users)
    .where(and(eq(users.isDemo, true), inArray(users.id, ['demo_fan1', 'demo_fan2'])));
  const refs: AccountRef[] = fans.flatMap((f) => [
    { kind: 'wallet' as const, userKey: f.userKey, currency: 'STAR' as const },
    { kind: 'wallet' as const, userKey: f.userKey, currency: 'CUBIC' as const },
  ]);
  refs.push({ kind: 'grant', currency: 'STAR' }, { kind: 'grant', currency: 'CUBIC' });
  const accounts = await ensureAccounts(tx, refs);
  const postings: Posting[] = [];
  for (const f of fans) {
    for (const currency of ['STAR', 'CUBIC'] as const) {
      const from = accounts.get(refKey({ kind: 'grant', currency }));
      const to = accounts.get(refKey({ kind: 'wallet', userKey: f.userKey, currency }));
      if (!from || !to) throw new Error('demo funding: account missing');
      const amount = DEMO_FUNDS[currency];
      postings.push({
        actor: 0,
        key: `demo-fund:${f.userKey}:${currency}`,
        fingerprint: fingerprintOf('grant', from.accountId, to.accountId, currency, amount),
        kind: 'grant',
        currency,
        from: from.accountId,
        fromSystem: true,
        amount,
        meta: { reason: 'demo seed' },
        credits: [{ account: to.accountId, amount }],
      });
    }
  }
  if (postings.length > 0) await applyInTx(tx, postings);
}
