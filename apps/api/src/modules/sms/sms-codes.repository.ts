import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, SmsCodesTable, SmsPurposeValue } from '../../db/schema.js';

/** SQL for the verification codes (migration 0012). Every method takes the executor, so callers can run it inside a transaction. */

/** advisory-lock class of the code requests (the other half is a hash of the mobile's key) */
const SEND_LOCK_CLASS = 0x534d53; // "SMS"

export const smsCodesRepository = {
  /**
   * Holds the mobile's requests one after another until the transaction ends. On PostgreSQL a
   * transaction-scoped advisory lock on the mobile's key, so two requests sent at once cannot both
   * pass the limits; SQLite runs one write transaction at a time already.
   */
  async holdMobile(db: Kysely<Database>, mobileKey: string): Promise<void> {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`select pg_advisory_xact_lock(${SEND_LOCK_CLASS}, hashtext(${mobileKey}))`.execute(db);
  },

  /** The mobile's most recent code for a purpose. */
  latest(db: Kysely<Database>, mobileKey: string, purpose: SmsPurposeValue): Promise<SmsCodesTable | undefined> {
    return db
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile_key', '=', mobileKey)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** How many codes the mobile was sent (or asked for) since `since`, every purpose. */
  async countSince(db: Kysely<Database>, mobileKey: string, since: string): Promise<number> {
    const r = await db
      .selectFrom('sms_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('mobile_key', '=', mobileKey)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  async insert(db: Kysely<Database>, row: SmsCodesTable): Promise<void> {
    await db.insertInto('sms_codes').values(row).execute();
  },

  /**
   * Counts one try of a code, before it is compared: only while the code is unused and has tries
   * left. False when it has none (a dead code) or was used meanwhile.
   */
  async countTry(db: Kysely<Database>, id: string, maxAttempts: number): Promise<boolean> {
    const r = await db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Marks the code used; false when another request used it first. */
  async consume(db: Kysely<Database>, id: string, now: string): Promise<boolean> {
    const r = await db.updateTable('sms_codes').set({ consumed_at: now }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Deletes rows made before `before` (a day: the daily limit's window); answers how many went. */
  async deleteOlderThan(db: Kysely<Database>, before: string): Promise<number> {
    const r = await db.deleteFrom('sms_codes').where('created_at', '<=', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
