/**
 * `npm run migrate` and the server's start, on the database of a real child process: status lists
 * every migration as applied or pending, `up` applies the pending ones (or names the one that
 * failed), and a database migrated by a newer version (a migration name this code does not know)
 * is refused by `up`, `status` and the server alike, with exit code 1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/index.js';
import { migrations, migrationStatus } from '../src/db/migrations/index.js';
import { pgUrlWithSchema, runMigrate, runNode } from './support/cli.js';
import { pgAdmin, testDatabaseUrl } from './support/test-app.js';

const names = Object.keys(migrations).sort();
const FUTURE = '9999-from-a-newer-version';

/** An empty database of its own for each test: a fresh DATA_DIR, and on PostgreSQL a fresh schema. */
let dataDir: string;
let schema: string | undefined;
let env: Record<string, string>;
let handle: DatabaseHandle | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'qgw-migrate-'));
  env = { DATA_DIR: dataDir };
  if (testDatabaseUrl) {
    schema = `m_${randomBytes(6).toString('hex')}`;
    await pgAdmin(`create schema ${schema}`);
    env.DATABASE_URL = pgUrlWithSchema(schema);
  }
});
afterEach(async () => {
  await handle?.destroy();
  handle = undefined;
  if (schema) await pgAdmin(`drop schema ${schema} cascade`);
  schema = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

/** The test's own connection to the same database (opened only once a test needs it). */
function database() {
  handle ??= testDatabaseUrl
    ? openDatabase({ databaseUrl: testDatabaseUrl, pgSearchPath: schema!, pgPoolMax: 2 })
    : openDatabase({ sqliteFile: join(dataDir, 'app.db') });
  return handle.db;
}

const lines = (text: string, prefix: string) => text.split('\n').filter((l) => l.startsWith(prefix));

describe(`migrate on an empty ${testDatabaseUrl ? 'PostgreSQL schema' : 'SQLite data directory'}`, () => {
  it('status lists every migration as pending (creating no database file); up applies them all; then nothing is pending', async () => {
    const before = await runMigrate(['status'], env);
    expect(before.code, before.stderr).toBe(0);
    expect(lines(before.stdout, '待应用').map((l) => l.split(/\s+/)[1])).toEqual(names);
    expect(lines(before.stdout, '已应用')).toEqual([]);
    if (!testDatabaseUrl) expect(existsSync(join(dataDir, 'app.db'))).toBe(false);

    const up = await runMigrate(['up'], env);
    expect(up.code, up.stderr).toBe(0);
    expect(lines(up.stdout, '已应用').map((l) => l.split(/\s+/)[1])).toEqual(names);
    expect((await migrationStatus(database())).migrations.every((m) => m.appliedAt !== null)).toBe(true);

    const after = await runMigrate(['status'], env);
    expect(after.code).toBe(0);
    expect(lines(after.stdout, '已应用').map((l) => l.split(/\s+/)[1])).toEqual(names);
    expect(lines(after.stdout, '待应用')).toEqual([]);
    expect(after.stdout).toContain(`待应用 0 个`);

    const again = await runMigrate(['up'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('没有待应用的迁移');
  }, 120_000);

  it('up names the migration that failed and exits 1', async () => {
    // a table in the way of the first migration
    await sql`create table users (id text primary key)`.execute(database());
    const r = await runMigrate(['up'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`迁移 ${names[0]} 失败`);
    expect((await migrationStatus(database())).migrations.every((m) => m.appliedAt === null)).toBe(true);
  }, 120_000);

  it('a wrong command line: usage, exit 2', async () => {
    const [none, unknown, extra] = await Promise.all([runMigrate([], env), runMigrate(['down'], env), runMigrate(['up', 'now'], env)]);
    for (const r of [none, unknown, extra]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('用法');
    }
    expect(unknown.stderr).toContain('未知的子命令');
  }, 120_000);
});

describe('a database migrated by a newer version', () => {
  beforeEach(async () => {
    expect((await runMigrate(['up'], env)).code).toBe(0);
    const table = testDatabaseUrl ? sql.id(schema!, 'kysely_migration') : sql.id('kysely_migration');
    await sql`insert into ${table} (name, timestamp) values (${FUTURE}, ${new Date().toISOString()})`.execute(database());
  }, 120_000);

  it('up and status refuse it, naming the unknown migration', async () => {
    const up = await runMigrate(['up'], env);
    expect(up.code).toBe(1);
    expect(up.stderr).toContain('更新版本');
    expect(up.stderr).toContain(FUTURE);

    const status = await runMigrate(['status'], env);
    expect(status.code).toBe(1);
    expect(lines(status.stdout, '未知').join()).toContain(FUTURE);
    expect(lines(status.stdout, '已应用')).toHaveLength(names.length);
  }, 120_000);

  it('the server refuses to start, with the reason and exit code 1', async () => {
    const r = await runNode('src/server.ts', [], {
      ...env,
      SEED_DEMO: '0',
      PORT: '0',
      WEB_DIST: join(dataDir, 'none'),
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('数据库已由更新版本的程序迁移');
    expect(r.stderr).toContain(FUTURE);
    expect(r.output).not.toContain('已启动');
  }, 120_000);
});
