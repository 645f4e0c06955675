import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
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
/** What each write told, in order: the tables written, or null (anything may have been). */
let told: Array<string[] | null> = [];
beforeAll(async () => {
  test = await createTestDatabase('byeol_writes');
  database = await connectExternal(test.url, 2);
  database.onWrite((tables) => {
    writes += 1;
    told.push(tables === null ? null : [...tables].sort());
  });
  await database.pool.query('create table probe (id int primary key, v text)');
  await database.pool.query('create table other (id int primary key)');
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

const probe = pgTable('probe', { id: integer('id').primaryKey(), v: text('v') });

describe('the tables a write tells', () => {
  const telling = async (work: () => Promise<unknown>) => {
    told = [];
    await after(work);
    return told;
  };

  it('names the target of a statement outside a transaction, as drizzle and hand-written SQL write it', async () => {
    expect(await telling(() => database.db.insert(probe).values({ id: 10, v: 'a' }))).toEqual([['probe']]);
    expect(await telling(() => database.db.update(probe).set({ v: 'b' }).where(sql`id = 10`))).toEqual([['probe']]);
    expect(await telling(() => database.pool.query('insert into public.other (id) values (1)'))).toEqual([['other']]);
    expect(await telling(() => database.pool.query('DELETE FROM "other" WHERE id = 1'))).toEqual([['other']]);
  });

  it('names every table of a transaction once, at its commit; a rolled-back one tells nothing', async () => {
    const tx = () =>
      database.db.transaction(async (t) => {
        await t.insert(probe).values({ id: 11, v: 'c' });
        await t.execute(sql`insert into other (id) values (2)`);
        await t.update(probe).set({ v: 'd' }).where(sql`id = 11`);
      });
    expect(await telling(tx)).toEqual([['other', 'probe']]);
    const rolledBack = () =>
      database.db
        .transaction(async (t) => {
          await t.insert(probe).values({ id: 12, v: 'e' });
          throw new Error('changed my mind');
        })
        .catch(() => undefined);
    expect(await telling(rolledBack)).toEqual([]);
    // A savepoint rolled back keeps the transaction, and what it wrote before, open; what the savepoint wrote
    // is told too (telling too much costs a load, too little would keep a stale answer).
    const nested = () =>
      database.db.transaction(async (t) => {
        await t.insert(probe).values({ id: 13, v: 'f' });
        await t
          .transaction(async (inner) => {
            await inner.execute(sql`insert into other (id) values (3)`);
            throw new Error('inner only');
          })
          .catch(() => undefined);
      });
    expect(await telling(nested)).toEqual([['other', 'probe']]);
  });

  it('says null when the write cannot be told: another shape of statement, a commit with no write seen', async () => {
    // A statement tagged SELECT is never seen, whatever it hides (Database.onWrite's limit, written there).
    expect(
      await telling(() => database.pool.query(`with moved as (update probe set v = 'g' where id = 10 returning id) select * from moved`)),
    ).toEqual([]);
    // The statement's own tag (UPDATE of a CTE under an INSERT) is seen, its target is not: null.
    expect(
      await telling(() =>
        database.pool.query(
          `with moved as (update probe set v = 'h' where id = 10 returning id) insert into other (id) select id + 100 from moved`,
        ),
      ),
    ).toEqual([null]);
    expect(await telling(() => database.db.transaction(async (t) => t.execute(sql`select 1`)))).toEqual([null]);
  });
});
