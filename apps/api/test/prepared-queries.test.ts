import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrations/index.js';
import { insertRow, prepared, statementNameOf } from '../src/db/prepared.js';
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

  describe('insertRow', () => {
    const entry = (id: string, over: Record<string, unknown> = {}) => ({
      id, actor_id: 'u1', action: 'test.insert', entity: 'user', entity_id: null, before_json: null, after_json: '{"a":1}', created_at: now, ...over,
    });
    const stored = (id: string) => fresh.db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();

    it('stores the same row the query builder stores, each call with its own values', async () => {
      await insertRow(fresh.db, 'audit_log', entry('r1'));
      await insertRow(fresh.db, 'audit_log', entry('r2', { actor_id: null, entity_id: 'u2', before_json: '{"b":2}' }));
      await fresh.db.insertInto('audit_log').values(entry('r3')).execute();
      expect(await stored('r1')).toEqual({ ...entry('r1') });
      expect(await stored('r2')).toEqual(entry('r2', { actor_id: null, entity_id: 'u2', before_json: '{"b":2}' }));
      expect({ ...(await stored('r3')), id: 'r1' }).toEqual(await stored('r1'));
    });

    it('stores numbers as numbers and keeps quotes and SQL in values as text', async () => {
      const text = "x'); drop table users; --";
      await insertRow(fresh.db, 'users', { ...user('u9', text), nickname: '%_\\n' });
      expect(await fresh.db.selectFrom('users').select(['mobile', 'nickname', 'new_user']).where('id', '=', 'u9').executeTakeFirst()).toEqual({
        mobile: text, nickname: '%_\\n', new_user: 0,
      });
      expect(await fresh.db.selectFrom('users').select('id').execute()).toHaveLength(4);
      await fresh.db.deleteFrom('users').where('id', '=', 'u9').execute();
    });

    it('leaves undefined columns out, as the builder does, and compiles each column set apart', async () => {
      const { avatar: _, ...noAvatar } = user('u8', '13800000008');
      await insertRow(fresh.db, 'users', { ...noAvatar, avatar: undefined });
      await insertRow(fresh.db, 'users', { ...user('u7', '13800000007'), avatar: 'a.png' });
      const rows = await fresh.db.selectFrom('users').select(['id', 'avatar']).where('id', 'in', ['u7', 'u8']).orderBy('id').execute();
      expect(rows).toEqual([{ id: 'u7', avatar: 'a.png' }, { id: 'u8', avatar: null }]);
      await fresh.db.deleteFrom('users').where('id', 'in', ['u7', 'u8']).execute();
    });

    it('writes inside the transaction given: rolled back with it', async () => {
      await expect(
        fresh.db.transaction().execute(async (trx) => {
          await insertRow(trx, 'audit_log', entry('r4'));
          expect(await trx.selectFrom('audit_log').select('id').where('id', '=', 'r4').executeTakeFirst()).toEqual({ id: 'r4' });
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await stored('r4')).toBeUndefined();
    });

    it('fails as the builder does on a constraint, and the next call still works', async () => {
      await expect(insertRow(fresh.db, 'audit_log', entry('r1'))).rejects.toThrow();
      await insertRow(fresh.db, 'audit_log', entry('r5'));
      expect(await stored('r5')).toBeDefined();
    });

    it('builds a row holding an SQL expression the usual way', async () => {
      const at = '2024-01-01T00:00:00.000Z';
      await insertRow(fresh.db, 'audit_log', entry('r7', { created_at: sql<string>`${at}` }) as never);
      expect((await stored('r7'))?.created_at).toBe(at);
    });

    it.runIf(testDatabaseUrl)('goes to PostgreSQL as a named statement', async () => {
      await fresh.db.transaction().execute(async (trx) => {
        await insertRow(trx, 'audit_log', entry('r6'));
        const { rows } = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements where statement like 'insert into "audit_log"%'`.execute(trx);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.name).toBe(statementNameOf(rows[0]!.statement));
      });
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
