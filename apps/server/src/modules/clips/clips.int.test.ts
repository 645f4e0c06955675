import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type ClipItem,
  clipsEndpoints,
  type Endpoint,
  type Envelope,
  ResultCode,
  type ResultCodeName,
  SHORT_UPLOAD_PATH,
} from '@byeol/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/net.js';
import { type CallOptions, startTestApp, type TestApp } from '../../testing/app.js';
import { buildViewer } from '../../testing/builders.js';
import { buildAccount } from '../../testing/members.js';
import { broadcast, streamKey, streamSetting } from '../live/live.tables.js';
import { mediaFilesRoutes } from '../media/media.files.js';

/**
 * Issue 22: clips cut from a real live room (ffmpeg publishing over RTMP, the ingest packaging HLS) and
 * shorts uploaded and transcoded, checked with ffprobe (docs/clips.md).
 */
const run = promisify(execFile);
let t: TestApp;
let dataDir: string;
let rtmpPort: number;
let publisher: ChildProcess | undefined;
let bj: { userKey: number; id: string; cookie: string; key: string };
let vodKey = '';

const e = clipsEndpoints;
const code = (name: ResultCodeName) => ResultCode[name];
const call = <E extends Endpoint>(ep: E, input: Record<string, unknown> = {}, o?: CallOptions) =>
  t.call(ep, Object.fromEntries(Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))), o);

async function until<T>(probe: () => Promise<T | undefined | null | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function ffprobe(target: string) {
  const { stdout } = await run(
    '/usr/bin/ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,width,height', '-of', 'json', target],
    {
      timeout: 20_000,
    },
  );
  const j = JSON.parse(stdout) as { format: { duration: string }; streams: Array<{ codec_type: string; width?: number; height?: number }> };
  return { duration: Number(j.format.duration), video: j.streams.find((s) => s.codec_type === 'video') };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-clips-'));
  rtmpPort = await freePort();
  t = await startTestApp({
    roles: ['api', 'media'],
    env: { DATA_DIR: dataDir, RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1' },
    extend: async (app, database) => {
      await app.register(mediaFilesRoutes, {
        mediaRoot: path.join(dataDir, 'media'),
        db: database.db,
        mediaSecret: 'test-media-secret-of-16+',
        ingest: app.ingest ?? undefined,
      });
    },
  });
  const account = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
  const key = randomBytes(24).toString('base64url');
  await t.database.db.insert(streamKey).values({ userKey: account.userKey, streamKey: key });
  // Not recorded: the packager still keeps the last ~95 s on disk for clips.
  await t.database.db.insert(streamSetting).values({ userKey: account.userKey, title: '클립 방송', recordYn: false });
  bj = { userKey: account.userKey, id: account.id, cookie: account.cookie, key };
  publisher = spawn(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '90', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-c:a', 'aac'],
      ...['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
    ],
    { stdio: 'ignore' },
  );
  const row = await until(
    async () =>
      (
        await t.database.db
          .select()
          .from(broadcast)
          .where(and(eq(broadcast.bjUserKey, bj.userKey), eq(broadcast.state, 'live')))
      )[0],
    20_000,
    'the broadcast to go live',
  );
  vodKey = row.vodKey;
}, 60_000);

afterAll(async () => {
  publisher?.kill('SIGKILL');
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a clip of a live room', () => {
  it('is cut from the last seconds on disk, becomes ready, lasts the chosen length and plays', async () => {
    const viewer = await buildViewer(t);
    expect((await call(e.window, { vod_key: vodKey })).body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
    // Wait for a state: 14 s of video on disk.
    const windowSet = await until(
      async () => {
        const w = (await call(e.window, { vod_key: vodKey }, { cookie: viewer.cookie })).body.rslt_set;
        return w.available_sec >= 14 ? w : null;
      },
      40_000,
      '14 s of live video',
    );
    expect(windowSet.hls_url).toBe(`/media/live/${vodKey}/master.m3u8`);
    expect(Math.abs(windowSet.pressed_at - Date.now())).toBeLessThan(5_000);
    const base = { vod_key: vodKey, pressed_at: windowSet.pressed_at };
    expect((await call(e.create, { ...base, from_sec: -3, to_sec: -1 }, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('CLIP_LENGTH'));
    expect((await call(e.create, { ...base, from_sec: -85, to_sec: -30 }, { cookie: viewer.cookie })).body.rslt_cd).toBe(
      code('CLIP_WINDOW_PASSED'),
    );

    const created = await call(e.create, { ...base, title: '레전드 장면', from_sec: -12, to_sec: -2 }, { cookie: viewer.cookie });
    expect(created.body.rslt_cd, created.body.rslt_msg).toBe(0);
    expect(created.body.rslt_set).toMatchObject({
      kind: 'clip',
      state: 'processing',
      title: '레전드 장면',
      video_url: '',
      vod_key: vodKey,
    });
    const key = created.body.rslt_set.clip_key;
    // Not shown to others before it is ready.
    const ready = await until(
      async () => {
        const info = (await call(e.info, { clip_key: key }, { cookie: viewer.cookie })).body.rslt_set;
        return info.state !== 'processing' ? info : null;
      },
      20_000,
      'the clip to be processed',
    );
    expect(ready).toMatchObject({ state: 'ready', video_url: `/media/clips/${key}/clip.mp4`, thumbnail: `/media/clips/${key}/thumb.jpg` });
    expect(ready.bj).toMatchObject({ user_key: bj.userKey, id: bj.id });
    const probed = await ffprobe(`${t.url}${ready.video_url}`);
    expect(Math.abs(probed.duration - 10)).toBeLessThanOrEqual(1);
    expect(probed.video).toMatchObject({ width: 640, height: 360 });
    const thumb = await fetch(`${t.url}${ready.thumbnail}`);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    const part = await fetch(`${t.url}${ready.video_url}`, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);

    // Everyone sees it once ready: the channel, the feed, the maker's page; a view counts once per hour.
    expect((await call(e.info, { clip_key: key })).body.rslt_set.state).toBe('ready');
    expect((await call(e.bjClipMore, { id: bj.id })).body.rslt_set.data_list.map((c) => c.clip_key)).toContain(key);
    expect((await call(e.shortMore, {})).body.rslt_set.data_list.map((c) => c.clip_key)).toContain(key);
    expect((await call(e.myClipMore, { kind: 'clip' }, { cookie: viewer.cookie })).body.rslt_set.data_list[0]?.clip_key).toBe(key);
    expect((await call(e.view, { clip_key: key }, { cookie: viewer.cookie })).body.rslt_set.view_cnt).toBe(1);
    expect((await call(e.view, { clip_key: key }, { cookie: viewer.cookie })).body.rslt_set.view_cnt).toBe(1);

    // Someone else cannot delete it; its maker can, and the file goes.
    const other = await buildViewer(t);
    expect((await call(e.remove, { clip_sn: ready.clip_sn }, { cookie: other.cookie })).body.rslt_cd).toBe(code('FORBIDDEN'));
    expect((await call(e.remove, { clip_sn: ready.clip_sn }, { cookie: viewer.cookie })).body.rslt_cd).toBe(0);
    expect((await call(e.info, { clip_key: key })).body.rslt_cd).toBe(code('CLIP_NOT_FOUND'));
    expect((await fetch(`${t.url}${ready.video_url}`)).status).toBe(404);
  }, 90_000);

  it('is refused once the BJ turns clipping off for the room', async () => {
    const viewer = await buildViewer(t);
    expect((await call(e.room, { vod_key: bj.id })).body.rslt_set.clip_yn).toBe('Y');
    expect((await call(e.setting, { clip_yn: 'N' }, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('FORBIDDEN'));
    expect((await call(e.setting, { clip_yn: 'N' }, { cookie: bj.cookie })).body.rslt_set.clip_yn).toBe('N');
    try {
      expect((await call(e.room, { vod_key: vodKey })).body.rslt_set.clip_yn).toBe('N');
      expect((await call(e.window, { vod_key: vodKey }, { cookie: viewer.cookie })).body.rslt_cd).toBe(code('CLIP_DISABLED'));
    } finally {
      await call(e.setting, { clip_yn: 'Y' }, { cookie: bj.cookie });
    }
  });
});

describe('an uploaded short', () => {
  const upload = async (body: Uint8Array, type: string, cookie: string, title = '세로 숏폼') => {
    const res = await fetch(`${t.url}/v1${SHORT_UPLOAD_PATH}?title=${encodeURIComponent(title)}`, {
      method: 'POST',
      headers: { 'x-api-mode': 'TRUE', 'x-requested-with': 'xmlhttprequest', 'content-type': type, cookie },
      body,
    });
    return (await res.json()) as Envelope<ClipItem>;
  };

  it('is checked by its content, transcoded to HLS and listed on the channel', async () => {
    const file = path.join(dataDir, 'vertical.mp4');
    await run('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-y', file],
    ]);
    const video = new Uint8Array(await readFile(file));
    const viewer = await buildViewer(t);
    expect((await upload(video, 'video/mp4', viewer.cookie)).rslt_cd).toBe(code('FORBIDDEN'));
    expect((await upload(new TextEncoder().encode('not a video at all'), 'video/mp4', bj.cookie)).rslt_cd).toBe(code('SHORT_NOT_VIDEO'));
    expect((await upload(video, 'video/mp4', bj.cookie, '')).rslt_cd).toBe(code('CLIP_TITLE_REQUIRED'));
    const made = await upload(video, 'video/mp4', bj.cookie);
    expect(made.rslt_cd, made.rslt_msg).toBe(0);
    expect(made.rslt_set).toMatchObject({ kind: 'short', state: 'processing', vertical_yn: 'Y', title: '세로 숏폼' });
    const ready = await until(
      async () => {
        const info = (await call(e.info, { clip_key: made.rslt_set.clip_key }, { cookie: bj.cookie })).body.rslt_set;
        return info.state !== 'processing' ? info : null;
      },
      60_000,
      'the short to be transcoded',
    );
    expect(ready.state).toBe('ready');
    expect(ready.video_url).toBe(`/media/clips/${ready.clip_key}/index.m3u8`);
    const playlist = await (await fetch(`${t.url}${ready.video_url}`)).text();
    expect(playlist).toContain('#EXT-X-ENDLIST');
    const probed = await ffprobe(`${t.url}${ready.video_url}`);
    expect(Math.abs(probed.duration - 3)).toBeLessThanOrEqual(0.5);
    expect(probed.video).toMatchObject({ width: 360, height: 640 });
    expect((await call(e.bjClipMore, { id: bj.id })).body.rslt_set.data_list.map((c) => c.clip_key)).toContain(ready.clip_key);
    expect((await call(e.myClipMore, { kind: 'short' }, { cookie: bj.cookie })).body.rslt_set.data_list[0]?.clip_key).toBe(ready.clip_key);
  }, 90_000);
});
