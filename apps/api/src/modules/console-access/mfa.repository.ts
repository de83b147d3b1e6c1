import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isoAt } from '../../clock.js';
import type { Database, MfaTotpTable } from '../../db/schema.js';
import { newRowId } from '../../db/row-id.js';

/** SQL for authenticators and recovery codes. Every method takes the executor, so it can run in a transaction. */

export type TotpRow = MfaTotpTable;

export const hashRecoveryCode = (normalized: string): string =>
  createHash('sha256').update(`recovery:${normalized}`).digest('hex');

export const mfaRepository = {
  totp(db: Kysely<Database>, userId: string): Promise<TotpRow | undefined> {
    return db.selectFrom('mfa_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  /** Replaces a pending secret (never an active one); false when an active one exists. */
  async putPending(db: Kysely<Database>, userId: string, secretEnc: string, nowMs: number): Promise<boolean> {
    await db.deleteFrom('mfa_totp').where('user_id', '=', userId).where('status', '=', 'pending').execute();
    const active = await db.selectFrom('mfa_totp').select('user_id').where('user_id', '=', userId).executeTakeFirst();
    if (active) return false;
    await db
      .insertInto('mfa_totp')
      .values({
        user_id: userId,
        secret_enc: secretEnc,
        status: 'pending',
        created_at: isoAt(nowMs),
        activated_at: null,
        last_step: null,
      })
      .execute();
    return true;
  },

  /** Activates exactly the pending secret that was checked; false when it changed meanwhile. */
  async activate(db: Kysely<Database>, userId: string, secretEnc: string, step: number, nowMs: number): Promise<boolean> {
    const res = await db
      .updateTable('mfa_totp')
      .set({ status: 'active', activated_at: isoAt(nowMs), last_step: step })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .where('secret_enc', '=', secretEnc)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  /**
   * Spends a time step: succeeds only when it is later than every step accepted before, in one
   * statement, so two requests with the same code cannot both pass.
   */
  async spendStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
    const res = await db
      .updateTable('mfa_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async replaceRecoveryCodes(db: Kysely<Database>, userId: string, normalizedCodes: string[], nowMs: number) {
    await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('mfa_recovery_codes')
      .values(
        normalizedCodes.map((c) => ({
          id: newRowId(),
          user_id: userId,
          code_hash: hashRecoveryCode(c),
          created_at: isoAt(nowMs),
          used_at: null,
        })),
      )
      .execute();
  },

  /** Uses a recovery code once: the update only matches an unused one. */
  async spendRecoveryCode(db: Kysely<Database>, userId: string, normalized: string, nowMs: number): Promise<boolean> {
    const res = await db
      .updateTable('mfa_recovery_codes')
      .set({ used_at: isoAt(nowMs) })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashRecoveryCode(normalized))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async recoveryCodesLeft(db: Kysely<Database>, userId: string): Promise<number> {
    const r = await db
      .selectFrom('mfa_recovery_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Forgets the authenticator and recovery codes; answers whether there was an authenticator. */
  async remove(db: Kysely<Database>, userId: string): Promise<boolean> {
    await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    const res = await db.deleteFrom('mfa_totp').where('user_id', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  },

  /** Users (of the given ids) with an active authenticator. */
  async enrolledAmong(db: Kysely<Database>, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('mfa_totp')
      .select('user_id')
      .where('user_id', 'in', userIds)
      .where('status', '=', 'active')
      .execute();
    return new Set(rows.map((r) => r.user_id));
  },
};
