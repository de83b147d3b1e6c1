import { type Kysely, type QueryCreator, SqliteAdapter } from 'kysely';
import { insertRow, prepared } from '../../db/prepared.js';
import type { Database, SessionsTable } from '../../db/schema.js';
import type { AuditRow } from '../audit/audit.module.js';

/**
 * A login's session, started only while the account still signs in with the hash the login checked
 * and is active, together with its audit row (docs/decisions/0026-postgres-round-trips.md).
 *
 * The check and the INSERT are one statement (INSERT … SELECT … FROM users WHERE …): no session row
 * comes out when the account changed. On PostgreSQL the user's row is locked (FOR UPDATE), as the
 * separate read did before: a password change or a disabling in progress is waited for, and then
 * its new row is what the WHERE sees. The audit row is written by the same statement (a
 * data-modifying CTE, from the session's RETURNING), so one statement commits both, without BEGIN
 * and COMMIT: one round trip where there were five. SQLite has no data-modifying CTE: there the
 * audit row is a second statement in a transaction (a savepoint of the group commit, no round trip).
 */

type SessionRow = Omit<SessionsTable, 'revoked_at'>;

const params = ['sid', 'userId', 'tokenHash', 'createdAt', 'lastUsedAt', 'expiresAt', 'checkedHash'] as const;
const auditParams = ['auditId', 'actorId', 'action', 'entity', 'entityId', 'auditAt'] as const;

const sessionColumns = ['id', 'user_id', 'token_hash', 'created_at', 'last_used_at', 'expires_at', 'revoked_at'] as const;
const auditColumns = ['id', 'actor_id', 'action', 'entity', 'entity_id', 'before_json', 'after_json', 'created_at'] as const;

type P = Readonly<Record<(typeof params)[number], string>>;

const isSqlite = (db: Kysely<Database>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** INSERT INTO sessions SELECT the new row FROM users WHERE the account still signs in with the checked hash. */
const sessionIfStillSignsIn = (db: QueryCreator<Database>, p: P, lock: boolean) =>
  db
    .insertInto('sessions')
    .columns(sessionColumns)
    .expression((eb) => {
      const q = eb
        .selectFrom('users')
        .select((s) => [
          s.val(p.sid).as('id'),
          s.val(p.userId).as('user_id'),
          s.val(p.tokenHash).as('token_hash'),
          s.val(p.createdAt).as('created_at'),
          s.val(p.lastUsedAt).as('last_used_at'),
          s.val(p.expiresAt).as('expires_at'),
          s.lit(null).as('revoked_at'),
        ])
        .where('users.id', '=', p.userId)
        .where('users.password_hash', '=', p.checkedHash)
        .where('users.status', '=', 'active');
      return lock ? q.forUpdate() : q;
    })
    .returning('id');

/** SQLite: the session alone (its audit row follows in the transaction). */
const sqliteSession = prepared(params, (db, p) => sessionIfStillSignsIn(db, p, false));

/** PostgreSQL: the session and, from its RETURNING, its audit row, in one statement. */
const pgSessionAndAudit = prepared([...params, ...auditParams], (db, p) =>
  db
    .with('started', (qc) => sessionIfStillSignsIn(qc, p, true))
    .insertInto('audit_log')
    .columns(auditColumns)
    .expression((eb) =>
      eb
        .selectFrom('started')
        .select((s) => [
          s.val(p.auditId).as('id'),
          s.val(p.actorId).as('actor_id'),
          s.val(p.action).as('action'),
          s.val(p.entity).as('entity'),
          s.val(p.entityId).as('entity_id'),
          s.lit(null).as('before_json'),
          s.lit(null).as('after_json'),
          s.val(p.auditAt).as('created_at'),
        ]),
    )
    .returning('id'),
);

export const loginSessionRepository = {
  /**
   * Starts the session and writes its audit row when the account `userId` still signs in with
   * `checkedHash` and is active; answers false (and writes nothing) otherwise. Runs on `db` or
   * inside the caller's transaction.
   */
  async startIfStillSignsIn(db: Kysely<Database>, session: SessionRow, checkedHash: string, audit: AuditRow): Promise<boolean> {
    if (audit.before_json !== null || audit.after_json !== null || audit.actor_id === null || audit.entity_id === null) {
      // the statement writes these as nulls and these as values: a login's entry has nothing else
      throw new Error('startIfStillSignsIn: an audit entry with before/after or without actor/entity');
    }
    const p: P = {
      sid: session.id,
      userId: session.user_id,
      tokenHash: session.token_hash,
      createdAt: session.created_at,
      lastUsedAt: session.last_used_at,
      expiresAt: session.expires_at,
      checkedHash,
    };
    if (!isSqlite(db)) {
      const a = { auditId: audit.id, actorId: audit.actor_id, action: audit.action, entity: audit.entity, entityId: audit.entity_id, auditAt: audit.created_at };
      return (await pgSessionAndAudit.all(db, { ...p, ...a })).length === 1;
    }
    const start = async (trx: Kysely<Database>) => {
      if ((await sqliteSession.all(trx, p)).length === 0) return false;
      await insertRow(trx, 'audit_log', audit);
      return true;
    };
    return db.isTransaction ? start(db) : db.transaction().execute(start);
  },
};
