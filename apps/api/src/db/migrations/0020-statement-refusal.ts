import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The SQLSTATE `qgw_refuse` raises (class QG is none of PostgreSQL's). */
export const REFUSED_SQLSTATE = 'QG001';

/**
 * PostgreSQL only: `qgw_refuse(reason)` fails the statement that calls it, with REFUSED_SQLSTATE and
 * the reason as its message. A statement that writes several rows and then finds it should not
 * have (a new submission whose files fall short: applications/submission.repository.ts) so undoes
 * all of them by itself, without a transaction around it (docs/decisions/0028-a-submission-in-one-round-trip.md).
 */
export const statementRefusalMigration: Migration = {
  async up(db: AnyDb) {
    if (!isPostgres(db)) return;
    await sql`
      create function qgw_refuse(reason text) returns integer language plpgsql as $$
      begin
        raise exception using errcode = ${sql.lit(REFUSED_SQLSTATE)}, message = reason;
      end $$`.execute(db);
  },

  async down(db: AnyDb) {
    if (!isPostgres(db)) return;
    await sql`drop function if exists qgw_refuse(text)`.execute(db);
  },
};
