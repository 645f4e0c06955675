import { defineConfig } from 'vitest/config';

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
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one platform are shared; files run one after another on 2 cores.
          fileParallelism: false,
          // A page on a busy 2-core CI machine can take seconds to show what a user waits for: expect.poll
          // waits up to 10 s by default here (vitest's own default, 1 s, made the first CI runs flaky).
          expect: { poll: { timeout: 10_000, interval: 100 } },
        },
      },
    ],
  },
});
