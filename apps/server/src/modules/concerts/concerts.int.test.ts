import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  CONCERT_WAITING_STREAM_PATH,
  type ConcertWaitingEvent,
  chatEndpoints,
  concertsEndpoints,
  type Endpoint,
  editorialEndpoints,
  LIVE_BUS_CHANNEL,
  type PlayInfo,
  ResultCode,
  type ResultCodeName,
} from '@byeol/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMediaToken } from '../../platform/media-token.js';
import { type CallOptions, startTestApp, type TestApp } from '../../testing/app.js';
import { balancesOf, buildBj, buildBroadcast, buildOperator, buildViewer } from '../../testing/builders.js';
import { sql } from '../../testing/members.js';
import { mediaFilesRoutes } from '../media/media.files.js';
import { verifyLedger } from '../wallet/wallet.verify.js';
import { verifyTickets } from './concerts.verify.js';

/**
 * Issue 22: concerts and tickets through the real calls against PostgreSQL (docs/concerts.md): the console's
 * checks, tickets exact under concurrency through the ledger, refunds, the concert-only stream with its
 * media token, replay days and plays, the waiting room's events, and the switch.
 */
const SECRET = process.env.CHAT_TOKEN_SECRET ?? 'byeol-development-chat-token-secret';
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'byeol-concerts-'));
  t = await startTestApp({
    env: { DATA_DIR: dataDir },
    extend: async (app, database) => {
      await app.register(mediaFilesRoutes, { mediaRoot: path.join(dataDir, 'media'), db: database.db, mediaSecret: SECRET });
    },
  });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

type Member = Awaited<ReturnType<typeof buildViewer>>;
const e = concertsEndpoints;
const as = (m: Member | null) => (m ? { cookie: m.cookie } : {});
const code = (name: ResultCodeName) => ResultCode[name];
const MIN = 60_000;
/** A KST `YYYY-MM-DDTHH:mm` `minutes` from now, as the console's inputs send it. */
const kst = (minutes: number) => new Date(Date.now() + minutes * MIN + 9 * 60 * MIN).toISOString().slice(0, 16);
const iso = (minutes: number) => new Date(Date.now() + minutes * MIN).toISOString();
/** `t.call` with numbers and undefined fields as a form carries them. */
const call = <E extends Endpoint>(ep: E, input: Record<string, unknown> = {}, o?: CallOptions) =>
  t.call(ep, Object.fromEntries(Object.entries(input).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))), o);
let keyNo = 0;
const key = () => `k-${Date.now()}-${++keyNo}`;

async function createConcert(operator: Member, bjId: string, over: Record<string, unknown> = {}) {
  const saved = await call(
    e.adminProc,
    { title: '별빛 콘서트', bj_id: bjId, price: 5_000, starts_at: iso(120), ends_at: iso(240), lineup: '하나, 두리\n세나', ...over },
    as(operator),
  );
  expect(saved.body.rslt_cd, saved.body.rslt_msg).toBe(0);
  return saved.body.rslt_set;
}

describe('the console', () => {
  it('creates and edits concerts with every field checked, audited, and lists them on the right tab', async () => {
    const operator = await buildOperator(t);
    const bj = await buildBj(t);
    const viewer = await buildViewer(t);
    const base = { title: '콘서트', bj_id: bj.id, price: 1000, starts_at: kst(60), ends_at: kst(180) };
    expect((await call(e.adminProc, base, as(viewer))).body.rslt_cd).toBe(code('FORBIDDEN'));
    const refusals: Array<[Record<string, unknown>, ResultCodeName, string]> = [
      [{ title: ' ' }, 'CONCERT_TITLE_REQUIRED', 'title'],
      [{ bj_id: 'nobody_here' }, 'CONCERT_BJ_NOT_FOUND', 'bj_id'],
      [{ bj_id: viewer.id }, 'CONCERT_BJ_NOT_FOUND', 'bj_id'],
      [{ starts_at: '2026-13-45 99:00' }, 'CONCERT_DATE_INVALID', 'starts_at'],
      [{ ends_at: kst(65) }, 'CONCERT_TIMES_INVALID', 'ends_at'],
      [{ ends_at: kst(30) }, 'CONCERT_TIMES_INVALID', 'ends_at'],
    ];
    for (const [over, name, field] of refusals) {
      const res = await call(e.adminProc, { ...base, ...over }, as(operator));
      expect(res.body.rslt_cd, `${JSON.stringify(over)}: ${res.body.rslt_msg}`).toBe(code(name));
      expect((res.body.rslt_set as unknown as { field?: string }).field).toBe(field);
    }
    const made = (await call(e.adminProc, { ...base, lineup: '하나, 두리\n세나', doors_minutes: 30 }, as(operator))).body.rslt_set;
    expect(made).toMatchObject({ title: '콘서트', price: 1000, lineup: ['하나', '두리', '세나'], state: 'scheduled', ticket_cnt: 0 });
    // KST input: the start is 60 minutes from now, the doors 30 before it.
    expect(Math.abs(Date.parse(made.starts_at) - (Date.now() + 60 * MIN))).toBeLessThan(2 * MIN);
    expect(Date.parse(made.starts_at) - Date.parse(made.doors_at)).toBe(30 * MIN);
    // One BJ's windows never overlap.
    expect((await call(e.adminProc, { ...base, title: '겹침' }, as(operator))).body.rslt_cd).toBe(code('CONCERT_OVERLAP'));
    const edited = await call(e.adminProc, { ...base, concert_sn: made.concert_sn, price: 2500, title: '콘서트 (수정)' }, as(operator));
    expect(edited.body.rslt_set).toMatchObject({ concert_sn: made.concert_sn, price: 2500, title: '콘서트 (수정)' });

    const upcoming = (await call(e.list, { tab: 'upcoming', limit: 100 })).body.rslt_set.data_list;
    expect(upcoming.map((c) => c.concert_sn)).toContain(made.concert_sn);
    expect((await call(e.list, { tab: 'past', limit: 100 })).body.rslt_set.data_list.map((c) => c.concert_sn)).not.toContain(
      made.concert_sn,
    );
    const audit = await sql<{ action: string }>(t, 'select action from concert_audit where target_sn = $1 order by audit_sn', [
      made.concert_sn,
    ]);
    expect(audit.map((a) => a.action)).toEqual(['concert_create', 'concert_save']);
  });
});

describe('tickets', () => {
  it('100 concurrent buyers with STAR for 60 get exactly 60 tickets; one per account; the ledger balances', async () => {
    const operator = await buildOperator(t);
    const bj = await buildBj(t);
    const concert = await createConcert(operator, bj.id, { price: 3_000 });
    const rich = await Promise.all(Array.from({ length: 60 }, () => buildViewer(t, { star: 3_000 })));
    const poor = await Promise.all(Array.from({ length: 40 }, () => buildViewer(t, { star: 2_999 })));
    const buyers = [...rich, ...poor];
    const answers = await Promise.all(buyers.map((b) => call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(b))));
    expect(answers.filter((a) => a.body.rslt_cd === 0)).toHaveLength(60);
    expect(answers.filter((a) => a.body.rslt_cd === code('WALLET_INSUFFICIENT'))).toHaveLength(40);
    // STAR in the caller's site term, not the ledger's code.
    expect(answers.find((a) => a.body.rslt_cd !== 0)?.body.rslt_msg).toContain('부족');
    for (const b of rich) expect((await balancesOf(t, b.userKey)).STAR).toBe(0);
    for (const b of poor) expect((await balancesOf(t, b.userKey)).STAR).toBe(2_999);
    const info = (await call(e.info, { concert_sn: concert.concert_sn }, as(rich[0] as Member))).body.rslt_set;
    expect(info.ticket_cnt).toBe(60);
    expect(info.my_ticket).toMatchObject({ state: 'valid', price: 3_000 });

    // One account racing itself with two keys: one ticket, the other refused and its posting rolled back.
    const twice = await buildViewer(t, { star: 10_000 });
    const race = await Promise.all(
      [key(), key(), key()].map((k) => call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: k }, as(twice))),
    );
    expect(race.filter((a) => a.body.rslt_cd === 0)).toHaveLength(1);
    expect(race.filter((a) => a.body.rslt_cd === code('CONCERT_TICKET_OWNED'))).toHaveLength(2);
    expect((await balancesOf(t, twice.userKey)).STAR).toBe(7_000);
    // A retry with the first key answers the first purchase.
    const first = race.find((a) => a.body.rslt_cd === 0)?.body.rslt_set;
    const firstKey = (await sql<{ idem_key: string }>(t, 'select idem_key from wallet_txn where txn_id = $1', [first?.txn_id]))[0]
      ?.idem_key;
    const retried = await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: firstKey }, as(twice));
    expect(retried.body.rslt_set).toMatchObject({ txn_id: first?.txn_id, ticket: { ticket_sn: first?.ticket.ticket_sn } });
    expect((await balancesOf(t, twice.userKey)).STAR).toBe(7_000);
    expect((await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() })).body.rslt_cd).toBe(code('LOGIN_REQUIRED'));

    const report = await verifyLedger(t.database.pool);
    expect(report.ok, JSON.stringify({ drift: report.drift.slice(0, 3), unbalanced: report.unbalanced })).toBe(true);
    expect(await verifyTickets(t.database.pool)).toMatchObject({ ok: true });
    // The tickets' check sees a counter or a ticket that disagrees with the ledger.
    await sql(t, 'update concert set ticket_cnt = ticket_cnt + 1 where concert_sn = $1', [concert.concert_sn]);
    const paid = (
      await sql<{ ticket_sn: number }>(t, "select ticket_sn from concert_ticket where concert_sn = $1 and state = 'valid' limit 1", [
        concert.concert_sn,
      ])
    )[0];
    await sql(t, 'update concert_ticket set price = price + 1 where ticket_sn = $1', [paid?.ticket_sn]);
    const drift = await verifyTickets(t.database.pool);
    expect(drift).toMatchObject({ ok: false, miscounted_concerts: [concert.concert_sn], unpaid_tickets: [Number(paid?.ticket_sn)] });
    await sql(t, 'update concert set ticket_cnt = ticket_cnt - 1 where concert_sn = $1', [concert.concert_sn]);
    await sql(t, 'update concert_ticket set price = price - 1 where ticket_sn = $1', [paid?.ticket_sn]);
    expect((await verifyTickets(t.database.pool)).ok).toBe(true);
    const mine = (await call(e.detailsConcert, {}, as(twice))).body.rslt_set.data_list;
    expect(mine[0]).toMatchObject({ concert_sn: concert.concert_sn, state: 'valid', concert: { title: '별빛 콘서트' } });
  });

  it('operators refund a ticket or cancel the concert before the start; the STAR comes back exactly', async () => {
    const operator = await buildOperator(t);
    const bj = await buildBj(t);
    const concert = await createConcert(operator, bj.id, { price: 2_000 });
    const a = await buildViewer(t, { star: 5_000 });
    const b = await buildViewer(t, { star: 5_000 });
    const c = await buildViewer(t, { star: 5_000 });
    const bought = [];
    for (const m of [a, b, c])
      bought.push((await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(m))).body.rslt_set);
    const refundOne = await call(e.adminRefund, { ticket_sn: bought[0]?.ticket.ticket_sn, reason: '본인 요청' }, as(operator));
    expect(refundOne.body.rslt_set).toMatchObject({ state: 'refunded', user: { user_key: a.userKey } });
    expect((await balancesOf(t, a.userKey)).STAR).toBe(5_000);
    expect((await call(e.adminRefund, { ticket_sn: bought[0]?.ticket.ticket_sn, reason: '다시' }, as(operator))).body.rslt_cd).toBe(
      code('CONCERT_TICKET_NOT_FOUND'),
    );
    expect((await call(e.adminRefund, { ticket_sn: bought[1]?.ticket.ticket_sn, reason: 'x' }, as(b))).body.rslt_cd).toBe(
      code('FORBIDDEN'),
    );
    // A refunded account may buy again.
    expect((await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(a))).body.rslt_cd).toBe(0);

    const cancelled = await call(e.adminCancel, { concert_sn: concert.concert_sn, reason: '아티스트 사정' }, as(operator));
    expect(cancelled.body.rslt_set).toEqual({ concert_sn: concert.concert_sn, state: 'cancelled', refunded_cnt: 3 });
    for (const m of [a, b, c]) expect((await balancesOf(t, m.userKey)).STAR).toBe(5_000);
    expect((await call(e.info, { concert_sn: concert.concert_sn })).body.rslt_set.state).toBe('cancelled');
    expect((await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(b))).body.rslt_cd).toBe(
      code('CONCERT_CANCELLED'),
    );
    const tickets = (await call(e.adminTickets, { concert_sn: concert.concert_sn }, as(operator))).body.rslt_set.data_list;
    expect(tickets.map((x) => x.state)).toEqual(['refunded', 'refunded', 'refunded', 'refunded']);
    expect((await verifyLedger(t.database.pool)).ok).toBe(true);

    // After the start, no refund.
    const bj2 = await buildBj(t);
    const started = await createConcert(operator, bj2.id, { starts_at: iso(-10), ends_at: iso(60) });
    const bought2 = (await call(e.buy, { concert_sn: started.concert_sn, idempotency_key: key() }, as(c))).body.rslt_set;
    expect((await call(e.adminRefund, { ticket_sn: bought2.ticket.ticket_sn, reason: '늦음' }, as(operator))).body.rslt_cd).toBe(
      code('CONCERT_REFUND_CLOSED'),
    );
  });
});

describe("the concert's stream", () => {
  it('goes to holders only, through the concert page, with a media token bound to the holder', async () => {
    const operator = await buildOperator(t);
    const bj = await buildBj(t);
    const concert = await createConcert(operator, bj.id, { starts_at: iso(-5), ends_at: iso(100), price: 100 });
    const holder = await buildViewer(t, { star: 100 });
    const other = await buildViewer(t, { star: 100 });
    expect((await call(e.play, { concert_sn: concert.concert_sn }, as(holder))).body.rslt_cd).toBe(code('CONCERT_TICKET_REQUIRED'));
    await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(holder));
    expect((await call(e.play, { concert_sn: concert.concert_sn }, as(holder))).body.rslt_cd).toBe(code('CONCERT_NOT_STARTED'));
    // The BJ goes live inside the window: the broadcast is the concert's (the migration's trigger).
    const live = await buildBroadcast(t.database.db, bj.userKey, { title: '공연 생중계' });
    expect(live.concertSn).toBe(concert.concert_sn);
    const liveDir = path.join(dataDir, 'media', 'live', live.vodKey);
    await mkdir(liveDir, { recursive: true });
    await writeFile(path.join(liveDir, 'master.m3u8'), '#EXTM3U\n');

    const plain = await t.get<PlayInfo>('/v1/pubapi/play_info', { vod_key: live.vodKey }, as(holder));
    expect(plain.body.rslt_cd).toBe(code('CONCERT_ONLY'));
    expect(plain.body.rslt_set).toMatchObject({ concert_sn: concert.concert_sn, hls_url: '', flv_url: '' });
    expect((await call(e.play, { concert_sn: concert.concert_sn }, as(other))).body.rslt_cd).toBe(code('CONCERT_TICKET_REQUIRED'));
    expect((await call(e.play, { concert_sn: concert.concert_sn })).body.rslt_cd).toBe(code('LOGIN_REQUIRED'));
    const played = (await call(e.play, { concert_sn: concert.concert_sn }, as(holder))).body.rslt_set;
    expect(played).toMatchObject({ mode: 'live', concert: { state: 'live', vod_key: live.vodKey }, info: { vod_key: live.vodKey } });
    expect(played.info.hls_url).toBe(`/media/live/${live.vodKey}/master.m3u8?ct=${encodeURIComponent(played.media_token)}`);

    const media = (url: string, cookie?: string) => fetch(t.url + url, cookie ? { headers: { cookie } } : {});
    expect((await media(played.info.hls_url, holder.cookie)).status).toBe(200);
    expect((await media(played.info.hls_url)).status).toBe(403);
    expect((await media(played.info.hls_url, other.cookie)).status).toBe(403);
    expect((await media(`/media/live/${live.vodKey}/master.m3u8`, holder.cookie)).status).toBe(403);
    const expired = signMediaToken(SECRET, { vk: live.vodKey, uk: holder.userKey, exp: Math.floor(Date.now() / 1000) - 1 });
    expect((await media(`/media/live/${live.vodKey}/master.m3u8?ct=${expired}`, holder.cookie)).status).toBe(403);
    const forOther = signMediaToken(SECRET, { vk: `${live.vodKey}x`, uk: holder.userKey, exp: Math.floor(Date.now() / 1000) + 60 });
    expect((await media(`/media/live/${live.vodKey}/master.m3u8?ct=${forOther}`, holder.cookie)).status).toBe(403);
    const fresh = (await call(e.mediaToken, { concert_sn: concert.concert_sn }, as(holder))).body.rslt_set;
    expect((await media(`/media/live/${live.vodKey}/master.m3u8?ct=${encodeURIComponent(fresh.media_token)}`, holder.cookie)).status).toBe(
      200,
    );

    // The chat of the concert's room is its holders' too.
    expect((await call(chatEndpoints.token, { vod_key: live.vodKey }, as(other))).body.rslt_cd).toBe(code('CONCERT_TICKET_REQUIRED'));
    expect((await call(chatEndpoints.token, { vod_key: live.vodKey }, as(holder))).body.rslt_cd).toBe(0);
    // A concert's stream is never clipped.
    await sql(t, "update broadcast set state = 'ended', ended_at = now() where broadcast_sn = $1", [live.broadcastSn]);
  });

  it('keeps the replay for its days and plays after the show', async () => {
    const operator = await buildOperator(t);
    const bj = await buildBj(t);
    const holder = await buildViewer(t, { star: 1_000 });
    const concert = await createConcert(operator, bj.id, {
      starts_at: iso(-5),
      ends_at: iso(100),
      price: 0,
      replay_play_max: 2,
      replay_days: 3,
    });
    expect((await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(holder))).body.rslt_set).toMatchObject({
      txn_id: 0,
      balance: 1_000,
    });
    const show = await buildBroadcast(t.database.db, bj.userKey, { replayYn: true });
    // The show ended, and the concert's window is moved into the past (as if days went by).
    await sql(
      t,
      "update broadcast set state = 'ended', ended_at = now() - interval '1 day', started_at = now() - interval '1 day 2 hours' where broadcast_sn = $1",
      [show.broadcastSn],
    );
    await sql(
      t,
      "update concert set doors_at = now() - interval '1 day 3 hours', starts_at = now() - interval '1 day 2 hours', ends_at = now() - interval '1 day' where concert_sn = $1",
      [concert.concert_sn],
    );
    const info = (await call(e.info, { concert_sn: concert.concert_sn }, as(holder))).body.rslt_set;
    expect(info).toMatchObject({ state: 'ended', replay_yn: 'Y', vod_key: show.vodKey });
    expect(Date.parse(info.replay_until as string) - Date.now()).toBeGreaterThan(1.9 * 86_400_000);
    expect((await call(e.vodList, {}, as(holder))).body.rslt_set.data_list.map((x) => x.concert_sn)).toContain(concert.concert_sn);
    for (const n of [1, 2]) {
      const play = (await call(e.play, { concert_sn: concert.concert_sn }, as(holder))).body.rslt_set;
      expect(play).toMatchObject({ mode: 'replay', concert: { my_ticket: { play_cnt: n } } });
      expect(play.info.flv_url).toBe('');
    }
    const third = await call(e.play, { concert_sn: concert.concert_sn }, { cookie: holder.cookie, lang: 'en' });
    expect(third.body.rslt_cd).toBe(code('CONCERT_REPLAY_USED_UP'));
    expect(third.body.rslt_msg).toBe('The replay can be watched 2 times.');
    expect((await call(e.vodList, {}, as(holder))).body.rslt_set.data_list.map((x) => x.concert_sn)).not.toContain(concert.concert_sn);
    // Days past: expired.
    await sql(t, 'update concert set replay_play_max = 0, replay_days = 1 where concert_sn = $1', [concert.concert_sn]);
    expect((await call(e.play, { concert_sn: concert.concert_sn }, as(holder))).body.rslt_cd).toBe(code('CONCERT_REPLAY_EXPIRED'));
    expect((await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(await buildViewer(t)))).body.rslt_cd).toBe(
      code('CONCERT_SALES_CLOSED'),
    );
  });
});

/** Reads Server-Sent Events until `until` says stop. */
async function readEvents(url: string, cookie: string, until: (e: ConcertWaitingEvent[]) => boolean, onOpen?: () => Promise<void>) {
  const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: AbortSignal.timeout(15_000) });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const events: ConcertWaitingEvent[] = [];
  let buffer = '';
  let opened = false;
  while (!until(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += new TextDecoder().decode(value);
    for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
      const frame = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const data = frame.split('\n').find((l) => l.startsWith('data: '));
      if (data) events.push(JSON.parse(data.slice(6)) as ConcertWaitingEvent);
    }
    if (!opened && events.length > 0) {
      opened = true;
      await onOpen?.();
    }
  }
  await reader.cancel().catch(() => {});
  return events;
}

describe('the waiting room', () => {
  it('is for holders from doors time, and moves them to the play page when the show is on', async () => {
    const operator = await buildOperator(t);
    const bj = await buildBj(t);
    const holder = await buildViewer(t);
    const concert = await createConcert(operator, bj.id, {
      price: 0,
      starts_at: new Date(Date.now() + 2_500).toISOString(),
      ends_at: iso(60),
    });
    const url = `${t.url}/v1${CONCERT_WAITING_STREAM_PATH}?concert_sn=${concert.concert_sn}`;
    const refused = (await (await fetch(url, { headers: { cookie: holder.cookie } })).json()) as { rslt_cd: number };
    expect(refused.rslt_cd).toBe(code('CONCERT_TICKET_REQUIRED'));
    await call(e.buy, { concert_sn: concert.concert_sn, idempotency_key: key() }, as(holder));
    let vodKey = '';
    const events = await readEvents(
      url,
      holder.cookie,
      (ev) => ev.some((x) => x.type === 'start'),
      async () => {
        // Doors are open; the BJ goes live a moment before the start (its chat shows in the room).
        const live = await buildBroadcast(t.database.db, bj.userKey);
        vodKey = live.vodKey;
        await t.bus.publish(LIVE_BUS_CHANNEL, { type: 'live', vod_key: live.vodKey, bj_user_key: bj.userKey });
      },
    );
    expect(events[0]).toMatchObject({ type: 'state', state: 'doors', vod_key: '' });
    expect(events.some((x) => x.type === 'state' && x.vod_key === vodKey)).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'start', vod_key: vodKey, play_path: `/concert/${concert.concert_sn}/play/${vodKey}` });
    await sql(t, "update broadcast set state = 'ended', ended_at = now() where vod_key = $1", [vodKey]);
  });
});

describe('the concert switch', () => {
  it('off: every concert call answers service being prepared (operators still prepare them)', async () => {
    const operator = await buildOperator(t);
    const viewer = await buildViewer(t);
    const off = await call(editorialEndpoints.adminSiteSwitch, { name: 'concert', value: 'N' }, as(operator));
    expect(off.body.rslt_cd).toBe(0);
    try {
      // Every process learns the switch over the bus (with Redis, a moment later).
      await expect.poll(async () => (await call(e.list, {})).body.rslt_cd).toBe(code('SERVICE_PREPARING'));
      expect((await call(e.info, { concert_sn: 1 }, as(viewer))).body.rslt_cd).toBe(code('SERVICE_PREPARING'));
      expect((await call(e.buy, { concert_sn: 1, idempotency_key: key() }, as(viewer))).body.rslt_cd).toBe(code('SERVICE_PREPARING'));
      expect((await call(e.list, {}, as(operator))).body.rslt_cd).toBe(0);
    } finally {
      await call(editorialEndpoints.adminSiteSwitch, { name: 'concert', value: 'Y' }, as(operator));
    }
    await expect.poll(async () => (await call(e.list, {})).body.rslt_cd).toBe(0);
  });
});
