#!/usr/bin/env node
// `npm test`: installs missing Debian packages (chromium, ffmpeg) with apt, builds the web app if
// stale, then runs the unit and integration tiers and the end-to-end tier in a real browser.
// Integration and e2e use the embedded PostgreSQL, or DATABASE_URL / REDIS_URL when set.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
const node = (script) => run(process.execPath, [path.join(root, script)]);
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

try {
  node('scripts/ensure-system-deps.mjs');
  node('scripts/build-web-if-stale.mjs');
  run(process.execPath, [vitest, 'run', '--project', 'unit', '--project', 'integration', ...process.argv.slice(2)]);
  run(process.execPath, [vitest, 'run', '--project', 'e2e', '--project', 'e2e-alone']);
} catch (err) {
  process.exit(typeof err.status === 'number' ? err.status : 1);
}
