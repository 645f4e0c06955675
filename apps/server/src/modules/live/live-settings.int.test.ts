import { randomBytes } from 'node:crypto';
import {
  type ChannelInfoSet,
  contentEndpoints,
  type HeartbeatSet,
  type ListSet,
  type LiveListItem,
  type PlayInfo,
  type SettingSet,
  type VodListItem,
} from '@byeol/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { buildAccount } from '../../testing/members.js';
import { users } from '../users/users.tables.js';
import { broadcast } from './live.tables.js';

/**
 * /mypage/setting's switches in the live and replay lists and the play room (docs/live-video.md, "Private
 * viewer counts" and "Adult broadcasts in lists"): a BJ's viewer_count switch off hides their counts from
 * everyone but them and operators; a member's adult_broadcast switch (only adult-verified members can turn
 * it on) decides whether their lists carry adult broadcasts. The switches are changed through setting_proc,
 * as the page does. Other files share the database: assertions are about this file's rows, their relative
 * order, or totals checked against the database at the same moment.
 */
const run = randomBytes(4).toString('hex');
const key = (name: string) => `ls${run}${name}`;
// Far above anything realistic (below live.int.test.ts's rows, which must lead the list).
const TOP = 1_800_000_000;
const ADULT_ON = { adult_broadcast: true, viewer_count: true, translation: false };

type Account = Awaited<ReturnType<typeof buildAccount>>;
let t: TestApp;
const accounts: Account[] = [];
const account = async (over: Parameters<typeof buildAccount>[1] = {}) => {
  const a = await buildAccount(t, over);
  accounts.push(a);
  return a;
};

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  if (t) {
    const keys = accounts.map((a) => a.userKey).concat(0);
    await t.database.db.delete(broadcast).where(inArray(broadcast.bjUserKey, keys));
    await t.database.pool.query('delete from user_session where user_key = any($1)', [keys]);
    await t.database.db.delete(users).where(inArray(users.userKey, keys));
  }
  await t?.close();
});

/** expect.poll only runs inside tests: waits by hand (at most 6 s) for the snapshot to follow this file's rows. */
async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 60 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
}

const setting = (who: Account, body: Record<string, string>) => t.post<SettingSet>('/v1/mypage/setting_proc', body, { cookie: who.cookie });

async function announce(row: { vodKey: string; bjUserKey: number }, type: 'live' | 'ended' | 'updated' = 'updated') {
  await t.bus.publish('live', { type, vod_key: row.vodKey, bj_user_key: row.bjUserKey });
}

/** The whole live list as `who` gets it (signed out when null), with the total each page answered. */
async function liveList(who: Account | null, order: 'viewer' | 'recent' = 'viewer') {
  const items: LiveListItem[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += 100) {
    const res = await t.get<ListSet<LiveListItem>>(
      '/v1/pubapi/play_live_list',
      { offset, limit: 100, order },
      who ? { cookie: who.cookie } : {},
    );
    expect(res.body.rslt_cd).toBe(0);
    items.push(...res.body.rslt_set.data_list);
    totals.add(res.body.rslt_set.data_totalcount);
    if (res.body.rslt_set.data_list.length < 100) return { items, totals: [...totals] };
  }
}
const mine = (items: { vod_key: string }[]) => items.map((i) => i.vod_key).filter((k) => k.startsWith(key('')));
/** This file's hidden-count pair, in list order. */
const pair = (items: { vod_key: string }[]) => mine(items).filter((k) => k === key('hid') || k === key('rival'));
const itemOf = async (who: Account | null, vodKey: string) => (await liveList(who)).items.find((i) => i.vod_key === vodKey);

const info = (vodKey: string, who: Account | null) =>
  t.get<PlayInfo>('/v1/pubapi/play_info', { vod_key: vodKey }, who ? { cookie: who.cookie } : {});
const beat = (vodKey: string, viewerId: string, who: Account | null) =>
  t.post<HeartbeatSet>('/v1/pubapi/play_heartbeat', { vod_key: vodKey, viewer_id: viewerId }, who ? { cookie: who.cookie } : {});

describe("a BJ's viewer count switch (viewer_count_yn)", () => {
  let bj: Account;
  let rival: Account;
  let live: { vodKey: string; bjUserKey: number };
  let replay: { vodKey: string };

  beforeAll(async () => {
    bj = await account({ typeCd: 'bj', role: 'bj' });
    rival = await account({ typeCd: 'bj', role: 'bj' });
    live = await buildBroadcast(t.database.db, bj.userKey, { vodKey: key('hid'), viewerCnt: TOP + 20, peakViewerCnt: TOP + 30 });
    await buildBroadcast(t.database.db, rival.userKey, { vodKey: key('rival'), viewerCnt: TOP + 10 });
    replay = await buildBroadcast(t.database.db, bj.userKey, {
      vodKey: key('hidrp'),
      state: 'ended',
      replayYn: true,
      peakViewerCnt: 4321,
      endedAt: new Date(),
    });
    await announce(live, 'live');
    await until(async () => pair((await liveList(null)).items).length === 2);
  });

  it('on (the default): lists and the room show the count', async () => {
    expect(await itemOf(null, live.vodKey)).toMatchObject({ viewer_cnt: TOP + 20, viewer_cnt_hidden_yn: 'N' });
    expect((await info(live.vodKey, null)).body.rslt_set).toMatchObject({ viewer_cnt: TOP + 20, viewer_cnt_hidden_yn: 'N' });
  });

  it('off: hidden at once from lists (sorted as 0), the room, the heartbeat, the channel and replays; the BJ and operators still see it', async () => {
    const viewer = await account();
    const operator = await account({ role: 'operator' });
    const off = await setting(bj, { viewer_count_yn: 'N' });
    expect(off.body.rslt_set.viewer_count_yn).toBe('N');

    // The settings call announces it: the list follows well within the 5 s safety net.
    const started = Date.now();
    await expect.poll(async () => (await itemOf(null, live.vodKey))?.viewer_cnt_hidden_yn, { timeout: 4000, interval: 100 }).toBe('Y');
    expect(Date.now() - started).toBeLessThan(2000);
    for (const who of [null, viewer, bj]) {
      const { items } = await liveList(who);
      expect(items.find((i) => i.vod_key === live.vodKey)).toMatchObject({ viewer_cnt: 0, viewer_cnt_hidden_yn: 'Y' });
      // Sorted as the 0 it answers: the visible broadcast with fewer viewers now comes first.
      expect(pair(items)).toEqual([key('rival'), key('hid')]);
      expect(JSON.stringify(items)).not.toContain(String(TOP + 20));
    }

    // The room: nobody but the BJ and operators gets the count (nor the peak).
    for (const who of [null, viewer]) {
      const res = await info(live.vodKey, who);
      expect(res.body.rslt_set).toMatchObject({ viewer_cnt: 0, peak_viewer_cnt: 0, viewer_cnt_hidden_yn: 'Y' });
    }
    for (const who of [bj, operator]) {
      const res = await info(live.vodKey, who);
      expect(res.body.rslt_set).toMatchObject({ viewer_cnt: TOP + 20, peak_viewer_cnt: TOP + 30, viewer_cnt_hidden_yn: 'N' });
    }
    const viewerBeat = await beat(live.vodKey, 'settings-tab-0001', viewer);
    expect(viewerBeat.body.rslt_set).toEqual({ viewer_cnt: 0, viewer_cnt_hidden_yn: 'Y', state: 'live' });
    const bjBeat = await beat(live.vodKey, 'settings-tab-0002', bj);
    expect(bjBeat.body.rslt_set).toEqual({ viewer_cnt: 2, viewer_cnt_hidden_yn: 'N', state: 'live' });

    // The channel head and the replay lists.
    const channel = await t.get<ChannelInfoSet>('/v1/channel/bj_info', { id: bj.id }, { cookie: viewer.cookie });
    expect(channel.body.rslt_set.live).toMatchObject({ vod_key: live.vodKey, viewer_cnt: 0, viewer_cnt_hidden_yn: 'Y' });
    const replays = await t.call(contentEndpoints.bjReplays, { user_key: String(bj.userKey) }, { cookie: viewer.cookie });
    expect(replays.body.rslt_set.data_list.find((r: VodListItem) => r.vod_key === replay.vodKey)).toMatchObject({
      peak_viewer_cnt: 0,
      viewer_cnt_hidden_yn: 'Y',
    });

    // On again: the count is back.
    await setting(bj, { viewer_count_yn: 'Y' });
    await expect.poll(async () => (await itemOf(null, live.vodKey))?.viewer_cnt_hidden_yn, { timeout: 4000, interval: 100 }).toBe('N');
    expect((await info(live.vodKey, viewer)).body.rslt_set.viewer_cnt_hidden_yn).toBe('N');
  }, 30_000);
});

describe("a member's adult broadcast switch (adult_broadcast_yn)", () => {
  let adultLive: { vodKey: string; bjUserKey: number };
  let plainLive: { vodKey: string; bjUserKey: number };
  let adultReplay: { vodKey: string };

  beforeAll(async () => {
    const [a, b, c] = [
      await account({ typeCd: 'bj', role: 'bj' }),
      await account({ typeCd: 'bj', role: 'bj' }),
      await account({ typeCd: 'bj', role: 'bj' }),
    ];
    adultLive = await buildBroadcast(t.database.db, a.userKey, { vodKey: key('adult'), viewerCnt: TOP + 5, adultYn: true });
    plainLive = await buildBroadcast(t.database.db, b.userKey, { vodKey: key('plain'), viewerCnt: TOP + 4 });
    adultReplay = await buildBroadcast(t.database.db, c.userKey, {
      vodKey: key('adultrp'),
      state: 'ended',
      replayYn: true,
      adultYn: true,
      endedAt: new Date(),
    });
    await announce(adultLive, 'live');
    const showing = await account({ adultVerifiedAt: new Date(), settings: ADULT_ON });
    await until(async () => mine((await liveList(showing)).items).filter((k) => k === key('adult') || k === key('plain')).length === 2);
  });

  /** The live list's total for `who` against the database's count of that variant at the same moment (retried). */
  async function expectTotal(who: Account | null, adult: boolean) {
    const dbCount = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(broadcast)
          .where(and(eq(broadcast.state, 'live'), adult ? undefined : eq(broadcast.adultYn, false)))
      )[0]?.n ?? 0;
    for (let attempt = 0; ; attempt++) {
      const before = await dbCount();
      const { items, totals } = await liveList(who);
      const after = await dbCount();
      if ((before !== after || totals.length !== 1 || totals[0] !== after || items.length !== after) && attempt < 50) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      expect(totals).toEqual([after]);
      expect(items).toHaveLength(after);
      return;
    }
  }

  it('off (the default) and signed out: no adult broadcast in the live and replay lists, totals counted without them', async () => {
    const member = await account();
    // Adult-verified, but the switch left off.
    const verified = await account({ adultVerifiedAt: new Date() });
    for (const who of [null, member, verified]) {
      for (const order of ['viewer', 'recent'] as const) {
        const keys = mine((await liveList(who, order)).items);
        expect(keys).toContain(key('plain'));
        expect(keys).not.toContain(key('adult'));
      }
      await expectTotal(who, false);
      const vods = await t.call(contentEndpoints.vodMore, { limit: '100' }, who ? { cookie: who.cookie } : {});
      expect(mine(vods.body.rslt_set.data_list)).not.toContain(adultReplay.vodKey);
      const vodList = await t.call(contentEndpoints.vodList, { limit: '100' }, who ? { cookie: who.cookie } : {});
      expect(mine(vodList.body.rslt_set.data_list)).not.toContain(adultReplay.vodKey);
    }
    // The room itself still answers its info (with the adult gate), as before.
    expect((await info(adultLive.vodKey, member)).body.rslt_set.adult_yn).toBe('Y');
  });

  it('on (an adult-verified member turned it on): adult broadcasts are listed with their flag', async () => {
    const member = await account({ adultVerifiedAt: new Date() });
    expect((await setting(member, { adult_broadcast_yn: 'Y' })).body.rslt_set.adult_broadcast_yn).toBe('Y');
    const { items } = await liveList(member);
    expect(mine(items).filter((k) => k === key('adult') || k === key('plain'))).toEqual([key('adult'), key('plain')]);
    expect(items.find((i) => i.vod_key === adultLive.vodKey)?.adult_yn).toBe('Y');
    await expectTotal(member, true);
    const vods = await t.call(contentEndpoints.vodMore, { limit: '100' }, { cookie: member.cookie });
    expect(mine(vods.body.rslt_set.data_list)).toContain(adultReplay.vodKey);

    // Off again: gone from their lists at the next call.
    await setting(member, { adult_broadcast_yn: 'N' });
    expect(mine((await liveList(member)).items)).not.toContain(key('adult'));
    expect(plainLive.vodKey).toBe(key('plain'));
  });
});
