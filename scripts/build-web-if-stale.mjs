#!/usr/bin/env node
// Builds the web app when its output is missing or older than any source it is built from, so
// `npm start` and `npm test` stay quick on a second run and never serve a stale build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'apps/web/build/server/index.js');
const sources = [
  'apps/web/app',
  'apps/web/public',
  'packages/contract/src',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'package-lock.json',
];

function newest(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(full).map((e) => newest(path.join(p, e))));
}

const stale = !existsSync(output) || newest('.') === 0 || sources.some((s) => newest(s) > statSync(output).mtimeMs);
if (stale || process.argv.includes('--force')) {
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', '@byeol/web'], { cwd: root, stdio: 'inherit' });
  precompress(path.join(root, 'apps/web/build/client'));
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text asset of the client build worth it (1 KB
 * or more, and smaller compressed): the web role serves them as they are (@fastify/static preCompressed),
 * so no browser waits for a compression and none is done twice.
 */
function precompress(dir) {
  let files = 0;
  let raw = 0;
  let br = 0;
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/.test(entry.name)) {
        const data = readFileSync(full);
        if (data.length < 1024) continue;
        const b = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        const g = gzipSync(data, { level: 9 });
        if (b.length < data.length) writeFileSync(`${full}.br`, b);
        if (g.length < data.length) writeFileSync(`${full}.gz`, g);
        files += 1;
        raw += data.length;
        br += b.length;
      }
    }
  };
  walk(dir);
  console.log(`Precompressed ${files} assets: ${Math.round(raw / 1024)} KB → ${Math.round(br / 1024)} KB with brotli.`);
}
