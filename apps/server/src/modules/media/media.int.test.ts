import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  contentEndpoints,
  LIVE_BUS_CHANNEL,
  type ListSet,
  type LiveBusMessage,
  type LiveListItem,
  mediaEndpoints,
  ResultCode,
} from '@byeol/contract';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../platform/net.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { buildAccount } from '../../testing/members.js';
import { broadcast, streamKey, streamSetting } from '../live/live.tables.js';
import { insertSanction } from '../sanctions/index.js';
import { attachLevels } from './llhls.js';
import { mediaFilesRoutes } from './media.files.js';
import { levelsFor, packagerArgs, parseMediaPlaylist, prepareLevelDirs, shippedFfmpeg } from './packager.js';

/**
 * The real RTMP path: ffmpeg (what OBS is, for the ingest) publishes a test pattern to the media role's
 * node-media-server; the ingest packages HLS with ffmpeg, keeps the broadcast row, and the media files are
 * served over HTTP. The web role's media routes are registered on this API + media app (`extend`), so the
 * test needs no web build.
 */
const run = promisify(execFile);
let t: TestApp;
let dataDir: string;
let rtmpPort: number;
const messages: LiveBusMessage[] = [];
const publishers = new Set<ChildProcess>();

type Bj = { userKey: number; key: string; cookie: string };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-media-'));
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
  await t.bus.subscribe(LIVE_BUS_CHANNEL, (m) => messages.push(m as LiveBusMessage));
});

afterAll(async () => {
  for (const p of publishers) p.kill('SIGKILL');
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A BJ account with a stream key and stream settings, as the broadcaster's side creates them. */
async function buildBj(setting: Partial<typeof streamSetting.$inferInsert> = {}, typeCd: 'bj' | 'user' = 'bj'): Promise<Bj> {
  const account = await buildAccount(t, { typeCd, role: typeCd === 'bj' ? 'bj' : 'user' });
  const key = randomBytes(24).toString('base64url');
  await t.database.db.insert(streamKey).values({ userKey: account.userKey, streamKey: key });
  await t.database.db
    .insert(streamSetting)
    .values({ userKey: account.userKey, title: `테스트 방송 ${account.nick}`, tags: ['테스트'], ...setting });
  return { userKey: account.userKey, key, cookie: account.cookie };
}

/** ffmpeg publishing a test pattern to the ingest, as OBS would (1 s keyframes, H.264 + AAC). */
function publish(key: string, seconds = 60): ChildProcess {
  const p = spawn(
    '/usr/bin/ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '30', '-c:a', 'aac'],
      ...['-f', 'flv', `rtmp://127.0.0.1:${rtmpPort}/live/${key}`],
    ],
    { stdio: 'ignore' },
  );
  publishers.add(p);
  p.once('exit', () => publishers.delete(p));
  return p;
}

const exited = (p: ChildProcess, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    p.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** Polls `probe` every 100 ms until it answers something truthy; fails after `ms`. */
async function until<T>(probe: () => Promise<T | undefined | null | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** ffmpeg processes packaging HLS that this process started (the ingest runs in this test process). */
async function packagers(): Promise<string[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)]).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter((l) => l.includes('ffmpeg') && l.includes('default_base_moof'));
}

const rowsOf = (bj: Bj) => t.database.db.select().from(broadcast).where(eq(broadcast.bjUserKey, bj.userKey));
const liveRow = async (bj: Bj) => (await rowsOf(bj)).find((r) => r.state === 'live');
const media = (p: string, init?: RequestInit) => fetch(`${t.url}/media/live/${p}`, init);

async function liveList() {
  const res = await t.get<ListSet<LiveListItem>>('/v1/pubapi/play_live_list', { limit: 100, order: 'recent' });
  return res.body.rslt_set.data_list;
}
async function vodList() {
  const res = await t.call(contentEndpoints.vodList, { limit: '100' });
  return res.body.rslt_set.data_list;
}

async function ffprobe(url: string) {
  const { stdout } = await run(
    '/usr/bin/ffprobe',
    ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width,height', '-of', 'json', url],
    {
      timeout: 20_000,
    },
  );
  return (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] }).streams;
}

describe('refused publishes start nothing', () => {
  it('refuses an unknown key, a regenerated (old) key, a sanctioned key, a suspended BJ and a non-BJ key: no row, no ffmpeg', async () => {
    const revoked = await buildBj();
    const oldKey = revoked.key;
    // Regenerating replaces the key: the old one must stop working at once.
    await t.database.db
      .update(streamKey)
      .set({ streamKey: randomBytes(24).toString('base64url') })
      .where(eq(streamKey.userKey, revoked.userKey));
    const sanctioned = await buildBj();
    await t.database.db
      .update(streamKey)
      .set({ sanctionedUntil: new Date(Date.now() + 3600_000) })
      .where(eq(streamKey.userKey, sanctioned.userKey));
    // Suspended from broadcasting by an operator (docs/sanctions.md).
    const suspended = await buildBj();
    await insertSanction(t.database.db, { userKey: suspended.userKey, kind: 'broadcast', reason: 'test', hours: 1, createdBy: 0 });
    const viewer = await buildBj({}, 'user');

    const attempts = [randomBytes(24).toString('base64url'), oldKey, sanctioned.key, suspended.key, viewer.key].map((key) => publish(key));
    for (const p of attempts) expect(await exited(p, 10_000)).toBe(true);
    for (const bj of [revoked, sanctioned, suspended, viewer]) expect(await rowsOf(bj)).toEqual([]);
    expect(await packagers()).toEqual([]);
    expect(t.app.ingest?.sessions.size).toBe(0);
  });
});

describe('a live broadcast from publish to replay', () => {
  let bj: Bj;
  let publisher: ChildProcess;
  let vodKey: string;

  it('is live in play_live_list within 5 s of the publish, with a master playlist ffprobe reads', async () => {
    const mc = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
    bj = await buildBj({ title: '라이브 테스트', tags: ['K-POP'], recordYn: true, mcUserKey: mc.userKey });
    const started = Date.now();
    publisher = publish(bj.key);
    const item = await until(async () => (await liveList()).find((i) => i.bj.user_key === bj.userKey), 5000, 'the live list');
    vodKey = item.vod_key;
    expect(item).toMatchObject({ title: '라이브 테스트', tags: ['K-POP'], adult_yn: 'N' });
    // `live` is announced once the first segment exists.
    await until(async () => messages.find((m) => m.type === 'live' && m.vod_key === vodKey), 5000 - (Date.now() - started), 'bus live');
    const row = await liveRow(bj);
    // The stream settings are copied onto the new broadcast, its MC included.
    expect(row).toMatchObject({ vodKey, state: 'live', mediaDir: `live/${vodKey}`, qualities: ['high'], mcUserKey: mc.userKey });

    const master = await media(`${vodKey}/master.m3u8`);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toBe('public, max-age=1');
    // The platform's security headers reach media files too (platform/security-headers.ts).
    expect(master.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await master.text()).toMatch(/#EXT-X-STREAM-INF:BANDWIDTH=\d+,RESOLUTION=640x360,NAME="high"\nhigh\/index.m3u8/);
    const streams = await ffprobe(`${t.url}/media/live/${vodKey}/master.m3u8`);
    expect(streams).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 640, height: 360 }),
        expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' }),
      ]),
    );
    const playlist = await (await media(`${vodKey}/high/index.m3u8`)).text();
    expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(playlist).toMatch(/#EXTINF:1\.0\d*,/);
    expect(playlist).not.toContain('#EXT-X-ENDLIST');
    expect(await packagers()).toHaveLength(1);
  });

  it('keeps a thumbnail and names it in the row', async () => {
    const row = await until(async () => (await liveRow(bj))?.thumbnail, 5000, 'the thumbnail');
    expect(row).toBe(`/media/live/${vodKey}/thumb.jpg`);
    const thumb = await fetch(t.url + row);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await thumb.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('serves the live level as LL-HLS: parts, a preload hint, and blocking reload that answers the asked part', async () => {
    const text = await (await media(`${vodKey}/high/index.m3u8`)).text();
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.630');
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.210');
    const hint = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p(\d+)\.(\d+)\.m4s"/.exec(text);
    expect(hint, 'a preload hint').not.toBeNull();
    const [msn, part] = [Number(hint?.[1]), Number(hint?.[2])];
    // The hinted part does not exist yet: the reload waits for it, then lists it.
    const asked = Date.now();
    const blocked = await media(`${vodKey}/high/index.m3u8?_HLS_msn=${msn}&_HLS_part=${part}`);
    expect(blocked.status).toBe(200);
    expect(Date.now() - asked).toBeLessThan(3000);
    expect(await blocked.text()).toContain(`URI="p${String(msn).padStart(5, '0')}.${part}.m4s"`);
    const bytes = await media(`${vodKey}/high/p${String(msn).padStart(5, '0')}.${part}.m4s`);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await bytes.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('moof');
    // Far ahead, or not a number: 400 at once, nothing held.
    expect((await media(`${vodKey}/high/index.m3u8?_HLS_msn=${msn + 50}`)).status).toBe(400);
    expect((await media(`${vodKey}/high/index.m3u8?_HLS_msn=x1`)).status).toBe(400);
    expect((await media(`${vodKey}/high/index.m3u8?_HLS_part=1`)).status).toBe(400);
  });

  it('serves segments with long caching and byte ranges', async () => {
    const init = await media(`${vodKey}/high/init.mp4`);
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    expect(init.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(init.headers.get('accept-ranges')).toBe('bytes');
    const whole = Buffer.from(await init.arrayBuffer());
    const part = await media(`${vodKey}/high/init.mp4`, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(4, 12));
    expect(whole.subarray(4, 8).toString()).toBe('ftyp');
    const tail = await media(`${vodKey}/high/init.mp4`, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(-10));
    const beyond = await media(`${vodKey}/high/init.mp4`, { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);

    const segment = await media(`${vodKey}/high/seg_00001.m4s`);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp4');
    expect(segment.headers.get('cache-control')).toContain('immutable');
  });

  it('answers 404 to path traversal, plain or encoded, and to unknown files', async () => {
    // A playlist-looking file just outside the media folder: none of these paths may reach it.
    await writeFile(path.join(dataDir, 'secret.m3u8'), '#EXTM3U secret');
    for (const p of [
      `${vodKey}/../../../secret.m3u8`,
      `${vodKey}/%2e%2e/%2e%2e/%2e%2e/secret.m3u8`,
      `%2e%2e/%2e%2e/secret.m3u8`,
      `${vodKey}/high/..%2f..%2f..%2f..%2fsecret.m3u8`,
      `${vodKey}/%2E%2E%2F%2E%2E%2F%2E%2E%2Fsecret.m3u8`,
      `${vodKey}/high/%252e%252e/x.m3u8`,
      `${vodKey}/.hidden.m3u8`,
      `${vodKey}/nothing.m3u8`,
      `${vodKey}/high/index.txt`,
      `unknown${vodKey}/master.m3u8`,
    ]) {
      const res = await fetch(`${t.url}/media/live/${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toContain('#EXTM3U secret');
    }
  });

  it('proxies the ultra-low-latency HTTP-FLV by vod_key, never showing the stream key', async () => {
    const controller = new AbortController();
    const res = await fetch(`${t.url}/media/flv/${vodKey}.flv`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/x-flv');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(
      Buffer.from(first.value ?? [])
        .subarray(0, 3)
        .toString(),
    ).toBe('FLV');
    controller.abort();
    await reader.cancel().catch(() => {});
    expect((await fetch(`${t.url}/media/flv/nothing${vodKey}.flv`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/flv/${bj.key}.flv`)).status).toBe(404);
  });

  it('refuses a second publish with the same key while live', async () => {
    const second = publish(bj.key);
    expect(await exited(second, 10_000)).toBe(true);
    const rows = await rowsOf(bj);
    expect(rows.map((r) => [r.vodKey, r.state])).toEqual([[vodKey, 'live']]);
    expect(await packagers()).toHaveLength(1);
    expect(publisher.exitCode).toBeNull();
  });

  it('ends within 5 s of the publisher leaving, closes the replay and lists it in play_vod_list', async () => {
    publisher.kill('SIGINT');
    const left = Date.now();
    await exited(publisher, 5000);
    const ended = await until(async () => (await rowsOf(bj)).find((r) => r.vodKey === vodKey && r.state === 'ended'), 5000, 'the end');
    expect(Date.now() - left).toBeLessThan(5000);
    expect(ended).toMatchObject({ endReason: 'publisher_gone', replayYn: true });
    expect(ended.endedAt).toBeInstanceOf(Date);
    // The row changes before the bus message is published, and over Redis it arrives a moment later.
    await expect.poll(() => messages.filter((m) => m.vod_key === vodKey).map((m) => m.type), { timeout: 3000 }).toEqual(['live', 'ended']);
    await until(async () => !(await liveList()).some((i) => i.vod_key === vodKey), 5000 - (Date.now() - left), 'the live list to drop it');
    const replay = (await vodList()).find((i) => i.vod_key === vodKey);
    expect(replay).toMatchObject({ title: '라이브 테스트', thumbnail: `/media/live/${vodKey}/thumb.jpg` });
    expect(replay?.duration_sec).toBeGreaterThanOrEqual(2);

    const playlist = await readFile(path.join(dataDir, 'media', 'live', vodKey, 'high', 'index.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    // Every segment from the first is kept and listed (the live playlist only held the last few).
    expect(playlist).toContain('seg_00001.m4s');
    const listed = playlist.split('\n').filter((l) => l.startsWith('seg_'));
    expect(listed.length).toBeGreaterThanOrEqual(2);
    for (const s of listed) expect(existsSync(path.join(dataDir, 'media', 'live', vodKey, 'high', s))).toBe(true);
    const streams = await ffprobe(`${t.url}/media/live/${vodKey}/master.m3u8`);
    expect(streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(await packagers()).toEqual([]);
    expect(t.app.ingest?.sessions.size).toBe(0);
    expect((await fetch(`${t.url}/media/flv/${vodKey}.flv`)).status).toBe(404);
  });
});

describe('gated media (the play_info gates on the files themselves)', () => {
  /** A broadcast row with a playlist on disk, without an ingest: the gate only reads the row. */
  async function gatedBroadcast(over: Partial<typeof broadcast.$inferInsert>) {
    const bj = await buildBj();
    const vodKey = `gate${randomBytes(6).toString('hex')}`;
    await buildBroadcast(t.database.db, bj.userKey, {
      vodKey,
      title: 'gate',
      state: 'ended',
      replayYn: true,
      endedAt: new Date(),
      ...over,
    });
    await mkdir(path.join(dataDir, 'media', 'live', vodKey), { recursive: true });
    await writeFile(path.join(dataDir, 'media', 'live', vodKey, 'master.m3u8'), '#EXTM3U\n');
    return vodKey;
  }
  const get = (vodKey: string, cookie?: string) => media(`${vodKey}/master.m3u8`, cookie ? { headers: { cookie } } : {});

  it('serves an ungated broadcast to anyone, publicly cacheable', async () => {
    const res = await get(await gatedBroadcast({}));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves an adult broadcast only to adult-verified accounts, privately', async () => {
    const vodKey = await gatedBroadcast({ adultYn: true });
    expect((await get(vodKey)).status).toBe(403);
    const member = await buildAccount(t, {});
    expect((await get(vodKey, member.cookie)).status).toBe(403);
    const adult = await buildAccount(t, { adultVerifiedAt: new Date() });
    const res = await get(vodKey, adult.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=1');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${t.url}/media/flv/${vodKey}.flv`)).status).toBe(403);
  });

  it('serves a login-required broadcast only to logged-in visitors', async () => {
    const vodKey = await gatedBroadcast({ loginRequiredYn: true });
    expect((await get(vodKey)).status).toBe(403);
    expect((await get(vodKey, 'byeol_sid=forged')).status).toBe(403);
    const member = await buildAccount(t, {});
    expect((await get(vodKey, member.cookie)).status).toBe(200);
  });
});

describe('POST /v1/admin/broadcast_freeze_proc', () => {
  it('lets an operator cut a live broadcast; the next publish is a new broadcast', async () => {
    const bj = await buildBj({ recordYn: false });
    const operator = await buildAccount(t, { role: 'operator' });
    const publisher = publish(bj.key);
    const live = await until(() => liveRow(bj), 5000, 'live');
    await until(async () => messages.find((m) => m.type === 'live' && m.vod_key === live.vodKey), 5000, 'bus live');

    const refused = await t.call(mediaEndpoints.freeze, { vod_key: live.vodKey }, { cookie: bj.cookie });
    expect(refused.body.rslt_cd).toBe(ResultCode.FORBIDDEN);
    const anonymous = await t.call(mediaEndpoints.freeze, { vod_key: live.vodKey });
    expect(anonymous.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
    expect((await liveRow(bj))?.vodKey).toBe(live.vodKey);

    const res = await t.call(mediaEndpoints.freeze, { vod_key: live.vodKey }, { cookie: operator.cookie });
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { vod_key: live.vodKey, state: 'frozen' } });
    const [row] = (await rowsOf(bj)).filter((r) => r.vodKey === live.vodKey);
    expect(row).toMatchObject({ state: 'frozen', frozenBy: operator.userKey, endReason: 'frozen', replayYn: false });
    expect(row?.frozenAt).toBeInstanceOf(Date);
    // The ingest is cut: the publisher is disconnected, the packager stopped, the (unrecorded) media removed.
    expect(await exited(publisher, 5000)).toBe(true);
    await until(async () => (await packagers()).length === 0 && t.app.ingest?.sessions.size === 0, 5000, 'the packager to stop');
    expect(existsSync(path.join(dataDir, 'media', 'live', live.vodKey))).toBe(false);
    expect(messages.filter((m) => m.vod_key === live.vodKey).map((m) => m.type)).toEqual(['live', 'frozen']);

    const again = await t.call(mediaEndpoints.freeze, { vod_key: live.vodKey }, { cookie: operator.cookie, lang: 'en' });
    expect(again.body).toMatchObject({ rslt_cd: ResultCode.BROADCAST_NOT_LIVE, rslt_msg: 'This broadcast is not live.' });
    const unknown = await t.call(mediaEndpoints.freeze, { vod_key: `none${live.vodKey}` }, { cookie: operator.cookie });
    expect(unknown.body.rslt_cd).toBe(ResultCode.NO_DATA);
    const garbage = await t.call(mediaEndpoints.freeze, { vod_key: '../x' }, { cookie: operator.cookie });
    expect(garbage.body).toMatchObject({ rslt_cd: ResultCode.INVALID_INPUT, rslt_set: { field: 'vod_key' } });

    // Frozen is not a sanction: the broadcaster's next publish is a new broadcast.
    const next = publish(bj.key);
    const second = await until(() => liveRow(bj), 5000, 'the new broadcast');
    expect(second.vodKey).not.toBe(live.vodKey);
    next.kill('SIGINT');
    await until(async () => (await rowsOf(bj)).find((r) => r.vodKey === second.vodKey && r.state === 'ended'), 5000, 'the end');
    await until(async () => (await packagers()).length === 0, 5000, 'no packager');
  });
});

describe('packaging with transcoded levels (TRANSCODE_LEVELS and the settings both allow them)', () => {
  // The system's ffmpeg (Debian) and the one the npm package ships (used when there is no system ffmpeg,
  // so `npm start` streams without an apt install): both package every level.
  const binaries = [
    ['the system ffmpeg', '/usr/bin/ffmpeg'],
    ['the npm-shipped ffmpeg', shippedFfmpeg()],
  ] as const;
  it.each(binaries)('writes high (copied), normal and low with the arguments the ingest uses, with %s', async (name, bin) => {
    expect(bin, `${name} is installed`).toBeTruthy();
    const dir = path.join(dataDir, `transcode-${name.replace(/\W+/g, '-')}`);
    const source = path.join(dir, 'source.flv');
    await mkdir(dir, { recursive: true });
    await run('/usr/bin/ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-f', 'flv', source],
    ]);
    const levels = levelsFor(['high', 'normal', 'low'], ['normal', 'low']);
    expect(levels).toEqual(['high', 'normal', 'low']);
    expect(levelsFor(['high', 'normal', 'low'], [])).toEqual(['high']);
    expect(levelsFor(['high'], ['normal', 'low'])).toEqual(['high']);
    await prepareLevelDirs(dir, levels);
    // As the ingest runs it: ffmpeg's fragmented MP4 on one pipe per level, cut and written by the LL-HLS packager.
    const child = spawn(bin as string, packagerArgs({ input: source, dir, levels, record: true }), {
      stdio: ['ignore', 'ignore', 'inherit', ...levels.map(() => 'pipe' as const)],
    });
    const packaged = attachLevels(child, dir, levels, pino({ level: 'silent' }));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    await packaged.ended;
    const heights: Record<string, number | undefined> = {};
    for (const level of levels) {
      const list = parseMediaPlaylist(await readFile(path.join(dir, level, 'index.m3u8'), 'utf8'));
      expect(list.segments.length, level).toBeGreaterThanOrEqual(2);
      const [video] = (await ffprobe(path.join(dir, level, 'index.m3u8'))).filter((s) => s.codec_type === 'video');
      heights[level] = video?.height;
    }
    expect(heights).toEqual({ high: 720, normal: 720, low: 480 });
  });
});

describe('shutdown', () => {
  it('ends every live session cleanly: row ended (shutdown), replay closed, no ffmpeg left', async () => {
    const bj = await buildBj({ recordYn: true });
    const publisher = publish(bj.key);
    const live = await until(() => liveRow(bj), 5000, 'live');
    await until(async () => messages.find((m) => m.type === 'live' && m.vod_key === live.vodKey), 5000, 'bus live');
    await t.app.ingest?.stop();
    const [row] = await rowsOf(bj);
    expect(row).toMatchObject({ vodKey: live.vodKey, state: 'ended', endReason: 'shutdown', replayYn: true });
    expect(await packagers()).toEqual([]);
    expect(await exited(publisher, 5000)).toBe(true);
    const playlist = await readFile(path.join(dataDir, 'media', 'live', live.vodKey, 'high', 'index.m3u8'), 'utf8');
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});
