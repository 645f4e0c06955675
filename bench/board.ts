// The community board at scale (issue 19, docs/community.md): 1M posts by 100k members generated on a fresh
// database, then
//   1. p50/p99 of BoardService.list (first page, page 50 by offset, a deep page by keyset, keyword searches)
//      and BoardService.info (a post with 20 comments), beside a primary-key read of one post and, for
//      contrast, the raw deep OFFSET page the keyset paging avoids, all in the same run;
//   2. SSR throughput of /bbs and /bbs/detail/{id} (autocannon) from a real Byeol platform started on that
//      database (apps/server/src/main.ts, NODE_ENV=production, roles api,web), beside its home page `/`, the
//      two API calls the pages load, and a bare Fastify answering a static HTML of the /bbs page's size.
//
// Run: npm run bench:board -- [--posts 1000000] [--members 100000] [--queries 300] [--commented 2500]
//                             [--replies 20] [--deep-runs 5] [--line-seconds 60] [--seconds 10] [--connections 10]
//                             [--no-ssr] [--explain] [--keep] [--url postgres://…/kept_database]
// --explain prints EXPLAIN (ANALYZE, BUFFERS) of what one call of each kind sends; --keep leaves the
// database and --url measures a kept one again (nothing generated).
// DATABASE_URL: a PostgreSQL server to create the bench database on; unset: an embedded PostgreSQL.
// The harness (query lines, platform, baseline, autocannon table) is bench/ssr-harness.ts, shared with channel.ts.
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { searchTokens, searchWords } from '@byeol/contract';
import { seedDemo } from '../apps/server/src/demo/demo.seed.js';
import { BoardService } from '../apps/server/src/modules/community/board.service.js';
import { seedSiteDefaults } from '../apps/server/src/modules/site/site.repository.js';
import { createBus } from '../apps/server/src/platform/bus.redis.js';
import { connectExternal } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';
import {
  autocannonRunner,
  ensureWebBuild,
  explainCalls,
  fetchPage,
  latencyLines,
  PAGE_BENCH_OPTIONS,
  printTable,
  quantile,
  type Row,
  startBare,
  startPlatform,
  stopChildrenOnExit,
} from './ssr-harness.js';

const { values: opts } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '100000' },
    queries: { type: 'string', default: '300' },
    /** Posts given `--replies` comments each (the detail page's posts). */
    commented: { type: 'string', default: '2500' },
    replies: { type: 'string', default: '20' },
    /** Runs of the raw deep OFFSET page (slow by design: a few are enough). */
    'deep-runs': { type: 'string', default: '5' },
    ...PAGE_BENCH_OPTIONS,
  },
});

await main();

/** The page baseline's body: a static HTML document of this many bytes, board-like rows in a list. */
function boardLikeHtml(bytes: number): string {
  const chunk = '<li class="row"><a href="/bbs/detail/1">오늘 무대 직캠 보셨나요 같이 봐요</a><span>별빛팬</span><span>12</span></li>\n';
  let body = '<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"><title>스토리 | Byeol</title></head><body><ul>\n';
  while (Buffer.byteLength(body) + Buffer.byteLength(chunk) + 20 < bytes) body += chunk;
  body += '</ul></body></html>';
  body += ' '.repeat(Math.max(0, bytes - Buffer.byteLength(body)));
  return body;
}

async function main() {
  const POSTS = Number(opts.posts);
  const MEMBERS = Number(opts.members);
  const QUERIES = Number(opts.queries);
  const COMMENTED = Number(opts.commented);
  const REPLIES = Number(opts.replies);
  const LINE_SECONDS = Number(opts['line-seconds']);
  stopChildrenOnExit();

  const bench = opts.url ? { url: opts.url, drop: async () => {} } : await createTestDatabase('byeol_bench_board');
  const where = process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL';
  const database = await connectExternal(bench.url, 4);
  const { pool, db } = database;
  const version = (await pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
  console.log(
    `board bench on ${where} ${version}, node ${process.version}, ${os.cpus().length} cores: ${POSTS.toLocaleString()} posts, ` +
      `${MEMBERS.toLocaleString()} members, ${COMMENTED.toLocaleString()} posts with ${REPLIES} comments`,
  );

  if (!opts.url) {
    // ---- data ---------------------------------------------------------------------------------------------
    // The site defaults and the demo content first (the board's pinned principles, five demo posts, the
    // home page's broadcasts), then the generated members, posts and comments.
    await seedSiteDefaults(db);
    await seedDemo(db);

    /** 800 syllables, 6,000 Korean words of 2–3 of them and 1,500 Latin words; titles draw some with a power law. */
    const syllables = Array.from({ length: 800 }, () => String.fromCodePoint(0xac00 + randomInt(11_172)));
    const syl = () => syllables[randomInt(syllables.length)] as string;
    const koWords = Array.from({ length: 6_000 }, () => Array.from({ length: 2 + randomInt(2) }, syl).join(''));
    const enWords = Array.from({ length: 1_500 }, () =>
      Array.from({ length: 4 + randomInt(5) }, () => 'abcdefghijklmnopqrstuvwxyz'[randomInt(26)]).join(''),
    );
    const started = performance.now();
    // Bulk load in sessions without triggers and foreign-key checks; board_post's secondary indexes are
    // dropped first and built again from their own definitions afterwards (one sort instead of 1M inserts).
    const setup = await pool.connect();
    await setup.query(`set session_replication_role = replica`);
    await setup.query(
      `insert into users (id, nick, type_cd, role, phone_country_num, phone_no)
       select 'bu' || g, n || g, 'user', 'user', '82', '010' || lpad(g::text, 8, '0')
       from unnest($1::text[]) with ordinality as t(n, g)`,
      [Array.from({ length: MEMBERS }, () => Array.from({ length: 2 + randomInt(3) }, syl).join(''))],
    );
    const keys = (
      await setup.query<{ lo: string; hi: string }>(`select min(user_key) as lo, max(user_key) as hi from users where id like 'bu%'`)
    ).rows[0];
    const firstKey = Number(keys?.lo);
    if (Number(keys?.hi) - firstKey + 1 !== MEMBERS) throw new Error('the generated members are not numbered in one run');
    const indexes = (
      await setup.query<{ name: string; def: string }>(
        `select i.relname as name, pg_get_indexdef(i.oid) as def from pg_index x join pg_class i on i.oid = x.indexrelid
         where x.indrelid = 'board_post'::regclass and not x.indisprimary`,
      )
    ).rows;
    for (const ix of indexes) await setup.query(`drop index ${ix.name}`);
    const base = Number((await setup.query<{ m: string }>(`select coalesce(max(board_sn), 0) as m from board_post`)).rows[0]?.m);
    const usersDone = performance.now();

    // Content: random two-syllable words (only the detail page reads it).
    // 100k posts per statement, two sessions side by side (two cores); board_sn given, so the numbers
    // follow created_at whatever order the chunks finish in. The tokens are search_tokens() of title, nick
    // and login ID: what BoardService.write stores (the contract's searchTokens), checked below.
    const CHUNK = 100_000;
    const chunks = Array.from({ length: Math.ceil(POSTS / CHUNK) }, (_, i) => i * CHUNK);
    const loadPosts = async () => {
      const c = await pool.connect();
      await c.query(`set session_replication_role = replica`);
      for (let from = chunks.shift(); from !== undefined; from = chunks.shift()) {
        // Words are joined from the lists by number (subscripting a 6,000-element text[] walks it every time).
        await c.query(
          `with ko as materialized (select i::int, w from unnest($7::text[]) with ordinality as t(w, i)),
                en as materialized (select i::int, w from unnest($8::text[]) with ordinality as t(w, i)),
                s as materialized (
                  select $1::bigint + g as sn, $2::bigint + floor(random() * $3::int)::bigint as user_key,
                         1 + floor(power(random(), 3) * ${koWords.length})::int as k1, 1 + floor(power(random(), 3) * ${koWords.length})::int as k2,
                         1 + floor(random() * ${koWords.length})::int as k3,
                         case when random() < 0.3 then 1 + floor(power(random(), 3) * ${enWords.length})::int end as e1,
                         case when random() < 0.5 then 1 + floor(random() * ${koWords.length})::int end as k4,
                         array_to_string(array(select chr(44032 + floor(random() * 11172)::int) || chr(44032 + floor(random() * 11172)::int)
                           from generate_series(1, 10 + g % 60)), ' ') || '.' as content,
                         case when random() < 0.02 then 'hidden' else 'visible' end as state,
                         floor(power(random(), 3) * 5000)::int as view_cnt, floor(power(random(), 2) * 60)::int as reply_cnt,
                         case when random() < 0.1 then 1 + floor(random() * 3)::int else 0 end as file_cnt,
                         now() - ($6::int - g) * interval '30 seconds' as created_at
                  from generate_series($4::int + 1, $5::int) g),
                t as (
                  select s.*, a.w || ' ' || b.w || ' ' || c.w || coalesce(' ' || e.w, '') || coalesce(' ' || d.w, '') as title
                  from s join ko a on a.i = s.k1 join ko b on b.i = s.k2 join ko c on c.i = s.k3
                  left join en e on e.i = s.e1 left join ko d on d.i = s.k4)
           insert into board_post (board_sn, setting_sn, user_key, title, content, tokens, state, view_cnt, reply_cnt, file_cnt, created_at)
           select t.sn, 1, t.user_key, t.title, t.content, search_tokens(t.title || ' ' || u.nick || ' ' || u.id),
                  t.state, t.view_cnt, t.reply_cnt, t.file_cnt, t.created_at
           from t join users u on u.user_key = t.user_key`,
          [base, firstKey, MEMBERS, from, Math.min(POSTS, from + CHUNK), POSTS, koWords, enWords],
        );
      }
      c.release();
    };
    await Promise.all([loadPosts(), loadPosts()]);
    await setup.query(`select setval(pg_get_serial_sequence('board_post', 'board_sn'), (select max(board_sn) from board_post))`);
    const postsDone = performance.now();

    // Comments: REPLIES on each of COMMENTED visible generated posts, one minute apart after the post.
    await setup.query(
      `with p as materialized (
         select board_sn, created_at from board_post where board_sn > $1 and state = 'visible' order by random() limit $2),
       r as (
         insert into board_reply (board_sn, user_key, content, created_at)
         select p.board_sn, $3::bigint + floor(random() * $4::int)::bigint,
                array_to_string(array(select chr(44032 + floor(random() * 11172)::int) || chr(44032 + floor(random() * 11172)::int)
                  from generate_series(1, 3 + j % 8)), ' '),
                p.created_at + j * interval '1 minute'
         from p, generate_series(1, $5::int) j
         returning 1)
       update board_post b set reply_cnt = $5 from p where b.board_sn = p.board_sn`,
      [base, COMMENTED, firstKey, MEMBERS, REPLIES],
    );
    await setup.query(`set session_replication_role = origin`);
    const repliesDone = performance.now();
    // The GIN index in one session, the b-trees in another (two cores).
    const build = async (defs: string[]) => {
      const c = await pool.connect();
      await c.query(`set maintenance_work_mem = '512MB'`);
      for (const def of defs) await c.query(def);
      c.release();
    };
    const gin = indexes.filter((ix) => / using gin /i.test(ix.def)).map((ix) => ix.def);
    await Promise.all([build(gin), build(indexes.map((ix) => ix.def).filter((d) => !gin.includes(d)))]);
    const indexed = performance.now();
    await setup.query(
      `update board_setting set visible_cnt = (select count(*) from board_post where setting_sn = 1 and state = 'visible') where setting_sn = 1`,
    );
    // vacuum too: autovacuum would do it after a million inserts anyway, better before the timings than during.
    await setup.query('vacuum analyze users, board_post, board_reply, board_setting');
    setup.release();
    const analyzed = performance.now();
    const size = (
      await pool.query<{ t: string; i: string }>(
        `select pg_size_pretty(pg_table_size('board_post')) as t, pg_size_pretty(pg_indexes_size('board_post')) as i`,
      )
    ).rows[0];
    const s = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
    console.log(
      `generated: members ${s(started, usersDone)}, posts ${s(usersDone, postsDone)}, comments ${s(postsDone, repliesDone)}, ` +
        `indexes ${s(repliesDone, indexed)}, counter + vacuum analyze ${s(indexed, analyzed)}; board_post ${size?.t} + indexes ${size?.i}`,
    );
  }

  // ---- what the calls will ask ------------------------------------------------------------------------------
  const stats = (
    await pool.query<{ lo: string; hi: string; visible: string; hidden: string; counter: string; replies: string }>(
      `select (select min(board_sn) from board_post) as lo, (select max(board_sn) from board_post) as hi,
              (select count(*) from board_post where state = 'visible') as visible, (select count(*) from board_post where state = 'hidden') as hidden,
              (select visible_cnt from board_setting where setting_sn = 1) as counter, (select count(*) from board_reply) as replies`,
    )
  ).rows[0];
  const lo = Number(stats?.lo);
  const hi = Number(stats?.hi);
  const visible = Number(stats?.visible);
  console.log(
    `board_post: ${(hi - lo + 1).toLocaleString()} numbers, ${visible.toLocaleString()} visible, ${Number(stats?.hidden).toLocaleString()} hidden; ` +
      `visible_cnt ${Number(stats?.counter).toLocaleString()}; board_reply ${Number(stats?.replies).toLocaleString()} rows`,
  );
  const commented = (
    await pool.query<{ sn: string }>(
      `select board_sn as sn from board_post where state = 'visible' and reply_cnt = $1 and board_sn in
      (select board_sn from board_reply group by board_sn having count(*) = $1)`,
      [REPLIES],
    )
  ).rows.map((r) => Number(r.sn));
  if (commented.length === 0) throw new Error('no post with the seeded comments');

  // The stored tokens are the contract's: a sample checked against searchTokens(title nick id).
  const check = (
    await pool.query<{ title: string; nick: string; id: string; tokens: string[] }>(
      `select p.title, u.nick, u.id, p.tokens from board_post p join users u on u.user_key = p.user_key
       where p.board_sn > $1 - 200 order by p.board_sn desc limit 200`,
      [hi],
    )
  ).rows;
  const differ = check.filter((r) => searchTokens(`${r.title} ${r.nick} ${r.id}`).join('\u0001') !== r.tokens.join('\u0001'));
  if (differ.length) throw new Error(`${differ.length} of ${check.length} posts' tokens differ from the contract's searchTokens`);

  const pct = Math.min(100, (4_000 / Math.max(1, visible)) * 100);
  const titles = (
    await pool.query<{ title: string }>(`select title from board_post tablesample bernoulli (${pct}) where state = 'visible' limit 4000`)
  ).rows.map((r) => r.title);
  const pick = <T>(xs: readonly T[]): T => xs[randomInt(xs.length)] as T;
  const koOf = (s: string) => searchWords(s).filter((w) => /^[가-힣]{2,}$/.test(w));
  const withKo = titles.filter((t) => koOf(t).length > 0);
  /** (d) two syllables from anywhere in a word of a visible post's title (a popular word is searched more often). */
  const anywhere = Array.from({ length: QUERIES }, () => {
    const w = [...pick(koOf(pick(withKo)))];
    const at = randomInt(w.length - 1);
    return w.slice(at, at + 2).join('');
  });
  /** (d') the first two syllables of such a word. */
  const wordStart = Array.from({ length: QUERIES }, () => [...pick(koOf(pick(withKo)))].slice(0, 2).join(''));
  /** (e) the first two syllables of the ten most frequent title words (each matches far more than the cap). */
  const freq = new Map<string, number>();
  for (const t of titles) for (const w of new Set(koOf(t))) freq.set(w, (freq.get(w) ?? 0) + 1);
  const frequent = [...freq.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([w]) => [...w].slice(0, 2).join(''));

  // ---- part 1: the calls, one at a time ------------------------------------------------------------------
  const bus = await createBus(undefined);
  const uploads = await mkdtemp(path.join(os.tmpdir(), 'byeol-bench-board-'));
  const board = new BoardService(db, bus, uploads);
  const list = (q: Partial<{ search_keyword: string; offset: number; limit: number; last_sn: number }>) =>
    board.list(null, { search_keyword: '', offset: 0, limit: 20, last_sn: 0, first_sn: 0, ...q });
  const info = (sn: number) => board.info(null, { board_sn: sn, view_yn: 'Y', offset: 0, limit: 20 });
  const measure = latencyLines(LINE_SECONDS);
  type ListSet = Awaited<ReturnType<typeof list>>;
  const totals = (rs: ListSet[]) => {
    const t = rs.map((r) => r.eventboard_total);
    const capped = rs.filter((r) => r.eventboard_total_capped_yn === 'Y').length;
    const none = rs.filter((r) => r.eventboard_list.length === 0).length;
    return `total median ${quantile(t, 50)}, capped ${capped}/${rs.length}, no hit ${none}/${rs.length}`;
  };
  const rowsOf = (rs: ListSet[]) =>
    `rows median ${quantile(
      rs.map((r) => r.eventboard_list.length),
      50,
    )}`;

  const deepOffset = Math.min(500_000, Math.floor(visible / 2));
  const listColumns = `p.board_sn, p.title, p.user_key, u.id as user_id, u.nick as user_nick, p.view_cnt, p.reply_cnt, p.file_cnt, p.created_at`;
  console.log(`\n${QUERIES} calls per line, one at a time (BoardService over a pool of 4, as a guest; latency, not throughput):`);
  const worst: number[] = [];
  await measure(
    'baseline: select … from board_post where board_sn = $1',
    () =>
      pool.query('select board_sn, title, user_key, view_cnt, reply_cnt, file_cnt, created_at from board_post where board_sn = $1', [
        lo + randomInt(hi - lo + 1),
      ]),
    QUERIES,
  );
  worst.push(await measure('(a) list, first page', () => list({}), QUERIES, { note: rowsOf }));
  worst.push(await measure('(b) list, page 50 by offset (offset 980)', () => list({ offset: 980 }), QUERIES, { note: rowsOf }));
  const lastSns = Array.from({ length: QUERIES }, () => lo + 1 + randomInt(hi - lo));
  worst.push(
    await measure('(c) list, deep page by keyset (last_sn over the range)', (i) => list({ last_sn: lastSns[i] as number }), QUERIES, {
      note: rowsOf,
      names: lastSns.map(String),
    }),
  );
  worst.push(
    await measure('(d) list, 2-syllable keyword (anywhere in a word)', (i) => list({ search_keyword: anywhere[i] as string }), QUERIES, {
      note: totals,
      names: anywhere,
    }),
  );
  worst.push(
    await measure("(d') list, 2-syllable keyword (a word's start)", (i) => list({ search_keyword: wordStart[i] as string }), QUERIES, {
      note: totals,
      names: wordStart,
    }),
  );
  const p99e = await measure(
    '(e) list, keyword of a top-10 word (count capped)',
    (i) => list({ search_keyword: frequent[i % frequent.length] as string }),
    QUERIES,
    { note: totals, names: frequent },
  );
  const p99info = await measure(
    `info, a post with ${REPLIES} comments (random of ${commented.length})`,
    () => info(pick(commented)),
    QUERIES,
    {
      note: (rs) =>
        `comments median ${quantile(
          rs.map((r) => r.eventboard_reply_list.length),
          50,
        )}`,
    },
  );
  const deepRuns = Number(opts['deep-runs']);
  await measure(
    `contrast: raw SQL list page at OFFSET ${deepOffset.toLocaleString()}`,
    () =>
      pool.query(
        `select ${listColumns} from board_post p join users u on u.user_key = p.user_key
         where p.setting_sn = 1 and p.state = 'visible' order by p.board_sn desc offset ${deepOffset} limit 20`,
      ),
    deepRuns,
    { warm: 1 },
  );
  console.log(
    `keywords, e.g. (d) ${anywhere.slice(0, 5).join(', ')} | (d') ${wordStart.slice(0, 5).join(', ')} | (e) ${frequent.join(', ')}`,
  );
  console.log(
    `worst p99 of (a)–(d') ${Math.max(...worst).toFixed(2)} ms (goal ≤ 50 ms); (e) ${p99e.toFixed(2)} ms; info ${p99info.toFixed(2)} ms`,
  );

  if (opts.explain) {
    // The statements one call sends (captured at the pool), each explained with its own parameters.
    await explainCalls(
      pool,
      [
        ['(a) first page', () => list({})],
        ['(b) offset 980', () => list({ offset: 980 })],
        ['(c) keyset', () => list({ last_sn: lo + Math.floor((hi - lo) / 3) })],
        [`(d) keyword ${anywhere[0]}`, () => list({ search_keyword: anywhere[0] as string })],
        [`(e) keyword ${frequent[0]}`, () => list({ search_keyword: frequent[0] as string })],
        ['info', () => info(commented[0] as number)],
      ],
      (text) => /board_post|board_reply/.test(text) && !/^\s*with v as/i.test(text),
    );
  }

  // ---- part 2: SSR throughput ------------------------------------------------------------------------------
  if (!opts['no-ssr']) {
    ensureWebBuild();
    const byeol = await startPlatform(bench.url, 'byeol-bench-board-data-');
    const { origin } = byeol;
    try {
      const page = (p: string) => fetchPage(`${origin}${p}`);
      const detailSn = commented[0] as number;
      const probes = { home: await page('/'), list: await page('/bbs'), detail: await page(`/bbs/detail/${detailSn}`) };
      for (const [k, v] of Object.entries(probes)) if (v.status !== 200) throw new Error(`${k} answered ${v.status}`);
      const title =
        (await pool.query<{ title: string }>('select title from board_post where board_sn = $1', [detailSn])).rows[0]?.title ?? '';
      if (!probes.detail.html.includes(title)) throw new Error(`/bbs/detail/${detailSn} does not show the post's title "${title}"`);
      const newest = (
        await pool.query<{ title: string }>(`select title from board_post where state = 'visible' order by board_sn desc limit 1`)
      ).rows[0]?.title;
      if (newest && !probes.list.html.includes(newest)) throw new Error(`/bbs does not show the newest post "${newest}"`);
      const bytes = (s: string) => Buffer.byteLength(s);

      const bare = await startBare(boardLikeHtml(bytes(probes.list.html)));
      const seconds = Number(opts.seconds);
      const connections = Number(opts.connections);
      const run = autocannonRunner({ connections, seconds });
      const rows: Row[] = [];
      rows.push(await run('bare Fastify 5, static HTML (baseline, before)', bare.url, bare.bytes));
      rows.push(await run('Byeol GET / (home SSR)', `${origin}/`, bytes(probes.home.html)));
      rows.push(await run('Byeol GET /bbs (list SSR)', `${origin}/bbs`, bytes(probes.list.html)));
      rows.push(
        await run(
          `Byeol GET /bbs/detail/{id} (random of ${commented.length} posts with ${REPLIES} comments)`,
          origin,
          bytes(probes.detail.html),
          { each: () => ({ path: `/bbs/detail/${pick(commented)}` }) },
        ),
      );
      // The JSON the two loaders read, over HTTP: how much of a page is the API and how much the render.
      const listApi = '/v1/sub/eventboard_list?offset=0&limit=20';
      const infoApi = (sn: number) => `/v1/sub/eventboard_info?board_sn=${sn}&view_yn=Y&offset=0&limit=20`;
      const api = { list: await page(listApi), info: await page(infoApi(detailSn)) };
      rows.push(await run(`Byeol GET ${listApi} (what /bbs loads)`, `${origin}${listApi}`, bytes(api.list.html)));
      rows.push(
        await run('Byeol GET /v1/sub/eventboard_info?board_sn={id}&… (what the detail page loads)', origin, bytes(api.info.html), {
          each: () => ({ path: infoApi(pick(commented)) }),
        }),
      );
      rows.push(await run('bare Fastify 5, static HTML (baseline, after)', bare.url, bare.bytes));
      bare.stop();
      printTable(rows, { connections, seconds, database: `${POSTS.toLocaleString()} posts + the demo content` });
    } finally {
      await byeol.close();
    }
  }

  await bus.close();
  await database.close();
  await rm(uploads, { recursive: true, force: true });
  if (opts.keep || opts.url) console.log(`kept: ${bench.url}`);
  else await bench.drop();
}
