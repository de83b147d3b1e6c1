/**
 * The real entry point as a child process: migrations and seed at start, the printed URL and demo
 * accounts, and a clean exit on SIGTERM.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@qgw/contracts';
import { repoRoot } from '../src/config.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { testDatabaseUrl } from './support/test-app.js';

const apiDir = resolve(repoRoot, 'apps/api');

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; url: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = new Promise<string>((resolveUrl, reject) => {
    const onData = (b: Buffer) => {
      out += String(b);
      const m = /已启动: (http:\/\/\S+)/.exec(out);
      if (m) resolveUrl(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
  return { child, output: () => out, url };
}

/** The accept-queue length a listening TCP port was given, as `ss` reports it (Linux); null without `ss`. */
function listenBacklog(port: number): number | null {
  const r = spawnSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return null;
  // State Recv-Q Send-Q Local Peer: for a listening socket Send-Q is the backlog
  const line = r.stdout.trim().split('\n')[0];
  return line ? Number(line.trim().split(/\s+/)[2]) : null;
}

const somaxconn = () => {
  try {
    return Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
  } catch {
    return 4096;
  }
};

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.on('exit', (code) => r(code))));

describe(`server entry (${testDatabaseUrl ? 'postgres' : 'sqlite'})`, () => {
  let dataDir: string;
  let schema: string | undefined;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'qgw-server-'));
    if (testDatabaseUrl) {
      schema = `s_${randomBytes(6).toString('hex')}`;
      const c = new pg.Client({ connectionString: testDatabaseUrl });
      await c.connect();
      await c.query(`create schema ${schema}`);
      await c.end();
      const u = new URL(testDatabaseUrl);
      u.searchParams.set('options', `-c search_path=${schema}`);
      databaseUrl = u.toString();
    }
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    if (schema) {
      const c = new pg.Client({ connectionString: testDatabaseUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    }
  });

  it('migrates, seeds, prints the URL and demo logins, serves, and stops cleanly on SIGTERM', async () => {
    const s = start({ DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'none'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    try {
      const url = await s.url;
      expect(s.output()).toContain('13800000001');
      expect(s.output()).toContain(DEMO_PASSWORD);
      expect(s.output()).toContain(databaseUrl ? 'PostgreSQL' : 'SQLite');
      expect(await (await fetch(new URL('/readyz', url))).json()).toEqual({ status: 'ok' });
      const res = await fetch(new URL(apiPaths.login, url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile: '13800000003', password: DEMO_PASSWORD, platform: 'wap', rent_mode: 2 }),
      });
      expect(await res.json()).toMatchObject({ success: true, message: { roles: ['admin'] } });
      s.child.kill('SIGTERM');
      expect(await exitOf(s.child)).toBe(0);
    } finally {
      if (s.child.exitCode === null) s.child.kill('SIGKILL');
    }
  }, 60_000);

  it('starts again on the same data without seeding twice, and skips demo data when told', async () => {
    const s = start({
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'none'),
      SEED_DEMO: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    try {
      const url = await s.url;
      expect(s.output()).not.toContain(DEMO_PASSWORD);
      // a crowd connecting at once waits in the kernel's queue instead of being dropped (server.ts)
      const backlog = listenBacklog(Number(new URL(url).port));
      if (backlog !== null) expect(backlog).toBeGreaterThanOrEqual(Math.min(4096, somaxconn()));
      s.child.kill('SIGINT');
      expect(await exitOf(s.child)).toBe(0);
    } finally {
      if (s.child.exitCode === null) s.child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses to start with an invalid configuration, naming the variable', async () => {
    const s = start({ DATA_DIR: dataDir, PORT: 'not-a-port' });
    s.url.catch(() => undefined);
    expect(await exitOf(s.child)).toBe(1);
    expect(s.output()).toContain('PORT');
  }, 60_000);
});
