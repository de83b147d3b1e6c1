/**
 * What a started server holds before anyone uses a feature (docs/decisions/0030-lazy-modules-and-memory.md):
 * - no Intl date formatter: making one loads ICU's time-zone and locale data, ~6.5 MB of resident
 *   memory for as long as the process lives; Beijing times are arithmetic (contracts' beijing-time);
 * - not Node's web fetch layer (undici), ~14 MB compiled: @tus/server brings it, and is loaded with
 *   the first video upload instead; an ESM import of node:http brings it too (its namespace reads
 *   http.WebSocket), so the metrics listener takes node:http from the CommonJS loader;
 * - not the HTML sanitiser, loaded when the first article body is written;
 * - not Fastify's JSON-schema compilers (ajv, ajv-formats, fast-json-stringify's compiler): every
 *   schema is zod's, and the app hands Fastify the zod compilers when it is made (decision 0036).
 * Each in a fresh process, as the server starts: the module cache of this test runner is not the server's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.js';

const apiDir = resolve(repoRoot, 'apps/api');

interface Footprint {
  /** where each Intl.DateTimeFormat was made, from the app's import to its readiness */
  formatters: string[];
  /** Node's web fetch layer (undici) loaded by the app's start; light-my-request's inject loads it too, so it is read before any request */
  undici: boolean;
  /** packages in the CommonJS module cache that only some requests need */
  packages: string[];
}

function footprintOfAStartedApp(dataDir: string): Footprint {
  const script = `
    const formatters = [];
    const Made = Intl.DateTimeFormat;
    const record = () => formatters.push(new Error().stack.split('\\n').slice(2, 4).join(' <- ').trim());
    Intl.DateTimeFormat = new Proxy(Made, {
      construct(target, args, newTarget) { record(); return Reflect.construct(target, args, newTarget); },
      apply(target, self, args) { record(); return Reflect.apply(target, self, args); },
    });
    const { loadConfig } = await import('./src/config.ts');
    const { openDatabase } = await import('./src/db/index.ts');
    const { migrateToLatest } = await import('./src/db/migrations/index.ts');
    const { createLogger } = await import('./src/logger.ts');
    const { buildApp } = await import('./src/app.ts');
    const config = loadConfig(process.env);
    const database = openDatabase({ sqliteFile: config.sqliteFile });
    await migrateToLatest(database.db);
    const app = await buildApp({ config, db: database.db, clock: () => Date.now(), logger: createLogger({ level: 'error' }) });
    await app.ready();
    const undici = process.moduleLoadList.some((m) => m.includes('undici'));
    const { createRequire } = await import('node:module');
    const cached = Object.keys(createRequire(import.meta.url).cache);
    const packages = ['sanitize-html', 'htmlparser2', 'ajv', 'ajv-formats', '@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler']
      .filter((p) => cached.some((k) => k.includes('/node_modules/' + p + '/')));
    await app.close();
    await database.destroy();
    console.log(JSON.stringify({ formatters, undici, packages }));
  `;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    SEED_DEMO: '0',
    DATA_DIR: dataDir,
    WEB_DIST: join(dataDir, 'no-web-build'),
    LOG_LEVEL: 'error',
    FILE_URL_SECRET: 'f'.repeat(64),
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: apiDir, env, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Footprint;
}

describe('a started server', () => {
  it('has made no Intl date formatter and not loaded the tus server, the HTML sanitiser or a JSON-schema compiler', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qgw-footprint-'));
    try {
      const footprint = footprintOfAStartedApp(dir);
      expect(footprint.formatters).toEqual([]);
      expect(footprint.undici).toBe(false);
      expect(footprint.packages).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
