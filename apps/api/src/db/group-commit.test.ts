import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitDriver, GroupCommitSqliteDialect } from './group-commit.js';

interface Tables {
  items: { id: number; label: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

let dir: string;
let file: BetterSqlite3.Database;
/** a second connection to the same file: it sees only what is committed */
let outside: BetterSqlite3.Database;
let db: Kysely<Tables>;
let commits: number;
let destroyed: boolean;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qgw-group-commit-'));
  const path = join(dir, 'test.db');
  file = new BetterSqlite3(path);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  commits = 0;
  destroyed = false;
  const prepare = (text: string) => {
    if (text === 'commit') commits++;
    return file.prepare(text);
  };
  db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(new GroupCommitDriver(file, prepare, () => file.close())) });
  await sql`create table items (id integer primary key, label text not null unique)`.execute(db);
  await sql`create table parents (id integer primary key)`.execute(db);
  // checked at COMMIT, not at the insert: a way to make a commit fail
  await sql`create table children (id integer primary key, parent_id integer not null references parents (id) deferrable initially deferred)`.execute(db);
  outside = new BetterSqlite3(path, { readonly: true });
  commits = 0;
});

afterEach(async () => {
  outside.close();
  if (!destroyed) await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const committedIds = () => (outside.prepare('select id from items order by id').all() as { id: number }[]).map((r) => r.id);

const insertInTransaction = (id: number, fail = false) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('items').values({ id, label: `item ${id}` }).execute();
    // an await between statements, as a service's transaction has
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (fail) throw new Error(`transaction ${id} gives up`);
    return id;
  });

describe('SQLite group commit', () => {
  it('commits the transactions of one turn together, each visible to another connection when it resolves', async () => {
    const seenAtResolve: boolean[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        insertInTransaction(i + 1).then((id) => {
          seenAtResolve.push(committedIds().includes(id));
        }),
      ),
    );
    expect(seenAtResolve).toEqual(Array(20).fill(true));
    expect(committedIds()).toHaveLength(20);
    expect(commits).toBeLessThan(20);
    expect(file.inTransaction).toBe(false);
  });

  it('rolls back a failed transaction alone: the others of its turn are stored', async () => {
    const results = await Promise.allSettled([insertInTransaction(1), insertInTransaction(2, true), insertInTransaction(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedIds()).toEqual([1, 3]);
  });

  it('rolls back a statement that fails and keeps the rest of its transaction and turn', async () => {
    await db.insertInto('items').values({ id: 1, label: 'taken' }).execute();
    const duplicate = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 2, label: 'fine' }).execute();
      await trx.insertInto('items').values({ id: 3, label: 'taken' }).execute();
    });
    const other = insertInTransaction(4);
    await expect(duplicate).rejects.toThrow(/UNIQUE/);
    await other;
    expect(committedIds()).toEqual([1, 4]);
  });

  it('fails every transaction of a turn whose COMMIT fails, and stores none of them', async () => {
    const good = insertInTransaction(1);
    const orphan = db.transaction().execute(async (trx) => {
      await trx.insertInto('children').values({ id: 1, parent_id: 42 }).execute();
    });
    const results = await Promise.allSettled([good, orphan]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(committedIds()).toEqual([]);
    expect(file.inTransaction).toBe(false);
    // the next turn works
    await insertInTransaction(2);
    expect(committedIds()).toEqual([2]);
  });

  it('answers a write outside a transaction once it is committed', async () => {
    const r = await db.insertInto('items').values({ id: 7, label: 'seven' }).executeTakeFirst();
    expect(r.numInsertedOrUpdatedRows).toBe(1n);
    expect(committedIds()).toEqual([7]);
  });

  it('answers a read that may see pending writes only after they are committed', async () => {
    const write = insertInTransaction(5);
    const read = new Promise<number[]>((resolve, reject) => {
      // the read runs after the write's statement, in the same turn
      setTimeout(() => {
        db.selectFrom('items').select('id').execute().then((rows) => {
          // what it saw is stored by the time it answers
          expect(committedIds()).toEqual(rows.map((r) => r.id));
          resolve(rows.map((r) => r.id));
        }, reject);
      }, 0);
    });
    await write;
    expect(await read).toEqual([5]);
  });

  it('answers a read with nothing pending without opening a transaction', async () => {
    await insertInTransaction(1);
    const rows = db.selectFrom('items').select('id').execute();
    expect(file.inTransaction).toBe(false);
    expect(await rows).toEqual([{ id: 1 }]);
    expect(commits).toBe(1);
  });

  it('runs a connection holding several statements (the migrator) one after another', async () => {
    await db.connection().execute(async (c) => {
      await c.insertInto('items').values({ id: 1, label: 'a' }).execute();
      await c.insertInto('items').values({ id: 2, label: 'b' }).execute();
      expect(await c.selectFrom('items').select('id').execute()).toHaveLength(2);
    });
    expect(committedIds()).toEqual([1, 2]);
  });

  it('supports savepoints inside a transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 1, label: 'kept' }).execute();
      await trx.executeQuery(sql`savepoint inner_step`.compile(trx));
      await trx.insertInto('items').values({ id: 2, label: 'undone' }).execute();
      await trx.executeQuery(sql`rollback to inner_step`.compile(trx));
      await trx.executeQuery(sql`release inner_step`.compile(trx));
    });
    expect(committedIds()).toEqual([1]);
  });

  it('commits what is pending when the database is closed', async () => {
    let inserted!: () => void;
    const started = new Promise<void>((resolve) => (inserted = resolve));
    const write = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ id: 9, label: 'nine' }).execute();
      inserted();
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await started;
    // closing is asked for before the turn's own commit is due
    const closing = db.destroy();
    destroyed = true;
    await write;
    await closing;
    expect(committedIds()).toEqual([9]);
  });

  it('stores exactly the transactions that resolve, whatever the mix and order (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ fail: fc.boolean(), delay: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 25 }),
        async (plan) => {
          await sql`delete from items`.execute(db);
          const base = 1000;
          const outcomes = await Promise.allSettled(
            plan.map((p, i) =>
              new Promise((resolve) => setTimeout(resolve, p.delay)).then(() => insertInTransaction(base + i, p.fail)),
            ),
          );
          const resolved = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [base + i] : []));
          expect(resolved).toEqual(plan.flatMap((p, i) => (p.fail ? [] : [base + i])));
          expect(committedIds()).toEqual(resolved);
          // a turn left with only rolled-back work may still wait for its spaced commit; a read waits for it
          await sql`select 1`.execute(db);
          expect(file.inTransaction).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('SQLite group commit: commits spaced under concurrent writes', () => {
  /** A driver on the same file with its own pacing; `db` of the tests above stays unused meanwhile. */
  function paced(commitSpacingMs: number, busyWindowMs: number) {
    const counted = { commits: 0 };
    const prepare = (text: string) => {
      if (text === 'commit') counted.commits++;
      return file.prepare(text);
    };
    const driver = new GroupCommitDriver(file, prepare, () => undefined, { commitSpacingMs, busyWindowMs });
    const kdb = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(driver) });
    const insert = (id: number) =>
      kdb.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id, label: `item ${id}` }).execute();
      });
    return { kdb, insert, counted };
  }

  it('never makes a lone writer wait: one transaction after another commits each at once', async () => {
    // a minute's spacing: any wait for it would time the test out
    const { kdb, insert, counted } = paced(60_000, 60_000);
    for (let id = 1; id <= 30; id++) {
      await insert(id);
      expect(committedIds()).toContain(id);
    }
    await kdb.insertInto('items').values({ id: 31, label: 'outside a transaction' }).execute();
    expect(committedIds()).toHaveLength(31);
    expect(counted.commits).toBe(31);
    await kdb.destroy();
  });

  it('after a turn with several writers, commits the next turn no sooner than the spacing, with what joined it meanwhile', async () => {
    const { kdb, insert, counted } = paced(80, 1_000);
    await Promise.all([insert(1), insert(2), insert(3)]);
    expect(counted.commits).toBe(1);
    const t0 = performance.now();
    const first = insert(4).then(() => performance.now() - t0);
    // a write that arrives while the turn waits joins it
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(committedIds()).toEqual([1, 2, 3]);
    const second = insert(5);
    expect(await first).toBeGreaterThanOrEqual(60);
    await second;
    expect(counted.commits).toBe(2);
    expect(committedIds()).toEqual([1, 2, 3, 4, 5]);
    expect(file.inTransaction).toBe(false);
    await kdb.destroy();
  });

  it('stops spacing once the busy window has passed', async () => {
    const { kdb, insert } = paced(60_000, 50);
    await Promise.all([insert(1), insert(2)]);
    await new Promise((resolve) => setTimeout(resolve, 120));
    // within the window this would wait a minute
    await insert(3);
    expect(committedIds()).toEqual([1, 2, 3]);
    await kdb.destroy();
  });
});
