// Lighthouse on the pages a fan opens first (issue 20): the home page and a live room's play page, mobile
// profile (Lighthouse's default: a mid-range phone on slow 4G, simulated), from a real Byeol platform on a
// fresh database with the demo content (apps/server/src/main.ts, NODE_ENV=production, roles api,web), in
// Debian's Chromium. Beside them, the same home page's HTML and CSS without any script from a bare Fastify
// (the floor: what the page costs before JavaScript), so a busy machine shows as a busy baseline too.
//
// Run: npm run bench:lighthouse -- [--runs 3] [--explain]   (each page measured --runs times; the median run
// is shown; --explain prints, per page and run, render-blocking files, the costliest scripts and the main
// thread's biggest costs: where to look next)
// DATABASE_URL: a PostgreSQL server to create the bench database on; unset: an embedded PostgreSQL.
// Lighthouse is pinned to 12.2.3: npm ci refuses locks of 12.3–13.4 here and 13 wants Node 22.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { seedDemo } from '../apps/server/src/demo/demo.seed.js';
import { connectExternal } from '../apps/server/src/platform/db.js';
import { createTestDatabase } from '../apps/server/src/testing/database.js';
import { ensureWebBuild, fetchPage, ROOT, startPlatform, stopChildrenOnExit } from './ssr-harness.js';

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, explain: { type: 'boolean', default: false } },
});
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  kb: number;
}

await main();

async function main() {
  stopChildrenOnExit();
  ensureWebBuild();
  const bench = await createTestDatabase('byeol_bench_lighthouse');
  const database = await connectExternal(bench.url, 4);
  const platform = { close: async () => {} };
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] });
  const bare = Fastify({ logger: false });
  try {
    await seedDemo(database.db);
    const live = (await database.pool.query<{ vod_key: string }>(`select vod_key from broadcast where state = 'live' limit 1`)).rows[0]
      ?.vod_key;
    if (!live) throw new Error('the demo content has no live broadcast');
    const byeol = await startPlatform(bench.url, 'byeol-bench-lighthouse-');
    platform.close = byeol.close;

    // The floor: the home page's HTML without scripts or preloads, with its stylesheet, from a bare server.
    const home = (await fetchPage(`${byeol.origin}/`)).html;
    const floorHtml = home.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(home)?.[1];
    bare.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(floorHtml));
    if (css) {
      const body = readFileSync(path.join(ROOT, 'apps/web/build/client', css));
      bare.get(css, async (_req, reply) => reply.type('text/css').header('cache-control', 'public, max-age=31536000').send(body));
    }
    await bare.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/`;

    const targets: [string, string][] = [
      ['baseline: the home page HTML + CSS, no scripts (bare Fastify)', bareUrl],
      ['Byeol / (home), anonymous', `${byeol.origin}/`],
      ['Byeol /play/{vod_key} (a live room), anonymous', `${byeol.origin}/play/${live}`],
      ['baseline again', bareUrl],
    ];
    console.log(
      `\nLighthouse 12.2.3, mobile profile (simulated slow 4G, 4x CPU), Chromium ${await chromeVersion(chrome.port)}, median of ${opts.runs} runs`,
    );
    console.log('| page | score | FCP s | LCP s | TBT ms | CLS | Speed Index s | transfer KB |\n|---|---|---|---|---|---|---|---|');
    // One unmeasured pass per page first: the platform's first render of a page (its modules loaded, the
    // page cache filled) and Chromium's first start are not what a fan meets on a running site.
    for (const [, url] of targets) await measure(url, chrome.port, false);
    for (const [name, url] of targets) {
      const runs: Figures[] = [];
      for (let i = 0; i < Number(opts.runs); i++) runs.push(await measure(url, chrome.port));
      runs.sort((a, b) => a.score - b.score);
      const m = runs[Math.floor(runs.length / 2)] as Figures;
      console.log(
        `| ${name} | ${m.score} | ${(m.fcp / 1000).toFixed(1)} | ${(m.lcp / 1000).toFixed(1)} | ${Math.round(m.tbt)} | ${m.cls.toFixed(3)} | ${(m.si / 1000).toFixed(1)} | ${m.kb.toFixed(0)} |`,
      );
    }
  } finally {
    await bare.close();
    chrome.kill();
    await platform.close();
    await database.close();
    await bench.drop();
  }
}

async function measure(url: string, port: number, report = true): Promise<Figures> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  const value = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
  if (opts.explain && report) explain(url, lhr.audits);
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    kb: value('total-byte-weight') / 1024,
  };
}

type Audits = Record<string, { details?: unknown } | undefined>;

function explain(url: string, audits: Audits) {
  const items = (id: string) => ((audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Record<string, unknown>[];
  console.log(`\n${url}`);
  for (const row of items('render-blocking-resources'))
    console.log(`  render-blocking: ${row.url} (${Math.round(Number(row.wastedMs))} ms)`);
  for (const row of items('bootup-time').slice(0, 4))
    console.log(`  script cost: ${row.url} total ${Math.round(Number(row.total))} ms, evaluation ${Math.round(Number(row.scripting))} ms`);
  for (const row of items('mainthread-work-breakdown').slice(0, 4))
    console.log(`  main thread: ${row.groupLabel ?? row.group} ${Math.round(Number(row.duration))} ms`);
  const fonts = items('font-display');
  if (fonts.length > 0) console.log(`  fonts without font-display: ${fonts.map((r) => r.url).join(', ')}`);
}

async function chromeVersion(port: number): Promise<string> {
  const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: string };
  return info.Browser ?? '?';
}
