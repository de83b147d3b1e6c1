import type { AuthContext, SessionPolicy } from './sessions.js';

/**
 * Sessions this server has checked lately, so that a request on PostgreSQL need not spend a round
 * trip on its session when the same token was checked moments ago
 * (docs/decisions/0027-sessions-remembered-between-round-trips.md). Whatever could make a
 * remembered answer wrong is told by the change feed (db/change-feed.ts) and forgets it: the user's
 * row, roles or sessions changed on any server. A remembered session is answered only while it is
 * still within its idle time and absolute lifetime, and within the minute after its last recorded
 * use, so that `last_used_at` keeps being written once a minute by the database check. `ttlMs`
 * bounds everything else.
 */
export interface Remembered {
  ctx: AuthContext;
  /** when the session was last used as the database records it (ms) */
  lastUsedAt: number;
  /** its absolute expiry (ms) */
  expiresAt: number;
}

interface Entry extends Remembered {
  /** remembered until (ms) */
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  /** bumped by every forgetting: a read that began before one must not be remembered */
  private generation = 0;

  constructor(
    private readonly policy: SessionPolicy,
    /** answered from memory at most this long after being read from the database */
    private readonly ttlMs: number,
    /** a session used within this long has its last use recorded (TOUCH_INTERVAL_MS) */
    private readonly touchIntervalMs: number,
    private readonly max = 10_000,
  ) {}

  /** What to hand `remember` with a read that starts now. */
  get readStarted(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The remembered answer for a token's hash, if it may still be given at `now`; a copy each time. */
  recall(tokenHash: string, now: number): AuthContext | null {
    const e = this.entries.get(tokenHash);
    if (!e) return null;
    const fresh = e.until > now
      && e.expiresAt > now
      && e.lastUsedAt + this.policy.idleMs > now
      && now - e.lastUsedAt < this.touchIntervalMs;
    if (!fresh) {
      this.drop(tokenHash, e);
      return null;
    }
    // a caller that changes its request's auth context never changes another request's
    return { user: { ...e.ctx.user, roles: [...e.ctx.user.roles] }, session: { ...e.ctx.session } };
  }

  /** Remembers a database answer, unless something was forgotten since its read started. */
  remember(tokenHash: string, r: Remembered, readStarted: number, now: number): void {
    if (readStarted !== this.generation) return;
    const old = this.entries.get(tokenHash);
    if (old) this.drop(tokenHash, old);
    if (this.entries.size >= this.max) {
      const [oldestHash, oldest] = this.entries.entries().next().value!;
      this.drop(oldestHash, oldest);
    }
    // a copy: the request that read it may change its own
    const ctx = { user: { ...r.ctx.user, roles: [...r.ctx.user.roles] }, session: { ...r.ctx.session } };
    this.entries.set(tokenHash, { ctx, lastUsedAt: r.lastUsedAt, expiresAt: r.expiresAt, until: now + this.ttlMs });
    const userId = r.ctx.user.id;
    let hashes = this.byUser.get(userId);
    if (!hashes) this.byUser.set(userId, (hashes = new Set()));
    hashes.add(tokenHash);
  }

  /** Forgets every session of one user. */
  forgetUser(userId: string): void {
    this.generation++;
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    for (const h of hashes) this.entries.delete(h);
    this.byUser.delete(userId);
  }

  /** Forgets one session (this server ended it). */
  forgetSession(sessionId: string): void {
    this.generation++;
    for (const [h, e] of this.entries) if (e.ctx.session.id === sessionId) this.drop(h, e);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }

  private drop(tokenHash: string, e: Entry): void {
    this.entries.delete(tokenHash);
    const hashes = this.byUser.get(e.ctx.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(e.ctx.user.id);
  }
}
