import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * SMS verification codes (modules/sms): one row per code asked for, whether or not the mobile is
 * registered (a request for an unknown mobile is counted against the same limits, so that the
 * limits cannot tell which mobiles exist). Neither the mobile nor the code is stored: the mobile as
 * an HMAC under the server's key (the limits' key), the code as an HMAC bound to its row. Rows go a
 * day after they were made (the daily limit's window). Frozen once shipped. Portable column types only.
 */
export const smsCodesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('sms_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile_key', 'text', (c) => c.notNull())
      .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'resetPassword', 'changePhone', 'login')`))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      // wrong tries so far; counted before the code is compared
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('consumed_at', 'text')
      .execute();
    // the latest code of a mobile for a purpose, and the mobile's codes of the last 24 hours
    await db.schema.createIndex('sms_codes_mobile_purpose_idx').on('sms_codes').columns(['mobile_key', 'purpose', 'created_at']).execute();
    await db.schema.createIndex('sms_codes_mobile_created_idx').on('sms_codes').columns(['mobile_key', 'created_at']).execute();
    // the sweep of rows older than a day
    await db.schema.createIndex('sms_codes_created_idx').on('sms_codes').column('created_at').execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('sms_codes').execute();
  },
};
