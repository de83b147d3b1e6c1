import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, type KyselyConfig, PostgresDialect, sql } from 'kysely';
import { PRIVATE_DIR_MODE, prepareSqliteFile, restrictSqliteFiles } from '../private-files.js';
import { type ClosableChangeFeed, pgChangeFeed, type SessionChangeFeed, watchSessionWrites } from './change-feed.js';
import { GroupCommitDriver, GroupCommitSqliteDialect } from './group-commit.js';
import type pg from 'pg';
import { statementNameOf } from './prepared.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** closes the pool / file handle */
  destroy(): Promise<void>;
}

/** A connection pool's use: connections open, idle, and callers waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Each opened database's pool use, looked up by its Kysely instance (the app is given only that). */
const poolStatsByDb = new WeakMap<Kysely<Database>, () => PoolStats>();

/** How busy the database's connections are; undefined for a Kysely instance not opened here. */
export const poolStatsOf = (db: Kysely<Database>): (() => PoolStats) | undefined => poolStatsByDb.get(db);

const sessionChangesByDb = new WeakMap<Kysely<Database>, SessionChangeFeed>();

/**
 * What this server hears of changes to sessions and their users, on a PostgreSQL database opened
 * here (db/change-feed.ts); undefined on SQLite, where one server is the only writer.
 */
export const sessionChangesOf = (db: Kysely<Database>): SessionChangeFeed | undefined => sessionChangesByDb.get(db);

export interface DatabaseOptions {
  /** postgres://… → PostgreSQL; otherwise the SQLite file is used */
  databaseUrl?: string | undefined;
  sqliteFile?: string;
  /** PostgreSQL schema to work in (set as the connection's search_path); tests use one per file */
  pgSearchPath?: string;
  pgPoolMax?: number;
  /**
   * Told the SQL of every statement sent, failed ones included (Kysely's log hook; on PostgreSQL
   * BEGIN and COMMIT too). Tests count a request's round trips with it; left out, nothing is added.
   */
  onStatement?: (sql: string) => void;
}

// Each driver is loaded when its database is opened: a server holds only the one it uses in memory.
const load = createRequire(import.meta.url);
const pgDriver = () => load('pg') as typeof pg;
const sqliteDriver = () => load('better-sqlite3') as typeof BetterSqlite3;

/** Opens the database: PostgreSQL when a URL is given, the embedded SQLite file otherwise. */
export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new (pgDriver().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.pgPoolMax ?? 10,
      ...(opts.pgSearchPath ? { options: `-c search_path=${checkPgSchemaName(opts.pgSearchPath)}` } : {}),
    });
    const changes: ClosableChangeFeed = pgChangeFeed(() => new (pgDriver().Client)(pool.options));
    pool.on('connect', (client) => {
      sendPreparedAsNamed(client);
      watchSessionWrites(client, changes.committedHere);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...statementLog(opts) });
    poolStatsByDb.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    sessionChangesByDb.set(db, changes);
    return {
      db,
      dialect: 'postgres',
      destroy: async () => {
        await changes.close();
        await db.destroy();
      },
    };
  }
  if (!opts.sqliteFile) throw new Error('openDatabase: sqliteFile is required without databaseUrl');
  // the folder is DATA_DIR: made owner-only when missing; an existing one is the operator's to set
  mkdirSync(dirname(opts.sqliteFile), { recursive: true, mode: PRIVATE_DIR_MODE });
  prepareSqliteFile(opts.sqliteFile);
  const file = new (sqliteDriver())(opts.sqliteFile);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  // WAL mode has made the -wal and -shm files by now; SQLite copies the database's mode, this makes sure
  restrictSqliteFiles(opts.sqliteFile);
  const cached = withStatementCache(file);
  const driver = new GroupCommitDriver(file, (text) => cached.prepare(text), () => cached.close());
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(driver), ...statementLog(opts) });
  // one connection: "waiting" is the transactions and queries queued for it
  poolStatsByDb.set(db, () => driver.poolStats());
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/** Kysely's log hook for `onStatement`, or nothing (no hook: Kysely then adds no logging code). */
function statementLog(opts: DatabaseOptions): Pick<KyselyConfig, 'log'> {
  const tell = opts.onStatement;
  return tell ? { log: (event) => tell(event.query.sql) } : {};
}

/**
 * A prepared query's text goes to PostgreSQL as a named statement: parsed and planned once per
 * connection, then only bound and executed (db/prepared.ts). Every other query goes as before.
 */
function sendPreparedAsNamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === 'string' && Array.isArray(values) && args.length === 2 ? statementNameOf(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  }) as pg.PoolClient['query'];
}

/**
 * better-sqlite3 compiles a statement on every `prepare`, and the driver prepares every query it runs:
 * compiling was a third of a request's time. The same SQL text gets the same compiled statement
 * (the queries are parameterised, so their texts are few); the least recently used go past `max`.
 * SQLite recompiles a cached statement by itself when the schema changes under it.
 */
export function withStatementCache(
  file: BetterSqlite3.Database,
  max = 1000,
): { prepare(text: string): BetterSqlite3.Statement; close(): void } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(text: string) {
      let statement = cache.get(text);
      if (statement) {
        // most recently used last, so the first key is the one to drop
        cache.delete(text);
      } else {
        statement = file.prepare(text);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
    close() {
      cache.clear();
      file.close();
    },
  };
}

/** A cheap round trip for readiness checks. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Only plain lower-case names: they need no quoting in SQL or in the connection options. */
export function checkPgSchemaName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error('invalid PostgreSQL schema name');
  return name;
}

/** True when the error is a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export type { Database } from './schema.js';
