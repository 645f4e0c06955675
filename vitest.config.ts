import { defineConfig } from 'vitest/config';

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
 * busy on its own. They run one at a time, after the others.
 */
const E2E_ALONE = [
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
          // As integration below (they run in one invocation, which wants the same worker count).
          maxWorkers: 2,
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          // Two files at a time share the run's database (every file makes its own members and rows): the
          // tests wait on PostgreSQL and sockets more than they compute, so on 2 cores two workers take
          // about 60 % of the wall time of vitest's default there (cores − 1 = one worker).
          maxWorkers: 2,
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
          // Two files at a time on one platform: each makes its own members, rooms and rows, and a file waits
          // on the browser, the platform and ffmpeg more than it computes. On 2 cores, all 42 files (these and
          // e2e-alone's) took 637 s, against 800 s one at a time.
          maxWorkers: 2,
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
