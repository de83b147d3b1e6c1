/**
 * The operator's commands (apps/api/src/cli) run for real: a child process on the test's own
 * database, found the way the server finds it (DATA_DIR for SQLite, DATABASE_URL for PostgreSQL
 * with the test's schema as its search path).
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { repoRoot } from '../../src/config.js';
import type { Database } from '../../src/db/schema.js';
import { testDatabaseUrl } from './test-app.js';

export const apiDir = resolve(repoRoot, 'apps/api');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** both streams, for "never printed" checks */
  output: string;
}

/** Runs `node --import tsx <script> ...args` in apps/api with only the given environment (and PATH). */
export function runNode(script: string, args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += String(b)));
    child.stderr.on('data', (b: Buffer) => (stderr += String(b)));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr, output: stdout + stderr }));
  });
}

export const runAdmin = (args: readonly string[], env: Record<string, string>) => runNode('src/cli/admin.ts', args, env);
export const runMigrate = (args: readonly string[], env: Record<string, string>) => runNode('src/cli/migrate.ts', args, env);

/** The test PostgreSQL server's URL, its connections working in `schema`. */
export function pgUrlWithSchema(schema: string): string {
  const u = new URL(testDatabaseUrl!);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** The environment that points a command at the database `db` (a test app's): its DATA_DIR, or its PostgreSQL schema. */
export async function envFor(db: Kysely<Database>, dataDir: string): Promise<Record<string, string>> {
  if (!testDatabaseUrl) return { DATA_DIR: dataDir };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return { DATA_DIR: dataDir, DATABASE_URL: pgUrlWithSchema(rows[0]!.schema) };
}
