import type { Kysely } from 'kysely';
import { type Clock, isoAt } from '../../clock.js';
import type { ConsoleVerifyMethod, Database } from '../../db/schema.js';
import type { AuthSession } from '../accounts/accounts.module.js';

/**
 * Which sessions have passed the console's second factor, under the console's own lifetimes
 * (docs/security.md): a verification dies `idleMs` after the last console request or `absoluteMs`
 * after the TOTP step, whichever comes first, and always with its session. The session itself
 * lives on for the applicant side; only the console asks for a code again.
 */

export interface ConsolePolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface ConsoleState {
  verified: boolean;
  /** set when a verification existed but has expired */
  expired: boolean;
  verifiedAt: string | null;
  /** when the console will ask again (idle, absolute or the session's own end, whichever first) */
  expiresAt: string | null;
}

/** last_seen_at is written at most this often, so every console request does not become a write */
export const CONSOLE_TOUCH_INTERVAL_MS = 30_000;

const NOT_VERIFIED: ConsoleState = { verified: false, expired: false, verifiedAt: null, expiresAt: null };

export class ConsoleVerifications {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly policy: ConsolePolicy,
  ) {}

  private endOf(row: { last_seen_at: string; expires_at: string }, session: AuthSession): number {
    return Math.min(
      Date.parse(row.last_seen_at) + this.policy.idleMs,
      Date.parse(row.expires_at),
      Date.parse(session.expiresAt),
    );
  }

  /**
   * The session's console state. `touch` counts this request as console use (keeps an idle
   * verification alive); status reads pass false so that polling cannot keep a console open.
   */
  async state(session: AuthSession, opts: { touch: boolean }): Promise<ConsoleState> {
    const row = await this.db
      .selectFrom('console_verifications')
      .select(['verified_at', 'last_seen_at', 'expires_at'])
      .where('session_id', '=', session.id)
      .executeTakeFirst();
    if (!row) return NOT_VERIFIED;
    const now = this.clock();
    const end = this.endOf(row, session);
    if (end <= now) return { ...NOT_VERIFIED, expired: true };
    if (!opts.touch || now - Date.parse(row.last_seen_at) < CONSOLE_TOUCH_INTERVAL_MS) {
      return { verified: true, expired: false, verifiedAt: row.verified_at, expiresAt: isoAt(end) };
    }
    const touched = { ...row, last_seen_at: isoAt(now) };
    await this.db
      .updateTable('console_verifications')
      .set({ last_seen_at: touched.last_seen_at })
      .where('session_id', '=', session.id)
      .execute();
    return { verified: true, expired: false, verifiedAt: row.verified_at, expiresAt: isoAt(this.endOf(touched, session)) };
  }

  /** Marks the session verified from now on (a fresh absolute lifetime); answers when it will expire. */
  async markVerified(
    db: Kysely<Database>,
    session: AuthSession,
    userId: string,
    method: ConsoleVerifyMethod,
  ): Promise<string> {
    const now = this.clock();
    const row = {
      session_id: session.id,
      user_id: userId,
      method,
      verified_at: isoAt(now),
      last_seen_at: isoAt(now),
      expires_at: isoAt(now + this.policy.absoluteMs),
    };
    await db.deleteFrom('console_verifications').where('session_id', '=', session.id).execute();
    await db.insertInto('console_verifications').values(row).execute();
    return isoAt(this.endOf(row, session));
  }

  /** Ends every console verification of the user (MFA reset, account disabled); answers how many. */
  async endForUser(db: Kysely<Database>, userId: string): Promise<number> {
    const res = await db.deleteFrom('console_verifications').where('user_id', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
