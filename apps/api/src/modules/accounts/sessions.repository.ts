import { type Kysely, SqliteAdapter } from 'kysely';
import { insertRow, prepared } from '../../db/prepared.js';
import type { Database, SessionsTable } from '../../db/schema.js';

/** SQL for sessions (sessions.ts keeps their rules: lifetimes, touching, tokens). */

/** Every request with a token asks this: compiled once (db/prepared.ts). */
const sessionByToken = prepared(['tokenHash'], (db, p) => sessionRows(db, p.tokenHash));

/**
 * PostgreSQL: the same read, and in the same statement (a data-modifying CTE) the touch of
 * last_used_at when authenticate would write it: the session live (not revoked, not past its
 * absolute expiry, used within the idle time, its user active) and last used TOUCH_INTERVAL_MS
 * ago or longer. Times are ISO strings of one format (isoAt), so comparing them as text is
 * comparing the instants, to the millisecond: the rule is authenticate's, exactly. The read sees
 * the row as it was before the touch, as it did when the touch came after it. A look-up within the
 * minute (the usual case) matches no row to update and writes nothing; one past it makes one round
 * trip instead of two (docs/decisions/0026-postgres-round-trips.md).
 */
const sessionByTokenTouching = prepared(['tokenHash', 'now', 'idleSince', 'touchBefore'], (db, p) =>
  db
    .with('touched', (qc) =>
      qc
        .updateTable('sessions')
        .set({ last_used_at: p.now })
        .where('token_hash', '=', p.tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', p.now)
        .where('last_used_at', '>', p.idleSince)
        .where('last_used_at', '<=', p.touchBefore)
        .where((eb) => eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'sessions.user_id').where('users.status', '=', 'active')))
        .returning('sessions.id'),
    )
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(sessionColumns)
    .where('sessions.token_hash', '=', p.tokenHash),
);

const sessionColumns = [
  'sessions.id as sessionId',
  'sessions.created_at as sessionCreatedAt',
  'sessions.last_used_at as lastUsedAt',
  'sessions.expires_at as expiresAt',
  'sessions.revoked_at as revokedAt',
  'users.id as userId',
  'users.mobile',
  'users.nickname',
  'users.avatar',
  'users.status',
  'users.new_user',
  'users.created_at as userCreatedAt',
  'user_roles.role',
] as const;

function sessionRows(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(sessionColumns)
    .where('sessions.token_hash', '=', tokenHash);
}

/** How many expired sessions one statement of the sweep deletes: each batch is a short write. */
export const SWEEP_BATCH = 500;

/** One batch of the sweep: found through the index on expires_at (migration 0009). */
export const expiredBatch = (db: Kysely<Database>, now: string) =>
  db.deleteFrom('sessions').where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<=', now).limit(SWEEP_BATCH));

export const sessionsRepository = {
  insert(db: Kysely<Database>, row: SessionsTable): Promise<void> {
    return insertRow(db, 'sessions', row);
  },

  /** The session, its user and a row per role (one with a null role when none). */
  byToken(db: Kysely<Database>, tokenHash: string) {
    return sessionByToken.all(db, { tokenHash });
  },

  /** Whether byTokenTouching can be used here: PostgreSQL (SQLite has no data-modifying CTE). */
  touchesInRead(db: Kysely<Database>): boolean {
    return !(db.getExecutor().adapter instanceof SqliteAdapter);
  },

  /** byToken, and the touch of a live session last used at or before `touchBefore`, in one statement. */
  byTokenTouching(db: Kysely<Database>, p: { tokenHash: string; now: string; idleSince: string; touchBefore: string }) {
    return sessionByTokenTouching.all(db, p);
  },

  async touch(db: Kysely<Database>, sessionId: string, now: string): Promise<void> {
    await db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();
  },

  async revoke(db: Kysely<Database>, sessionId: string, now: string): Promise<void> {
    await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  },

  /** Ends every live session of the user; answers how many there were. */
  async revokeAll(db: Kysely<Database>, userId: string, now: string): Promise<number> {
    const res = await db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows);
  },

  /** One batch of the sweep; answers how many rows went. */
  async deleteExpiredBatch(db: Kysely<Database>, now: string): Promise<number> {
    return Number((await expiredBatch(db, now).executeTakeFirst()).numDeletedRows);
  },
};
