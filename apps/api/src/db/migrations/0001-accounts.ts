import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

/*
 * Frozen once shipped: later changes go in new migrations. Only portable column types (text,
 * integer) so the same statements run on SQLite and PostgreSQL.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

async function makeAuditLogAppendOnly(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end;
      $$`.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}

export const accountsMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('mobile', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('nickname', 'text', (c) => c.notNull())
      .addColumn('avatar', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`))
      .addColumn('new_user', 'integer', (c) => c.notNull().defaultTo(1).check(sql`new_user in (0, 1)`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('users_mobile_unique', ['mobile'])
      .execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('applicant', 'reviewer', 'admin')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .addUniqueConstraint('sessions_token_hash_unique', ['token_hash'])
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('wx_bindings')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('appid', 'text', (c) => c.notNull())
      .addColumn('openid', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('wx_bindings_pk', ['user_id', 'appid'])
      .addUniqueConstraint('wx_bindings_appid_openid_unique', ['appid', 'openid'])
      .execute();

    await db.schema
      .createTable('wx_oauth_states')
      .addColumn('state_hash', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('wx_oauth_states_user_id_idx').on('wx_oauth_states').column('user_id').execute();
    await db.schema
      .createIndex('wx_oauth_states_session_id_idx')
      .on('wx_oauth_states')
      .column('session_id')
      .execute();

    // no foreign key on actor_id / entity_id: the trail outlives what it describes
    await db.schema
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('actor_id', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id']).execute();
    await db.schema.createIndex('audit_log_actor_idx').on('audit_log').column('actor_id').execute();
    await db.schema.createIndex('audit_log_created_at_idx').on('audit_log').column('created_at').execute();
    await makeAuditLogAppendOnly(db);
  },

  async down(db: AnyDb) {
    for (const t of ['audit_log', 'wx_oauth_states', 'wx_bindings', 'sessions', 'user_roles', 'users']) {
      await db.schema.dropTable(t).execute();
    }
    if (isPostgres(db)) await sql`drop function if exists audit_log_append_only()`.execute(db);
  },
};
