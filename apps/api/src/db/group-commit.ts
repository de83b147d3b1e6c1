import { setImmediate, setTimeout } from 'node:timers';
import type BetterSqlite3 from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
} from 'kysely';
import { InlineLimitSqliteCompiler } from './sqlite-compiler.js';

/**
 * SQLite with group commit (docs/decisions/0014-sqlite-group-commit.md).
 *
 * SQLite has one connection per process, so writes are already one after another; what costs is the
 * commit, which writes every page a transaction touched to the write-ahead log. Here the writes that
 * arrive in one turn of the event loop share one database transaction: each application transaction
 * runs in a savepoint of it, and one COMMIT at the end of the turn (setImmediate) writes the pages
 * they touched once. Pages several writes share (an index's last leaf, the audit table's) go out
 * once per turn instead of once per write.
 *
 * What a caller sees is unchanged:
 * - a transaction's `execute` resolves only after the COMMIT that holds it; a failed COMMIT fails
 *   every transaction of its turn, so nothing is acknowledged that is not stored;
 * - a transaction that throws is rolled back to its savepoint, and the others in its turn stay;
 * - a query outside a transaction that runs while a turn's writes are pending (it may read them)
 *   answers after they are committed, so no result leaves the process built on unstored data;
 * - a read with no writes pending answers at once, as before.
 *
 * Under concurrent writes, commits are spaced (docs/decisions/0015-fewer-statements-per-submission.md):
 * once a turn has held two or more writers, for the next `busyWindowMs` a turn commits no sooner
 * than `commitSpacingMs` after the previous commit. Without it, a burst of requests arriving a
 * few per turn made a commit per one or two transactions, each rewriting the same index pages.
 * One writer at a time (a person using the app, a script) never waits for the spacing.
 */

type Statement = BetterSqlite3.Statement;

/**
 * First come, first served: the commit queues behind the work already waiting, which joins its turn.
 * A burst can queue a thousand transactions: the queue is read from a moving head, not shifted.
 */
class FifoMutex {
  private locked = false;
  private queue: Array<() => void> = [];
  private head = 0;

  /** held by someone: the one connection is in use */
  get held(): boolean {
    return this.locked;
  }

  /** callers queued for it */
  get waiting(): number {
    return this.queue.length - this.head;
  }

  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }

  unlock(): void {
    if (this.head < this.queue.length) {
      const next = this.queue[this.head++]!;
      // drop the part already served once it is most of the array
      if (this.head > 1024 && this.head * 2 > this.queue.length) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      next();
    } else {
      this.queue = [];
      this.head = 0;
      this.locked = false;
    }
  }
}

/** The writes of one turn: settled by their COMMIT. */
class Turn {
  readonly committed: Promise<void>;
  /** transactions and writes outside a transaction in it */
  writers = 0;
  resolve!: () => void;
  reject!: (err: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    // a turn whose only transaction rolled back has nobody waiting on it
    this.committed.catch(() => undefined);
  }
}

/** One use of the connection, from acquire to release (Kysely hands it back to releaseConnection). */
class Lease implements DatabaseConnection {
  released = false;
  inTransaction = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, query);
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    // nothing here streams: SQLite's rows come whole
    throw new Error('streaming is not supported on SQLite here');
  }
}

const SAVEPOINT = 'qgw_turn_member';
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface CommitPacing {
  /** under concurrent writes, the least time from one commit to the next */
  commitSpacingMs: number;
  /** how long after a turn with two or more writers commits stay spaced */
  busyWindowMs: number;
}

/** Measured on the 1,000-submission burst: 8 ms batched about 14 transactions a commit instead of 2. */
export const defaultCommitPacing: CommitPacing = { commitSpacingMs: 8, busyWindowMs: 100 };

export class GroupCommitDriver implements Driver {
  private readonly mutex = new FifoMutex();
  private turn: Turn | undefined;
  private lastCommitAt = -Infinity;
  private spacedUntil = -Infinity;

  /** `prepare` compiles or reuses a statement (db/index.ts withStatementCache); `close` closes the file */
  constructor(
    private readonly file: BetterSqlite3.Database,
    private readonly prepare: (text: string) => Statement,
    private readonly close: () => void,
    private readonly pacing: CommitPacing = defaultCommitPacing,
  ) {}

  async init(): Promise<void> {}

  /** The one connection's use, as a pool's would be reported (plugins/metrics.ts). */
  poolStats(): { total: number; idle: number; waiting: number } {
    return { total: 1, idle: this.mutex.held ? 0 : 1, waiting: this.mutex.waiting };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return new Lease(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    if (!lease.released) this.release(lease);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    await this.reacquire(lease);
    this.openTurn().writers++;
    this.run(`savepoint ${SAVEPOINT}`);
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    const turn = this.liveTurn();
    this.run(`release ${SAVEPOINT}`);
    lease.inTransaction = false;
    // the connection is free for the next piece of work while this one waits for its commit
    this.release(lease);
    await turn.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = connection as Lease;
    lease.inTransaction = false;
    this.liveTurn();
    this.run(`rollback to ${SAVEPOINT}`);
    this.run(`release ${SAVEPOINT}`);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.liveTurn();
    this.run(`savepoint ${checkName(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.liveTurn();
    this.run(`rollback to ${checkName(name)}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    this.liveTurn();
    this.run(`release ${checkName(name)}`);
  }

  async destroy(): Promise<void> {
    await this.mutex.lock();
    try {
      if (this.turn) this.commit(this.turn);
    } finally {
      this.close();
    }
  }

  /** A query from a lease: inside its transaction, or on its own. */
  async execute<R>(lease: Lease, query: CompiledQuery): Promise<QueryResult<R>> {
    await this.reacquire(lease);
    const statement = this.prepare(query.sql);
    if (lease.inTransaction) return this.runStatement<R>(statement, query);
    if (!this.turn && statement.reader && statement.readonly) return this.runStatement<R>(statement, query);
    // a write, or a read that may see this turn's writes: it answers once they are committed
    const turn = this.openTurn();
    if (!statement.reader) turn.writers++;
    const result = this.runStatement<R>(statement, query);
    this.release(lease);
    await turn.committed;
    return result;
  }

  /** A lease whose holder let go early (a deferred answer) takes the connection again for its next query. */
  private async reacquire(lease: Lease): Promise<void> {
    if (!lease.released) return;
    await this.mutex.lock();
    lease.released = false;
  }

  private release(lease: Lease): void {
    lease.released = true;
    this.mutex.unlock();
  }

  private openTurn(): Turn {
    if (this.turn) return this.liveTurn();
    // IMMEDIATE: the write lock is taken now, not at the turn's first write. Deferred, a turn that
    // read first and wrote after another process committed (an operator command, a backup) would
    // fail at that write with SQLITE_BUSY, which no busy timeout retries.
    this.run('begin immediate');
    const turn = new Turn();
    this.turn = turn;
    // after the I/O callbacks of this turn of the event loop, which may add to it, or under concurrent
    // writes once the spacing has passed (node:timers' own functions: a test's fake timers replace
    // only the global ones)
    const now = performance.now();
    const wait = now < this.spacedUntil ? this.lastCommitAt + this.pacing.commitSpacingMs - now : 0;
    if (wait > 0) setTimeout(() => void this.commitWhenFree(turn), wait);
    else setImmediate(() => void this.commitWhenFree(turn));
    return turn;
  }

  /** The open turn, checked: SQLite rolls a whole transaction back by itself on some errors (disk full, I/O). */
  private liveTurn(): Turn {
    const turn = this.turn;
    if (!turn) throw new Error('no open transaction');
    if (!this.file.inTransaction) {
      const err = new Error('the transaction was rolled back by the database');
      this.turn = undefined;
      turn.reject(err);
      throw err;
    }
    return turn;
  }

  private async commitWhenFree(turn: Turn): Promise<void> {
    await this.mutex.lock();
    try {
      if (this.turn === turn) this.commit(turn);
    } finally {
      this.mutex.unlock();
    }
  }

  private commit(turn: Turn): void {
    this.turn = undefined;
    this.lastCommitAt = performance.now();
    if (turn.writers > 1) this.spacedUntil = this.lastCommitAt + this.pacing.busyWindowMs;
    try {
      this.run('commit');
      turn.resolve();
    } catch (err) {
      if (this.file.inTransaction) this.run('rollback');
      turn.reject(err);
    }
  }

  private runStatement<R>(statement: Statement, query: CompiledQuery): QueryResult<R> {
    const parameters = query.parameters as unknown[];
    try {
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (err) {
      // a statement's error undoes that statement only, unless SQLite gave up the whole transaction
      if (this.turn && !this.file.inTransaction) {
        const turn = this.turn;
        this.turn = undefined;
        turn.reject(err);
      }
      throw err;
    }
  }

  private run(text: string): void {
    this.prepare(text).run();
  }
}

function checkName(name: string): string {
  if (!NAME.test(name)) throw new Error('invalid savepoint name');
  return name;
}

/**
 * SQLite's adapter, saying that the driver shares out its one connection itself. Kysely (0.29 on)
 * otherwise holds a lock of its own over each connection from acquire to release, which is what the
 * driver's early release exists to avoid: a transaction waiting for its turn's COMMIT would keep
 * every other one out, and each would commit alone.
 */
class GroupCommitSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect with the group-commit driver. */
export class GroupCommitSqliteDialect implements Dialect {
  constructor(private readonly driver: GroupCommitDriver) {}
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new InlineLimitSqliteCompiler();
  }
  createAdapter(): DialectAdapter {
    return new GroupCommitSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
