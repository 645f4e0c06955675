#!/usr/bin/env node
// `npm start`: builds the web app if needed, then runs every role in one process on the embedded
// PostgreSQL (unless DATABASE_URL is set). Outside production it seeds demo content (BYEOL_DEMO=0 to skip).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
if (env.NODE_ENV !== 'production' && env.BYEOL_DEMO === undefined) env.BYEOL_DEMO = '1';

const build = spawn(process.execPath, [path.join(root, 'scripts/build-web-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
build.on('exit', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...process.argv.slice(2)], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
  server.on('exit', (c, signal) => process.exit(c ?? (signal ? 0 : 1)));
});
