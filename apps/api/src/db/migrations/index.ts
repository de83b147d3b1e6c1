import {
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  PostgresAdapter,
  sql,
} from 'kysely';
import type { Database } from '../schema.js';
import { accountsMigration } from './0001-accounts.js';

/**
 * Every migration, in order. Static (not read from disk) so that bundling or running from any
 * working directory cannot lose one. Names sort alphabetically in execution order.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accountsMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export class MigrationError extends Error {
  override name = 'MigrationError';
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

/** Applies every pending migration; throws when one fails (the failed one is rolled back where the database allows). */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet['results']> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results;
}
