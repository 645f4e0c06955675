// Pages at scale (issue 20, docs/decisions/012-anonymous-page-cache.md): the home page and a live room's
// play page as 19,000 fans ask for them, on a fresh database with the demo content, from a real Byeol
// platform (apps/server/src/main.ts, NODE_ENV=production, roles api,web):
//   - anonymous `GET /` and `GET /play/{vod_key}` with the anonymous page cache (PAGE_CACHE_MS, default
//     1 s) and, from a second platform, with it off (PAGE_CACHE_MS=0: every request rendered);
//   - the same pages signed in (a session cookie: never cached, rendered per request);
//   - beside a bare Fastify answering the home page's bytes from memory (before and after: the baseline);
//   - first-load JavaScript of each page (every script and modulepreload the HTML names), raw, gzip and
//     brotli (the .gz/.br files the build writes beside each asset).
//
// Run: npm run bench:pages -- [--seconds 10] [--connections 10] [--no-uncached] [--files] [--only 'signed in']
// --only keeps the Byeol rows whose name holds the text (the baselines always run): a CPU profile of the
// platform (BENCH_NODE_ARGS) then covers those requests alone.
// DATABASE_URL: a PostgreSQL server to create the bench database on; unset: an embedded PostgreSQL.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { seedDemo } from '../apps/server/src/demo/demo.seed.js';
import { connectExternal } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';
import { signInDemoMember } from './demo-member.js';
import {
  autocannonRunner,
  ensureWebBuild,
  fetchPage,
  type Platform,
  printTable,
  ROOT,
  type Row,
  startBare,
  startPlatform,
  stopChildrenOnExit,
} from './ssr-harness.js';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    'no-uncached': { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});

await main();

async function main() {
  stopChildrenOnExit();
  ensureWebBuild();
  const bench = await createTestDatabase('byeol_bench_pages');
  const database = await connectExternal(bench.url, 4);
  const { pool, db } = database;
  const platforms: Platform[] = [];
  try {
    await seedDemo(db);
    const live = (
      await pool.query<{ vod_key: string }>(`select vod_key from broadcast where state = 'live' order by viewer_cnt desc limit 1`)
    ).rows[0]?.vod_key;
    if (!live) throw new Error('the demo content has no live broadcast');
    // A signed-in viewer: a session row as a login makes it.
    const { headers: signedIn, nick } = await signInDemoMember(pool);

    const cached = await startPlatform(bench.url, 'byeol-bench-pages-');
    platforms.push(cached);
    const uncached = opts['no-uncached'] ? null : await startPlatform(bench.url, 'byeol-bench-pages-nc-', { PAGE_CACHE_MS: '0' });
    if (uncached) platforms.push(uncached);

    const pages = { home: '/', play: `/play/${live}` };
    const bytes = (s: string) => Buffer.byteLength(s);
    const probe = async (origin: string, p: string, headers: Record<string, string> = {}) => {
      const r = await fetchPage(`${origin}${p}`, { headers });
      if (r.status !== 200) throw new Error(`${p} answered ${r.status}`);
      return r.html;
    };
    const homeHtml = await probe(cached.origin, pages.home);
    const playHtml = await probe(cached.origin, pages.play);
    const mine = await probe(cached.origin, pages.home, signedIn);
    if (!mine.includes(nick)) throw new Error(`the signed-in home does not show "${nick}"`);

    const seconds = Number(opts.seconds);
    const connections = Number(opts.connections);
    const runAny = autocannonRunner({ connections, seconds });
    const skip = (name: string) => Boolean(opts.only) && name.startsWith('Byeol') && !name.includes(opts.only);
    const run = async (...args: Parameters<typeof runAny>): Promise<Row | null> => (skip(args[0]) ? null : runAny(...args));
    const bare = await startBare(homeHtml);
    const rows: (Row | null)[] = [];
    rows.push(await run('bare Fastify 5, the home page bytes from memory (baseline, before)', bare.url, bare.bytes));
    rows.push(await run('Byeol GET / anonymous (page cache 1 s)', `${cached.origin}/`, bytes(homeHtml)));
    rows.push(await run('Byeol GET /play/{vod_key} anonymous (page cache 1 s)', `${cached.origin}${pages.play}`, bytes(playHtml)));
    if (uncached) {
      rows.push(await run('Byeol GET / anonymous, PAGE_CACHE_MS=0 (rendered each time)', `${uncached.origin}/`, bytes(homeHtml)));
      rows.push(await run('Byeol GET /play/{vod_key} anonymous, PAGE_CACHE_MS=0', `${uncached.origin}${pages.play}`, bytes(playHtml)));
    }
    rows.push(await run('Byeol GET / signed in (rendered each time)', `${cached.origin}/`, bytes(mine), { headers: signedIn }));
    const playMine = await probe(cached.origin, pages.play, signedIn);
    rows.push(await run('Byeol GET /play/{vod_key} signed in', `${cached.origin}${pages.play}`, bytes(playMine), { headers: signedIn }));
    // What a shared render personalised in the browser would still pay per signed-in view (decision 013):
    // the home page's loaders without the render (React Router's data request), or the member's summary alone.
    const homeData = await probe(cached.origin, '/_root.data', signedIn);
    rows.push(
      await run('Byeol GET /_root.data signed in (the home loaders, no render)', `${cached.origin}/_root.data`, bytes(homeData), {
        headers: signedIn,
      }),
    );
    const info = await probe(cached.origin, '/v1/user/user_info', signedIn);
    rows.push(
      await run('Byeol GET /v1/user/user_info signed in (the header alone)', `${cached.origin}/v1/user/user_info`, bytes(info), {
        headers: signedIn,
      }),
    );
    rows.push(await run('bare Fastify 5, the home page bytes from memory (baseline, after)', bare.url, bare.bytes));
    bare.stop();
    printTable(
      rows.filter((r): r is Row => r !== null),
      { connections, seconds, database: 'the demo content' },
    );

    console.log(
      '\nFirst-load JavaScript (every script the server-rendered HTML names; the language chunk loaded before hydration not included):',
    );
    console.log('| page | files | raw KB | gzip KB | brotli KB |\n|---|---|---|---|---|');
    for (const [name, html] of [
      ['home /', homeHtml],
      ['play /play/{vod_key}', playHtml],
    ] as const) {
      // Named in src/href attributes, in the module script's imports and in the list of preloads added after
      // the first paint (lib/defer-preloads.server.ts): every quoted /assets/….js, except the route manifest's
      // own file, which the inline manifest names as its `"url"` but a browser never loads (React Router's
      // lazy route discovery asks the server for the routes it needs; checked in Chromium).
      const files = [...new Set([...html.matchAll(/(?<!"url":\s*)"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string))];
      let raw = 0;
      let gz = 0;
      let br = 0;
      const each: string[] = [];
      for (const f of files) {
        const file = path.join(ROOT, 'apps/web/build/client', f);
        raw += statSync(file).size;
        // Files too small to gain from compression have no .gz/.br beside them: they travel as they are.
        const packed = (ext: string) => (existsSync(`${file}.${ext}`) ? readFileSync(`${file}.${ext}`).length : statSync(file).size);
        gz += packed('gz');
        br += packed('br');
        each.push(`${(packed('gz') / 1024).toFixed(1).padStart(6)} KB gzip  ${f}`);
      }
      const kb = (n: number) => (n / 1024).toFixed(1);
      console.log(`| ${name} | ${files.length} | ${kb(raw)} | ${kb(gz)} | ${kb(br)} |`);
      // --files: each file of the page, largest first (what to trim next).
      if (opts.files) console.log(each.sort().reverse().join('\n'));
    }
    // The page language's texts (ko on these pages): one chunk per language that entry.client.tsx loads
    // before hydrating (apps/web/i18n-per-language.ts), the same on every page, so not in the rows above.
    const assets = path.join(ROOT, 'apps/web/build/client/assets');
    for (const f of readdirSync(assets).filter((n) => /^ko-[\w-]+\.js$/.test(n))) {
      const file = path.join(assets, f);
      const size = (ext: string) => (existsSync(`${file}.${ext}`) ? readFileSync(`${file}.${ext}`).length : statSync(file).size);
      const kb = (n: number) => (n / 1024).toFixed(1);
      console.log(
        `| + the Korean texts chunk, loaded before hydration (/assets/${f}) | 1 | ${kb(statSync(file).size)} | ${kb(size('gz'))} | ${kb(size('br'))} |`,
      );
    }
  } finally {
    for (const p of platforms) await p.close();
    await database.close();
    await bench.drop();
  }
}
