import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type IngestStats,
  itemsEndpoints,
  LIVE_STATS_CHANNEL,
  playEndpoints,
  ResultCode,
  type StreamLiveStats,
  streamEndpoints,
  walletEndpoints,
} from '@byeol/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/net.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildViewer, newKey } from '../../testing/builders.js';
import { buildAccount } from '../../testing/members.js';
import { buildItem } from '../items/items.fixtures.js';
import { broadcast, streamKey, streamSetting } from './live.tables.js';

/**
 * The live dashboard's call (`stream_live_stats`) against a real publish: ffmpeg (what OBS is, for the
 * ingest) publishes to the media role's node-media-server with a known frame rate and keyframe interval; the
 * media role measures the stream and publishes its measures on the bus; the api role answers them with the
 * viewers and the gifts of this broadcast, to the broadcast's own BJ only.
 */
let t: TestApp;
let dataDir: string;
let rtmpPort: number;
const measures: IngestStats[] = [];
const publishers = new Set<ChildProcess>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-stats-'));
  rtmpPort = await freePort();
  t = await startTestApp({
    roles: ['api', 'media'],
    env: {
      DATA_DIR: dataDir,
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
      REDIS_PREFIX: `byeol_stats_${randomBytes(4).toString('hex')}:`,
    },
  });
  await t.bus.subscribe(LIVE_STATS_CHANNEL, (m) => measures.push(m as IngestStats));
});

afterAll(async () => {
  for (const p of publishers) p.kill('SIGKILL');
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * ffmpeg publishing 640×360 at 30 fps with a keyframe every `gop` frames exactly (no scene-cut keyframes),
 * 800 kbit/s video and AAC, in real time.
 */
function publish(key: string, gop: number): ChildProcess {
  const p = spawn(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '60', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p'],
      ...['-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0', '-b:v', '800k', '-maxrate', '800k', '-bufsize', '800k'],
      ...['-c:a', 'aac', '-b:a', '64k', '-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
    ],
    { stdio: 'ignore' },
  );
  publishers.add(p);
  p.once('exit', () => publishers.delete(p));
  return p;
}

/** Polls `probe` every 200 ms until it answers something truthy; fails after `ms` with the last value seen. */
async function until<T>(probe: () => Promise<T | undefined | null | false>, ms: number, what: string, last?: () => unknown): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}: ${JSON.stringify(last?.())}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const stats = (cookie: string | undefined, vodKey: string, lang?: 'en') =>
  t.call(streamEndpoints.liveStats, { vod_key: vodKey }, { ...(cookie ? { cookie } : {}), ...(lang ? { lang } : {}) });

describe('stream_live_stats while ffmpeg publishes', () => {
  it('answers the ingest’s bitrate, fps and keyframe interval, the viewers and this broadcast’s gifts to its BJ only', async () => {
    const bj = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
    const key = randomBytes(24).toString('base64url');
    await t.database.db.insert(streamKey).values({ userKey: bj.userKey, streamKey: key });
    await t.database.db.insert(streamSetting).values({ userKey: bj.userKey, title: '대시보드 테스트', recordYn: false });
    const viewer = await buildViewer(t, { star: 1_000, cubic: 1_000 });
    const item = await buildItem(t, { price: '30' });

    // A gift before the broadcast is not this broadcast's.
    const before = await t.call(
      itemsEndpoints.deal,
      { idempotency_key: newKey(), item_sn: String(item.item_sn), cnt: '1', gift_id: bj.id },
      { cookie: viewer.cookie },
    );
    expect(before.body.rslt_cd, before.body.rslt_msg).toBe(0);

    // A keyframe every 75 frames at 30 fps: 2.5 s, longer than the 2 s the dashboard accepts.
    const publisher = publish(key, 75);
    const vodKey = await until(
      async () =>
        (
          await t.database.db
            .select({ vodKey: broadcast.vodKey })
            .from(broadcast)
            .where(and(eq(broadcast.bjUserKey, bj.userKey), eq(broadcast.state, 'live')))
        )[0]?.vodKey,
      15_000,
      'the live row',
    );

    // A viewer watches, gifts STAR in the room and an item to the BJ.
    const beat = await t.call(playEndpoints.heartbeat, { vod_key: vodKey, viewer_id: 'viewer-tab-1' }, { cookie: viewer.cookie });
    expect(beat.body.rslt_cd, beat.body.rslt_msg).toBe(0);
    const gift = await t.call(
      walletEndpoints.gift,
      { vod_key: vodKey, star_cnt: '50', idempotency_key: newKey() },
      { cookie: viewer.cookie },
    );
    expect(gift.body.rslt_cd, gift.body.rslt_msg).toBe(0);
    const itemGift = await t.call(
      itemsEndpoints.deal,
      { idempotency_key: newKey(), item_sn: String(item.item_sn), cnt: '2', gift_id: bj.id, vod_key: vodKey },
      { cookie: viewer.cookie },
    );
    expect(itemGift.body.rslt_cd, itemGift.body.rslt_msg).toBe(0);

    // Two keyframes and a few seconds of rates are needed: about 6 s of stream.
    let last: StreamLiveStats | undefined;
    const live = await until(
      async () => {
        const res = await stats(bj.cookie, vodKey);
        expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
        last = res.body.rslt_set;
        const i = last.ingest;
        return i && i.frames > 200 && i.keyframe_interval_sec > 0 && last.star_cnt > 0 ? last : undefined;
      },
      30_000,
      'measures of the stream',
      () => last,
    );
    expect(live).toMatchObject({
      vod_key: vodKey,
      state: 'live',
      end_date: null,
      viewer_cnt: 1,
      star_cnt: 50,
      star_gift_cnt: 1,
      star_giver_cnt: 1,
      item_cnt: 2,
      item_cubic: 60,
    });
    const ingest = live.ingest as NonNullable<StreamLiveStats['ingest']>;
    // 800 kbit/s of video and 64 of audio, as the encoder's rate control allows around it.
    expect(ingest.bitrate_kbps).toBeGreaterThan(200);
    expect(ingest.bitrate_kbps).toBeLessThan(3_000);
    expect(ingest.video_kbps).toBeGreaterThan(100);
    expect(ingest.bitrate_kbps).toBeGreaterThan(ingest.video_kbps);
    expect(ingest.fps).toBeGreaterThan(26);
    expect(ingest.fps).toBeLessThan(34);
    expect(ingest.declared_fps).toBe(30);
    expect(ingest.keyframe_interval_sec).toBeCloseTo(2.5, 1);
    expect([ingest.width, ingest.height]).toEqual([640, 360]);
    expect(ingest.dropped_frames).toBe(0);
    expect(ingest.data_age_sec).toBeLessThan(5);
    expect(live.warnings).toContain('keyframe_interval');
    expect(live.warnings).not.toContain('no_data');
    // The packager's own progress: real time once it runs.
    const withPackager = await until(
      async () => (await stats(bj.cookie, vodKey)).body.rslt_set.ingest?.packager,
      10_000,
      'the packager’s progress',
    );
    expect(withPackager.speed).toBeGreaterThan(0.5);
    expect(withPackager.drop_frames).toBe(0);
    // What the api role answers came over the bus from the media role, every 2 s.
    const mine = measures.filter((m) => m.vod_key === vodKey);
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.at(-1)?.bj_user_key).toBe(bj.userKey);

    // Only the broadcast's own BJ: another BJ and a viewer have no permission, a visitor must log in.
    const otherBj = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
    for (const cookie of [otherBj.cookie, viewer.cookie]) {
      const res = await stats(cookie, vodKey, 'en');
      expect(res.body).toMatchObject({ rslt_cd: ResultCode.FORBIDDEN, rslt_msg: 'You do not have permission.' });
      expect(JSON.stringify(res.body)).not.toContain('bitrate');
    }
    expect((await stats(undefined, vodKey)).body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await stats(bj.cookie, 'nope0000nope0000')).body.rslt_cd).toBe(ResultCode.BROADCAST_NOT_FOUND);
    expect((await stats(bj.cookie, '')).body.rslt_cd).toBe(ResultCode.INVALID_INPUT);

    // The end: the broadcast's totals stay, the ingest and the warnings go.
    publisher.kill('SIGINT');
    const ended = await until(
      async () => {
        const s = (await stats(bj.cookie, vodKey)).body.rslt_set;
        return s.state === 'ended' ? s : undefined;
      },
      15_000,
      'the end',
    );
    expect(ended).toMatchObject({ ingest: null, warnings: [], viewer_cnt: 0, star_cnt: 50, item_cnt: 2 });
    expect(ended.end_date).not.toBeNull();
  });
});
