import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GroupCommitDriver, GroupCommitSqliteDialect } from './group-commit.js';

interface Tables {
  items: { id: number; label: string };
}

let file: BetterSqlite3.Database;
let db: Kysely<Tables>;

beforeAll(async () => {
  file = new BetterSqlite3(':memory:');
  db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(new GroupCommitDriver(file, (t) => file.prepare(t), () => file.close())) });
  await sql`create table items (id integer primary key, label text not null)`.execute(db);
  await db.insertInto('items').values(Array.from({ length: 30 }, (_, i) => ({ id: i + 1, label: `i${i + 1}` }))).execute();
});
afterAll(() => db.destroy());

const page = (limit: number, offset: number) => db.selectFrom('items').select('id').orderBy('id').limit(limit).offset(offset);

describe('SQLite compiler: LIMIT and OFFSET as numbers in the SQL', () => {
  it('writes whole numbers into the text and binds only the other values', () => {
    const q = db.selectFrom('items').select('id').where('label', '=', 'x').orderBy('id').limit(20).offset(40).compile();
    expect(q.sql).toBe('select "id" from "items" where "label" = ? order by "id" limit 20 offset 40');
    expect(q.parameters).toEqual(['x']);
    expect(db.selectFrom('items').select('id').limit(BigInt(5)).compile().sql).toMatch(/limit 5$/);
  });

  it('leaves anything else as it was: a fraction stays bound, an expression is compiled as written', () => {
    const fraction = db.selectFrom('items').select('id').limit(1.5).compile();
    expect(fraction.sql).toMatch(/limit \?$/);
    expect(fraction.parameters).toEqual([1.5]);
    const expr = db.selectFrom('items').select('id').limit(sql<number>`(select 3)`).compile();
    expect(expr.sql).toMatch(/limit \(select 3\)$/);
  });

  it('answers the same page as SQLite does with the values bound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), async (limit, offset) => {
        const bound = file.prepare('select id from items order by id limit ? offset ?').all(limit, offset);
        expect(await page(limit, offset).execute()).toEqual(bound);
      }),
      { numRuns: 60 },
    );
  });
});
