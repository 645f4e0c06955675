// A BJ's channel at scale (issue 17, docs/channels.md#benchmark): on a fresh database with the site defaults
// and the demo content, one BJ (`bench_star`, with a profile and 30 replays) whose fan club of 100k members
// was made by real STAR gifts through the ledger (wallet_apply_fan, as the live room's gifts are: each
// member's first gift joins the club in the gift's own transaction, fan numbers in the ledger's order), the
// totals counted into bj_fan by the ledger's FanWriter (the VIPs); then
//   1. p50/p99 of the calls behind the channel pages, one at a time and with nothing cached (a new
//      ChannelsService per call): bj_info (a guest, a signed-in fan), bj_fan_more kind=fan (first page,
//      page 50, the last page) and kind=vip, and the statements inside them, beside a primary-key read and,
//      for contrast, the VIP ranks computed from the ledger, what the fan tab must never do per request;
//      --explain prints EXPLAIN (ANALYZE, BUFFERS) of every statement those calls send and which tables
//      and indexes they read;
//   2. throughput (autocannon) of /channel/bj/{id}, its fan and VIP tabs (SSR) and the JSON calls behind
//      them (bj_info; bj_fan_more's first page and random pages), with the site's home `/` for reference, from
//      a real platform on that database (apps/server/src/main.ts, NODE_ENV=production, roles api,web), beside
//      a bare Fastify serving the bytes of /channel/bj/{id}, before and after.
//
// Run: npm run bench:channel -- [--fans 100000] [--queries 300] [--deep-runs 5] [--line-seconds 60]
//                               [--seconds 10] [--connections 10] [--no-ssr] [--explain] [--keep]
//                               [--url postgres://…/kept_database]
// --keep leaves the database and --url measures a kept one again (nothing generated).
// DATABASE_URL: a PostgreSQL server to create the bench database on; unset: an embedded PostgreSQL.
// The harness (query lines, platform, baseline, autocannon table) is bench/ssr-harness.ts, shared with board.ts.
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { API_HEADERS, type ChannelInfoSet, type Envelope, type FanItem, type ListSet, VIP_COUNT } from '@byeol/contract';
import { seedDemo } from '../apps/server/src/demo/demo.seed.js';
import { fanClubPage, vipRanks } from '../apps/server/src/modules/channels/channels.repository.js';
import { ChannelsService } from '../apps/server/src/modules/channels/channels.service.js';
import { seedSiteDefaults } from '../apps/server/src/modules/site/site.repository.js';
import { LedgerBatcher, type Posting } from '../apps/server/src/modules/wallet/wallet.batcher.js';
import { FanWriter } from '../apps/server/src/modules/wallet/wallet.fans.js';
import { type AccountRef, applyOnPool, ensureAccounts, refKey } from '../apps/server/src/modules/wallet/wallet.repository.js';
import { fingerprintOf } from '../apps/server/src/modules/wallet/wallet.rules.js';
import { createBus } from '../apps/server/src/platform/bus.redis.js';
import { connectExternal } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';
import {
  autocannonRunner,
  type Explained,
  ensureWebBuild,
  explainCalls,
  fetchPage,
  latencyLines,
  PAGE_BENCH_OPTIONS,
  printTable,
  type Row,
  startBare,
  startPlatform,
  stopChildrenOnExit,
} from './ssr-harness.js';

const { values: opts } = parseArgs({
  options: {
    fans: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '300' },
    /** Runs of the contrast line (the VIP ranks from the ledger: slow by design, a few are enough). */
    'deep-runs': { type: 'string', default: '5' },
    ...PAGE_BENCH_OPTIONS,
  },
});

/** The BJ's login ID ({id} of /channel/bj/{id}). */
const BJ_ID = 'bench_star';
/** Postings per wallet_apply_fan call while generating (the ledger service sends at most 200; more is fewer round trips). */
const LEDGER_BATCH = 1_000;
/** The ledger tables: no read of a channel page may touch them. */
const LEDGER_TABLES = /\bwallet_(txn|entry|account)\b/;

await main();

async function main() {
  const FANS = Number(opts.fans);
  const QUERIES = Number(opts.queries);
  const LINE_SECONDS = Number(opts['line-seconds']);
  stopChildrenOnExit();

  const bench = opts.url ? { url: opts.url, drop: async () => {} } : await createTestDatabase('byeol_bench_channel');
  const where = opts.url ? 'the PostgreSQL of --url' : process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL';
  // The platform's default pool size (DATABASE_POOL_MAX): a cold call sends its statements side by side.
  const database = await connectExternal(bench.url, 16);
  const { pool, db } = database;
  const version = (await pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  console.log(
    `channel bench on ${where} ${version}, node ${process.version}, ${os.cpus().length} cores: one BJ (${BJ_ID}) ` +
      `with ${FANS.toLocaleString()} fans, made by STAR gifts through the ledger`,
  );

  if (!opts.url) await generate(FANS);

  // ---- what the calls will ask, and that the data is the ledger's ---------------------------------------
  const bjKey = Number(
    (await pool.query<{ user_key: string }>('select user_key from users where lower(id) = $1', [BJ_ID])).rows[0]?.user_key,
  );
  if (!bjKey) throw new Error(`no BJ ${BJ_ID} in this database`);
  const fanCnt = await checkAgainstLedger(bjKey);
  const sample = (
    await pool.query<{ k: string }>('select user_key as k from fan_club where bj_user_key = $1 order by random() limit $2', [
      bjKey,
      QUERIES,
    ])
  ).rows.map((r) => Number(r.k));
  const lastOffset = Math.max(0, fanCnt - 20);

  // ---- part 1: the calls, one at a time ------------------------------------------------------------------
  const bus = await createBus(undefined);
  const uploads = await mkdtemp(path.join(os.tmpdir(), 'byeol-bench-channel-'));
  // A service keeps a channel's head, VIPs and fan pages for 3 s: a new one per call measures a cache miss.
  const cold = () => new ChannelsService(db, bus, uploads);
  const fans = (kind: 'fan' | 'vip', offset: number) => cold().fans(null, BJ_ID, kind, offset, 20);
  const measure = latencyLines(LINE_SECONDS);
  const pageNote = (rs: { list: FanItem[]; total: number }[]) => {
    const r = rs[0];
    return `rows ${r?.list.length}, fan_no ${r?.list[0]?.fan_no}–${r?.list.at(-1)?.fan_no} of ${r?.total.toLocaleString()}`;
  };
  const vipNote = (rs: { list: FanItem[]; total: number }[]) =>
    `rows ${rs[0]?.list.length}, ranks ${rs[0]?.list[0]?.vip_rank}–${rs[0]?.list.at(-1)?.vip_rank}`;

  console.log(
    `\n${QUERIES} calls per line, one at a time (ChannelsService over a pool of 16, a new service per call so nothing is cached; latency, not throughput):`,
  );
  const worst: number[] = [];
  await measure(
    'baseline: one fan_club row by its primary key',
    (i) =>
      pool.query('select fan_no, joined_at from fan_club where bj_user_key = $1 and user_key = $2', [bjKey, sample[i % sample.length]]),
    QUERIES,
  );
  worst.push(
    await measure('(a) bj_info, a guest', () => cold().info(null, BJ_ID), QUERIES, {
      note: (rs) => `fan_cnt ${rs[0]?.fan_cnt.toLocaleString()}, follower_cnt ${rs[0]?.follower_cnt.toLocaleString()}`,
    }),
  );
  worst.push(
    await measure(
      '(b) bj_info, a signed-in fan (+ their standing)',
      (i) => cold().info({ userKey: sample[i % sample.length] as number, role: 'user' }, BJ_ID),
      QUERIES,
      { note: (rs) => `fan_no e.g. ${rs[0]?.viewer?.fan_no}` },
    ),
  );
  worst.push(await measure('(c) bj_fan_more kind=fan, first page', () => fans('fan', 0), QUERIES, { note: pageNote }));
  worst.push(await measure('(d) bj_fan_more kind=fan, page 50 (offset 980)', () => fans('fan', 980), QUERIES, { note: pageNote }));
  const p99last = await measure(
    `(e) bj_fan_more kind=fan, last page (offset ${lastOffset.toLocaleString()})`,
    () => fans('fan', lastOffset),
    QUERIES,
    { note: pageNote },
  );
  worst.push(await measure(`(f) bj_fan_more kind=vip (the ${VIP_COUNT} VIPs)`, () => fans('vip', 0), QUERIES, { note: vipNote }));
  const none = new Map<number, number>();
  await measure('    inside (c): the page statement, first page', () => fanClubPage(db, bjKey, none, fanCnt, 0, 20), QUERIES);
  await measure('    inside (e): the page statement, last page', () => fanClubPage(db, bjKey, none, fanCnt, lastOffset, 20), QUERIES);
  await measure(`    inside (b)–(f): vipRanks (top ${VIP_COUNT} of the bj_fan rows)`, () => vipRanks(db, bjKey), QUERIES);
  await measure('contrast: the VIP ranks from the ledger (wallet_txn)', () => ledgerTop(bjKey), Number(opts['deep-runs']), {
    warm: 1,
  });
  console.log(
    `worst p99 of (a)–(d), (f) ${Math.max(...worst).toFixed(2)} ms; the last page (e) ${p99last.toFixed(2)} ms ` +
      "(cold calls: a process keeps a channel's head, VIPs and each fan page for 3 s)",
  );

  if (opts.explain) {
    const plans = await explainCalls(pool, [
      ['bj_info, a guest', () => cold().info(null, BJ_ID)],
      ['bj_fan_more kind=fan, first page', () => fans('fan', 0)],
      [`bj_fan_more kind=fan, offset ${lastOffset}`, () => fans('fan', lastOffset)],
      ['bj_fan_more kind=vip', () => fans('vip', 0)],
    ]);
    await summarisePlans(plans);
  }

  // ---- part 2: throughput through the platform -----------------------------------------------------------
  if (!opts['no-ssr']) {
    ensureWebBuild();
    const byeol = await startPlatform(bench.url, 'byeol-bench-channel-data-');
    const { origin } = byeol;
    try {
      const bytes = (s: string) => Buffer.byteLength(s);
      const home = `/channel/bj/${BJ_ID}`;
      const infoApi = `/v1/channel/bj_info?id=${BJ_ID}`;
      const fanApi = `/v1/channel/bj_fan_more/${BJ_ID}`;
      const form = { ...API_HEADERS, 'content-type': 'application/x-www-form-urlencoded' };
      const fanBody = (offset: number, kind = 'fan') => `kind=${kind}&offset=${offset}&limit=20`;
      const post = (body: string) => fetchPage(`${origin}${fanApi}`, { method: 'POST', headers: form, body });

      // Probes: each target answers what a fan would see.
      const [first, president] = await Promise.all([
        pool.query<{ nick: string }>(
          'select u.nick from fan_club f join users u using (user_key) where f.bj_user_key = $1 and f.fan_no = 1',
          [bjKey],
        ),
        vipRanks(db, bjKey).then((v) => pool.query<{ nick: string }>('select nick from users where user_key = $1', [[...v.keys()][0]])),
      ]);
      const firstNick = first.rows[0]?.nick ?? '?';
      const presidentNick = president.rows[0]?.nick ?? '?';
      const bjNick = (await pool.query<{ nick: string }>('select nick from users where user_key = $1', [bjKey])).rows[0]?.nick ?? '?';
      const probes = {
        site: await fetchPage(`${origin}/`),
        home: await fetchPage(`${origin}${home}`),
        fan: await fetchPage(`${origin}${home}/fan`),
        vip: await fetchPage(`${origin}${home}/fan?kind=vip`),
        info: await fetchPage(`${origin}${infoApi}`),
        fans: await post(fanBody(0)),
      };
      for (const [k, v] of Object.entries(probes)) if (v.status !== 200) throw new Error(`${k} answered ${v.status}`);
      const expect = (ok: boolean, what: string) => {
        if (!ok) throw new Error(what);
      };
      expect(probes.home.html.includes(bjNick), `${home} does not show the BJ's nick "${bjNick}"`);
      expect(probes.fan.html.includes(firstNick), `${home}/fan does not show fan number 1, "${firstNick}"`);
      expect(probes.vip.html.includes(presidentNick), `${home}/fan?kind=vip does not show the 회장 "${presidentNick}"`);
      const info = JSON.parse(probes.info.html) as Envelope<ChannelInfoSet>;
      expect(info.rslt_cd === 0 && info.rslt_set.fan_cnt === fanCnt, `bj_info: ${probes.info.html.slice(0, 200)}`);
      const page = JSON.parse(probes.fans.html) as Envelope<ListSet<FanItem>>;
      expect(
        page.rslt_cd === 0 && page.rslt_set.data_totalcount === fanCnt && page.rslt_set.data_list[0]?.fan_no === 1,
        `bj_fan_more: ${probes.fans.html.slice(0, 200)}`,
      );
      const deep = JSON.parse((await post(fanBody(lastOffset))).html) as Envelope<ListSet<FanItem>>;
      expect(deep.rslt_set.data_list.at(-1)?.fan_no === fanCnt, `bj_fan_more offset ${lastOffset} does not end at fan ${fanCnt}`);

      // The baseline serves the channel page's own bytes.
      const bare = await startBare(probes.home.html);
      const seconds = Number(opts.seconds);
      const connections = Number(opts.connections);
      const run = autocannonRunner({ connections, seconds });
      const pages = Math.floor((fanCnt - 1) / 20) + 1;
      const rows: Row[] = [];
      rows.push(await run(`bare Fastify 5, the bytes of ${home} (baseline, before)`, bare.url, bare.bytes));
      rows.push(await run('Byeol GET / (site home SSR, for reference)', `${origin}/`, bytes(probes.site.html)));
      rows.push(await run(`Byeol GET /channel/bj/{id} (home tab SSR, newest replay)`, `${origin}${home}`, bytes(probes.home.html)));
      rows.push(await run('Byeol GET /channel/bj/{id}/fan (fan tab SSR, first page)', `${origin}${home}/fan`, bytes(probes.fan.html)));
      rows.push(
        await run('Byeol GET /channel/bj/{id}/fan?kind=vip (VIP tab SSR)', `${origin}${home}/fan?kind=vip`, bytes(probes.vip.html)),
      );
      // The JSON the loaders read, over HTTP: how much of a page is the API and how much the render.
      rows.push(await run('Byeol GET /v1/channel/bj_info?id={id} (what every tab loads)', `${origin}${infoApi}`, bytes(probes.info.html)));
      rows.push(
        await run('Byeol POST /v1/channel/bj_fan_more/{id} kind=fan&offset=0&limit=20', `${origin}${fanApi}`, bytes(probes.fans.html), {
          method: 'POST',
          headers: form,
          body: fanBody(0),
        }),
      );
      rows.push(
        await run(
          `Byeol POST /v1/channel/bj_fan_more/{id} kind=fan, a random page of ${pages.toLocaleString()} (mostly not cached)`,
          `${origin}${fanApi}`,
          bytes(probes.fans.html),
          { method: 'POST', headers: form, body: fanBody(0), each: () => ({ body: fanBody(randomInt(pages) * 20) }) },
        ),
      );
      rows.push(await run(`bare Fastify 5, the bytes of ${home} (baseline, after)`, bare.url, bare.bytes));
      bare.stop();
      const gifts = Number(
        (
          await pool.query<{ n: string }>(
            `select count(*) as n from wallet_txn where kind = 'gift' and state = 'done' and (meta->>'bj_user_key')::bigint = $1`,
            [bjKey],
          )
        ).rows[0]?.n,
      );
      printTable(rows, {
        connections,
        seconds,
        database: `${fanCnt.toLocaleString()} fans of ${BJ_ID} from ${gifts.toLocaleString()} gifts in the ledger + the demo content`,
      });
    } finally {
      await byeol.close();
    }
  }

  await bus.close();
  await database.close();
  await rm(uploads, { recursive: true, force: true });
  if (opts.keep || opts.url) console.log(`kept: ${bench.url}`);
  else await bench.drop();

  // ---- helpers using the bench database ------------------------------------------------------------------

  /**
   * The data: site defaults and demo content; the BJ with a profile, 30 replays and every fan following;
   * the fans as members (bulk insert); their STAR granted by audited grants and given in gifts through the
   * ledger service's batcher and statement (LedgerBatcher → wallet_apply_fan, one batch at a time, a payer
   * at most once per batch): each fan's first gift in join order (a shuffled order of the members), then
   * the repeat gifts; each paid gift handed to the ledger's FanWriter after its commit, as the service does.
   */
  async function generate(n: number) {
    await seedSiteDefaults(db);
    await seedDemo(db);
    const started = performance.now();

    const bj = Number(
      (
        await pool.query<{ user_key: string }>(
          `insert into users (id, nick, type_cd, bj_type_cd, role, state_memo)
           values ($1, '별빛무대', 'bj', 'general', 'bj', '매일 밤 9시, 커버 댄스 라이브') returning user_key`,
          [BJ_ID],
        )
      ).rows[0]?.user_key,
    );
    await pool.query(
      `insert into channel_profile (bj_user_key, activity_name_ko, activity_name_en, debut_date, agency, intro, operating_plan, social_url, tags)
       values ($1, '별빛무대', 'Byeolbit Stage', '2021-03-14', '별빛엔터테인먼트', '커버 댄스와 라이브 무대를 매일 밤 보여 드려요.',
               '월–금 21:00 라이브, 주말에는 다시보기', 'https://example.com/byeolbit', '{K-POP,커버댄스,라이브}')`,
      [bj],
    );
    const replays = (
      await pool.query<{ vod_key: string }>(
        `insert into broadcast (vod_key, bj_user_key, title, tags, state, replay_yn, peak_viewer_cnt, like_cnt, started_at, ended_at)
         select substr(md5(random()::text || g), 1, 12), $1, '별빛무대 커버 댄스 라이브 #' || g, '{K-POP,커버댄스}', 'ended', true,
                3000 + g * 37, 400 + g * 11, now() - (31 - g) * interval '1 day', now() - (31 - g) * interval '1 day' + interval '2 hours'
         from generate_series(1, 30) g
         returning vod_key`,
        [bj],
      )
    ).rows.map((r) => r.vod_key);

    // Members and follows: bulk, in a session without triggers and foreign-key checks (the members' search
    // documents are not made: no channel read uses them).
    const syllables = Array.from({ length: 800 }, () => String.fromCodePoint(0xac00 + randomInt(11_172)));
    const nick = () => Array.from({ length: 2 + randomInt(3) }, () => syllables[randomInt(syllables.length)]).join('');
    const setup = await pool.connect();
    await setup.query('set session_replication_role = replica');
    await setup.query(
      `insert into users (id, nick, type_cd, role, phone_country_num, phone_no)
       select 'cf' || g, n || g, 'user', 'user', '82', '019' || lpad(g::text, 8, '0')
       from unnest($1::text[]) with ordinality as t(n, g)`,
      [Array.from({ length: n }, nick)],
    );
    const keys = (
      await setup.query<{ lo: string; hi: string }>(`select min(user_key) as lo, max(user_key) as hi from users where id like 'cf%'`)
    ).rows[0];
    const firstKey = Number(keys?.lo);
    if (Number(keys?.hi) - firstKey + 1 !== n) throw new Error('the generated members are not numbered in one run');
    await setup.query(
      `insert into channel_subscribe (user_key, bj_user_key, created_at)
       select k, $1, now() - random() * interval '300 days' from generate_series($2::bigint, $3::bigint) k`,
      [bj, firstKey, firstKey + n - 1],
    );
    await setup.query('set session_replication_role = origin');
    await setup.query('insert into channel_stat (bj_user_key, follower_cnt) values ($1, $2)', [bj, n]);
    setup.release();
    const membersDone = performance.now();

    // The gifts: 1–5 per fan (most give once), 1–10,000 STAR each (most give little: the VIPs stand out).
    const members = Array.from({ length: n }, (_, i) => firstKey + i);
    shuffle(members); // join order
    const gifts: { user: number; amount: number }[] = [];
    const repeats: { user: number; amount: number }[] = [];
    const star = () => 1 + Math.floor(Math.random() ** 4 * 10_000);
    for (const user of members) {
      gifts.push({ user, amount: star() });
      for (let k = Math.floor(Math.random() ** 3 * 5); k > 0; k--) repeats.push({ user, amount: star() });
    }
    shuffle(repeats);
    gifts.push(...repeats);
    const owed = new Map<number, number>();
    for (const g of gifts) owed.set(g.user, (owed.get(g.user) ?? 0) + g.amount);

    const refs: AccountRef[] = [
      { kind: 'grant', currency: 'STAR' },
      { kind: 'earnings', userKey: bj, currency: 'STAR' },
      ...members.map((userKey) => ({ kind: 'wallet' as const, userKey, currency: 'STAR' as const })),
    ];
    const accounts = new Map<string, number>();
    for (let i = 0; i < refs.length; i += 10_000) {
      for (const [k, row] of await ensureAccounts(db, refs.slice(i, i + 10_000))) accounts.set(k, row.accountId);
    }
    const account = (ref: AccountRef) => {
      const id = accounts.get(refKey(ref));
      if (id === undefined) throw new Error(`account ${refKey(ref)} missing`);
      return id;
    };
    const grant = account({ kind: 'grant', currency: 'STAR' });
    const earnings = account({ kind: 'earnings', userKey: bj, currency: 'STAR' });
    const grants: Posting[] = members.map((userKey) => {
      const to = account({ kind: 'wallet', userKey, currency: 'STAR' });
      const amount = (owed.get(userKey) ?? 0) + randomInt(500);
      return {
        actor: 0,
        key: `bench-channel-fund:${userKey}`,
        fingerprint: fingerprintOf('grant', grant, to, 'STAR', amount),
        kind: 'grant',
        currency: 'STAR',
        from: grant,
        fromSystem: true,
        amount,
        meta: { reason: 'bench seed' },
        credits: [{ account: to, amount }],
      };
    });
    // A gift as LedgerService.gift posts it at the default reward rate 1.0 (everything to the BJ's earnings).
    const giftPostings: Posting[] = gifts.map((g, i) => {
      const from = account({ kind: 'wallet', userKey: g.user, currency: 'STAR' });
      return {
        actor: g.user,
        key: `bench-channel-gift:${i}`,
        fingerprint: fingerprintOf('gift', from, earnings, 'STAR', g.amount),
        kind: 'gift',
        currency: 'STAR',
        from,
        fromSystem: false,
        amount: g.amount,
        meta: { vod_key: replays[randomInt(replays.length)], bj_user_key: bj },
        credits: [{ account: earnings, amount: g.amount }],
      };
    });
    const accountsDone = performance.now();

    // One batch at a time: fan numbers follow the order the batches commit in.
    const batcher = new LedgerBatcher((batch) => applyOnPool(pool, batch), {
      maxBatch: LEDGER_BATCH,
      concurrency: 1,
      maxPending: Number.POSITIVE_INFINITY,
    });
    const writer = new FanWriter(pool);
    const apply = (postings: Posting[], counted: boolean) =>
      Promise.all(
        postings.map(async (p) => {
          const a = await batcher.submit(p);
          if (a.outcome !== 'new' || a.state !== 'done') throw new Error(`${p.kind} ${p.key}: ${a.outcome} ${a.state}`);
          if (counted) {
            void writer.add({
              txnId: a.txnId,
              bjUserKey: bj,
              userKey: p.actor,
              vodKey: p.meta.vod_key as string,
              amount: p.amount,
              createdAt: a.createdAt,
            });
          }
        }),
      );
    await apply(grants, false);
    const grantsDone = performance.now();
    await apply(giftPostings, true);
    await writer.drain();
    if (writer.stats.failures > 0) throw new Error(`${writer.stats.failures} fan flushes failed`);
    const giftsDone = performance.now();
    await pool.query(
      `vacuum analyze users, channel_subscribe, channel_stat, broadcast, wallet_account, wallet_txn, wallet_entry, wallet_grant_audit,
       fan_club, fan_club_counter, bj_fan, star_gift_rank, fan_counted`,
    );
    const analyzed = performance.now();
    const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
    console.log(
      `generated: BJ, replays, members and follows ${s(started, membersDone)}, accounts ${s(membersDone, accountsDone)}, ` +
        `${grants.length.toLocaleString()} grants ${s(accountsDone, grantsDone)}, ${gifts.length.toLocaleString()} gifts ` +
        `(ledger + fan club + bj_fan) ${s(grantsDone, giftsDone)}, vacuum analyze ${s(giftsDone, analyzed)}`,
    );
  }

  /** The VIP ranks as the ledger gives them: every paid gift to the BJ summed per giver (what bj_fan keeps). */
  async function ledgerTop(bj: number): Promise<number[]> {
    const { rows } = await pool.query<{ k: string }>(
      `select actor_user_key as k from wallet_txn
       where kind = 'gift' and state = 'done' and (meta->>'bj_user_key')::bigint = $1
       group by actor_user_key order by sum(amount) desc, min(created_at), actor_user_key limit ${VIP_COUNT}`,
      [bj],
    );
    return rows.map((r) => Number(r.k));
  }

  /**
   * Proves the fan club and the VIPs are the ledger's: one member per giver, numbered in the order of their
   * first gifts; bj_fan equal to the ledger's sums; the VIPs its top givers. Answers the fan club's size.
   */
  async function checkAgainstLedger(bj: number): Promise<number> {
    const t0 = performance.now();
    const { rows } = await pool.query<{ givers: number; members: number; last_no: number; in_order: number }>(
      `with firsts as (
         select actor_user_key as u, min(txn_id) as t from wallet_txn
         where kind = 'gift' and state = 'done' and (meta->>'bj_user_key')::bigint = $1 group by 1)
       select (select count(*) from firsts)::int as givers,
              (select count(*) from fan_club where bj_user_key = $1)::int as members,
              coalesce((select last_no from fan_club_counter where bj_user_key = $1), 0) as last_no,
              (select count(*) from (
                 select f.fan_no, row_number() over (order by x.t) as rn
                 from fan_club f join firsts x on x.u = f.user_key and x.t = f.joined_txn_id where f.bj_user_key = $1) y
               where fan_no = rn)::int as in_order`,
      [bj],
    );
    const club = rows[0];
    const sums = (
      await pool.query<{ differ: number; fans: number; gifts: string }>(
        `with g as (
           select actor_user_key as u, sum(amount) as s, count(*) as c from wallet_txn
           where kind = 'gift' and state = 'done' and (meta->>'bj_user_key')::bigint = $1 group by 1)
         select count(*) filter (where b.user_key is null or g.u is null or b.star_total <> g.s or b.gift_cnt <> g.c)::int as differ,
                count(b.user_key)::int as fans, coalesce(sum(g.c), 0) as gifts
         from g full join (select * from bj_fan where bj_user_key = $1) b on b.user_key = g.u`,
        [bj],
      )
    ).rows[0];
    const [fromLedger, ranks] = await Promise.all([ledgerTop(bj), vipRanks(db, bj)]);
    const vipsMatch = fromLedger.join() === [...ranks.keys()].join();
    const n = club?.givers ?? 0;
    if (!club || club.members !== n || club.last_no !== n || club.in_order !== n || sums?.differ !== 0 || sums.fans !== n || !vipsMatch) {
      throw new Error(`the channel's fans differ from the ledger: ${JSON.stringify({ club, sums, vipsMatch })}`);
    }
    console.log(
      `checked against the ledger (${((performance.now() - t0) / 1000).toFixed(1)} s): ${n.toLocaleString()} fan club members = ` +
        `${n.toLocaleString()} givers, numbered 1–${n.toLocaleString()} in the order of their first gifts; bj_fan = the ledger's sums ` +
        `of ${Number(sums.gifts).toLocaleString()} gifts; the ${ranks.size} VIPs = the ledger's top givers`,
    );
    return n;
  }

  /** Which tables and indexes each explained call read (a scanned table with its size), and whether any plan touched the ledger. */
  async function summarisePlans(plans: Explained[]): Promise<void> {
    const sizes = new Map(
      (
        await pool.query<{ name: string; n: string }>(
          `select relname as name, greatest(reltuples, 0)::bigint as n from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace`,
        )
      ).rows.map((r) => [r.name, Number(r.n)]),
    );
    console.log('\nwhat each call read (from the plans above; a table scanned whole with its row count):');
    const labels = [...new Set(plans.map((p) => p.label))];
    for (const label of labels) {
      const mine = plans.filter((p) => p.label === label);
      const index = new Map<string, number>();
      const seq = new Map<string, number>();
      for (const line of mine.flatMap((p) => p.plan)) {
        const m = /(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan|Bitmap Index Scan)(?: Backward)?(?: using (\S+))? on (\S+)/.exec(
          line,
        );
        if (!m) continue;
        const [, kind, idx, on] = m;
        const key =
          kind === 'Seq Scan' ? (on as string) : `${kind === 'Index Only Scan' ? 'index-only ' : ''}${idx ?? on}${idx ? ` on ${on}` : ''}`;
        const into = kind === 'Seq Scan' ? seq : index;
        into.set(key, (into.get(key) ?? 0) + 1);
      }
      const ledger = mine.filter((p) => LEDGER_TABLES.test(p.text) || p.plan.some((l) => LEDGER_TABLES.test(l))).length;
      const list = (m: Map<string, number>, rows = false) =>
        m.size
          ? [...m]
              .map(([k, v]) => `${k}${v > 1 ? ` ×${v}` : ''}${rows ? ` (${(sizes.get(k) ?? 0).toLocaleString()} rows)` : ''}`)
              .join(', ')
          : 'none';
      console.log(
        `- ${label}: ${mine.length} statements; indexes: ${list(index)}; sequential scans: ${list(seq, true)}; ` +
          `ledger tables (wallet_txn, wallet_entry, wallet_account): ${ledger ? `READ by ${ledger} statements` : 'not read'}`,
      );
    }
  }
}

function shuffle<T>(xs: T[]): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
}
