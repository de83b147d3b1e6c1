import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const purposesBefore = `'register', 'resetPassword', 'changePhone', 'login'`;
const purposesAfter = `'register', 'resetPassword', 'changePhone', 'login', 'closeAccount'`;

/** sms_codes as 0012 made it, with the purposes given: SQLite changes a CHECK only by rebuilding the table. */
async function rebuildSmsCodes(db: AnyDb, purposes: string): Promise<void> {
  await sql`alter table sms_codes rename to sms_codes_old`.execute(db);
  for (const idx of ['sms_codes_mobile_purpose_idx', 'sms_codes_mobile_created_idx', 'sms_codes_created_idx']) {
    await db.schema.dropIndex(idx).ifExists().execute();
  }
  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mobile_key', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql.raw(`purpose in (${purposes})`)))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'text')
    .execute();
  await sql.raw(`insert into sms_codes select * from sms_codes_old where purpose in (${purposes})`).execute(db);
  await db.schema.dropTable('sms_codes_old').execute();
  await db.schema.createIndex('sms_codes_mobile_purpose_idx').on('sms_codes').columns(['mobile_key', 'purpose', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_mobile_created_idx').on('sms_codes').columns(['mobile_key', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_created_idx').on('sms_codes').column('created_at').execute();
}

/**
 * Closing an account (docs/security.md "Data export and account closing"). A closed account is
 * `status = 'disabled'` with `closed_at` set: every check that lets only active accounts in (sessions,
 * logins, resets, the console's count of active admins) keeps it out without knowing about closing,
 * and the users table keeps its CHECK (changing one on SQLite means rebuilding a table that eight
 * others reference with ON DELETE CASCADE). `erase_after` is when its personal data goes;
 * `erased_at` when it went (the row stays, its mobile a tombstone `erased:<id>` that no 11-digit
 * mobile can equal, so the mobile is free to register again). Codes may now be sent for
 * `closeAccount`. Frozen once shipped. Portable column types only.
 */
export const accountClosingMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('closed_at', 'text').execute();
    await db.schema.alterTable('users').addColumn('erase_after', 'text').execute();
    await db.schema.alterTable('users').addColumn('erased_at', 'text').execute();
    // the erasure sweep's pick: closed accounts whose grace has run out
    await db.schema.createIndex('users_erase_after_idx').on('users').column('erase_after').where(sql.ref('erase_after'), 'is not', null).execute();
    if (isPostgres(db)) {
      await sql`alter table sms_codes drop constraint if exists sms_codes_purpose_check`.execute(db);
      await sql.raw(`alter table sms_codes add constraint sms_codes_purpose_check check (purpose in (${purposesAfter}))`).execute(db);
    } else {
      await rebuildSmsCodes(db, purposesAfter);
    }
  },

  async down(db: AnyDb) {
    if (isPostgres(db)) {
      await sql`delete from sms_codes where purpose = 'closeAccount'`.execute(db);
      await sql`alter table sms_codes drop constraint if exists sms_codes_purpose_check`.execute(db);
      await sql.raw(`alter table sms_codes add constraint sms_codes_purpose_check check (purpose in (${purposesBefore}))`).execute(db);
    } else {
      await rebuildSmsCodes(db, purposesBefore);
    }
    await db.schema.dropIndex('users_erase_after_idx').execute();
    for (const column of ['erased_at', 'erase_after', 'closed_at']) await db.schema.alterTable('users').dropColumn(column).execute();
  },
};
