import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files run at once in each project that allows it. On 2 cores the tests wait on PostgreSQL, sockets,
 * the browser and ffmpeg more than they compute; vitest's own default there (cores − 1) is one.
 */
const FILES_AT_ONCE = 2;

/** What every end-to-end project shares: the platform its global set-up starts, and the waits. */
const e2e = {
  globalSetup: ['e2e/support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A page on a busy 2-core CI machine can take seconds to show what a user waits for: expect.poll
  // waits up to 10 s by default here (vitest's own default, 1 s, made the first CI runs flaky).
  expect: { poll: { timeout: 10_000, interval: 100 } },
};

/**
 * End-to-end files that change what every member or page sees while they run, so that a file running beside
 * them would see it too: site switches (magazine, K-star), a required policy republished (every member is
 * asked to agree), ranking weights, the level tables, the footer; and the phone sweep, which opens every
 * page with ids it chose first (another file's article or event may be gone by then) and keeps both cores
 * busy on its own; the page cache's, which times its cache's lifetime; and accounts', which counts the
 * platform's user_info calls in /metrics while one page loads. They run one at a time, after the
 * others. A name here that matches no file would quietly send its file back among the others: refused.
 */
const E2E_ALONE = [
  'e2e/accounts.e2e.test.ts',
  'e2e/admin.e2e.test.ts',
  'e2e/cs.e2e.test.ts',
  'e2e/editorial.e2e.test.ts',
  'e2e/editorial-admin.e2e.test.ts',
  'e2e/levels.e2e.test.ts',
  'e2e/moderation.e2e.test.ts',
  'e2e/page-cache.e2e.test.ts',
  'e2e/phone.e2e.test.ts',
  'e2e/search.e2e.test.ts',
  'e2e/stars.e2e.test.ts',
];
const missing = E2E_ALONE.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (missing.length > 0) throw new Error(`vitest.config.ts E2E_ALONE names files that do not exist: ${missing.join(', ')}`);

/**
 * Three tiers (STYLE.md): unit tests beside the code; integration tests (*.int.test.ts) against a real
 * PostgreSQL through the real HTTP server; end-to-end tests (e2e/) in Debian's Chromium against the
 * whole platform started as `npm start` starts it.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}', 'apps/web/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          // The same as integration's: they run in one invocation, which wants one worker count.
          maxWorkers: FILES_AT_ONCE,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          // The files share the run's database (every file makes its own members and rows). On 2 cores two
          // at a time took 203 s against 338 s one at a time.
          maxWorkers: FILES_AT_ONCE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          exclude: E2E_ALONE,
          ...e2e,
          // On one platform: each file makes its own members, rooms and rows. On 2 cores all 42 files (these
          // and e2e-alone's) took 637 s, against 800 s one at a time.
          maxWorkers: FILES_AT_ONCE,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e-alone',
          include: E2E_ALONE,
          ...e2e,
          // After the others, one at a time, on a platform of their own (global-setup.ts runs per project).
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
