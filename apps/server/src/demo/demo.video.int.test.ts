import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ListSet, LiveListItem, PlayInfo, VodListItem } from '@byeol/contract';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { broadcast } from '../modules/live/index.js';
import { mediaFilesRoutes } from '../modules/media/media.files.js';
import { resolveFfmpeg, resolveFfprobe, shippedFfmpeg } from '../modules/media/packager.js';
import { seedSiteDefaults } from '../modules/site/site.repository.js';
import { connectExternal } from '../platform/db.js';
import { freePort } from '../platform/net.js';
import { startTestApp, type TestApp } from '../testing/app.js';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { seedDemo } from './demo.seed.js';
import { DemoVideo, ensureLoop, LOOP_SECONDS, liveScene, rtmpOriginOf } from './demo.video.js';

/**
 * The demo's generated video through the real path: the demo content seeded on a database of its own (fixed
 * IDs), an api + media app with the web role's media routes, and DemoVideo encoding its loops with the
 * ffmpeg the platform uses and publishing them into the RTMP ingest. Publishers and packagers are this
 * process's children, counted with `ps --ppid`.
 */
const run = promisify(execFile);
let testDb: TestDatabase;
let t: TestApp;
let dataDir: string;
let video: DemoVideo;
let seededLive: { vodKey: string; viewerCnt: number }[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase('byeol_demo_video');
  const seeding = await connectExternal(testDb.url, 2);
  await seedSiteDefaults(seeding.db);
  await seedDemo(seeding.db);
  await seeding.close();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-demo-video-'));
  t = await startTestApp({
    roles: ['api', 'media'],
    env: { DATABASE_URL: testDb.url, DATA_DIR: dataDir, RTMP_PORT: String(await freePort()), RTMP_HOST: '127.0.0.1' },
    extend: async (app, database) => {
      await app.register(mediaFilesRoutes, {
        mediaRoot: path.join(dataDir, 'media'),
        db: database.db,
        mediaSecret: 'test-media-secret-of-16+',
        ingest: app.ingest ?? undefined,
      });
    },
  });
  seededLive = await t.database.db
    .select({ vodKey: broadcast.vodKey, viewerCnt: broadcast.viewerCnt })
    .from(broadcast)
    .where(and(eq(broadcast.isDemo, true), eq(broadcast.state, 'live')));
  video = new DemoVideo({
    db: t.database.db,
    log: pino({ level: 'silent' }),
    dataDir,
    ffmpeg: resolveFfmpeg().path,
    rtmpOrigin: rtmpOriginOf('127.0.0.1', t.app.ingest?.rtmpPort ?? 0),
  });
  video.start();
  await video.ready();
}, 180_000);

afterAll(async () => {
  await video?.stop();
  await t?.close();
  await testDb?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** This process's ffmpeg children whose arguments contain `marker`. */
async function children(marker: string): Promise<string[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((l) => l.includes('ffmpeg') && l.includes(marker));
}

/** Polls `probe` every 200 ms until it answers something truthy; fails after `ms`. */
async function until<T>(probe: () => Promise<T | undefined | null | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const liveList = async () => (await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list')).body.rslt_set.data_list;
const demoRows = () => t.database.db.select().from(broadcast).where(eq(broadcast.isDemo, true));

describe('demo video', () => {
  it('plays every demo live room through the real ingest, copied, with the live thumbnail a broadcast gets', async () => {
    expect(seededLive).toHaveLength(4);
    const list = await until(
      async () => {
        const items = await liveList();
        return items.length === 4 && items.every((i) => i.thumbnail === `/media/live/${i.vod_key}/thumb.jpg`) && items;
      },
      45_000,
      'every demo room live with its thumbnail',
    );
    // The seeded rooms themselves: same keys and counts, no new broadcast row.
    expect(new Set(list.map((i) => i.vod_key))).toEqual(new Set(seededLive.map((r) => r.vodKey)));
    expect(list.map((i) => i.viewer_cnt)).toEqual([2405, 1234, 867, 312]);
    expect((await demoRows()).filter((r) => r.state === 'live')).toHaveLength(4);

    const thumb = await fetch(`${t.url}${list[0]?.thumbnail}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await thumb.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);

    const info = (await t.get<PlayInfo>('/v1/pubapi/play_info', { vod_key: list[0]?.vod_key ?? '' })).body.rslt_set;
    expect(info).toMatchObject({ demo_yn: 'Y', hls_url: `/media/live/${list[0]?.vod_key}/master.m3u8`, qualities: ['high'] });
    const master = await (await fetch(t.url + info.hls_url)).text();
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(1);
    expect(master).toContain('RESOLUTION=640x360,NAME="high"');
    const { stdout } = await run(resolveFfprobe(), [
      ...['-v', 'error', '-show_entries', 'stream=codec_name,width,height', '-of', 'csv=p=0', t.url + info.hls_url],
    ]);
    // (ffprobe lists the streams once per program of the master playlist, and blank lines between.)
    expect(new Set(stdout.split('\n').filter(Boolean))).toEqual(new Set(['aac', 'h264,640,360']));

    // Four publishers (stream copy) and four packagers copying the source: nothing is transcoded.
    expect(video.pids().size).toBe(4);
    const publishers = await children('-stream_loop -1');
    expect(publishers).toHaveLength(4);
    for (const p of publishers) expect(p).toContain('-c copy -f flv rtmp://127.0.0.1:');
    const packagers = await children('default_base_moof');
    expect(packagers).toHaveLength(4);
    for (const p of packagers) expect(p).not.toContain('libx264');
  }, 60_000);

  it('restarts a publisher that dies, into the same room', async () => {
    const [vodKey, pid] = [...video.pids()][0] ?? ['', 0];
    process.kill(pid, 'SIGKILL');
    // The ingest lets the room go back to its seeded state, the publisher comes back and it is fed again.
    await until(async () => video.pids().get(vodKey) !== pid && video.pids().get(vodKey), 20_000, 'a new publisher');
    await until(
      async () => (await liveList()).find((i) => i.vod_key === vodKey && i.thumbnail !== ''),
      30_000,
      'the room live with a thumbnail again',
    );
    const rows = await demoRows();
    expect(rows.filter((r) => r.state === 'live')).toHaveLength(4);
    expect(rows.filter((r) => r.endReason !== '' && !r.replayYn)).toHaveLength(0);
  }, 60_000);

  it('gives every demo replay a finished recording and a thumbnail, sharing one copy of the bytes', async () => {
    const replays = (await demoRows()).filter((r) => r.state === 'ended' && r.replayYn);
    expect(replays.length).toBeGreaterThanOrEqual(5);
    for (const r of replays) {
      expect(r.mediaDir).toBe(`live/${r.vodKey}`);
      expect(r.thumbnail).toBe(`/media/live/${r.vodKey}/thumb.jpg`);
    }
    const one = replays[0]?.vodKey ?? '';
    const info = (await t.get<PlayInfo>('/v1/pubapi/vod_info', { vod_key: one })).body.rslt_set;
    expect(info.hls_url).toBe(`/media/live/${one}/master.m3u8`);
    const playlist = await (await fetch(`${t.url}/media/live/${one}/high/index.m3u8`)).text();
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-ENDLIST');
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(playlist.match(/^seg_\d{5}\.m4s$/gm)?.length).toBeGreaterThanOrEqual(LOOP_SECONDS * 5 - 2);
    const thumb = await fetch(`${t.url}/media/live/${one}/thumb.jpg`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    // Hard links to the template under DATA_DIR/demo-video (same file system here).
    expect((await stat(path.join(dataDir, 'media', 'live', one, 'high', 'seg_00001.m4s'))).nlink).toBeGreaterThan(1);
    const list = (await t.get<ListSet<VodListItem>>('/v1/pubapi/play_vod_list')).body.rslt_set.data_list;
    expect(list.filter((i) => replays.some((r) => r.vodKey === i.vod_key)).every((i) => i.thumbnail.endsWith('/thumb.jpg'))).toBe(true);
  });

  it('stops every publisher with the process and leaves the demo rooms live, as seeded, without media', async () => {
    await video.stop();
    expect(await children('-stream_loop -1')).toEqual([]);
    await until(async () => (await children('default_base_moof')).length === 0, 10_000, 'the packagers to end');
    const rows = await until(
      async () => {
        const live = (await demoRows()).filter((r) => r.state === 'live');
        return live.every((r) => r.mediaDir === '' && r.thumbnail === '') && live;
      },
      10_000,
      'the demo rooms without media',
    );
    expect(rows.map((r) => r.vodKey).sort()).toEqual(seededLive.map((r) => r.vodKey).sort());
    const info = (await t.get<PlayInfo>('/v1/pubapi/play_info', { vod_key: rows[0]?.vodKey ?? '' })).body.rslt_set;
    expect(info).toMatchObject({ state: 'live', demo_yn: 'Y', hls_url: '', flv_url: '' });
    // The loops stay for the next start: nothing is encoded twice.
    const again = await ensureLoop(resolveFfmpeg().path, video.dir, liveScene(0, 'demo_haneul'));
    expect(again.text).toBeNull();
  }, 30_000);

  it('encodes the scene with the static ffmpeg of @ffmpeg-installer (4.1) too: H.264 + AAC, 640x360, a keyframe a second', async () => {
    const shipped = shippedFfmpeg();
    expect(shipped, '@ffmpeg-installer/linux-x64 is installed with npm ci').not.toBeNull();
    const dir = path.join(dataDir, 'shipped');
    const made = await ensureLoop(shipped as string, dir, liveScene(1, 'demo_minji'));
    expect(made.text).toBe(true);
    const probe = async (args: string[]) => (await run(resolveFfprobe(), ['-v', 'error', ...args, made.file])).stdout.trim();
    const streams = await probe(['-show_entries', 'stream=codec_name,width,height,sample_rate', '-of', 'csv=p=0']);
    expect(streams.split('\n').filter(Boolean)).toEqual(['h264,640,360', 'aac,24000']);
    const duration = Number(await probe(['-show_entries', 'format=duration', '-of', 'csv=p=0']));
    expect(duration).toBeGreaterThan(LOOP_SECONDS - 0.1);
    expect(duration).toBeLessThan(LOOP_SECONDS + 0.2);
    const keys = (await probe(['-select_streams', 'v', '-skip_frame', 'nokey', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0']))
      .split('\n')
      .map((l) => l.replace(/,+$/, '').trim())
      .filter((l) => l !== '' && l !== 'N/A')
      .map(Number);
    expect(keys).toEqual(Array.from({ length: LOOP_SECONDS }, (_, i) => i));
    expect((await readFile(made.file)).length).toBeLessThan(1_000_000);
  });
});
