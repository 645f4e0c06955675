import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { users } from '../users/index.js';
import { applyInTx, ensureAccounts, refKey } from '../wallet/index.js';
import type { Posting } from '../wallet/wallet.batcher.js';
import { fingerprintOf } from '../wallet/wallet.rules.js';
import { channelComment, channelStat, channelSubscribe } from './channels.tables.js';

/** Demo fans beyond demo_fan1/2, so a channel's fan tab and VIPs look like a community. */
const EXTRA_FANS = [
  { id: 'demo_fan3', nick: '춤추는고양이' },
  { id: 'demo_fan4', nick: '보컬덕후' },
  { id: 'demo_fan5', nick: '무대장인' },
  { id: 'demo_fan6', nick: '직캠수집가' },
  { id: 'demo_fan7', nick: '새벽감성' },
  { id: 'demo_fan8', nick: '응원봉' },
];
const FANS = ['demo_fan1', 'demo_fan2', ...EXTRA_FANS.map((f) => f.id)];
/** Who the demo fans follow and give to (the first two channels get the most). */
const CHANNELS = ['demo_haneul', 'demo_minji', 'demo_jun'];
const COMMENTS = [
  '어제 커버 댄스 최고였어요! 오늘도 기다릴게요 💃',
  '신곡 커버 언제 해주세요? 너무 기대돼요',
  '방송 알림 켜두고 기다리는 중 🔔',
  '팬클럽 가입했어요! 앞으로도 응원합니다',
];

/**
 * Demo follows, fan clubs (real STAR gifts through the ledger, so the fan numbers and VIPs are the ones the
 * ledger made), and guest-book comments. Fixed idempotency keys and conflict-free inserts: running it
 * again changes nothing.
 */
export async function seedDemoChannels(tx: Tx): Promise<void> {
  await tx
    .insert(users)
    .values(EXTRA_FANS.map((f) => ({ ...f, isDemo: true })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ userKey: users.userKey, id: users.id })
    .from(users)
    .where(and(eq(users.isDemo, true), inArray(users.id, [...FANS, ...CHANNELS])));
  const keyOf = new Map(rows.map((r) => [r.id, r.userKey]));
  const fans = FANS.map((id) => keyOf.get(id)).filter((k): k is number => k !== undefined);
  const bjs = CHANNELS.map((id) => keyOf.get(id)).filter((k): k is number => k !== undefined);
  if (fans.length === 0 || bjs.length === 0) return;

  // Follows: every demo fan follows the first channel, most the second, a few the third.
  const follows = fans.flatMap((fan, i) => bjs.filter((_, j) => i % (j + 1) === 0).map((bj) => ({ userKey: fan, bjUserKey: bj })));
  const added = await tx.insert(channelSubscribe).values(follows).onConflictDoNothing().returning({ bj: channelSubscribe.bjUserKey });
  for (const bj of bjs) {
    const n = added.filter((a) => a.bj === bj).length;
    if (n > 0) {
      await tx
        .insert(channelStat)
        .values({ bjUserKey: bj, followerCnt: n })
        .onConflictDoUpdate({ target: channelStat.bjUserKey, set: { followerCnt: sql`${channelStat.followerCnt} + ${n}` } });
    }
  }

  // Fan clubs: STAR granted to each fan, then gifts to the first two channels (each fan's first gift
  // joins the fan club in the ledger's own transaction).
  const accounts = await ensureAccounts(tx, [
    { kind: 'grant', currency: 'STAR' },
    ...fans.map((userKey) => ({ kind: 'wallet' as const, userKey, currency: 'STAR' as const })),
    ...bjs.map((userKey) => ({ kind: 'earnings' as const, userKey, currency: 'STAR' as const })),
  ]);
  const account = (ref: Parameters<typeof refKey>[0]) => {
    const a = accounts.get(refKey(ref));
    if (!a) throw new Error('demo channels: account missing');
    return a.accountId;
  };
  const grant = account({ kind: 'grant', currency: 'STAR' });
  await applyInTx(
    tx,
    fans.map((userKey) => {
      const to = account({ kind: 'wallet', userKey, currency: 'STAR' });
      return {
        actor: 0,
        key: `demo-channel-fund:${userKey}`,
        fingerprint: fingerprintOf('grant', grant, to, 'STAR', 2_000),
        kind: 'grant',
        currency: 'STAR',
        from: grant,
        fromSystem: true,
        amount: 2_000,
        meta: { reason: 'demo seed' },
        credits: [{ account: to, amount: 2_000 }],
      } satisfies Posting;
    }),
  );
  for (const [j, bj] of bjs.slice(0, 2).entries()) {
    const earnings = account({ kind: 'earnings', userKey: bj, currency: 'STAR' });
    const gifts: Posting[] = fans.map((userKey, i) => {
      const from = account({ kind: 'wallet', userKey, currency: 'STAR' });
      const amount = 10 + ((i * 37 + j * 11) % 90) * 5;
      return {
        actor: userKey,
        key: `demo-channel-gift:${bj}:${userKey}`,
        fingerprint: fingerprintOf('gift', from, earnings, 'STAR', amount),
        kind: 'gift',
        currency: 'STAR',
        from,
        fromSystem: false,
        amount,
        meta: { bj_user_key: bj },
        credits: [{ account: earnings, amount }],
      };
    });
    await applyInTx(tx, gifts);
  }

  // Guest-book comments, once.
  const [first] = await tx
    .select({ n: count() })
    .from(channelComment)
    .where(eq(channelComment.bjUserKey, bjs[0] as number));
  if ((first?.n ?? 0) === 0) {
    await tx.insert(channelComment).values(
      COMMENTS.map((content, i) => ({
        bjUserKey: bjs[i % 2] as number,
        userKey: fans[i % fans.length] as number,
        content,
        createdAt: new Date(Date.now() - (COMMENTS.length - i) * 3_600_000),
      })),
    );
  }
}
