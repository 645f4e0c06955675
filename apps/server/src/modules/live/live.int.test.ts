import { randomBytes } from 'node:crypto';
import { contentEndpoints, type ListSet, type LiveListItem, ResultCode, resultMessage } from '@byeol/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { buildAccount } from '../../testing/members.js';
import { users } from '../users/users.tables.js';
import { broadcast } from './live.tables.js';

/**
 * Other test files share this database and may add broadcasts at the same time: every assertion is
 * about this file's own rows (unique keys), their relative order, or totals checked against the
 * database at the same moment. The live list answers from the in-memory snapshot (live.snapshot.ts),
 * which follows the `live` bus messages: after changing rows, this file publishes one as the ingest does
 * and waits for the list to follow.
 */
const run = randomBytes(4).toString('hex');
const key = (name: string) => `lt${run}${name}`;
// Far above anything realistic, so this file's live rows lead the viewer order.
const TOP = 2_000_000_000;

let t: TestApp;
let bjs: { userKey: number; id: string; nick: string }[];
/**
 * The lists are read as an adult-verified member who turned adult broadcasts on (/mypage/setting), whose
 * lists carry every broadcast, so the totals are the database's; the lists without adult broadcasts
 * (everyone else's) are live-settings.int.test.ts's.
 */
let reader: { userKey: number; cookie: string };
const now = Date.now();
const minutesAgo = (m: number) => new Date(now - m * 60_000);

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  reader = await buildAccount(t, {
    adultVerifiedAt: new Date(),
    settings: { adult_broadcast: true, viewer_count: true, translation: false },
  });
  bjs = await db
    .insert(users)
    .values(
      // A broadcaster is live at most once: one BJ per live row (d for live4, e for flip).
      ['a', 'b', 'c', 'd', 'e'].map((n) => ({
        id: key(`bj${n}`),
        nick: `라이브테스트_${run}_${n}`,
        typeCd: 'bj' as const,
        profileImage: `/p/${n}.png`,
      })),
    )
    .returning({ userKey: users.userKey, id: users.id, nick: users.nick });
  const [a, b, c, d] = bjs as [(typeof bjs)[number], (typeof bjs)[number], (typeof bjs)[number], (typeof bjs)[number]];
  await db.insert(broadcast).values([
    // Live: viewer order is live2, live1, live3, live4 (live4 ties with live3 on viewers but started later).
    {
      vodKey: key('live1'),
      bjUserKey: a.userKey,
      title: '라이브 1',
      state: 'live',
      viewerCnt: TOP + 200,
      startedAt: minutesAgo(30),
      tags: ['K-POP', '댄스'],
    },
    {
      vodKey: key('live2'),
      bjUserKey: b.userKey,
      title: '라이브 2',
      state: 'live',
      viewerCnt: TOP + 300,
      startedAt: minutesAgo(50),
      adultYn: true,
    },
    { vodKey: key('live3'), bjUserKey: c.userKey, title: '라이브 3', state: 'live', viewerCnt: TOP + 100, startedAt: minutesAgo(40) },
    { vodKey: key('live4'), bjUserKey: d.userKey, title: '라이브 4', state: 'live', viewerCnt: TOP + 100, startedAt: minutesAgo(10) },
    // Not live: frozen by an administrator, and ended (one with a replay, one without).
    {
      vodKey: key('frozen'),
      bjUserKey: b.userKey,
      title: '정지됨',
      state: 'frozen',
      viewerCnt: TOP + 999,
      replayYn: true,
      startedAt: minutesAgo(20),
    },
    {
      vodKey: key('ended1'),
      bjUserKey: a.userKey,
      title: '다시보기 1',
      state: 'ended',
      viewerCnt: TOP + 500,
      peakViewerCnt: 1234,
      replayYn: true,
      startedAt: minutesAgo(300),
      endedAt: minutesAgo(210),
    },
    {
      vodKey: key('ended2'),
      bjUserKey: b.userKey,
      title: '다시보기 2',
      state: 'ended',
      replayYn: true,
      startedAt: minutesAgo(200),
      endedAt: minutesAgo(100),
    },
    {
      vodKey: key('noreplay'),
      bjUserKey: c.userKey,
      title: '녹화 없음',
      state: 'ended',
      viewerCnt: TOP + 600,
      replayYn: false,
      startedAt: minutesAgo(90),
      endedAt: minutesAgo(60),
    },
  ]);
  await announce('live1', a.userKey);
  // expect.poll only runs inside tests: wait by hand for the snapshot to hold this file's four live rows.
  for (let i = 0; i < 50 && mine(await everything(liveList)).length < 4; i++) await new Promise((r) => setTimeout(r, 100));
});

/** Publishes a `live` bus message about this file's broadcast `name`, as the ingest does after a change. */
async function announce(name: string, bjUserKey: number, type: 'live' | 'ended' | 'frozen' | 'updated' = 'updated') {
  await t.bus.publish('live', { type, vod_key: key(name), bj_user_key: bjUserKey });
}

afterAll(async () => {
  if (t && bjs) {
    for (const bj of bjs) await t.database.db.delete(broadcast).where(eq(broadcast.bjUserKey, bj.userKey));
    for (const bj of bjs) await t.database.db.delete(users).where(eq(users.userKey, bj.userKey));
  }
  if (t && reader) {
    await t.database.pool.query('delete from user_session where user_key = $1', [reader.userKey]);
    await t.database.db.delete(users).where(eq(users.userKey, reader.userKey));
  }
  await t?.close();
});

type Query = Record<string, string | number>;

async function liveList(query: Query = {}) {
  const res = await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list', query, { cookie: reader.cookie });
  expect(res.status).toBe(200);
  expect(res.body.rslt_cd).toBe(0);
  return res.body.rslt_set;
}

async function vodList(query: Query = {}) {
  const res = await t.call(contentEndpoints.vodList, Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), {
    cookie: reader.cookie,
  });
  expect(res.status).toBe(200);
  expect(res.body.rslt_cd).toBe(0);
  return res.body.rslt_set;
}

/** Every row of a list, page by page. */
async function everything<T>(list: (q: Query) => Promise<ListSet<T>>, query: Query = {}): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await list({ ...query, offset, limit: 100 });
    all.push(...page.data_list);
    if (page.data_list.length < 100) return all;
  }
}

const mine = <T extends { vod_key: string }>(items: T[]) => items.map((i) => i.vod_key).filter((k) => k.startsWith(key('')));
const short = (keys: string[]) => keys.map((k) => k.slice(key('').length));

/**
 * The API's data_totalcount against a database count taken just before and just after it (retried when
 * another file changed the count in between, or while the live snapshot has not yet followed a change
 * another file announced): the total is the whole list's, not the page's.
 */
async function expectTotalAsDatabase(list: (q: Query) => Promise<ListSet<unknown>>, dbCount: () => Promise<number>) {
  for (let attempt = 0; ; attempt++) {
    const before = await dbCount();
    const page = await list({ offset: 0, limit: 1 });
    const after = await dbCount();
    if ((before !== after || page.data_totalcount !== after) && attempt < 50) {
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    expect(page.data_totalcount).toBe(after);
    return after;
  }
}

describe('GET /v1/pubapi/play_live_list', () => {
  it('lists live broadcasts by viewers, most first (ties: the most recent first)', async () => {
    const list = await everything(liveList);
    expect(short(mine(list))).toEqual(['live2', 'live1', 'live4', 'live3']);
    // This file's rows lead the whole list.
    expect(short(mine(list.slice(0, 4)))).toEqual(['live2', 'live1', 'live4', 'live3']);
    const counts = list.map((i) => i.viewer_cnt);
    expect(counts).toEqual([...counts].sort((x, y) => y - x));
  });

  it('lists by start time with order=recent', async () => {
    const list = await everything(liveList, { order: 'recent' });
    expect(short(mine(list))).toEqual(['live4', 'live1', 'live3', 'live2']);
    const starts = list.map((i) => Date.parse(i.start_date));
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
  });

  it('answers each item with its broadcaster', async () => {
    const list = await everything(liveList);
    const live1 = list.find((i) => i.vod_key === key('live1'));
    const live2 = list.find((i) => i.vod_key === key('live2'));
    expect(live1).toEqual({
      vod_key: key('live1'),
      title: '라이브 1',
      tags: ['K-POP', '댄스'],
      thumbnail: '',
      viewer_cnt: TOP + 200,
      viewer_cnt_hidden_yn: 'N',
      like_cnt: 0,
      adult_yn: 'N',
      start_date: minutesAgo(30).toISOString(),
      bj: { user_key: bjs[0]?.userKey, id: key('bja'), nick: `라이브테스트_${run}_a`, profile_image: '/p/a.png' },
    });
    expect(live2?.adult_yn).toBe('Y');
  });

  it('does not list ended or frozen broadcasts', async () => {
    const keys = mine(await everything(liveList));
    for (const notLive of ['frozen', 'ended1', 'ended2', 'noreplay']) expect(keys).not.toContain(key(notLive));
  });

  it('pages with offset and limit, data_totalcount counting every live broadcast', async () => {
    const first = await liveList({ offset: 0, limit: 2 });
    expect(short(mine(first.data_list))).toEqual(['live2', 'live1']);
    expect(first.data_list).toHaveLength(2);
    const second = await liveList({ offset: 2, limit: 2 });
    expect(short(mine(second.data_list))).toEqual(['live4', 'live3']);
    const overlap = await liveList({ offset: 1, limit: 2 });
    expect(short(mine(overlap.data_list))).toEqual(['live1', 'live4']);
    const one = await liveList({ offset: 3, limit: 1 });
    expect(short(mine(one.data_list))).toEqual(['live3']);

    expect(await expectTotalAsDatabase(liveList, countLive)).toBeGreaterThanOrEqual(4);
    for (const page of [first, second, overlap, one]) expect(page.data_totalcount).toBeGreaterThanOrEqual(4);

    // Past the end: an empty page, the same total.
    const beyond = await liveList({ offset: 100_000, limit: 10 });
    expect(beyond.data_list).toEqual([]);
    expect(beyond.data_totalcount).toBeGreaterThanOrEqual(4);
  });

  it('follows a broadcast going live, ending with a replay and being frozen', async () => {
    const vodKey = key('flip');
    const db = t.database.db;
    await buildBroadcast(db, bjs[4]?.userKey ?? 0, { vodKey, title: '잠깐 라이브', viewerCnt: TOP + 150 });
    await announce('flip', bjs[4]?.userKey ?? 0, 'live');
    await expect
      .poll(async () => short(mine(await everything(liveList))), { timeout: 5000 })
      .toEqual(['live2', 'live1', 'flip', 'live4', 'live3']);
    await expectTotalAsDatabase(liveList, countLive);

    await db.update(broadcast).set({ state: 'ended', endedAt: new Date(), replayYn: true }).where(eq(broadcast.vodKey, vodKey));
    await announce('flip', bjs[4]?.userKey ?? 0, 'ended');
    await expect.poll(async () => mine(await everything(liveList)), { timeout: 5000 }).not.toContain(vodKey);
    await expectTotalAsDatabase(liveList, countLive);
    expect(short(mine(await everything(vodList)))).toEqual(['flip', 'ended2', 'ended1']);
    await expectTotalAsDatabase(vodList, countReplays);

    await db.update(broadcast).set({ state: 'frozen' }).where(eq(broadcast.vodKey, vodKey));
    await announce('flip', bjs[4]?.userKey ?? 0, 'frozen');
    await expect.poll(async () => mine(await everything(liveList)), { timeout: 5000 }).not.toContain(vodKey);
    expect(mine(await everything(vodList))).not.toContain(vodKey);
  });

  it('uses the defaults offset=0, limit=20', async () => {
    const page = await liveList();
    expect(page.data_list.length).toBeLessThanOrEqual(20);
    expect(short(mine(page.data_list)).slice(0, 4)).toEqual(['live2', 'live1', 'live4', 'live3']);
  });
});

describe('GET /v1/pubapi/play_vod_list', () => {
  it('lists only ended broadcasts kept as replays, most recently ended first', async () => {
    const list = await everything(vodList);
    expect(short(mine(list))).toEqual(['ended2', 'ended1']);
    // One answer is one snapshot: across pages another file's new replay may shift the order.
    const ends = (await vodList({ offset: 0, limit: 100 })).data_list.map((i) => Date.parse(i.end_date));
    expect(ends).toEqual([...ends].sort((x, y) => y - x));
  });

  it('answers each replay with its peak, end and duration', async () => {
    const list = await everything(vodList);
    const ended1 = list.find((i) => i.vod_key === key('ended1'));
    expect(ended1).toMatchObject({
      title: '다시보기 1',
      peak_viewer_cnt: 1234,
      start_date: minutesAgo(300).toISOString(),
      end_date: minutesAgo(210).toISOString(),
      duration_sec: 90 * 60,
      adult_yn: 'N',
      bj: { id: key('bja'), nick: `라이브테스트_${run}_a` },
    });
    expect(ended1).not.toHaveProperty('viewer_cnt');
  });

  it('pages with offset and limit; data_totalcount counts every replay', async () => {
    const all = await everything(vodList);
    const at = all.findIndex((i) => i.vod_key === key('ended2'));
    expect(at).toBeGreaterThanOrEqual(0);
    const page = await vodList({ offset: at, limit: 1 });
    expect(page.data_list).toHaveLength(1);
    expect(page.data_totalcount).toBeGreaterThanOrEqual(2);
    await expectTotalAsDatabase(vodList, countReplays);
  });
});

describe('bad paging', () => {
  const cases: Array<[string, Query, string]> = [
    ['limit=0', { limit: 0 }, 'limit'],
    ['limit=1000', { limit: 1000 }, 'limit'],
    ['limit=abc', { limit: 'abc' }, 'limit'],
    ['limit=2.5', { limit: '2.5' }, 'limit'],
    ['offset=-1', { offset: -1 }, 'offset'],
    ['offset=x', { offset: 'x' }, 'offset'],
    ['order=popular', { order: 'popular' }, 'order'],
  ];
  for (const path of ['/v1/pubapi/play_live_list', '/v1/pubapi/play_vod_list']) {
    for (const [name, query, field] of cases) {
      if (field === 'order' && path.endsWith('vod_list')) continue;
      it(`${path} ${name} answers rslt_cd 1001 naming ${field}`, async () => {
        const res = await t.get(path, query, { lang: 'en' });
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
        expect(res.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
        expect((res.body.rslt_set as { field: string }).field).toBe(field);
        // A paging field has no label: the message leaves it out rather than print its API name.
        expect(res.body.rslt_msg).toBe(resultMessage('INVALID_INPUT', 'en', { field }));
        expect(res.body.rslt_msg).not.toContain(field);
      });
    }
  }
});

async function countLive(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(broadcast).where(eq(broadcast.state, 'live'));
  return row?.n ?? 0;
}

async function countReplays(): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(broadcast)
    .where(and(eq(broadcast.state, 'ended'), eq(broadcast.replayYn, true)));
  return row?.n ?? 0;
}
