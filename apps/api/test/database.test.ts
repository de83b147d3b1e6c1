import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { NO_MIGRATIONS } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/index.js';
import { migrateRetryingCatalogueRaces, migrateToLatest, migrations } from '../src/db/migrations/index.js';
import { DEMO_PASSWORD, demoAccounts, seedDemo } from '../src/db/seed.js';
import { isCommonPassword } from '../src/modules/accounts/passwords.js';
import { login, rowCounts } from './support/api.js';
import { createFreshDatabase, createTestApp, type FreshDatabase, testDatabaseUrl } from './support/test-app.js';

const dialectName = testDatabaseUrl ? 'postgres' : 'sqlite';

describe(`migrations on ${dialectName}`, () => {
  let dir: string;
  let fresh: FreshDatabase;
  /** tables of this database — on PostgreSQL of this schema only, as other test files run beside */
  const tablesHere = async () => {
    const schema = testDatabaseUrl
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(fresh.db)).rows[0]?.s
      : undefined;
    return (await fresh.db.introspection.getTables()).filter((t) => !schema || t.schema === schema).map((t) => t.name);
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qgw-db-'));
    fresh = await createFreshDatabase(dir);
  });
  afterAll(async () => {
    await fresh.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs every migration on an empty database, then nothing on a second run', async () => {
    expect(fresh.dialect).toBe(dialectName);
    const first = await migrateToLatest(fresh.db);
    expect(first?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((n) => [n, 'Success']));
    expect(await migrateToLatest(fresh.db)).toEqual([]);
    const tables = await tablesHere();
    for (const t of ['users', 'user_roles', 'sessions', 'wx_bindings', 'wx_oauth_states', 'audit_log']) expect(tables).toContain(t);
  });

  it('migrates down to nothing and up again', async () => {
    const down = await migrateRetryingCatalogueRaces(fresh.db, (migrator) => migrator.migrateTo(NO_MIGRATIONS));
    expect(down.error).toBeUndefined();
    expect(await tablesHere()).not.toContain('users');
    await migrateToLatest(fresh.db);
    expect(await tablesHere()).toContain('users');
  });

  it('enforces the unique keys and reports them the same way on both databases', async () => {
    const now = new Date().toISOString();
    const user = (id: string, mobile: string) => ({
      id,
      mobile,
      password_hash: 'x',
      nickname: 'n',
      avatar: null,
      status: 'active' as const,
      new_user: 1 as const,
      created_at: now,
      updated_at: now,
    });
    await fresh.db.insertInto('users').values(user('u1', '13700000001')).execute();
    const dup = await fresh.db.insertInto('users').values(user('u2', '13700000001')).execute().catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);

    await fresh.db.insertInto('users').values(user('u3', '13700000003')).execute();
    await fresh.db.insertInto('wx_bindings').values({ user_id: 'u1', appid: 'a', openid: 'o1', created_at: now }).execute();
    const sameOpenid = await fresh.db
      .insertInto('wx_bindings')
      .values({ user_id: 'u3', appid: 'a', openid: 'o1', created_at: now })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(sameOpenid)).toBe(true);
    const secondForApp = await fresh.db
      .insertInto('wx_bindings')
      .values({ user_id: 'u1', appid: 'a', openid: 'o2', created_at: now })
      .execute()
      .catch((e: unknown) => e);
    expect(isUniqueViolation(secondForApp)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('enforces foreign keys and the status / role checks', async () => {
    const now = new Date().toISOString();
    await expect(
      fresh.db.insertInto('user_roles').values({ user_id: 'nobody', role: 'admin', created_at: now }).execute(),
    ).rejects.toThrow();
    await expect(
      fresh.db.insertInto('user_roles').values({ user_id: 'u1', role: 'king' as never, created_at: now }).execute(),
    ).rejects.toThrow();
    await expect(fresh.db.updateTable('users').set({ status: 'deleted' as never }).where('id', '=', 'u1').execute()).rejects.toThrow();
  });

  it('keeps the audit log append-only', async () => {
    const id = randomUUID();
    await fresh.db
      .insertInto('audit_log')
      .values({ id, actor_id: null, action: 'x', entity: 'y', entity_id: null, before_json: null, after_json: null, created_at: new Date().toISOString() })
      .execute();
    await expect(fresh.db.updateTable('audit_log').set({ action: 'z' }).where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(fresh.db.deleteFrom('audit_log').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    const row = await sql<{ action: string }>`select action from audit_log where id = ${id}`.execute(fresh.db);
    expect(row.rows[0]?.action).toBe('x');
  });
});

describe('demo seed', () => {
  it('creates one account per role with a non-common password, and is idempotent', async () => {
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
    const t = await createTestApp();
    try {
      const first = await seedDemo(t.db, t.clock.now);
      expect(first.map((a) => [a.role, a.created])).toEqual([
        ['applicant', true],
        ['reviewer', true],
        ['admin', true],
      ]);
      const counts = await rowCounts(t.db);
      const second = await seedDemo(t.db, t.clock.now);
      expect(second.every((a) => !a.created)).toBe(true);
      expect(await rowCounts(t.db)).toEqual(counts);
      for (const a of demoAccounts) {
        const l = await login(t.app, a.mobile, DEMO_PASSWORD);
        expect(l.roles).toEqual([a.role]);
      }
    } finally {
      await t.close();
    }
  });
});
