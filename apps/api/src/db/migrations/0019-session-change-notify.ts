import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on the evolving Database type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The channel every server listens on (db/change-feed.ts); the payload is the user's id. */
export const SESSION_CHANGE_CHANNEL = 'qgw_session_change';

/**
 * PostgreSQL only: whenever what a session check reads changes — a user's row (status, mobile,
 * nickname, avatar), their roles, a session's revocation, or a session's row going — the database
 * tells every server listening, at commit, with the user's id
 * (docs/decisions/0027-sessions-remembered-between-round-trips.md). Triggers rather than calls in
 * the code, so that no writer (the console, the command line, a later module, an operator's SQL)
 * can change a user without every server's remembered sessions hearing of it. SQLite has one
 * server and nothing to tell.
 */
export const sessionChangeNotifyMigration: Migration = {
  async up(db: AnyDb) {
    if (!isPostgres(db)) return;
    // the user's own row: its id; NEW is null on DELETE, OLD on INSERT
    await sql`
      create function qgw_user_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(SESSION_CHANGE_CHANNEL)}, case when tg_op = 'DELETE' then old.id else new.id end);
        return null;
      end $$`.execute(db);
    // a row belonging to a user (a role, a session): its user_id
    await sql`
      create function qgw_user_part_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(SESSION_CHANGE_CHANNEL)}, case when tg_op = 'DELETE' then old.user_id else new.user_id end);
        return null;
      end $$`.execute(db);
    await sql`create trigger users_session_change after update or delete on users
      for each row execute function qgw_user_changed()`.execute(db);
    await sql`create trigger user_roles_session_change after insert or update or delete on user_roles
      for each row execute function qgw_user_part_changed()`.execute(db);
    // a new session is never remembered before it is read, and last_used_at changes once a minute on
    // every live session: only a revocation or a row going matters
    await sql`create trigger sessions_session_change after update of revoked_at or delete on sessions
      for each row execute function qgw_user_part_changed()`.execute(db);
  },

  async down(db: AnyDb) {
    if (!isPostgres(db)) return;
    await sql`drop trigger if exists sessions_session_change on sessions`.execute(db);
    await sql`drop trigger if exists user_roles_session_change on user_roles`.execute(db);
    await sql`drop trigger if exists users_session_change on users`.execute(db);
    await sql`drop function if exists qgw_user_part_changed()`.execute(db);
    await sql`drop function if exists qgw_user_changed()`.execute(db);
  },
};
