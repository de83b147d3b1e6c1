/**
 * Each database driver is loaded only when its database is opened (db/index.ts): a server on SQLite
 * does not hold the PostgreSQL client in memory, nor one on PostgreSQL the SQLite engine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';

const apiDir = resolve(repoRoot, 'apps/api');

/** Opens a database in a fresh process and lists which drivers ended up in its module cache. */
function loadedAfterOpening(options: string): string[] {
  const script = `
    import { createRequire } from 'node:module';
    const { openDatabase } = await import('./src/db/index.ts');
    const h = openDatabase(${options});
    await h.destroy();
    const cache = Object.keys(createRequire(import.meta.url).cache);
    console.log(JSON.stringify(['pg', 'better-sqlite3'].filter((d) => cache.some((k) => k.includes(\`/node_modules/\${d}/\`)))));
  `;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: apiDir, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as string[];
}

describe('database drivers', () => {
  it('loads only the SQLite engine for the embedded database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qgw-drivers-'));
    try {
      expect(loadedAfterOpening(JSON.stringify({ sqliteFile: join(dir, 'app.db') }))).toEqual(['better-sqlite3']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('loads only the PostgreSQL client for a database URL (no connection is made until a query)', () => {
    expect(loadedAfterOpening(JSON.stringify({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }))).toEqual(['pg']);
  }, 30_000);
});
