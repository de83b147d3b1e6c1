import { type ExpressionBuilder, type Kysely, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { Database, DeliveryChannelValue, NotificationOutboxTable, OutboxStatusValue } from '../../db/schema.js';

/** SQL for the notification outbox (migration 0010). Every method takes the executor. */

export type OutboxRow = NotificationOutboxTable;

/** Rows a worker may take now: pending and due, or sending with a lease that ran out (its holder died). */
const due = (now: string) => (eb: ExpressionBuilder<Database, 'notification_outbox'>) =>
  eb.and([eb('status', 'in', ['pending', 'sending']), eb('next_attempt_at', '<=', now)]);

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface OutboxFinish {
  status: Exclude<OutboxStatusValue, 'sending'>;
  nextAttemptAt?: string;
  recipient: string | null;
  lastError: string | null;
  sentAt: string | null;
}

export const outboxRepository = {
  async insert(db: Kysely<Database>, rows: OutboxRow[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('notification_outbox').values(rows).execute();
  },

  /**
   * Takes up to `limit` due rows for `worker`: they become 'sending', held until `leaseEnd`, and
   * count an attempt. Two workers never take one row. SQLite runs one writing statement at a time:
   * a single UPDATE whose condition is checked as it writes (compare-and-set). PostgreSQL picks the
   * ids first, locking them and skipping rows another claim holds (FOR UPDATE SKIP LOCKED), then
   * takes them in the same transaction: as a subquery of the UPDATE, the pick may be run again for
   * each row updated, each run skipping the rows just taken, and the LIMIT would hold for none.
   */
  async claim(db: Kysely<Database>, worker: string, now: string, leaseEnd: string, limit: number): Promise<OutboxRow[]> {
    const pick = (q: Kysely<Database>) =>
      q.selectFrom('notification_outbox').select('id').where(due(now)).orderBy('next_attempt_at').orderBy('id').limit(limit);
    const take = (q: Kysely<Database>, ids: ReturnType<typeof pick> | string[]) =>
      q
        .updateTable('notification_outbox')
        .set((eb) => ({
          status: 'sending',
          claimed_by: worker,
          claimed_until: leaseEnd,
          // if this worker dies mid-send, the row is due again once its lease has run out
          next_attempt_at: leaseEnd,
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', 'in', ids)
        .where(due(now))
        .returningAll()
        .execute();
    if (!isPostgres(db)) return take(db, pick(db));
    return db.transaction().execute(async (trx) => {
      const ids = (await pick(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
      return ids.length === 0 ? [] : take(trx, ids);
    });
  },

  /**
   * Settles a claimed row, only while `worker` still holds it: a worker that outlived its lease
   * (the row taken over by another) changes nothing. True when the row was updated.
   */
  async finish(db: Kysely<Database>, id: string, worker: string, f: OutboxFinish): Promise<boolean> {
    const r = await db
      .updateTable('notification_outbox')
      .set({
        status: f.status,
        ...(f.nextAttemptAt ? { next_attempt_at: f.nextAttemptAt } : {}),
        // claimed_by stays: which instance made the last attempt
        claimed_until: null,
        recipient: f.recipient,
        last_error: f.lastError,
        sent_at: f.sentAt,
      })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', worker)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** The earliest time a row is due (pending or leased), to know when to look again; null when none. */
  async nextDue(db: Kysely<Database>): Promise<string | null> {
    const r = await db
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirst();
    return r?.at ?? null;
  },

  page(
    db: Kysely<Database>,
    f: {
      applicationId?: string | undefined;
      channel?: DeliveryChannelValue | undefined;
      status?: OutboxStatusValue | undefined;
      after?: { createdAt: string; id: string } | undefined;
      limit: number;
    },
  ) {
    let q = db
      .selectFrom('notification_outbox')
      .select([
        'id', 'notification_id', 'application_id', 'channel', 'status', 'attempts', 'next_attempt_at', 'recipient',
        'last_error', 'created_at', 'sent_at',
      ]);
    if (f.applicationId) q = q.where('application_id', '=', f.applicationId);
    if (f.channel) q = q.where('channel', '=', f.channel);
    if (f.status) q = q.where('status', '=', f.status);
    if (f.after) q = q.where(sql<SqlBool>`(created_at, id) < (${f.after.createdAt}, ${f.after.id})`);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).execute();
  },
};

/**
 * Outbound copies not yet settled (pending or being sent): the outbox's depth, for metrics. A depth
 * that keeps growing means the providers are failing or no worker is running.
 */
export async function outboxDepth(db: Kysely<Database>): Promise<number> {
  const r = await db
    .selectFrom('notification_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
