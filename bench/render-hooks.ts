// Does rendering a page slow the process's other requests? Two platforms on one database, as `npm start`
// runs them: one never renders a page, the other renders the home page once; then GET /v1/user/user_info
// (signed in) is measured on each in turn, three rounds, so machine noise falls on both alike.
// React's Node renderer (react-dom/server.node) runs each render inside an AsyncLocalStorage, which on
// Node 20 turns async_hooks' promise hooks on for the whole process from the first render on: every
// promise of every later request paid for them (apps/web/app/entry.server.tsx now uses the edge renderer).
//
// Run: npm run bench:render-hooks -- [--seconds 5] [--connections 50]
// DATABASE_URL: a PostgreSQL server to create the bench database on; unset: an embedded PostgreSQL.
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seedDemo } from '../apps/server/src/demo/demo.seed.js';
import { connectExternal } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';
import { signInDemoMember } from './demo-member.js';
import { ensureWebBuild, fetchPage, type Platform, startPlatform, stopChildrenOnExit } from './ssr-harness.js';

const { values: opts } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } },
});

stopChildrenOnExit();
ensureWebBuild();
const bench = await createTestDatabase('byeol_bench_hooks');
const database = await connectExternal(bench.url, 2);
const platforms: Platform[] = [];
try {
  await seedDemo(database.db);
  const { headers } = await signInDemoMember(database.pool);
  const never = await startPlatform(bench.url, 'byeol-bench-hooks-a-');
  platforms.push(never);
  const rendered = await startPlatform(bench.url, 'byeol-bench-hooks-b-');
  platforms.push(rendered);
  const page = await fetchPage(`${rendered.origin}/`, { headers });
  if (page.status !== 200) throw new Error(`the home page answered ${page.status}`);

  const measure = async (origin: string) => {
    const o = { url: `${origin}/v1/user/user_info`, connections: Number(opts.connections), headers };
    await autocannon({ ...o, duration: 2 }); // warm-up
    const r = await autocannon({ ...o, duration: Number(opts.seconds) });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
    return r.requests.average;
  };
  console.log(
    `GET /v1/user/user_info signed in, autocannon -c ${opts.connections} -d ${opts.seconds} (2 s warm-up each), two platforms (main.ts, production mode)`,
  );
  console.log('| round | never rendered a page (baseline) req/s | rendered the home page once req/s | ratio |\n|---|---|---|---|');
  const ratios: number[] = [];
  for (let round = 1; round <= 3; round++) {
    const a = await measure(never.origin);
    const b = await measure(rendered.origin);
    ratios.push(b / a);
    console.log(`| ${round} | ${Math.round(a).toLocaleString()} | ${Math.round(b).toLocaleString()} | ${((b / a) * 100).toFixed(0)} % |`);
  }
  console.log(`mean ratio: ${((ratios.reduce((x, y) => x + y, 0) / ratios.length) * 100).toFixed(0)} %`);
} finally {
  for (const p of platforms) await p.close();
  await database.close();
  await bench.drop();
}
process.exit(0);
