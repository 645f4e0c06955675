import { randomBytes } from 'node:crypto';
import {
  type LiveBusMessage,
  ResultCode,
  resultMessage,
  STREAM_KEY_RATE,
  type StreamInfo,
  type StreamKeyMessage,
  streamEndpoints,
} from '@byeol/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { buildAccount, sql } from '../../testing/members.js';
import { broadcast, streamKey, streamSetting } from './live.tables.js';
import { rtmpPublicUrl } from './stream.service.js';

const RTMP = 'rtmp://live.byeol.test:1935/live';
let t: TestApp;

beforeAll(async () => {
  // Rate-limit counters are keyed by user_key, which a fresh test database hands out again: a prefix of
  // this run's own keeps an earlier run's counters (same Redis, same window) from counting here.
  t = await startTestApp({ env: { RTMP_PUBLIC_URL: RTMP, REDIS_PREFIX: `byeol_stream_${randomBytes(4).toString('hex')}:` } });
});

afterAll(async () => {
  await t?.close();
});

const INFO = streamEndpoints.info;
const REGENERATE = streamEndpoints.regenerateKey;
const SETTINGS = '/v1/mypage/update_stream_settinge_proc';

/** A BJ account (type_cd bj, as a completed application makes it) with a session. */
const buildBj = (over: Parameters<typeof buildAccount>[1] = {}) =>
  buildAccount(t, { typeCd: 'bj', role: 'bj', bjTypeCd: 'general', ...over });

async function info(cookie: string, reveal = false) {
  const res = await t.call(INFO, reveal ? { reveal: 'Y' } : {}, { cookie });
  expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
  return res;
}

const keyRow = async (userKey: number) => (await t.database.db.select().from(streamKey).where(eq(streamKey.userKey, userKey)))[0];
const settingRow = async (userKey: number) =>
  (await t.database.db.select().from(streamSetting).where(eq(streamSetting.userKey, userKey)))[0];

/** Collects the messages of a bus channel until `stop()`. */
async function listen<T>(channel: string) {
  const got: T[] = [];
  const stop = await t.bus.subscribe(channel, (m) => got.push(m as T));
  return { got, stop };
}

describe('who may read and change stream settings', () => {
  it('asks anonymous visitors to log in, for every call', async () => {
    const calls = [
      await t.call(INFO),
      await t.call(REGENERATE),
      await t.post(SETTINGS, { title: '익명' }),
      await t.call(INFO, { reveal: 'Y' }, { lang: 'en' }),
    ];
    for (const res of calls) {
      expect(res.status).toBe(200);
      expect(res.body.rslt_cd).toBe(ResultCode.LOGIN_REQUIRED);
      expect(JSON.stringify(res.body)).not.toMatch(/stream_key|rtmp/);
    }
    expect(calls[3]?.body.rslt_msg).toBe('This is a login-required service.');
  });

  it('refuses viewer accounts (type_cd user) with STREAM_BJ_ONLY and creates nothing for them', async () => {
    const viewer = await buildAccount(t);
    for (const res of [
      await t.call(INFO, { reveal: 'Y' }, { cookie: viewer.cookie, lang: 'en' }),
      await t.call(REGENERATE, {}, { cookie: viewer.cookie, lang: 'en' }),
      await t.post(SETTINGS, { title: '시청자' }, { cookie: viewer.cookie, lang: 'en' }),
    ]) {
      expect(res.body.rslt_cd).toBe(ResultCode.STREAM_BJ_ONLY);
      expect(res.body.rslt_msg).toBe(resultMessage('STREAM_BJ_ONLY', 'en'));
    }
    expect(await keyRow(viewer.userKey)).toBeUndefined();
    expect(await settingRow(viewer.userKey)).toBeUndefined();
  });

  it('refuses operators too: they do not broadcast', async () => {
    const operator = await buildAccount(t, { role: 'operator' });
    expect((await t.call(INFO, {}, { cookie: operator.cookie })).body.rslt_cd).toBe(ResultCode.STREAM_BJ_ONLY);
  });

  it('refuses state-changing calls without the API headers before anything changes', async () => {
    const bj = await buildBj();
    const res = await t.post(SETTINGS, { title: '헤더 없음' }, { cookie: bj.cookie, headers: false });
    expect(res.status).toBe(403);
    expect(res.body.rslt_cd).toBe(ResultCode.API_HEADERS_REQUIRED);
    expect(await settingRow(bj.userKey)).toBeUndefined();
  });
});

describe('the stream key', () => {
  it('is created on the first read, then stays the same; masked unless reveal=Y', async () => {
    const bj = await buildBj({ nick: `방송${randomBytes(3).toString('hex')}` });
    expect(await keyRow(bj.userKey)).toBeUndefined();

    const first = await info(bj.cookie);
    expect(first.response.headers.get('cache-control')).toBe('no-store');
    const row = await keyRow(bj.userKey);
    expect(row?.streamKey).toMatch(/^[\w-]{32}$/);
    const key = row?.streamKey as string;
    expect(first.body.rslt_set).toMatchObject({
      rtmp_url: RTMP,
      stream_key: `${key.slice(0, 4)}${'•'.repeat(28)}`,
      revealed_yn: 'N',
      sanctioned_until: null,
      adult_verified_yn: 'N',
      live: null,
      settings: { title: `${bj.nick}의 방송`, tags: [], qualities: ['high'], adult_yn: 'N', record_yn: 'Y', login_required_yn: 'N' },
    });
    expect(JSON.stringify(first.body)).not.toContain(key);

    const revealed = await info(bj.cookie, true);
    expect(revealed.body.rslt_set.stream_key).toBe(key);
    expect(revealed.body.rslt_set.revealed_yn).toBe('Y');
    expect(revealed.response.headers.get('cache-control')).toBe('no-store');

    // Concurrent reads agree on the one key.
    const again = await Promise.all([info(bj.cookie, true), info(bj.cookie, true), info(bj.cookie)]);
    expect(again.slice(0, 2).map((r) => r.body.rslt_set.stream_key)).toEqual([key, key]);
    expect((await sql(t, 'select count(*)::int as n from stream_key where user_key = $1', [bj.userKey]))[0]).toEqual({ n: 1 });
  });

  it('regenerates: a new key, the old one gone from the database at once, and a stream_key bus message', async () => {
    const bj = await buildBj();
    const old = (await info(bj.cookie, true)).body.rslt_set.stream_key;
    const bus = await listen<StreamKeyMessage>('stream_key');
    try {
      const res = await t.call(REGENERATE, { reveal: 'Y' }, { cookie: bj.cookie });
      expect(res.body.rslt_cd).toBe(0);
      expect(res.response.headers.get('cache-control')).toBe('no-store');
      const fresh = res.body.rslt_set.stream_key;
      expect(fresh).toMatch(/^[\w-]{32}$/);
      expect(fresh).not.toBe(old);
      expect((await keyRow(bj.userKey))?.streamKey).toBe(fresh);
      expect(await sql(t, 'select 1 from stream_key where stream_key = $1', [old])).toEqual([]);
      await expect.poll(() => bus.got).toContainEqual({ user_key: bj.userKey });
      expect((await info(bj.cookie, true)).body.rslt_set.stream_key).toBe(fresh);

      // Without reveal the answer masks the new key.
      const masked = await t.call(REGENERATE, {}, { cookie: bj.cookie });
      const newest = (await keyRow(bj.userKey))?.streamKey as string;
      expect(masked.body.rslt_set.stream_key).toBe(`${newest.slice(0, 4)}${'•'.repeat(28)}`);
    } finally {
      await bus.stop();
    }
  });

  it('limits regenerations per account (429, retry in minutes), keeping the last key', async () => {
    const bj = await buildBj();
    for (let i = 0; i < STREAM_KEY_RATE.max; i++) {
      expect((await t.call(REGENERATE, {}, { cookie: bj.cookie })).body.rslt_cd).toBe(0);
    }
    const kept = (await keyRow(bj.userKey))?.streamKey;
    const res = await t.call(REGENERATE, {}, { cookie: bj.cookie, lang: 'en' });
    expect(res.status).toBe(429);
    expect(res.body.rslt_cd).toBe(ResultCode.RATE_LIMITED);
    expect(res.body.rslt_msg).toMatch(/^Please try again in \d+ minutes\.$/);
    expect((await keyRow(bj.userKey))?.streamKey).toBe(kept);
  });

  it('shows an operator sanction still running', async () => {
    const bj = await buildBj();
    await info(bj.cookie);
    const until = new Date(Date.now() + 3600_000);
    await t.database.db.update(streamKey).set({ sanctionedUntil: until }).where(eq(streamKey.userKey, bj.userKey));
    expect((await info(bj.cookie)).body.rslt_set.sanctioned_until).toBe(until.toISOString());
    await t.database.db
      .update(streamKey)
      .set({ sanctionedUntil: new Date(Date.now() - 1000) })
      .where(eq(streamKey.userKey, bj.userKey));
    expect((await info(bj.cookie)).body.rslt_set.sanctioned_until).toBeNull();
  });
});

describe('POST /v1/mypage/update_stream_settinge_proc', () => {
  it('saves every field; what is not sent stays; tags are trimmed and de-duplicated; high is always a quality', async () => {
    const bj = await buildBj();
    const res = await t.post<StreamInfo>(
      SETTINGS,
      {
        title: '  오늘의 K-POP 커버  ',
        tags: 'K-POP, 댄스 ,k-pop,,커버',
        qualities: 'low',
        record_yn: 'N',
        login_required_yn: 'Y',
        adult_yn: 'N',
      },
      { cookie: bj.cookie },
    );
    expect(res.body.rslt_cd, res.body.rslt_msg).toBe(0);
    const saved = {
      title: '오늘의 K-POP 커버',
      tags: ['K-POP', '댄스', '커버'],
      qualities: ['high', 'low'],
      adult_yn: 'N',
      record_yn: 'N',
      login_required_yn: 'Y',
      mc: null,
    };
    expect(res.body.rslt_set.settings).toEqual(saved);
    expect((await info(bj.cookie)).body.rslt_set.settings).toEqual(saved);
    expect(await settingRow(bj.userKey)).toMatchObject({
      title: saved.title,
      tags: saved.tags,
      qualities: saved.qualities,
      recordYn: false,
    });

    // Repeated keys work as lists too; only the title and the qualities change here.
    const body = new URLSearchParams([
      ['title', '두 번째'],
      ['qualities', 'normal'],
      ['qualities', 'high'],
    ]);
    const second = await fetch(`${t.url}${SETTINGS}`, {
      method: 'POST',
      body,
      headers: { cookie: bj.cookie, 'x-api-mode': 'TRUE', 'x-requested-with': 'xmlhttprequest' },
    });
    const answer = (await second.json()) as { rslt_cd: number; rslt_set: StreamInfo };
    expect(answer.rslt_cd).toBe(0);
    expect(answer.rslt_set.settings).toEqual({ ...saved, title: '두 번째', qualities: ['high', 'normal'] });

    // An empty tags value clears them.
    const cleared = await t.post<StreamInfo>(SETTINGS, { title: '세 번째', tags: '' }, { cookie: bj.cookie });
    expect(cleared.body.rslt_set.settings.tags).toEqual([]);
  });

  const refusals: Array<[string, Record<string, string>, string, keyof typeof ResultCode, string]> = [
    ['no title', { tags: 'a' }, 'title', 'STREAM_TITLE_REQUIRED', 'Please enter a broadcast title.'],
    ['an empty title', { title: '' }, 'title', 'STREAM_TITLE_REQUIRED', 'Please enter a broadcast title.'],
    ['a blank title', { title: '   \t ' }, 'title', 'STREAM_TITLE_REQUIRED', 'Please enter a broadcast title.'],
    [
      'a 61-character title',
      { title: '가'.repeat(61) },
      'title',
      'STREAM_TITLE_LENGTH',
      'The broadcast title can be at most 60 characters.',
    ],
    ['six tags', { title: 'x', tags: 'a,b,c,d,e,f' }, 'tags', 'STREAM_TAGS_LIMIT', 'Up to 5 tags, each at most 20 characters.'],
    [
      'a 21-character tag',
      { title: 'x', tags: `ok,${'t'.repeat(21)}` },
      'tags',
      'STREAM_TAGS_LIMIT',
      'Up to 5 tags, each at most 20 characters.',
    ],
    [
      'an unknown quality',
      { title: 'x', qualities: 'high,ultra' },
      'qualities',
      'STREAM_QUALITY_INVALID',
      'Choose quality levels among high, normal and low.',
    ],
    ['adult_yn=yes', { title: 'x', adult_yn: 'yes' }, 'adult_yn', 'INVALID_INPUT', 'Invalid value: Adult broadcast'],
    ['record_yn=1', { title: 'x', record_yn: '1' }, 'record_yn', 'INVALID_INPUT', 'Invalid value: Recording'],
    [
      'login_required_yn=<script>',
      { title: 'x', login_required_yn: '<script>' },
      'login_required_yn',
      'INVALID_INPUT',
      'Invalid value: Sign-in required',
    ],
  ];
  for (const [name, body, field, code, message] of refusals) {
    it(`refuses ${name} (${code} naming ${field}) and changes nothing`, async () => {
      const bj = await buildBj();
      const before = (await info(bj.cookie)).body.rslt_set;
      const res = await t.post(SETTINGS, body, { cookie: bj.cookie, lang: 'en' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['rslt_cd', 'rslt_msg', 'rslt_set']);
      expect(res.body.rslt_cd).toBe(ResultCode[code]);
      expect((res.body.rslt_set as { field: string }).field).toBe(field);
      expect(res.body.rslt_msg).toBe(message);
      expect((await info(bj.cookie)).body.rslt_set).toEqual(before);
    });
  }

  it('answers the field messages in Korean by default', async () => {
    const bj = await buildBj();
    const res = await t.post(SETTINGS, { title: '가'.repeat(61) }, { cookie: bj.cookie });
    expect(res.body.rslt_msg).toBe('방송 제목은 60자까지 입력할 수 있습니다.');
  });

  it('lets only an adult-verified account turn adult broadcast on', async () => {
    const bj = await buildBj();
    const res = await t.post(SETTINGS, { title: '성인 방송', adult_yn: 'Y' }, { cookie: bj.cookie, lang: 'en' });
    expect(res.body.rslt_cd).toBe(ResultCode.STREAM_ADULT_NEEDS_VERIFY);
    expect(res.body.rslt_set).toEqual({ field: 'adult_yn' });
    expect(res.body.rslt_msg).toBe('Only an adult-verified account can set an adult broadcast.');
    const settings = (await info(bj.cookie)).body.rslt_set.settings;
    expect(settings.adult_yn).toBe('N');
    expect(settings.title).not.toBe('성인 방송');

    const adult = await buildBj({ adultVerifiedAt: new Date() });
    const ok = await t.post<StreamInfo>(SETTINGS, { title: '성인 방송', adult_yn: 'Y' }, { cookie: adult.cookie });
    expect(ok.body.rslt_cd).toBe(0);
    expect(ok.body.rslt_set.settings.adult_yn).toBe('Y');
    expect(ok.body.rslt_set.adult_verified_yn).toBe('Y');
  });

  it('updates the live broadcast at once and announces it on the live bus channel', async () => {
    const bj = await buildBj({ adultVerifiedAt: new Date() });
    const vodKey = `st${randomBytes(6).toString('hex')}`;
    await buildBroadcast(t.database.db, bj.userKey, { vodKey, title: '처음 제목', tags: ['old'] });
    const ended = `st${randomBytes(6).toString('hex')}`;
    await buildBroadcast(t.database.db, bj.userKey, { vodKey: ended, title: '지난 방송', state: 'ended', endedAt: new Date() });
    expect((await info(bj.cookie)).body.rslt_set.live).toMatchObject({ vod_key: vodKey, title: '처음 제목' });

    const bus = await listen<LiveBusMessage>('live');
    try {
      const res = await t.post<StreamInfo>(
        SETTINGS,
        { title: '바뀐 제목', tags: '새 태그', adult_yn: 'Y', login_required_yn: 'Y', qualities: 'high,normal,low', record_yn: 'N' },
        { cookie: bj.cookie },
      );
      expect(res.body.rslt_cd).toBe(0);
      expect(res.body.rslt_set.live).toMatchObject({ vod_key: vodKey, title: '바뀐 제목' });
      await expect.poll(() => bus.got).toContainEqual({ type: 'updated', vod_key: vodKey, bj_user_key: bj.userKey });
    } finally {
      await bus.stop();
    }
    const [live] = await t.database.db.select().from(broadcast).where(eq(broadcast.vodKey, vodKey));
    expect(live).toMatchObject({ title: '바뀐 제목', tags: ['새 태그'], adultYn: true, loginRequiredYn: true, qualities: ['high'] });
    const [past] = await t.database.db.select().from(broadcast).where(eq(broadcast.vodKey, ended));
    expect(past).toMatchObject({ title: '지난 방송', adultYn: false });
    await t.database.db.delete(broadcast).where(eq(broadcast.bjUserKey, bj.userKey));
  });

  it('names the broadcast’s MC: another active BJ, shown in the play room with sn and user_key; 0 clears it', async () => {
    const program = await buildBj({ bjTypeCd: 'program' });
    const mc = await buildBj();
    const viewer = await buildAccount(t);
    const vodKey = `mc${randomBytes(6).toString('hex')}`;
    const live = await buildBroadcast(t.database.db, program.userKey, { vodKey, title: '음악 프로그램' });
    for (const bad of [viewer.userKey, program.userKey, 987_654_321]) {
      const res = await t.post(SETTINGS, { title: '음악 프로그램', mc_user_key: String(bad) }, { cookie: program.cookie, lang: 'ko' });
      expect(res.body.rslt_cd).toBe(ResultCode.STREAM_MC_INVALID);
      expect(res.body.rslt_set).toEqual({ field: 'mc_user_key' });
    }
    const set = await t.post<StreamInfo>(SETTINGS, { title: '음악 프로그램', mc_user_key: String(mc.userKey) }, { cookie: program.cookie });
    expect(set.body.rslt_set.settings.mc).toEqual({ user_key: mc.userKey, id: mc.id, nick: mc.nick, profile_image: '' });
    // The live broadcast takes the MC at once; the play room names it (SPEC §3 selected mc: sn and user_key).
    const play = await t.get<{ mc: unknown }>(`/v1/pubapi/play_info?vod_key=${vodKey}`);
    expect(play.body.rslt_set.mc).toEqual({ sn: live.broadcastSn, user_key: mc.userKey, id: mc.id, nick: mc.nick, profile_image: '' });
    // What is not sent stays; 0 clears.
    expect(
      (await t.post<StreamInfo>(SETTINGS, { title: '음악 프로그램 2' }, { cookie: program.cookie })).body.rslt_set.settings.mc,
    ).not.toBeNull();
    const cleared = await t.post<StreamInfo>(SETTINGS, { title: '음악 프로그램', mc_user_key: '0' }, { cookie: program.cookie });
    expect(cleared.body.rslt_set.settings.mc).toBeNull();
    expect((await t.get<{ mc: unknown }>(`/v1/pubapi/play_info?vod_key=${vodKey}`)).body.rslt_set.mc).toBeNull();
    await t.database.db.delete(broadcast).where(eq(broadcast.bjUserKey, program.userKey));
  });
});

describe('the RTMP URL', () => {
  it('GET /v1/pubapi/stream_guide_info answers it to anyone', async () => {
    const res = await t.call(streamEndpoints.guideInfo);
    expect(res.body).toMatchObject({ rslt_cd: 0, rslt_set: { rtmp_url: RTMP } });
  });

  it('defaults to the public host and the RTMP port', () => {
    const config = (env: Record<string, string>) => loadConfig({ ...env });
    expect(rtmpPublicUrl(config({}))).toBe('rtmp://127.0.0.1:1935/live');
    expect(rtmpPublicUrl(config({ HOST: '0.0.0.0' }))).toBe('rtmp://127.0.0.1:1935/live');
    expect(rtmpPublicUrl(config({ HOST: '0.0.0.0', PUBLIC_URL: 'https://byeol.example:8443' }))).toBe('rtmp://byeol.example:1935/live');
    expect(rtmpPublicUrl(config({ PUBLIC_URL: 'https://byeol.example', RTMP_PORT: '19350' }))).toBe('rtmp://byeol.example:19350/live');
    expect(rtmpPublicUrl(config({ RTMP_PUBLIC_URL: 'rtmp://ingest.byeol.example/live/' }))).toBe('rtmp://ingest.byeol.example/live');
  });
});
