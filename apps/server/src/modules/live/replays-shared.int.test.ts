import { randomBytes } from 'node:crypto';
import { contentEndpoints, resultMessage } from '@byeol/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { buildAccount } from '../../testing/members.js';
import { broadcast } from './live.tables.js';

/**
 * play_vod_list is answered from the shared answers (platform/shared-answers.ts): one copy for everybody
 * until the broadcasts or the BJs change. Two processes over one database and one Redis: `a` keeps its
 * answers for a minute, so only a message from `b` can refresh what `a` answers about `b`'s write.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `rs${randomBytes(4).toString('hex')}:`;
let a: TestApp;
let b: TestApp;
let vodKey: string;

beforeAll(async () => {
  const env = { REDIS_URL, REDIS_PREFIX: PREFIX };
  [a, b] = await Promise.all([startTestApp({ env: { ...env, PAGE_CACHE_MS: '60000' } }), startTestApp({ env })]);
  const bj = await buildAccount(a, { typeCd: 'bj', nick: `다시보기BJ${Date.now() % 100000}` });
  // Newest of all replays (ended a minute from now), so it leads the first page whatever other files add.
  const row = await buildBroadcast(a.database.db, bj.userKey, {
    title: '처음 제목',
    state: 'ended',
    replayYn: true,
    startedAt: new Date(Date.now() - 3_600_000),
    endedAt: new Date(Date.now() + 60_000),
  });
  vodKey = row.vodKey;
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

async function titleOn(t: TestApp): Promise<string | undefined> {
  const res = await t.call(contentEndpoints.vodList, { limit: '5' });
  return res.body.rslt_set.data_list.find((i) => i.vod_key === vodKey)?.title;
}

describe('the shared replay list', () => {
  it('shows a change made by this process at once, and one made by another process within a second', async () => {
    expect(await titleOn(a)).toBe('처음 제목');
    // The same process: the next answer is read again (the write told its table).
    await a.database.db.update(broadcast).set({ title: '바뀐 제목' }).where(eq(broadcast.vodKey, vodKey));
    expect(await titleOn(a)).toBe('바뀐 제목');
    // Another process: its write reaches `a` over the bus (pages.changed), long before `a`'s minute is up.
    await b.database.db.update(broadcast).set({ title: '다른 프로세스의 제목' }).where(eq(broadcast.vodKey, vodKey));
    expect(await titleOn(b)).toBe('다른 프로세스의 제목');
    await expect.poll(() => titleOn(a), { timeout: 1000, interval: 50 }).toBe('다른 프로세스의 제목');
    // A replay taken down leaves the list at once.
    await a.database.db.update(broadcast).set({ replayYn: false }).where(eq(broadcast.vodKey, vodKey));
    expect(await titleOn(a)).toBeUndefined();
  });
});

describe('one shared list, each caller their own answer', () => {
  it("answers in each caller's language, and an adult replay only to callers whose lists carry them", async () => {
    const bj = await buildAccount(a, { typeCd: 'bj' });
    const adult = await buildBroadcast(a.database.db, bj.userKey, {
      title: '성인 다시보기',
      state: 'ended',
      replayYn: true,
      adultYn: true,
      startedAt: new Date(Date.now() - 3_600_000),
      endedAt: new Date(Date.now() + 120_000),
    });
    const grownUp = await buildAccount(a, {
      adultVerifiedAt: new Date(),
      settings: { adult_broadcast: true, viewer_count: true, translation: false },
    });
    const keys = async (cookie?: string, lang?: 'ko' | 'en') => {
      const res = await a.call(contentEndpoints.vodList, { limit: '5' }, { ...(cookie ? { cookie } : {}), ...(lang ? { lang } : {}) });
      return { msg: res.body.rslt_msg, keys: res.body.rslt_set.data_list.map((i) => i.vod_key) };
    };
    // Asked in turn, each answer stays the caller's own although the lists are shared.
    for (let round = 0; round < 2; round++) {
      expect((await keys(grownUp.cookie)).keys).toContain(adult.vodKey);
      expect((await keys()).keys).not.toContain(adult.vodKey);
      expect((await keys(undefined, 'en')).msg).toBe(resultMessage('OK', 'en'));
      expect((await keys(undefined, 'ko')).msg).toBe(resultMessage('OK', 'ko'));
    }
  });
});
