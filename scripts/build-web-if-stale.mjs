#!/usr/bin/env node
// Builds the web app when its output is missing or older than any source it is built from, so
// `npm start` and `npm test` stay quick on a second run and never serve a stale build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

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
}
