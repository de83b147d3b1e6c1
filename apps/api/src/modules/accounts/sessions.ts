import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Role } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database, SessionsTable } from '../../db/schema.js';
import type { SessionChangeFeed } from '../../db/change-feed.js';
import { newRowId } from '../../db/row-id.js';
import { type Remembered, SessionCache } from './session-cache.js';
import { SWEEP_BATCH, sessionsRepository as repo } from './sessions.repository.js';

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

/**
 * The longest a session check is answered from memory after its database read, should a change
 * ever fail to be told (decision 0027); the change feed forgets it at once otherwise.
 */
export const REMEMBER_MS = 30_000;

/** How often expired sessions are deleted (decision 0019). */
export const SESSION_SWEEP_EVERY_MS = 60 * 60 * 1000;

export { expiredBatch, SWEEP_BATCH } from './sessions.repository.js';

export class SessionService {
  /** checked sessions remembered between round trips: PostgreSQL only (decision 0027) */
  private readonly cache: SessionCache | null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
    /**
     * The database's change feed (db/index.ts sessionChangesOf): given, checked sessions are
     * remembered while it is live. SQLite has none: there a check is a call into the library, not
     * a round trip, and nothing would be saved.
     */
    private readonly changes?: SessionChangeFeed,
  ) {
    const cache = changes ? new SessionCache(policy, REMEMBER_MS, TOUCH_INTERVAL_MS) : null;
    this.cache = cache;
    this.unsubscribe = changes && cache
      ? changes.subscribe((userId) => (userId === null ? cache.forgetAll() : cache.forgetUser(userId)))
      : () => {};
  }

  /** Stops listening to the change feed (the app closing). */
  close(): void {
    this.unsubscribe();
    this.cache?.forgetAll();
  }

  /** Starts a session; pass the transaction when the caller is inside one. */
  async create(userId: string, db: Kysely<Database> = this.db): Promise<{ token: string; sessionId: string }> {
    const { token, row } = this.newSession(userId);
    await repo.insert(db, { ...row, revoked_at: null });
    return { token, sessionId: row.id };
  }

  /** A new session's token and row (live, never used since now), for a caller that writes the row itself. */
  newSession(userId: string): { token: string; row: Omit<SessionsTable, 'revoked_at'> } {
    const now = this.clock();
    const { token, tokenHash } = newToken();
    return {
      token,
      row: {
        id: newRowId(),
        user_id: userId,
        token_hash: tokenHash,
        created_at: isoAt(now),
        last_used_at: isoAt(now),
        expires_at: isoAt(now + this.policy.absoluteMs),
      },
    };
  }

  /** The live session and its active user for a presented token, or null. */
  async authenticate(token: string): Promise<AuthContext | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const now = this.clock();
    const tokenHash = hashToken(token);
    // only while every server's changes reach this one
    const cache = this.changes?.live ? this.cache : null;
    if (!cache) return (await this.check(tokenHash, now))?.ctx ?? null;
    const remembered = cache.recall(tokenHash, now);
    if (remembered) return remembered;
    const readStarted = cache.readStarted;
    const checked = await this.check(tokenHash, now);
    if (!checked) return null;
    cache.remember(tokenHash, checked, readStarted, now);
    return checked.ctx;
  }

  /** The database's answer for a token's hash: the context, and when the session was last used and expires. */
  private async check(tokenHash: string, now: number): Promise<Remembered | null> {
    // one row per role the user holds (one with a null role when none); on PostgreSQL the touch
    // below is made by the same statement
    const touchesInRead = repo.touchesInRead(this.db);
    const rows = touchesInRead
      ? await repo.byTokenTouching(this.db, {
        tokenHash,
        now: isoAt(now),
        idleSince: isoAt(now - this.policy.idleMs),
        touchBefore: isoAt(now - TOUCH_INTERVAL_MS),
      })
      : await repo.byToken(this.db, tokenHash);
    const row = rows[0];
    if (!row || row.revokedAt !== null || row.status !== 'active') return null;
    if (Date.parse(row.expiresAt) <= now) return null;
    const lastUsed = Date.parse(row.lastUsedAt);
    if (lastUsed + this.policy.idleMs <= now) return null;
    const touch = now - lastUsed >= TOUCH_INTERVAL_MS;
    if (!touchesInRead && touch) {
      await repo.touch(this.db, row.sessionId, isoAt(now));
    }
    const ctx: AuthContext = {
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
    // the use recorded now, when this check wrote it
    return { ctx, lastUsedAt: touch ? now : lastUsed, expiresAt: Date.parse(row.expiresAt) };
  }

  async revoke(sessionId: string, db: Kysely<Database> = this.db): Promise<void> {
    await repo.revoke(db, sessionId, isoAt(this.clock()));
    this.cache?.forgetSession(sessionId);
  }

  /** Ends every session of the user; returns how many were live. */
  async revokeAll(userId: string, db: Kysely<Database> = this.db): Promise<number> {
    const n = await repo.revokeAll(db, userId, isoAt(this.clock()));
    this.cache?.forgetUser(userId);
    return n;
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
      const n = await repo.deleteExpiredBatch(this.db, now);
      deleted += n;
      if (n < SWEEP_BATCH) return deleted;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
