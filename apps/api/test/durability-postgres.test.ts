/**
 * The server refuses to start on a PostgreSQL that would acknowledge commits it may lose: fsync off
 * (server-wide, so checked through the settings reader) or synchronous_commit off (here set on a
 * scratch database, as an operator might, and seen by the real server process at start).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertDurable, DurabilityError, durabilityProblems } from '../src/db/durability.js';
import { openDatabase } from '../src/db/index.js';
import { pgAdmin, pgDatabaseUrl, testDatabaseUrl } from './support/test-app.js';

describe('durability settings', () => {
  it('fsync off or synchronous_commit off is refused; on, local, remote_* are durable', () => {
    expect(durabilityProblems({ fsync: 'on', synchronousCommit: 'on' })).toEqual([]);
    for (const level of ['local', 'remote_write', 'remote_apply']) expect(durabilityProblems({ fsync: 'on', synchronousCommit: level })).toEqual([]);
    expect(durabilityProblems({ fsync: 'off', synchronousCommit: 'on' })).toEqual(['fsync is off']);
    expect(durabilityProblems({ fsync: 'on', synchronousCommit: 'off' })).toEqual(['synchronous_commit is off']);
    expect(durabilityProblems({ fsync: 'off', synchronousCommit: 'off' })).toHaveLength(2);
  });

  it('SQLite needs no check', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qgw-durable-'));
    const h = openDatabase({ sqliteFile: join(dir, 'app.db') });
    try {
      await expect(assertDurable(h.db, h.dialect)).resolves.toBeUndefined();
    } finally {
      await h.destroy();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const root = new URL('../../..', import.meta.url).pathname;

/** Starts the real server and answers its exit code and output (it must exit by itself). */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not stop by itself: ${output}`));
    }, 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.skipIf(!testDatabaseUrl)('on PostgreSQL', () => {
  const name = `qgw_durable_${randomBytes(5).toString('hex')}`;
  let url: string;
  let dataDir: string;
  beforeAll(async () => {
    await pgAdmin(`create database ${name}`);
    await pgAdmin(`alter database ${name} set synchronous_commit = off`);
    url = pgDatabaseUrl(name);
    dataDir = await mkdtemp(join(tmpdir(), 'qgw-durable-'));
  });
  afterAll(async () => {
    await pgAdmin(`drop database if exists ${name} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('the test database itself is durable', async () => {
    const h = openDatabase({ databaseUrl: testDatabaseUrl });
    try {
      await expect(assertDurable(h.db, h.dialect)).resolves.toBeUndefined();
    } finally {
      await h.destroy();
    }
  });

  it('a database with synchronous_commit off is refused by the check', async () => {
    const h = openDatabase({ databaseUrl: url });
    try {
      await expect(assertDurable(h.db, h.dialect)).rejects.toThrow(DurabilityError);
      await expect(assertDurable(h.db, h.dialect)).rejects.toThrow(/synchronous_commit is off/);
    } finally {
      await h.destroy();
    }
  });

  it('the real server exits with an error at start and creates nothing', async () => {
    const { code, output } = await runServer({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    expect(code).toBe(1);
    expect(output).toContain('synchronous_commit is off');
    expect(output).not.toContain('已启动');
    // refused before migrating: the scratch database has no tables
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const r = await c.query(`select count(*)::int as n from information_schema.tables where table_schema = 'public'`);
      expect(r.rows[0].n).toBe(0);
    } finally {
      await c.end();
    }
  });
});
