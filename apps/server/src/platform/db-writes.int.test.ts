import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.js';
import { connectExternal, type Database } from './db.js';

/**
 * Database.onWrite (what clears the anonymous page cache): a statement that changed rows or a commit is a
 * change; a read is none, whatever asked for it, and so is a write that touched nothing.
 */
let test: TestDatabase;
let database: Database;
let writes = 0;
beforeAll(async () => {
  test = await createTestDatabase('byeol_writes');
  database = await connectExternal(test.url, 2);
  database.onWrite(() => {
    writes += 1;
  });
  await database.pool.query('create table probe (id int primary key, v text)');
});
afterAll(async () => {
  await database?.close();
  await test?.drop();
});

const after = async (work: () => Promise<unknown>) => {
  const before = writes;
  await work();
  // The listener runs in the reaction of the query's own answer: one more turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve));
  return writes - before;
};

describe('Database.onWrite', () => {
  it('sees inserts, updates and deletes that changed rows, through the pool and through drizzle', async () => {
    expect(await after(() => database.pool.query(`insert into probe values (1, 'a')`))).toBe(1);
    expect(await after(() => database.db.execute(sql`update probe set v = 'b' where id = 1`))).toBe(1);
    expect(await after(() => database.db.execute(sql`delete from probe where id = 1`))).toBe(1);
  });

  it('sees a transaction once it commits', async () => {
    const n = await after(() =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (2, 'c')`);
      }),
    );
    expect(n).toBeGreaterThanOrEqual(1);
  });

  it('ignores reads and writes that touched nothing', async () => {
    expect(await after(() => database.pool.query('select * from probe'))).toBe(0);
    expect(await after(() => database.db.execute(sql`update probe set v = 'x' where id = -1`))).toBe(0);
    expect(await after(() => database.pool.query(`insert into probe values (2, 'c') on conflict do nothing`))).toBe(0);
  });
});
