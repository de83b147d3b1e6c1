import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * Expired sessions are deleted by an hourly sweep instead of at their user's next login
 * (docs/decisions/0019-expired-sessions-swept.md); the sweep finds them by this index. A session's
 * expiry is fixed when it starts, a set time after login, so new entries append to the index's
 * last page.
 */
export const sessionExpiryIndexMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropIndex('sessions_expires_at_idx').execute();
  },
};
