// Search latency at scale (issue 18, docs/search.md#benchmark): 1M broadcasts (live and replays) and 200k
// members generated, indexed by the same search_fill() the triggers use, then p50/p99 of the search calls
// for two-syllable, three-plus-syllable, 초성 and Latin terms, beside a plain primary-key lookup of one
// search document over the same pool in the same run (the baseline a search can approach).
//
// Run: npm run bench:search -- [--broadcasts 1000000] [--members 200000] [--queries 400] [--keep]
// DATABASE_URL: a PostgreSQL server to create the bench database on; unset: an embedded PostgreSQL.
import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chosungOf, SEARCH_LIMITS, searchWords } from '@byeol/contract';
import { ALL_KINDS, searchAllKinds, searchKind } from '../apps/server/src/modules/search/search.repository.js';
import { connectExternal } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';

const { values: opts } = parseArgs({
  options: {
    broadcasts: { type: 'string', default: '1000000' },
    members: { type: 'string', default: '200000' },
    queries: { type: 'string', default: '400' },
    keep: { type: 'boolean', default: false },
    /** A database a previous `--keep` run left: measure it again without generating anything. */
    url: { type: 'string' },
  },
});
const BROADCASTS = Number(opts.broadcasts);
const MEMBERS = Number(opts.members);
const QUERIES = Number(opts.queries);
/** A quarter of the members are broadcasters; every broadcast belongs to one of them. */
const BJS = Math.max(1, Math.floor(MEMBERS / 4));
const LIVE = Math.min(BJS, 2_000);

const bench = opts.url ? { url: opts.url, drop: async () => {} } : await createTestDatabase('byeol_bench_search');
const where = process.env.DATABASE_URL ? 'PostgreSQL of DATABASE_URL' : 'embedded PostgreSQL';
const database = await connectExternal(bench.url, 4);
const { pool, db } = database;
const version = (await pool.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '?';
console.log(
  `search bench on ${where} ${version}: ${BROADCASTS.toLocaleString()} broadcasts, ${MEMBERS.toLocaleString()} members (${BJS.toLocaleString()} BJs)`,
);

if (!opts.url) {
  // ---- data: Korean-looking text with a Zipf-like word frequency ------------------------------------------

  /** 800 syllables: the ones Korean names and titles use most are a few hundred; uniform over these. */
  const syllables = Array.from({ length: 800 }, () => String.fromCodePoint(0xac00 + randomInt(11_172)));
  const syl = () => syllables[randomInt(syllables.length)] as string;
  /** 6,000 Korean words of 2–3 syllables and 1,500 Latin words; titles draw them with a power law (word i ~ i^-2/3). */
  const koWords = Array.from({ length: 6_000 }, () => Array.from({ length: 2 + randomInt(2) }, syl).join(''));
  const enWords = Array.from({ length: 1_500 }, () =>
    Array.from({ length: 4 + randomInt(5) }, () => 'abcdefghijklmnopqrstuvwxyz'[randomInt(26)]).join(''),
  );

  const started = performance.now();
  // Bulk load without the per-row triggers (one session), indexed below in one pass by search_fill('all').
  const loader = await pool.connect();
  await loader.query(`set session_replication_role = replica`);
  await loader.query(
    `insert into users (id, nick, type_cd, role, bj_type_cd, phone_country_num, phone_no)
     select 'u' || g, nicks[1 + (g - 1) % cardinality(nicks)] || g,
            case when g <= $2 then 'bj' else 'user' end, case when g <= $2 then 'bj' else 'user' end,
            case when g <= $2 then (array['general','general','general','general','enter','public','program'])[1 + g % 7] else '' end,
            '82', '010' || lpad(g::text, 8, '0')
     from generate_series(1, $1::int) g, (select $3::text[] as nicks) n`,
    [MEMBERS, BJS, Array.from({ length: MEMBERS }, () => Array.from({ length: 2 + randomInt(3) }, syl).join(''))],
  );
  const firstKey = Number((await loader.query<{ k: string }>(`select min(user_key) as k from users`)).rows[0]?.k);
  for (let done = 0; done < BROADCASTS; done += 100_000) {
    const n = Math.min(100_000, BROADCASTS - done);
    await loader.query(
      `insert into broadcast (vod_key, bj_user_key, title, tags, state, replay_yn, viewer_cnt, peak_viewer_cnt, like_cnt, started_at, ended_at)
       select 'bv' || ($1::int + g), $2::bigint + (($1::int + g) % $3::int),
              ko[1 + floor(power(random(), 3) * cardinality(ko))::int] || ' ' || ko[1 + floor(power(random(), 3) * cardinality(ko))::int] || ' '
                || en[1 + floor(power(random(), 3) * cardinality(en))::int] || ' ' || ko[1 + floor(random() * cardinality(ko))::int],
              array[ko[1 + floor(power(random(), 3) * cardinality(ko))::int]],
              case when $1::int + g <= $4::int then 'live' else 'ended' end, true,
              floor(random() * 500)::int, floor(power(random(), 4) * 20000)::int, floor(random() * 300)::int,
              now() - (g % 1000) * interval '1 hour', now() - (g % 1000) * interval '1 hour' + interval '1 hour'
       from generate_series(1, $5::int) g, (select $6::text[] as ko, $7::text[] as en) v`,
      [done, firstKey, BJS, LIVE, n, koWords, enWords],
    );
  }
  await loader.query(`set session_replication_role = origin`);
  loader.release();
  const loaded = performance.now();
  const { rows: filled } = await pool.query<{ n: number }>(`select search_fill('all', null) as n`);
  await pool.query('vacuum analyze search_doc');
  const indexed = performance.now();
  const size = (await pool.query<{ s: string }>(`select pg_size_pretty(pg_total_relation_size('search_doc')) as s`)).rows[0]?.s;
  console.log(
    `loaded in ${((loaded - started) / 1000).toFixed(1)} s; search_fill('all') wrote ${Number(filled[0]?.n).toLocaleString()} documents in ${((indexed - loaded) / 1000).toFixed(1)} s; search_doc with its indexes: ${size}`,
  );
}

// ---- terms, sampled from the documents (a popular word is searched more often) -------------------------

const sample = (
  await pool.query<{ title: string; nick: string; login_id: string }>(
    `select title, nick, login_id from search_doc tablesample system (1) where doc_kind = 'replay' limit ${QUERIES * 2}`,
  )
).rows;
const pick = <T>(xs: T[]): T => xs[randomInt(xs.length)] as T;
const koOf = (s: string) => searchWords(s).filter((w) => /^[가-힣]+$/.test(w));
const terms: Record<string, string[]> = { '2-syllable': [], '3+-syllable': [], 초성: [], Latin: [] };
for (let i = 0; i < QUERIES; i++) {
  const row = pick(sample);
  const words = koOf(`${row.title} ${row.nick}`);
  const word = pick(words);
  const start = randomInt(Math.max(1, [...word].length - 1));
  terms['2-syllable']?.push([...word].slice(start, start + 2).join(''));
  terms['3+-syllable']?.push(pick(words.filter((w) => [...w].length >= 3).concat([row.nick.replace(/\d+$/, '')])));
  terms.초성?.push(chosungOf(row.nick.replace(/\d+$/, '')));
  const latin = pick(searchWords(row.title).filter((w) => /^[a-z]+$/.test(w)));
  terms.Latin?.push(latin.slice(0, 3 + randomInt(Math.max(1, latin.length - 2))));
}

const viewer = { adultOk: false, blocked: [] };
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
async function measure(label: string, run: (i: number) => Promise<unknown>, n: number, names?: string[]) {
  for (let i = 0; i < Math.min(50, n); i++) await run(i); // warm the caches
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run(i);
    ms.push(performance.now() - t0);
  }
  const max = Math.max(...ms);
  const slowest = names ? `  slowest: ${names[ms.indexOf(max) % names.length]}` : '';
  const f = (v: number) => v.toFixed(2).padStart(7);
  console.log(`${label.padEnd(50)} p50 ${f(pct(ms, 50))} ms   p99 ${f(pct(ms, 99))} ms   max ${f(max)} ms${slowest}`);
  return pct(ms, 99);
}

const maxSn = Number((await pool.query<{ m: string }>('select max(doc_sn) as m from search_doc')).rows[0]?.m);
console.log(`\n${QUERIES} queries per line, one at a time over a pool of 4 (latency, not throughput):`);
await measure(
  'baseline: search_doc by primary key',
  () => pool.query('select * from search_doc where doc_sn = $1', [1 + randomInt(maxSn)]),
  QUERIES,
);
let worst = 0;
for (const [label, list] of Object.entries(terms)) {
  worst = Math.max(
    worst,
    await measure(
      `search_more kind=replay, ${label}`,
      (i) => searchKind(db, 'replay', list[i % list.length] as string, viewer, 0, 20),
      QUERIES,
      list,
    ),
  );
  worst = Math.max(
    worst,
    await measure(
      `search_more kind=all (${ALL_KINDS.length} kinds × ${SEARCH_LIMITS.allPerKind}), ${label}`,
      (i) => searchAllKinds(db, list[i % list.length] as string, viewer, SEARCH_LIMITS.allPerKind),
      QUERIES,
      list,
    ),
  );
}
const examples = Object.entries(terms)
  .map(([k, v]) => `${k}: ${v.slice(0, 4).join(', ')}`)
  .join(' | ');
console.log(`\nterms, e.g. ${examples}`);
console.log(`worst p99 ${worst.toFixed(2)} ms (goal ≤ 20 ms at 1M rows)`);

await database.close();
if (opts.keep || opts.url) console.log(`kept: ${bench.url}`);
else await bench.drop();
