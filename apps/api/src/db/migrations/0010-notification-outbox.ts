import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

/**
 * The notification outbox: each outbound copy (WeChat, SMS) of a released decision is a row written
 * in the release's own transaction, then claimed and sent by a worker, so a restart or a second
 * instance neither drops nor repeats it. The recipient is the user's id; the mobile and the openid
 * are read when sending and never stored here. Frozen once shipped. Portable column types only.
 */
export const notificationOutboxMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('notification_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('notification_id', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('application_id', 'text')
      // no foreign key of its own: the notification's row (its user's, cascading) takes it along
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('wechat', 'sms')`))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'sending', 'sent', 'failed', 'skipped')`))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      // pending: when to try (again); sending: when the lease ends and the row is due again
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      // masked: 138****1234, or the first characters of an openid
      .addColumn('recipient', 'text')
      // short machine-readable reason: timeout, http:502, errcode:43004, no_openid … never personal data
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'text')
      .execute();
    // the worker's pick: due rows by status and time
    await db.schema
      .createIndex('notification_outbox_due_idx')
      .on('notification_outbox')
      .columns(['status', 'next_attempt_at'])
      .execute();
    // the console's list: newest first, keyset on (created_at, id), optionally per application
    await db.schema
      .createIndex('notification_outbox_created_idx')
      .on('notification_outbox')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('notification_outbox_application_idx')
      .on('notification_outbox')
      .column('application_id')
      .execute();
    // the cascade from a deleted notification finds its rows without a scan
    await db.schema
      .createIndex('notification_outbox_notification_idx')
      .on('notification_outbox')
      .column('notification_id')
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('notification_outbox').execute();
  },
};
