import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * Two audit-log indexes that later ones made redundant: (created_at) is the leading column of
 * (created_at, id), and (actor_id) of (actor_id, created_at, id), so every query they served is
 * served as well by the longer one. Every audited write (a login, a submission, a decision) paid
 * for both; dropping them makes those writes cheaper and the table smaller.
 */
export const redundantIndexesMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.dropIndex('audit_log_created_at_idx').execute();
    await db.schema.dropIndex('audit_log_actor_idx').execute();
  },

  async down(db: AnyDb) {
    await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();
    await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').column('created_at').execute();
  },
};
