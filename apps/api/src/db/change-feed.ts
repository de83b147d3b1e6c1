import type pg from 'pg';
import { SESSION_CHANGE_CHANNEL } from './migrations/0019-session-change-notify.js';

/**
 * What a server hears of changes to the rows a session check reads (users, their roles, sessions'
 * revocation) on PostgreSQL, where several servers share the database
 * (docs/decisions/0027-sessions-remembered-between-round-trips.md):
 *  - from every server, through the database: migration 0019's triggers NOTIFY at commit with the
 *    user's id, and a connection of the feed's own LISTENs;
 *  - from this server, at once: its own connections' writes to those tables, told as soon as they
 *    have committed, so that this server's next request never waits for the notification.
 */
export interface SessionChangeFeed {
  /** True while changes from every server reach this one: its LISTEN connection is up. */
  readonly live: boolean;
  /**
   * `onChange(userId)` for a change to that user's rows; `onChange(null)` when anything may have
   * changed: this server wrote one of the tables, or the feed has just gone live or been lost.
   */
  subscribe(onChange: (userId: string | null) => void): () => void;
}

export interface ClosableChangeFeed extends SessionChangeFeed {
  /** The listening connection's process in the database (pg_stat_activity.pid), while live. */
  readonly backendPid: number | null;
  /** Called by this server's connections after a write to the tables has committed. */
  committedHere(): void;
  close(): Promise<void>;
}

/** The longest wait between attempts to listen again after the connection was lost. */
const RETRY_MAX_MS = 30_000;
const RETRY_FIRST_MS = 500;

/**
 * A feed on its own connection (not one of the pool's: a listening connection is never handed back).
 * It connects when the first subscriber comes and, once lost, tries again with a growing pause;
 * meanwhile `live` is false and its subscribers have been told that anything may have changed.
 */
export function pgChangeFeed(connect: () => pg.Client, onError: (err: Error) => void = () => {}): ClosableChangeFeed {
  const subscribers = new Set<(userId: string | null) => void>();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | null = null;

  const tell = (userId: string | null) => {
    for (const s of subscribers) s(userId);
  };

  const lost = (c: pg.Client, err?: Error) => {
    if (client !== c) return;
    client = null;
    if (err) onError(err);
    c.end().catch(() => {});
    if (live) {
      live = false;
      tell(null);
    }
    if (closed || subscribers.size === 0) return;
    retry = setTimeout(start, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  function start(): void {
    retry = null;
    if (closed || client) return;
    const c = connect();
    client = c;
    c.on('notification', (m) => {
      if (m.channel === SESSION_CHANGE_CHANNEL) tell(m.payload || null);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    c.connect()
      .then(() => c.query(`listen ${SESSION_CHANGE_CHANNEL}`))
      .then(() => {
        if (client !== c) return;
        live = true;
        retryMs = RETRY_FIRST_MS;
        // whatever changed while nobody listened
        tell(null);
      })
      .catch((err: Error) => lost(c, err));
  }

  return {
    get live() {
      return live;
    },
    get backendPid() {
      return live && client ? ((client as unknown as { processID?: number }).processID ?? null) : null;
    },
    subscribe(onChange) {
      subscribers.add(onChange);
      if (!client && !retry) start();
      return () => {
        subscribers.delete(onChange);
      };
    },
    committedHere() {
      tell(null);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      live = false;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * Whether a statement writes what a session check reads: a user's row, their roles, or a session's
 * revocation or row. The touch of last_used_at is not such a write (it changes nothing a check
 * decides on within the minute it is remembered for), nor is a new session.
 */
const SESSION_WRITE = /\b(?:update|insert\s+into|delete\s+from)\s+"?(?:users|user_roles)"?[\s(]|\bupdate\s+"?sessions"?\s+set\s+"?revoked_at|\bdelete\s+from\s+"?sessions"?\b/i;

export const writesSessionTables = (text: string): boolean => SESSION_WRITE.test(text);

/**
 * Tells `committed` when a write of `writesSessionTables` on this connection has committed: at
 * once outside a transaction, at COMMIT inside one (nothing on ROLLBACK). A connection runs one
 * statement at a time, so a flag per connection is exact.
 */
export function watchSessionWrites(client: pg.PoolClient, committed: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  let wrote = false;
  client.query = ((...args: unknown[]) => {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    const word = /^\s*(\w+)/.exec(text)?.[1]?.toLowerCase();
    const begins = word === 'begin' || (word === 'start' && /^\s*start\s+transaction\b/i.test(text));
    // COMMIT, or a ROLLBACK of the whole transaction (not to a savepoint)
    const ends = word === 'commit' || (word === 'rollback' && !/^\s*rollback\s+to\b/i.test(text));
    const writes = writesSessionTables(text);
    if (!begins && !ends && !writes) return result;
    const ended = (committedNow: boolean) => {
      const tell = committedNow && wrote;
      inTransaction = false;
      wrote = false;
      if (tell) committed();
    };
    return result.then(
      (r: unknown) => {
        if (begins) inTransaction = true;
        else if (ends) ended(word === 'commit');
        else if (inTransaction) wrote = true;
        else committed();
        return r;
      },
      (err: unknown) => {
        // a failed COMMIT or ROLLBACK still ends the transaction; nothing it wrote is kept
        if (ends) ended(false);
        throw err;
      },
    );
  }) as pg.PoolClient['query'];
}
