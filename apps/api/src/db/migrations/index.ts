import { type Kysely, PostgresAdapter, sql } from 'kysely';
import {
  DEFAULT_MIGRATION_TABLE, type Migration, type MigrationProvider, type MigrationResultSet, Migrator,
} from 'kysely/migration';
import type { Database } from '../schema.js';
import { accountsMigration } from './0001-accounts.js';
import { applicationsMigration } from './0002-applications.js';
import { filesMigration } from './0003-files.js';
import { contentMigration } from './0004-content.js';
import { consoleAccessMigration } from './0005-console-access.js';
import { reviewMigration } from './0006-review.js';
import { redundantIndexesMigration } from './0007-redundant-indexes.js';
import { coveringNameIndexMigration } from './0008-covering-name-index.js';
import { sessionExpiryIndexMigration } from './0009-session-expiry-index.js';
import { notificationOutboxMigration } from './0010-notification-outbox.js';
import { smsCodesMigration } from './0012-sms-codes.js';
import { accountClosingMigration } from './0013-account-closing.js';
import { reviewDraftsMigration } from './0014-review-drafts.js';
import { rubricVersionsMigration } from './0015-rubric-versions.js';
import { seasonsMigration } from './0016-seasons.js';
import { programmeAgeRangeMigration } from './0017-programme-age-range.js';
import { seasonContentMigration } from './0018-season-content.js';
import { sessionChangeNotifyMigration } from './0019-session-change-notify.js';
import { statementRefusalMigration } from './0020-statement-refusal.js';

/**
 * Every migration, in order. Static (not read from disk) so that bundling or running from any
 * working directory cannot lose one. Names sort alphabetically in execution order.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accountsMigration,
  '0002-applications': applicationsMigration,
  '0003-files': filesMigration,
  '0004-content': contentMigration,
  '0005-console-access': consoleAccessMigration,
  '0006-review': reviewMigration,
  '0007-redundant-indexes': redundantIndexesMigration,
  '0008-covering-name-index': coveringNameIndexMigration,
  '0009-session-expiry-index': sessionExpiryIndexMigration,
  '0010-notification-outbox': notificationOutboxMigration,
  '0012-sms-codes': smsCodesMigration,
  '0013-account-closing': accountClosingMigration,
  '0014-review-drafts': reviewDraftsMigration,
  '0015-rubric-versions': rubricVersionsMigration,
  '0016-seasons': seasonsMigration,
  '0017-programme-age-range': programmeAgeRangeMigration,
  '0018-season-content': seasonContentMigration,
  '0019-session-change-notify': sessionChangeNotifyMigration,
  '0020-statement-refusal': statementRefusalMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
  /** the migration that failed, when one did */
  migrationName: string | undefined;
}

/** The database holds migrations this code does not know: a newer version of the platform migrated it. */
export class NewerDatabaseError extends MigrationError {
  override name = 'NewerDatabaseError';
  constructor(readonly unknown: readonly string[]) {
    super(
      `数据库已由更新版本的程序迁移（本版本不认识的迁移：${unknown.join('、')}），本版本不能在其上运行。` +
        '请部署与数据库相符的版本，或从本版本时的备份恢复数据库。',
    );
  }
}

/**
 * On PostgreSQL the bookkeeping tables go in the connection's current schema. Without naming it,
 * the migrator looks for them in every schema and, finding another schema's, would skip creating
 * its own (several deployments or test runs can share one database).
 */
async function migrationTableSchema(db: Kysely<Database>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? undefined;
}

export async function createMigrator(db: Kysely<Database>): Promise<Migrator> {
  const schema = await migrationTableSchema(db);
  return new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/**
 * PostgreSQL: before migrating, the migrator reads the catalogue of every schema in the database;
 * another schema dropped during that read (another deployment's or a finished test run's) fails it
 * with 3F000 naming that schema, or with 42P01 naming one of its tables ("t_x.user_roles"), and a
 * column another schema's migration drops meanwhile fails its serial-sequence lookup with 42703
 * (naming the table without its schema). Nothing has been applied then, so the read is repeated.
 */
const vanishedDuringRead = ['3F000', '42P01', '42703'];
export function otherSchemaVanished(error: unknown, results: MigrationResultSet['results'], ownSchema: string | undefined): boolean {
  if ((results?.length ?? 0) > 0 || typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e.code !== 'string' || !vanishedDuringRead.includes(e.code) || typeof e.message !== 'string') return false;
  return ownSchema === undefined || !(e.message.includes(`"${ownSchema}"`) || e.message.includes(`"${ownSchema}.`));
}

/**
 * Runs a migrator call (up to the latest, or to a named migration), repeating it while it fails on
 * another schema's change during the catalogue read (otherSchemaVanished).
 */
export async function migrateRetryingCatalogueRaces(
  db: Kysely<Database>,
  migrate: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<MigrationResultSet> {
  const ownSchema = await migrationTableSchema(db);
  const migrator = await createMigrator(db);
  let outcome = await migrate(migrator);
  for (let retry = 0; retry < 5 && outcome.error && otherSchemaVanished(outcome.error, outcome.results, ownSchema); retry++) {
    outcome = await migrate(migrator);
  }
  return outcome;
}

/** Applies every pending migration; throws when one fails (the failed one is rolled back where the database allows). */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet['results']> {
  const { error, results } = await migrateRetryingCatalogueRaces(db, (m) => m.migrateToLatest());
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const failure = new MigrationError(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
    failure.migrationName = failed;
    throw failure;
  }
  return results;
}

export interface MigrationState {
  /** every migration this code knows, in order, with when it was applied (null: pending) */
  migrations: { name: string; appliedAt: string | null }[];
  /** applied migrations this code does not know, in name order: a newer version migrated the database */
  unknown: string[];
}

/**
 * What the migrator's own table says was applied. Read directly rather than through the migrator,
 * which refuses (as "corrupted migrations") a database holding a name it does not know, and on
 * PostgreSQL looks through every schema's catalogue to find its table.
 */
async function appliedMigrations(db: Kysely<Database>): Promise<Map<string, string>> {
  const schema = await migrationTableSchema(db);
  const exists = schema
    ? sql`select 1 from information_schema.tables where table_schema = ${schema} and table_name = ${DEFAULT_MIGRATION_TABLE}`
    : sql`select 1 from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`;
  if ((await exists.execute(db)).rows.length === 0) return new Map();
  const table = schema ? sql.id(schema, DEFAULT_MIGRATION_TABLE) : sql.id(DEFAULT_MIGRATION_TABLE);
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${table}`.execute(db);
  return new Map(rows.map((r) => [r.name, r.timestamp]));
}

/** Applied and pending migrations, and any the database holds that this code does not know. Changes nothing. */
export async function migrationStatus(db: Kysely<Database>): Promise<MigrationState> {
  const applied = await appliedMigrations(db);
  return {
    migrations: Object.keys(migrations)
      .sort()
      .map((name) => ({ name, appliedAt: applied.get(name) ?? null })),
    unknown: [...applied.keys()].filter((name) => !(name in migrations)).sort(),
  };
}

/**
 * Refuses a database migrated by a newer version: this code would run on tables it does not know
 * (and could not undo their migrations). Call before migrating; throws NewerDatabaseError.
 */
export async function assertNotNewer(db: Kysely<Database>): Promise<MigrationState> {
  const state = await migrationStatus(db);
  if (state.unknown.length > 0) throw new NewerDatabaseError(state.unknown);
  return state;
}
