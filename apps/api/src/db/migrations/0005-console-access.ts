import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/*
 * The console's second factor, its session verifications, reviewer profiles, rubric criteria and
 * console settings. Frozen once shipped. Portable column types only (text, integer).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const kinds = sql`kind in ('rank_user', 'membership', 'person', 'work', 'company')`;

export const consoleAccessMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('mfa_totp')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_enc', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'active')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('activated_at', 'text')
      // unix seconds / 30: fits a 32-bit integer until the year 4000
      .addColumn('last_step', 'integer')
      .execute();

    await db.schema
      .createTable('mfa_recovery_codes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addUniqueConstraint('mfa_recovery_codes_user_hash_unique', ['user_id', 'code_hash'])
      .execute();

    await db.schema
      .createTable('console_verifications')
      .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('totp', 'recovery')`))
      .addColumn('verified_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('console_verifications_user_idx')
      .on('console_verifications')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('reviewer_profiles')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('organization', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();

    await db.schema
      .createTable('rubric_criteria')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(kinds))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight between 1 and 100`))
      .addColumn('max_score', 'integer', (c) => c.notNull().check(sql`max_score between 1 and 100`))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();
    await db.schema
      .createIndex('rubric_criteria_kind_idx')
      .on('rubric_criteria')
      .columns(['kind', 'active', 'sort'])
      .execute();

    await db.schema
      .createTable('console_settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value_json', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .execute();

    // keyset pages of the people and audit screens: (created_at desc, id desc), optionally per actor
    await db.schema.createIndex('users_created_id_idx').on('users').columns(['created_at', 'id']).execute();
    await db.schema.createIndex('audit_log_created_id_idx').on('audit_log').columns(['created_at', 'id']).execute();
    await db.schema
      .createIndex('audit_log_actor_created_idx')
      .on('audit_log')
      .columns(['actor_id', 'created_at', 'id'])
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropIndex('audit_log_actor_created_idx').execute();
    await db.schema.dropIndex('audit_log_created_id_idx').execute();
    await db.schema.dropIndex('users_created_id_idx').execute();
    for (const t of ['console_settings', 'rubric_criteria', 'reviewer_profiles', 'console_verifications', 'mfa_recovery_codes', 'mfa_totp']) {
      await db.schema.dropTable(t).execute();
    }
  },
};
