/**
 * Builds the API on a fresh database: SQLite in a temporary directory by default, or — when
 * TEST_DATABASE_URL is set — a fresh random PostgreSQL schema (dropped on close). Migrations are
 * applied; the app is ready for `inject`. Every test file gets its own database this way.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { type AppModules, composeApp } from '../../src/app.js';
import { type AppConfig, loadConfig } from '../../src/config.js';
import { type Dialect, openDatabase } from '../../src/db/index.js';
import { migrateToLatest } from '../../src/db/migrations/index.js';
import type { Database } from '../../src/db/schema.js';
import { createLogger } from '../../src/logger.js';
import { scanningStream } from './log-scan.js';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;

/** A clock tests can move; starts at the real time. */
export class TestClock {
  private t = Date.now();
  readonly now = () => this.t;
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestAppOptions {
  /** environment overrides, as the server would read them */
  env?: Record<string, string>;
  clock?: TestClock;
  /** capture log lines (level defaults to info then) */
  logStream?: Writable;
  /** register extra routes (e.g. role-guarded probes) before the app is made ready */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** told the SQL of every statement the app's database runs (db/index.ts onStatement) */
  onStatement?: (sql: string) => void;
}

/**
 * The services tests drive directly (a sweep, the outbox, the audit log), picked from the modules
 * an app was built with (composeApp): shortcuts, so that a test names the service, not the module.
 */
export interface TestServices {
  audit: AppModules['audit']['repository'];
  sessions: AppModules['accounts']['sessions'];
  accounts: AppModules['accounts']['service'];
  /** the profile and avatar (`sweepUnusedAvatars()` runs the avatar sweep once) */
  profiles: AppModules['accounts']['profiles'];
  /** the personal-data export, closing accounts and erasing closed ones (`eraseDue()` runs the sweep once) */
  accountRights: AppModules['accounts']['rights'];
  files: AppModules['files']['service'];
  notifications: AppModules['notifications']['service'];
  /** SMS verification codes */
  smsCodes: AppModules['sms']['service'];
  /** the development outbox the codes go to outside production without a provider; null otherwise */
  smsOutbox: AppModules['sms']['devOutbox'];
}

export function testServicesOf(modules: AppModules): TestServices {
  return {
    audit: modules.audit.repository,
    sessions: modules.accounts.sessions,
    accounts: modules.accounts.service,
    profiles: modules.accounts.profiles,
    accountRights: modules.accounts.rights,
    files: modules.files.service,
    notifications: modules.notifications.service,
    smsCodes: modules.sms.service,
    smsOutbox: modules.sms.devOutbox,
  };
}

/** The modules each test app was built with, for helpers that are handed only the app. */
const modulesByApp = new WeakMap<FastifyInstance, AppModules>();

/** The services of `app` (made by createTestApp or createInstance). */
export function servicesOf(app: FastifyInstance): TestServices {
  const modules = modulesByApp.get(app);
  if (!modules) throw new Error('not an app made by createTestApp or createInstance');
  return testServicesOf(modules);
}

export interface TestApp {
  app: FastifyInstance;
  /** the modules the app was built with */
  modules: AppModules;
  /** shortcuts to the services tests drive: sweeps, the outbox, the audit log, … */
  services: TestServices;
  db: Kysely<Database>;
  dialect: Dialect;
  config: AppConfig;
  clock: TestClock;
  dataDir: string;
  /** PostgreSQL: the test's schema */
  pgSchema?: string;
  close(): Promise<void>;
}

/** Limits far above what a test file does, so only tests that mean to hit a limit do. */
export const testDefaults: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  LOGIN_PER_IP_PER_MINUTE: '100000',
  REGISTER_PER_IP_PER_HOUR: '100000',
  RATE_LIMIT_PER_MINUTE: '100000',
  UPLOAD_PER_MINUTE: '100000',
  SMS_SEND_PER_IP_PER_HOUR: '100000',
  // no address is busy enough to be asked for a challenge unless a test means it to be; the
  // challenges a test does meet take a moment to solve, not the seconds a phone spends
  CHALLENGE_PER_IP_PER_MINUTE: '100000',
  ALTCHA_COST: '1',
  ALTCHA_COUNTER_MIN: '1',
  ALTCHA_COUNTER_MAX: '30',
  // an outbound failure is logged once; the retry tests set their own (short) waits
  NOTIFY_RETRY_DELAYS_MS: 'off',
};

/** One statement on the test PostgreSQL server, on a connection of its own (create/drop schema or database). */
export async function pgAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The test server's URL with another database name. */
export function pgDatabaseUrl(name: string): string {
  const u = new URL(testDatabaseUrl!);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface FreshDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL: the schema the database lives in (another instance attaches to it) */
  pgSchema?: string;
  close(): Promise<void>;
}

export async function createFreshDatabase(dataDir: string, onStatement?: (sql: string) => void): Promise<FreshDatabase> {
  const hook = onStatement ? { onStatement } : {};
  if (!testDatabaseUrl) {
    const handle = openDatabase({ sqliteFile: join(dataDir, 'app.db'), ...hook });
    return { db: handle.db, dialect: handle.dialect, close: () => handle.destroy() };
  }
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const admin = pgAdmin;
  await admin(`create schema ${schema}`);
  const handle = openDatabase({ databaseUrl: testDatabaseUrl, pgSearchPath: schema, pgPoolMax: 4, ...hook });
  return {
    db: handle.db,
    dialect: handle.dialect,
    pgSchema: schema,
    close: async () => {
      await handle.destroy();
      await admin(`drop schema ${schema} cascade`);
    },
  };
}

/** The test's own stream, with every line scanned on the way. */
function teeToScan(stream: Writable): Writable {
  const scan = scanningStream();
  return new Writable({
    write(chunk, enc, cb) {
      scan.write(chunk);
      stream.write(chunk, enc, cb);
    },
  });
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'qgw-api-test-'));
  const config = loadConfig({
    ...testDefaults,
    DATA_DIR: dataDir,
    // tests do not depend on a web build unless they point WEB_DIST at one
    WEB_DIST: join(dataDir, 'no-web-build'),
    ...opts.env,
  });
  const fresh = await createFreshDatabase(dataDir, opts.onStatement);
  const clock = opts.clock ?? new TestClock();
  let app: FastifyInstance | undefined;
  let modules: AppModules;
  try {
    await migrateToLatest(fresh.db);
    // every app logs, at debug unless the test says otherwise, through the personal-data scan
    // (support/log-scan.ts); a test that reads its own lines gets them scanned too
    const logger = createLogger({
      level: opts.env?.LOG_LEVEL ?? (opts.logStream ? 'info' : 'debug'),
      stream: opts.logStream ? teeToScan(opts.logStream) : scanningStream(),
    });
    ({ app, modules } = await composeApp({ config, db: fresh.db, clock: clock.now, logger }));
    modulesByApp.set(app, modules);
    if (opts.beforeReady) await opts.beforeReady(app);
    await app.ready();
  } catch (err) {
    // leave no schema or directory behind when the setup itself fails
    await app?.close().catch(() => undefined);
    await fresh.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    app,
    modules,
    services: testServicesOf(modules),
    db: fresh.db,
    dialect: fresh.dialect,
    config,
    clock,
    dataDir,
    ...(fresh.pgSchema ? { pgSchema: fresh.pgSchema } : {}),
    close: async () => {
      // closing an app twice is harmless: a test may have stopped it already (an instance's restart)
      await app.close();
      await fresh.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestInstance {
  app: FastifyInstance;
  modules: AppModules;
  services: TestServices;
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * Another instance of the API on `t`'s database, with its own app, memory and background work, and
 * `t`'s clock: on PostgreSQL its own connection pool on the same schema, as a second server would
 * have. On SQLite it shares `t`'s connection to the same file: better-sqlite3 waits for a locked
 * database synchronously, so a second connection in the same process would stall until the first
 * could commit, which it cannot while the thread waits (separate processes do not have this).
 */
export async function createInstance(t: TestApp, opts: { env?: Record<string, string> } = {}): Promise<TestInstance> {
  const config = loadConfig({ ...testDefaults, DATA_DIR: t.dataDir, WEB_DIST: join(t.dataDir, 'no-web-build'), ...opts.env });
  const own = t.pgSchema ? openDatabase({ databaseUrl: testDatabaseUrl, pgSearchPath: t.pgSchema, pgPoolMax: 4 }) : undefined;
  const db = own?.db ?? t.db;
  const logger = createLogger({ level: opts.env?.LOG_LEVEL ?? 'debug', stream: scanningStream() });
  const { app, modules } = await composeApp({ config, db, clock: t.clock.now, logger });
  modulesByApp.set(app, modules);
  try {
    await app.ready();
  } catch (err) {
    await app.close().catch(() => undefined);
    await own?.destroy();
    throw err;
  }
  return {
    app,
    modules,
    services: testServicesOf(modules),
    db,
    close: async () => {
      await app.close();
      await own?.destroy();
    },
  };
}
