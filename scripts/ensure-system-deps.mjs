#!/usr/bin/env node
// Installs the Debian packages the tests need when they are missing: chromium (the real browser of the
// end-to-end tests; never downloaded from anywhere else) and ffmpeg (the real RTMP publisher and HLS
// packager). Only apt is used. Set BYEOL_SKIP_APT=1 to only report what is missing.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const wanted = [
  { pkg: 'chromium', file: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  { pkg: 'ffmpeg', file: '/usr/bin/ffmpeg' },
];
const missing = wanted.filter((w) => !existsSync(w.file));
if (missing.length === 0) process.exit(0);

const names = missing.map((m) => m.pkg);
const isRoot = process.getuid?.() === 0;
const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (process.env.BYEOL_SKIP_APT === '1' || !hasApt) {
  console.error(`Missing Debian packages: ${names.join(' ')}. Install them with: sudo apt-get install -y ${names.join(' ')}`);
  process.exit(1);
}
const sudo = isRoot ? [] : ['sudo'];
const run = (args) => {
  const [cmd, ...rest] = [...sudo, ...args];
  execFileSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};
console.log(`Installing ${names.join(' ')} with apt-get…`);
run(['apt-get', 'update', '-qq']);
run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...names]);
for (const m of missing) {
  if (!existsSync(m.file)) {
    console.error(`${m.pkg} installed but ${m.file} is still missing`);
    process.exit(1);
  }
}
