import { randomBytes } from 'node:crypto';
import {
  type HeartbeatSet,
  type LikeSet,
  type ListSet,
  type LiveListItem,
  type PlayInfo,
  ResultCode,
  type VodListItem,
} from '@byeol/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { buildAccount } from '../../testing/members.js';
import { users } from '../users/users.tables.js';
import { broadcast } from './live.tables.js';

/**
 * The viewer's side against the real HTTP server and PostgreSQL (docs/live-video.md, "Viewer side").
 * Broadcast rows are written directly (the ingest's own test drives the real RTMP path); changes are
 * announced on the `live` bus channel as the ingest announces them. Other files share the database:
 * every assertion is about this file's own rows.
 */
const run = randomBytes(4).toString('hex');
const key = (name: string) => `pt${run}${name}`;
const now = Date.now();
const minutesAgo = (m: number) => new Date(now - m * 60_000);
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

type Account = Awaited<ReturnType<typeof buildAccount>>;
let t: TestApp;
const bjs: Account[] = [];
let viewer: Account;
let adult: Account;
let other: Account;

/** A fresh broadcaster (one live broadcast each, as the schema allows). */
async function newBj(): Promise<Account> {
  const bj = await buildAccount(t, { typeCd: 'bj', role: 'bj', profileImage: '/p/bj.png' });
  bjs.push(bj);
  return bj;
}

async function addBroadcast(name: string, over: Partial<typeof broadcast.$inferInsert> = {}) {
  const bj = over.bjUserKey ? undefined : await newBj();
  return buildBroadcast(t.database.db, bj?.userKey ?? 0, { vodKey: key(name), title: `방송 ${name}`, ...over });
}

async function announce(row: { vodKey: string; bjUserKey: number }, type: 'live' | 'ended' | 'frozen' | 'updated' = 'updated') {
  await t.bus.publish('live', { type, vod_key: row.vodKey, bj_user_key: row.bjUserKey });
}

async function liveKeys(): Promise<string[]> {
  const keys: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list', { offset, limit: 100 });
    keys.push(...res.body.rslt_set.data_list.map((i) => i.vod_key));
    if (res.body.rslt_set.data_list.length < 100) return keys.filter((k) => k.startsWith(key('')));
  }
}

const info = (vodKey: string, cookie?: string, headers?: Record<string, string>) =>
  t.get<PlayInfo>('/v1/pubapi/play_info', { vod_key: vodKey }, { cookie, headers });
const vodInfo = (app: TestApp, vodKey: string, headers: Record<string, string> = { 'user-agent': DESKTOP }, cookie?: string) =>
  app.get<PlayInfo>('/v1/pubapi/vod_info', { vod_key: vodKey }, { headers, cookie });
const beat = (vodKey: string, viewerId: string, cookie?: string) =>
  t.post<HeartbeatSet>('/v1/pubapi/play_heartbeat', { vod_key: vodKey, viewer_id: viewerId }, { cookie });
const rowOf = async (vodKey: string) => (await t.database.db.select().from(broadcast).where(eq(broadcast.vodKey, vodKey)))[0];

beforeAll(async () => {
  t = await startTestApp();
  viewer = await buildAccount(t);
  other = await buildAccount(t);
  adult = await buildAccount(t, { adultVerifiedAt: new Date() });
});

afterAll(async () => {
  if (t) {
    const db = t.database.db;
    await db.delete(broadcast).where(inArray(broadcast.bjUserKey, bjs.map((b) => b.userKey).concat(0)));
    const keys = [...bjs, viewer, other, adult].filter(Boolean).map((a) => a.userKey);
    await t.database.pool.query('delete from user_session where user_key = any($1)', [keys]);
    await db.delete(users).where(inArray(users.userKey, keys.concat(0)));
  }
  await t?.close();
});

describe('the live snapshot behind play_live_list', () => {
  it('follows bus messages: a broadcast going live, changing and ending shows at once', async () => {
    const row = await addBroadcast('snap', { viewerCnt: 5 });
    await announce(row, 'live');
    await expect.poll(liveKeys, { timeout: 3000 }).toContain(row.vodKey);

    await t.database.db.update(broadcast).set({ title: '새 제목' }).where(eq(broadcast.vodKey, row.vodKey));
    await announce(row);
    await expect
      .poll(async () => {
        const res = await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list', { limit: 100 });
        return res.body.rslt_set.data_list.find((i) => i.vod_key === row.vodKey)?.title;
      })
      .toBe('새 제목');

    await t.database.db.update(broadcast).set({ state: 'ended', endedAt: new Date() }).where(eq(broadcast.vodKey, row.vodKey));
    await announce(row, 'ended');
    await expect.poll(liveKeys, { timeout: 3000 }).not.toContain(row.vodKey);
  });

  it('follows database changes nobody announced within its safety net (5 s)', async () => {
    const row = await addBroadcast('silent');
    const started = Date.now();
    await expect.poll(liveKeys, { timeout: 9000, interval: 200 }).toContain(row.vodKey);
    expect(Date.now() - started).toBeLessThan(8000);
    await t.database.db.update(broadcast).set({ state: 'frozen', frozenAt: new Date() }).where(eq(broadcast.vodKey, row.vodKey));
    await expect.poll(liveKeys, { timeout: 9000, interval: 200 }).not.toContain(row.vodKey);
  }, 20_000);

  it('answers the same envelope shape, in the caller language, and pages like before', async () => {
    const rows = [await addBroadcast('page1', { viewerCnt: 1_900_000_003 }), await addBroadcast('page2', { viewerCnt: 1_900_000_002 })];
    await announce(rows[0] as (typeof rows)[number], 'live');
    await expect.poll(liveKeys, { timeout: 3000 }).toEqual(expect.arrayContaining([key('page1'), key('page2')]));
    const en = await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list', { offset: 0, limit: 100 }, { lang: 'en' });
    expect(en.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Object.keys(en.body).sort()).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
    expect(en.body.rslt_msg).toBe('Success');
    const ko = await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list', { offset: 0, limit: 100 });
    expect(ko.body.rslt_msg).toBe('성공');
    const mine = ko.body.rslt_set.data_list.filter((i) => i.vod_key.startsWith(key('page')));
    expect(mine.map((i) => i.vod_key)).toEqual([key('page1'), key('page2')]);
    expect(ko.body.rslt_set.data_totalcount).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /v1/pubapi/play_info', () => {
  it('answers a live broadcast with its info and both playback URLs', async () => {
    const row = await addBroadcast('open', {
      tags: ['K-POP'],
      qualities: ['high', 'low', 'normal'],
      likeCnt: 7,
      viewerCnt: 12,
      startedAt: minutesAgo(10),
    });
    const res = await info(row.vodKey);
    expect(res.body.rslt_cd).toBe(0);
    const bj = bjs.at(-1) as Account;
    expect(res.body.rslt_set).toMatchObject({
      vod_key: row.vodKey,
      title: '방송 open',
      tags: ['K-POP'],
      state: 'live',
      viewer_cnt: 12,
      like_cnt: 7,
      qualities: ['high', 'normal', 'low'],
      adult_yn: 'N',
      login_required_yn: 'N',
      demo_yn: 'N',
      end_date: null,
      start_date: minutesAgo(10).toISOString(),
      bj: { user_key: bj.userKey, id: bj.id, nick: bj.nick, profile_image: '/p/bj.png', chat_extra: { hide_users: [] } },
      hls_url: `/media/live/${row.vodKey}/master.m3u8`,
      flv_url: `/media/flv/${row.vodKey}.flv`,
    });
    expect(res.body.rslt_set.duration_sec).toBeGreaterThanOrEqual(600);
    // SPEC §3 bj.chat_extra.hide_users: the members whose chat the BJ hides (8200), in the entry itself.
    const hidden = await buildAccount(t);
    await t.database.pool.query(
      'insert into chat_setting (bj_user_key, hide_users) values ($1, $2) on conflict (bj_user_key) do update set hide_users = excluded.hide_users',
      [bj.userKey, [hidden.userKey]],
    );
    expect((await info(row.vodKey)).body.rslt_set.bj.chat_extra).toEqual({ hide_users: [hidden.userKey] });
    // The stream key never travels to viewers.
    expect(JSON.stringify(res.body)).not.toMatch(/stream_key|media_dir/);
  });

  it('keeps the URLs of an adult broadcast for adult-verified members only (4307 otherwise)', async () => {
    const row = await addBroadcast('adult', { adultYn: true });
    for (const cookie of [undefined, viewer.cookie]) {
      const res = await info(row.vodKey, cookie);
      expect(res.body.rslt_cd).toBe(ResultCode.ADULT_REQUIRED);
      expect(res.body.rslt_set).toMatchObject({ vod_key: row.vodKey, adult_yn: 'Y', hls_url: '', flv_url: '' });
    }
    const ok = await info(row.vodKey, adult.cookie);
    expect(ok.body.rslt_cd).toBe(0);
    expect(ok.body.rslt_set.hls_url).toBe(`/media/live/${row.vodKey}/master.m3u8`);
  });

  it('keeps the URLs of a login-required broadcast for signed-in members (2001 otherwise)', async () => {
    const row = await addBroadcast('members', { loginRequiredYn: true });
    const guest = await info(row.vodKey);
    expect(guest.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect(guest.body.rslt_set).toMatchObject({ title: '방송 members', login_required_yn: 'Y', hls_url: '', flv_url: '' });
    const member = await info(row.vodKey, viewer.cookie);
    expect(member.body.rslt_cd).toBe(0);
    expect(member.body.rslt_set.flv_url).toBe(`/media/flv/${row.vodKey}.flv`);
  });

  it('answers ended, frozen and demo broadcasts without URLs', async () => {
    const ended = await addBroadcast('ended', {
      state: 'ended',
      replayYn: true,
      peakViewerCnt: 40,
      viewerCnt: 3,
      startedAt: minutesAgo(70),
      endedAt: minutesAgo(10),
    });
    const frozen = await addBroadcast('frozen', { state: 'frozen', frozenAt: new Date() });
    const demo = await addBroadcast('demo', { isDemo: true });
    const e = await info(ended.vodKey);
    expect(e.body.rslt_cd).toBe(0);
    expect(e.body.rslt_set).toMatchObject({
      state: 'ended',
      replay_yn: 'Y',
      viewer_cnt: 0,
      peak_viewer_cnt: 40,
      end_date: minutesAgo(10).toISOString(),
      duration_sec: 3600,
      hls_url: '',
      flv_url: '',
    });
    const f = await info(frozen.vodKey);
    expect(f.body.rslt_set).toMatchObject({ state: 'frozen', hls_url: '', flv_url: '' });
    const d = await info(demo.vodKey);
    expect(d.body.rslt_set).toMatchObject({ state: 'live', demo_yn: 'Y', hls_url: '', flv_url: '' });
  });

  it('answers 6101 for an unknown vod_key and 1001/1002 for garbage', async () => {
    const unknown = await t.get('/v1/pubapi/play_info', { vod_key: key('nothing') }, { lang: 'en' });
    expect(unknown.body).toEqual({ rslt_cd: ResultCode.BROADCAST_NOT_FOUND, rslt_set: {}, rslt_msg: 'The broadcast could not be found.' });
    for (const bad of ['../etc/passwd', 'a b', 'x'.repeat(65), '<script>']) {
      const res = await t.get('/v1/pubapi/play_info', { vod_key: bad });
      expect(res.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
    }
    expect((await t.get('/v1/pubapi/play_info')).body.rslt_cd).toBe(ResultCode.REQUIRED);
  });
});

describe('GET /v1/pubapi/live_room (what an overlay follows)', () => {
  const liveRoom = (k: string) => t.get<{ vod_key: string }>('/v1/pubapi/live_room', { key: k });

  it("answers the BJ's live broadcast from any of their vod_keys or their ID, and '' while off air", async () => {
    const old = await addBroadcast('lr-old', { state: 'ended', endedAt: minutesAgo(60) });
    const bj = bjs.find((b) => b.userKey === old.bjUserKey);
    if (!bj) throw new Error('the broadcast has no BJ of this file');
    for (const k of [old.vodKey, bj.id]) expect((await liveRoom(k)).body).toMatchObject({ rslt_cd: 0, rslt_set: { vod_key: '' } });

    const now = await addBroadcast('lr-now', { bjUserKey: bj.userKey });
    for (const k of [old.vodKey, now.vodKey, bj.id]) expect((await liveRoom(k)).body.rslt_set.vod_key).toBe(now.vodKey);
  });

  it('answers BROADCAST_NOT_FOUND for a key that is neither, a viewer ID, and garbage', async () => {
    for (const k of [key('nobody'), viewer.id]) expect((await liveRoom(k)).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
    const bad = await liveRoom('a b<c>');
    expect(bad.body.rslt_cd).toBe(ResultCode.INVALID_INPUT);
    expect(JSON.stringify(bad.body)).not.toMatch(/select|stack/i);
  });
});

describe('GET /v1/pubapi/vod_info', () => {
  it('plays a kept replay (its HLS playlist, no FLV) and refuses what is not one (6102)', async () => {
    const replay = await addBroadcast('replay', { state: 'ended', replayYn: true, endedAt: new Date() });
    const res = await vodInfo(t, replay.vodKey);
    expect(res.body.rslt_cd).toBe(0);
    expect(res.body.rslt_set).toMatchObject({ state: 'ended', hls_url: `/media/live/${replay.vodKey}/master.m3u8`, flv_url: '' });

    const live = await addBroadcast('stilllive');
    const unrecorded = await addBroadcast('unrecorded', { state: 'ended', replayYn: false, endedAt: new Date() });
    for (const row of [live, unrecorded]) expect((await vodInfo(t, row.vodKey)).body.rslt_cd).toBe(ResultCode.REPLAY_NOT_FOUND);
    expect((await vodInfo(t, key('none'))).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
  });

  it("answers 'mobile only' (6103) to desktop browsers when REPLAY_MOBILE_ONLY is on", async () => {
    const replay = await addBroadcast('mobile', { state: 'ended', replayYn: true, endedAt: new Date() });
    const mobileOnly = await startTestApp({ env: { REPLAY_MOBILE_ONLY: '1' } });
    try {
      const desktop = await vodInfo(mobileOnly, replay.vodKey, { 'user-agent': DESKTOP });
      expect(desktop.body.rslt_cd).toBe(ResultCode.REPLAY_MOBILE_ONLY);
      expect(desktop.body.rslt_msg).toBe('다시보기는 모바일에서만 이용할 수 있습니다.');
      expect(desktop.body.rslt_set).toMatchObject({ vod_key: replay.vodKey, hls_url: '' });
      const phone = await vodInfo(mobileOnly, replay.vodKey, { 'user-agent': PHONE });
      expect(phone.body.rslt_cd).toBe(0);
      expect(phone.body.rslt_set.hls_url).toBe(`/media/live/${replay.vodKey}/master.m3u8`);
    } finally {
      await mobileOnly.close();
    }
    // Off (the default): desktops play replays.
    expect((await vodInfo(t, replay.vodKey)).body.rslt_cd).toBe(0);
  });
});

describe('POST /v1/pubapi/play_heartbeat and play_leave', () => {
  it('counts members once and guests per tab, writes the count and the peak, and forgets who leaves', async () => {
    const row = await addBroadcast('watch');
    await announce(row, 'live');
    const a = await beat(row.vodKey, 'guest-tab-aaaa');
    expect(a.body).toMatchObject({ rslt_cd: 0, rslt_set: { viewer_cnt: 1, state: 'live' } });
    await beat(row.vodKey, 'guest-tab-bbbb');
    // A member with two tabs counts once.
    await beat(row.vodKey, 'member-tab-1111', viewer.cookie);
    const again = await beat(row.vodKey, 'member-tab-2222', viewer.cookie);
    expect(again.body.rslt_set.viewer_cnt).toBe(3);
    // The same guest tab beating again is still one viewer.
    expect((await beat(row.vodKey, 'guest-tab-aaaa')).body.rslt_set.viewer_cnt).toBe(3);

    await expect.poll(async () => (await rowOf(row.vodKey))?.viewerCnt, { timeout: 9000, interval: 250 }).toBe(3);
    expect((await rowOf(row.vodKey))?.peakViewerCnt).toBe(3);
    // The live list carries the count too.
    await expect
      .poll(async () => {
        const res = await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list', { limit: 100, order: 'recent' });
        return res.body.rslt_set.data_list.find((i) => i.vod_key === row.vodKey)?.viewer_cnt;
      })
      .toBe(3);

    const left = await t.post('/v1/pubapi/play_leave', { vod_key: row.vodKey, viewer_id: 'guest-tab-bbbb' });
    expect(left.body.rslt_cd).toBe(0);
    await expect.poll(async () => (await rowOf(row.vodKey))?.viewerCnt, { timeout: 9000, interval: 250 }).toBe(2);
    expect((await rowOf(row.vodKey))?.peakViewerCnt).toBe(3);
  }, 30_000);

  it('refuses ended (6105), frozen (6106), unknown (6101) and gated broadcasts, and garbage', async () => {
    const ended = await addBroadcast('hb-ended', { state: 'ended', endedAt: new Date() });
    const frozen = await addBroadcast('hb-frozen', { state: 'frozen' });
    const members = await addBroadcast('hb-members', { loginRequiredYn: true });
    const adultRow = await addBroadcast('hb-adult', { adultYn: true });
    expect((await beat(ended.vodKey, 'guest-tab-cccc')).body.rslt_cd).toBe(ResultCode.BROADCAST_ENDED);
    expect((await beat(frozen.vodKey, 'guest-tab-cccc')).body.rslt_cd).toBe(ResultCode.BROADCAST_FROZEN);
    expect((await beat(key('ghost'), 'guest-tab-cccc')).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
    expect((await beat(members.vodKey, 'guest-tab-cccc')).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await beat(members.vodKey, 'member-tab-3333', viewer.cookie)).body.rslt_cd).toBe(0);
    expect((await beat(adultRow.vodKey, 'member-tab-3333', viewer.cookie)).body.rslt_cd).toBe(ResultCode.ADULT_REQUIRED);
    expect((await beat(adultRow.vodKey, 'member-tab-4444', adult.cookie)).body.rslt_cd).toBe(0);

    const missing = await t.post('/v1/pubapi/play_heartbeat', { vod_key: members.vodKey });
    expect(missing.body).toMatchObject({ rslt_cd: ResultCode.REQUIRED, rslt_set: { field: 'viewer_id' } });
    for (const viewerId of ['short', 'has space inside', 'x'.repeat(65)]) {
      const res = await t.post('/v1/pubapi/play_heartbeat', { vod_key: members.vodKey, viewer_id: viewerId });
      expect(res.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'viewer_id' } });
    }
    const noHeaders = await t.post(
      '/v1/pubapi/play_heartbeat',
      { vod_key: members.vodKey, viewer_id: 'guest-tab-dddd' },
      { headers: false },
    );
    expect(noHeaders.status).toBe(403);
    expect(noHeaders.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
  });
});

describe('POST /v1/pubapi/play_like', () => {
  it('counts one like per member and broadcast', async () => {
    const row = await addBroadcast('like');
    const like = (cookie?: string) => t.post<LikeSet>('/v1/pubapi/play_like', { vod_key: row.vodKey }, { cookie });
    expect((await like()).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await like(viewer.cookie)).body).toMatchObject({ rslt_cd: 0, rslt_set: { like_cnt: 1 } });
    const twice = await like(viewer.cookie);
    expect(twice.body.rslt_cd).toBe(ResultCode.ALREADY_LIKED);
    expect((await like(other.cookie)).body.rslt_set.like_cnt).toBe(2);
    expect((await rowOf(row.vodKey))?.likeCnt).toBe(2);
    // Two at once from a new member still count once.
    const both = await Promise.all([like(adult.cookie), like(adult.cookie)]);
    expect(both.map((r) => r.body.rslt_cd).sort()).toEqual([0, ResultCode.ALREADY_LIKED]);
    expect((await rowOf(row.vodKey))?.likeCnt).toBe(3);

    const frozen = await addBroadcast('like-frozen', { state: 'frozen' });
    expect((await t.post('/v1/pubapi/play_like', { vod_key: frozen.vodKey }, { cookie: viewer.cookie })).body.rslt_cd).toBe(
      ResultCode.BROADCAST_FROZEN,
    );
  });
});

describe('POST /v1/broadcast/vod_more and /v1/channel/bj_replay_more', () => {
  let bj: Account;
  beforeAll(async () => {
    bj = await newBj();
    await t.database.db.insert(broadcast).values(
      [1, 2, 3].map((i) => ({
        vodKey: key(`rp${i}`),
        bjUserKey: bj.userKey,
        title: `다시보기 ${i}`,
        state: 'ended' as const,
        replayYn: true,
        peakViewerCnt: i === 2 ? 2_000_000_000 : i,
        startedAt: minutesAgo(100 + i * 10),
        // rp1 ended last: newest first is rp1, rp2, rp3.
        endedAt: minutesAgo(i),
      })),
    );
    // Not replays: not recorded, and live.
    await t.database.db.insert(broadcast).values([
      { vodKey: key('rp-norec'), bjUserKey: bj.userKey, title: '녹화 안 함', state: 'ended', replayYn: false, endedAt: new Date() },
      { vodKey: key('rp-live'), bjUserKey: bj.userKey, title: '라이브', state: 'live', replayYn: true },
    ]);
  });

  const bjMore = (body: Record<string, string>) =>
    t.post<ListSet<VodListItem> & { total_count: number }>('/v1/channel/bj_replay_more', body);

  it('pages one broadcaster’s replays, newest first, with total_count', async () => {
    const first = await bjMore({ user_key: String(bj.userKey), offset: '0', limit: '2' });
    expect(first.body.rslt_cd).toBe(0);
    expect(first.body.rslt_set.data_list.map((i) => i.vod_key)).toEqual([key('rp1'), key('rp2')]);
    expect(first.body.rslt_set.data_totalcount).toBe(3);
    expect(first.body.rslt_set.total_count).toBe(3);
    expect(first.body.rslt_set.data_list[0]).toMatchObject({
      title: '다시보기 1',
      bj: { user_key: bj.userKey, nick: bj.nick },
      duration_sec: 109 * 60,
    });
    const second = await bjMore({ user_key: String(bj.userKey), offset: '2', limit: '2' });
    expect(second.body.rslt_set.data_list.map((i) => i.vod_key)).toEqual([key('rp3')]);
    const beyond = await bjMore({ user_key: String(bj.userKey), offset: '50' });
    expect(beyond.body.rslt_set).toMatchObject({ data_list: [], data_totalcount: 3, total_count: 3 });
    const nobody = await bjMore({ user_key: '999999999999' });
    expect(nobody.body.rslt_set).toMatchObject({ data_list: [], data_totalcount: 0 });
  });

  it('pages every replay in vod_more, by end or by peak viewers', async () => {
    const all: string[] = [];
    let total = 0;
    for (let offset = 0; ; offset += 100) {
      const res = await t.post<ListSet<VodListItem> & { total_count: number }>('/v1/broadcast/vod_more', {
        offset: String(offset),
        limit: '100',
      });
      expect(res.body.rslt_cd).toBe(0);
      expect(res.body.rslt_set.total_count).toBe(res.body.rslt_set.data_totalcount);
      total = res.body.rslt_set.data_totalcount;
      all.push(...res.body.rslt_set.data_list.map((i) => i.vod_key));
      if (res.body.rslt_set.data_list.length < 100) break;
    }
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(total).toBeGreaterThanOrEqual(3);
    const mine = all.filter((k) => k.startsWith(key('rp')));
    expect(mine).toEqual([key('rp1'), key('rp2'), key('rp3')]);
    const top = await t.post<ListSet<VodListItem>>('/v1/broadcast/vod_more', { order: 'viewer', limit: '1' });
    expect(top.body.rslt_set.data_list[0]?.peak_viewer_cnt).toBeGreaterThanOrEqual(2_000_000_000);
  });

  it.each([
    ['/v1/broadcast/vod_more', { limit: '0' }, 'limit', ResultCode.INVALID_INPUT],
    ['/v1/broadcast/vod_more', { limit: '101' }, 'limit', ResultCode.INVALID_INPUT],
    ['/v1/broadcast/vod_more', { offset: '-1' }, 'offset', ResultCode.INVALID_INPUT],
    ['/v1/broadcast/vod_more', { offset: 'abc' }, 'offset', ResultCode.INVALID_INPUT],
    ['/v1/broadcast/vod_more', { order: 'random' }, 'order', ResultCode.INVALID_INPUT],
    ['/v1/channel/bj_replay_more', {}, 'user_key', ResultCode.REQUIRED],
    ['/v1/channel/bj_replay_more', { user_key: 'abc' }, 'user_key', ResultCode.INVALID_INPUT],
    ['/v1/channel/bj_replay_more', { user_key: '-3' }, 'user_key', ResultCode.INVALID_INPUT],
    ['/v1/channel/bj_replay_more', { user_key: '1', limit: 'x' }, 'limit', ResultCode.INVALID_INPUT],
  ])('%s %j answers naming %s', async (path, body, field, code) => {
    const res = await t.post(path, body as Record<string, string>);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rslt_cd: code, rslt_set: { field } });
  });

  it('refuses the lists without the API headers', async () => {
    const res = await t.post('/v1/broadcast/vod_more', {}, { headers: false });
    expect(res.status).toBe(403);
    expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
  });
});
