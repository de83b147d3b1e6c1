import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { insertRow, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { newRowId } from '../../db/row-id.js';

/**
 * Bearer sessions (docs/decisions/0002-session-tokens.md): 256 random bits, base64url; only the
 * sha256 is stored, so a database leak does not hand out live tokens. A session dies when revoked,
 * when unused for `idleMs`, or `absoluteMs` after it was created, whichever comes first.
 */

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface AuthUser {
  id: string;
  mobile: string;
  nickname: string;
  avatar: string | null;
  newUser: boolean;
  createdAt: string;
  roles: Role[];
}

export interface AuthSession {
  id: string;
  createdAt: string;
  expiresAt: string;
}

export interface AuthContext {
  user: AuthUser;
  session: AuthSession;
}

/** last_used_at is written at most this often, so that every request does not become a write */
export const TOUCH_INTERVAL_MS = 60_000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** Every request with a token asks this: compiled once (db/prepared.ts). */
const sessionByToken = prepared(['tokenHash'], (db, p) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select([
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
    ])
    .where('sessions.token_hash', '=', p.tokenHash),
);

/** How often expired sessions are deleted (decision 0019). */
export const SESSION_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** How many expired sessions one statement of the sweep deletes: each batch is a short write. */
export const SWEEP_BATCH = 500;

/** One batch of the sweep: found through the index on expires_at (migration 0009). */
export const expiredBatch = (db: Kysely<Database>, now: string) =>
  db.deleteFrom('sessions').where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<=', now).limit(SWEEP_BATCH));

export class SessionService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
  ) {}

  /** Starts a session; pass the transaction when the caller is inside one. */
  async create(userId: string, db: Kysely<Database> = this.db): Promise<{ token: string; sessionId: string }> {
    const now = this.clock();
    const { token, tokenHash } = newToken();
    const sessionId = newRowId();
    await insertRow(db, 'sessions', {
      id: sessionId,
      user_id: userId,
      token_hash: tokenHash,
      created_at: isoAt(now),
      last_used_at: isoAt(now),
      expires_at: isoAt(now + this.policy.absoluteMs),
      revoked_at: null,
    });
    return { token, sessionId };
  }

  /** The live session and its active user for a presented token, or null. */
  async authenticate(token: string): Promise<AuthContext | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    // one row per role the user holds (one with a null role when none)
    const rows = await sessionByToken.all(this.db, { tokenHash: hashToken(token) });
    const row = rows[0];
    if (!row || row.revokedAt !== null || row.status !== 'active') return null;
    const now = this.clock();
    if (Date.parse(row.expiresAt) <= now) return null;
    const lastUsed = Date.parse(row.lastUsedAt);
    if (lastUsed + this.policy.idleMs <= now) return null;
    if (now - lastUsed >= TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('sessions')
        .set({ last_used_at: isoAt(now) })
        .where('id', '=', row.sessionId)
        .execute();
    }
    return {
      user: {
        id: row.userId,
        mobile: row.mobile,
        nickname: row.nickname,
        avatar: row.avatar,
        newUser: row.new_user === 1,
        createdAt: row.userCreatedAt,
        roles: rows.flatMap((r) => (r.role === null ? [] : [r.role])).sort(),
      },
      session: { id: row.sessionId, createdAt: row.sessionCreatedAt, expiresAt: row.expiresAt },
    };
  }

  async revoke(sessionId: string, db: Kysely<Database> = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: isoAt(this.clock()) })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends every session of the user; returns how many were live. */
  async revokeAll(userId: string, db: Kysely<Database> = this.db): Promise<number> {
    const res = await db
      .updateTable('sessions')
      .set({ revoked_at: isoAt(this.clock()) })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /**
   * Deletes every session past its absolute expiry, of every user (decision 0019), in batches of
   * SWEEP_BATCH with a turn of the event loop between them, so that a large backlog never holds
   * the database or the server for long. A session that died earlier (logged out, revoked, left
   * idle) is refused from that moment on and its row goes once it expires, at most `absoluteMs`
   * after its login. Answers how many rows went.
   */
  async sweepExpired(): Promise<number> {
    const now = isoAt(this.clock());
    let deleted = 0;
    for (;;) {
      const res = await expiredBatch(this.db, now).executeTakeFirst();
      const n = Number(res.numDeletedRows);
      deleted += n;
      if (n < SWEEP_BATCH) return deleted;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
