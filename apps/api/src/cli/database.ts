import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { type AppConfig, ConfigError, loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/index.js';
import { assertNotNewer } from '../db/migrations/index.js';
import type { Database } from '../db/schema.js';
import { CliError } from './command.js';

/**
 * The database the server would use, found the way the server finds it: DATABASE_URL for
 * PostgreSQL, otherwise DATA_DIR/app.db (apps/api/src/config.ts), from the same environment.
 * Shared by the operator's commands in this folder.
 */

export function cliConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(`配置有误：${err.message}`);
    throw err;
  }
}

/** Which database, for the operator: never the URL itself (it may hold a password). */
export function databaseLabel(config: AppConfig): string {
  if (!config.databaseUrl) return `SQLite（${config.sqliteFile}）`;
  try {
    const u = new URL(config.databaseUrl);
    return `PostgreSQL（${u.host}${u.pathname}）`;
  } catch {
    return 'PostgreSQL';
  }
}

/** True when the configured database is an SQLite file that does not exist yet. */
export const sqliteFileMissing = (config: AppConfig): boolean => !config.databaseUrl && !existsSync(config.sqliteFile);

/**
 * Opens the configured database. With `existing`, an SQLite file that is not there is refused
 * rather than created empty (a mistyped DATA_DIR would otherwise leave a stray database behind).
 */
export function openConfiguredDatabase(config: AppConfig, opts: { existing?: boolean } = {}): DatabaseHandle {
  if (opts.existing && sqliteFileMissing(config)) {
    throw new CliError(`未找到数据库文件 ${config.sqliteFile}：请检查 DATA_DIR，或先运行 npm run migrate -- up`);
  }
  // what the command creates (an SQLite file, its journal) is the user's alone, as the server's is
  process.umask(0o077);
  return openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, pgPoolMax: 2 });
}

/**
 * Refuses to work on a database this code does not match: one a newer version migrated, or one
 * with migrations still pending (its tables may lack what this code reads and writes).
 */
export async function requireCurrentSchema(db: Kysely<Database>): Promise<void> {
  const state = await assertNotNewer(db);
  const pending = state.migrations.filter((m) => m.appliedAt === null).length;
  if (pending > 0) {
    throw new CliError(`数据库还有 ${pending} 个迁移未应用：请先运行 npm run migrate -- up（或启动一次服务器）`);
  }
}
