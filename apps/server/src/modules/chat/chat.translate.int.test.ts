import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CaptionChatEventData, ChatEvent, type ChatTokenSet, type Lang } from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/app.js';
import { buildBroadcast } from '../../testing/builders.js';
import { ChatClient, chatToken, chatTokenCall, type Frame, isMsg, isOutside } from '../../testing/chat-client.js';
import { buildAccount, unique } from '../../testing/members.js';
import { verifyChatToken } from './chat.token.js';

/**
 * Chat translation end to end (docs/chat-protocol.md, "Translation and captions"): the real server (api +
 * chat roles, in-memory bus), real PostgreSQL, real WebSocket clients. The glossary adapter in a room;
 * the http adapter against a LibreTranslate-like peer this file runs on a local port (and its failures).
 */
const SECRET = 'byeol-development-chat-token-secret';
type Account = Awaited<ReturnType<typeof buildAccount>>;

const clients: ChatClient[] = [];
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
});

const settings = (translation: boolean) => ({ adult_broadcast: false, viewer_count: true, translation });

async function member(t: TestApp, translation: boolean): Promise<Account> {
  return buildAccount(t, { settings: settings(translation) });
}

async function newRoom(t: TestApp) {
  const bj = await buildAccount(t, { typeCd: 'bj', role: 'bj' });
  const vk = unique('tr');
  await buildBroadcast(t.database.db, bj.userKey, { vodKey: vk, title: `번역 ${vk}` });
  return vk;
}

/** A socket joined to `vk` as `who` (a guest without) with the interface language `lang`. */
async function joined(t: TestApp, vk: string, who: Account | null, lang: Lang): Promise<ChatClient> {
  const c = await ChatClient.connect(t.url, { lang });
  clients.push(c);
  const answer = await c.join(await chatToken(t, vk, who?.cookie, lang), vk);
  if (answer.result !== 1) throw new Error(`join failed: ${JSON.stringify(answer)}`);
  return c;
}

const isCaption = isOutside(ChatEvent.CAPTION);
const captionOf = (mid: string) => (f: Frame) => isCaption(f) && f.param?.data?.mid === mid;

describe('glossary translation in a room', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ roles: ['api', 'chat'], env: { REDIS_URL: '', TRANSLATOR: 'glossary' } });
  });
  afterAll(async () => t?.close());

  it('signs the member translation setting into the chat token (guests: off)', async () => {
    const vk = await newRoom(t);
    const on = await member(t, true);
    const off = await member(t, false);
    const claims = async (who?: Account) =>
      verifyChatToken(SECRET, ((await chatTokenCall(t, vk, who?.cookie, 'en')).rslt_set as ChatTokenSet).us);
    expect(await claims(on)).toMatchObject({ uk: on.userKey, lg: 'en', tr: 1 });
    expect(await claims(off)).toMatchObject({ uk: off.userKey, lg: 'en', tr: 0 });
    expect(await claims()).toMatchObject({ uk: 0, tr: 0 });
  });

  it('sends a ko message translated to the members who want it, after the original, and to no one else', async () => {
    const vk = await newRoom(t);
    const writer = await member(t, false);
    const enOn = await member(t, true);
    const enOff = await member(t, false);
    const jaOn = await member(t, true);
    const zhOn = await member(t, true);
    const koOn = await member(t, true);
    const w = await joined(t, vk, writer, 'ko');
    const en = await joined(t, vk, enOn, 'en');
    const enPlain = await joined(t, vk, enOff, 'en');
    const ja = await joined(t, vk, jaOn, 'ja');
    const zh = await joined(t, vk, zhOn, 'zh-CN');
    const ko = await joined(t, vk, koOn, 'ko');
    const guest = await joined(t, vk, null, 'en');
    const marks = [en, enPlain, ja, zh, ko, guest].map((c) => c.mark());

    const text = '오빠 사랑해 ㅋㅋㅋㅋ';
    expect(await w.send(text)).toMatchObject({ result: 1 });
    const original = await en.waitFor(isMsg(text), { from: marks[0] });
    const mid = original.param.mid as string;

    const caption = await en.waitFor(captionOf(mid), { from: marks[0] });
    expect(caption.param).toMatchObject({
      code: ChatEvent.CAPTION,
      m: 'oppa I love you lol',
      data: { mid, orig: text, source: 'ko', target: 'en', engine: 'glossary' } satisfies CaptionChatEventData,
    });
    // The original first, its translation behind it.
    expect(en.frames.indexOf(original)).toBeLessThan(en.frames.indexOf(caption));
    expect((await ja.waitFor(captionOf(mid))).param).toMatchObject({ m: 'オッパ 愛してる 笑', data: { target: 'ja' } });
    expect((await zh.waitFor(captionOf(mid))).param).toMatchObject({ m: '欧巴 我爱你 哈哈哈', data: { target: 'zh-CN' } });

    // Setting off, the message's own language, a guest: the original only.
    for (const c of [enPlain, ko, guest]) await c.waitFor(isMsg(text));
    await Promise.all([enPlain, ko, guest, w].map((c) => c.expectNone(isCaption, 300)));
  });

  it('translates other directions, and leaves a message the glossary does not cover untranslated', async () => {
    const vk = await newRoom(t);
    const enWriter = await member(t, true);
    const koOn = await member(t, true);
    const w = await joined(t, vk, enWriter, 'en');
    const ko = await joined(t, vk, koOn, 'ko');

    await w.send('Hi everyone, I LOVE YOU!');
    const mid = (await ko.waitFor(isMsg('Hi everyone, I LOVE YOU!'))).param.mid as string;
    expect((await ko.waitFor(captionOf(mid))).param).toMatchObject({
      m: '안녕하세요 여러분, 사랑해!',
      data: { source: 'en', target: 'ko' },
    });

    const from = ko.mark();
    await w.send('The weather is nice today');
    await ko.waitFor(isMsg('The weather is nice today'), { from });
    await ko.expectNone(isCaption, 300);
  });

  it('follows a changed setting from the next join', async () => {
    const vk = await newRoom(t);
    const writer = await member(t, false);
    const me = await member(t, false);
    const w = await joined(t, vk, writer, 'ko');
    const first = await joined(t, vk, me, 'en');
    await w.send('화이팅');
    await first.waitFor(isMsg('화이팅'));
    await first.expectNone(isCaption, 300);

    const changed = await t.post('/v1/mypage/setting_proc', { translation_yn: 'Y' }, { cookie: me.cookie });
    expect(changed.body.rslt_set).toMatchObject({ translation_yn: 'Y' });
    await first.close();
    const again = await joined(t, vk, me, 'en');
    await w.send('최고');
    const mid = (await again.waitFor(isMsg('최고'))).param.mid as string;
    expect((await again.waitFor(captionOf(mid))).param.m).toBe('the best');
  });
});

describe('http translation (a LibreTranslate-compatible peer)', () => {
  let t: TestApp;
  let peer: http.Server;
  const requests: Array<Record<string, unknown>> = [];
  let mode: 'ok' | 'error' | 'slow' = 'ok';
  const logs: string[] = [];

  beforeAll(async () => {
    peer = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        const q = JSON.parse(body) as Record<string, unknown>;
        requests.push({ path: req.url, ...q });
        if (mode === 'error') {
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"model not loaded"}');
        } else if (mode === 'slow') {
          setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"translatedText":"late"}'), 1500);
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: `[${q.target}] ${q.q}` }));
        }
      });
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    t = await startTestApp({
      roles: ['api', 'chat'],
      env: { REDIS_URL: '', TRANSLATOR: 'http', TRANSLATOR_URL: url, TRANSLATOR_TIMEOUT_MS: '300' },
      logLines: (line) => logs.push(line),
    });
  });
  afterAll(async () => {
    await t?.close();
    peer.closeAllConnections();
    await new Promise((resolve) => peer.close(resolve));
  });

  it('asks the service once per text and language and sends its answer as the caption', async () => {
    mode = 'ok';
    const vk = await newRoom(t);
    const w = await joined(t, vk, await member(t, false), 'ko');
    const en = await joined(t, vk, await member(t, true), 'en');
    const zh = await joined(t, vk, await member(t, true), 'zh-CN');
    const before = requests.length;
    await w.send('오늘 무대 정말 좋았어요');
    const mid = (await en.waitFor(isMsg('오늘 무대 정말 좋았어요'))).param.mid as string;
    expect((await en.waitFor(captionOf(mid))).param).toMatchObject({
      m: '[en] 오늘 무대 정말 좋았어요',
      data: { mid, source: 'ko', target: 'en', engine: 'http' },
    });
    expect((await zh.waitFor(captionOf(mid))).param.m).toBe('[zh] 오늘 무대 정말 좋았어요');
    const asked = requests.slice(before);
    expect(asked).toHaveLength(2);
    expect(asked).toContainEqual({ path: '/translate', q: '오늘 무대 정말 좋았어요', source: 'ko', target: 'en', format: 'text' });
    expect(asked).toContainEqual({ path: '/translate', q: '오늘 무대 정말 좋았어요', source: 'ko', target: 'zh', format: 'text' });

    // The same text again: from the cache, no request.
    const from = en.mark();
    await w.send('오늘 무대 정말 좋았어요');
    const mid2 = (await en.waitFor(isMsg('오늘 무대 정말 좋았어요'), { from })).param.mid as string;
    expect((await en.waitFor(captionOf(mid2), { from })).param.m).toBe('[en] 오늘 무대 정말 좋았어요');
    expect(requests.length).toBe(before + 2);
  });

  it('delivers the original when the service fails or is too slow, and logs the failure once', async () => {
    const vk = await newRoom(t);
    const w = await joined(t, vk, await member(t, false), 'ko');
    const en = await joined(t, vk, await member(t, true), 'en');

    mode = 'error';
    const logged = logs.length;
    await w.send('첫 번째 실패');
    await en.waitFor(isMsg('첫 번째 실패'));
    await en.expectNone(isCaption, 400);

    mode = 'slow';
    const sentAt = Date.now();
    await w.send('두 번째는 느림');
    await en.waitFor(isMsg('두 번째는 느림'));
    // The original never waits for its translation (the service answers after 1.5 s, given up after 300 ms).
    expect(Date.now() - sentAt).toBeLessThan(1000);
    await en.expectNone(isCaption, 1700);

    const failures = logs.slice(logged).filter((l) => l.includes('chat translation failed'));
    expect(failures).toHaveLength(1);
    expect(JSON.parse(failures[0] as string)).toMatchObject({ level: 40, translator: 'http' });

    // Back up: the next message is translated again.
    mode = 'ok';
    await w.send('세 번째');
    const mid = (await en.waitFor(isMsg('세 번째'))).param.mid as string;
    expect((await en.waitFor(captionOf(mid))).param.m).toBe('[en] 세 번째');
  });
});

describe('two chat nodes over Redis', () => {
  const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Same file, same REDIS_PREFIX: the two apps' chat nodes share the room over the bus.
    [a, b] = (await Promise.all(
      [0, 1].map(() => startTestApp({ roles: ['api', 'chat'], env: { REDIS_URL, TRANSLATOR: 'glossary' } })),
    )) as [TestApp, TestApp];
  });
  afterAll(async () => {
    await Promise.allSettled([a?.close(), b?.close()]);
  });

  it('each node translates a room message for its own members, whichever node it was written on', async () => {
    const vk = await newRoom(a);
    const w = await joined(a, vk, await member(a, false), 'ko');
    const enHere = await joined(a, vk, await member(a, true), 'en');
    const jaThere = await joined(b, vk, await member(a, true), 'ja');
    const offThere = await joined(b, vk, await member(a, false), 'ja');
    // Node b has heard of node a's room before the message (its join subscribed it to the room's channel).
    await new Promise((r) => setTimeout(r, 200));
    await w.send('컴백 축하해요');
    const mid = (await jaThere.waitFor(isMsg('컴백 축하해요'))).param.mid as string;
    expect((await jaThere.waitFor(captionOf(mid))).param).toMatchObject({ m: 'カムバおめでとう', data: { mid, target: 'ja' } });
    expect((await enHere.waitFor(captionOf(mid))).param.m).toBe('happy comeback');
    await offThere.waitFor(isMsg('컴백 축하해요'));
    await offThere.expectNone(isCaption, 300);
    // One caption per member: the node the message was written on does not translate for the other's sockets.
    await new Promise((r) => setTimeout(r, 300));
    expect(jaThere.frames.filter(captionOf(mid))).toHaveLength(1);
    expect(enHere.frames.filter(captionOf(mid))).toHaveLength(1);
  });
});
