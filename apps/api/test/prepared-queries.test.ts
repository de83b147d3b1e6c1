import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.js';
import { prepared, statementNameOf } from '../src/db/prepared.js';
import { createFreshDatabase, type FreshDatabase, testDatabaseUrl } from './support/test-app.js';

const now = new Date().toISOString();
const user = (id: string, mobile: string) => ({
  id, mobile, password_hash: 'x', nickname: `n${id}`, avatar: null, status: 'active' as const, new_user: 0 as const, created_at: now, updated_at: now,
});

describe(`prepared queries on ${testDatabaseUrl ? 'postgres' : 'sqlite'}`, () => {
  let dir: string;
  let fresh: FreshDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qgw-prepared-'));
    fresh = await createFreshDatabase(dir);
    await migrateToLatest(fresh.db);
    await fresh.db.insertInto('users').values([user('u1', '13800000001'), user('u2', '13800000002'), user('u3', '13800000003')]).execute();
    await fresh.db.insertInto('user_roles').values([
      { user_id: 'u1', role: 'applicant', created_at: now },
      { user_id: 'u2', role: 'reviewer', created_at: now },
      { user_id: 'u2', role: 'admin', created_at: now },
    ]).execute();
  });
  afterAll(async () => {
    await fresh.close();
    await rm(dir, { recursive: true, force: true });
  });

  const byMobileAndStatus = prepared(['mobile', 'status'], (db, p) =>
    db.selectFrom('users').select(['id', 'nickname']).where('mobile', '=', p.mobile).where('status', '=', p.status as 'active').where('new_user', '=', 0),
  );

  it('answers each call with its own values, the same as the query built anew', async () => {
    for (const mobile of ['13800000001', '13800000002', '13800000003', '13899999999']) {
      const built = await fresh.db.selectFrom('users').select(['id', 'nickname']).where('mobile', '=', mobile).where('status', '=', 'active').where('new_user', '=', 0).execute();
      expect(await byMobileAndStatus.all(fresh.db, { mobile, status: 'active' })).toEqual(built);
    }
    expect(await byMobileAndStatus.first(fresh.db, { mobile: '13800000002', status: 'active' })).toEqual({ id: 'u2', nickname: 'nu2' });
    expect(await byMobileAndStatus.first(fresh.db, { mobile: '13800000002', status: 'disabled' })).toBeUndefined();
  });

  it('keeps values as values: quotes, wildcards and SQL in them match literally', async () => {
    for (const mobile of ["' or '1'='1", '%', '_', '13800000001; drop table users', '\\']) {
      expect(await byMobileAndStatus.all(fresh.db, { mobile, status: 'active' })).toEqual([]);
    }
    expect(await fresh.db.selectFrom('users').select('id').execute()).toHaveLength(3);
  });

  it('runs inside a transaction and sees its uncommitted writes', async () => {
    await fresh.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user('u4', '13800000004')).execute();
      expect(await byMobileAndStatus.first(trx, { mobile: '13800000004', status: 'active' })).toEqual({ id: 'u4', nickname: 'nu4' });
    });
    await fresh.db.deleteFrom('users').where('id', '=', 'u4').execute();
  });

  it('answers joined rows: one per role, and one with no role for a user without any', async () => {
    const roles = prepared(['id'], (db, p) =>
      db.selectFrom('users').leftJoin('user_roles', 'user_roles.user_id', 'users.id').select(['users.id', 'user_roles.role']).where('users.id', '=', p.id).orderBy('user_roles.role'),
    );
    expect((await roles.all(fresh.db, { id: 'u2' })).map((r) => r.role)).toEqual(['admin', 'reviewer']);
    expect(await roles.all(fresh.db, { id: 'u3' })).toEqual([{ id: 'u3', role: null }]);
  });

  it('refuses a query that does not use a parameter as a plain value', async () => {
    const unused = prepared(['mobile', 'other'], (db, p) => db.selectFrom('users').select('id').where('mobile', '=', p.mobile));
    await expect(unused.all(fresh.db, { mobile: '13800000001', other: 'x' })).rejects.toThrow(/other not used/);
  });

  it.runIf(testDatabaseUrl)('goes to PostgreSQL as a named statement, parsed once per connection and reused', async () => {
    const byId = prepared(['id'], (db, p) => db.selectFrom('users').select('nickname').where('id', '=', p.id));
    await fresh.db.transaction().execute(async (trx) => {
      expect(await byId.first(trx, { id: 'u1' })).toEqual({ nickname: 'nu1' });
      // a second call on the same connection binds the statement already there
      expect(await byId.first(trx, { id: 'u2' })).toEqual({ nickname: 'nu2' });
      const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(trx);
      const text = rows.find((r) => r.statement.includes('"nickname"') && r.statement.includes('"users"'));
      expect(text?.name).toBe(statementNameOf(text!.statement));
      expect(text?.name).toMatch(/^qgw_\d+$/);
    });
  });

  it('sends every other query unnamed, as before', async () => {
    const before = testDatabaseUrl
      ? await fresh.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('mobile as unnamed_probe').where('id', '=', 'u3').execute();
        return (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like '%unnamed_probe%'`.execute(trx)).rows[0]!.n;
      })
      : 0;
    expect(before).toBe(0);
    expect(statementNameOf('select "mobile" as "unnamed_probe" from "users" where "id" = $1')).toBeUndefined();
  });
});
