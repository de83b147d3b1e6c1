import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** SQL for the export, closing and erasure of an account (account-rights.service.ts). Every method takes the executor. */
export const accountRightsRepository = {
  bindingsOf(db: Kysely<Database>, userId: string) {
    return db.selectFrom('wx_bindings').select(['appid', 'openid', 'created_at']).where('user_id', '=', userId).orderBy('created_at').execute();
  },

  applicationsOf(db: Kysely<Database>, userId: string) {
    return db.selectFrom('applications').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  },

  filesOf(db: Kysely<Database>, userId: string) {
    return db.selectFrom('files').selectAll().where('owner_id', '=', userId).orderBy('created_at').orderBy('id').execute();
  },

  notificationsOf(db: Kysely<Database>, userId: string) {
    return db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  },

  /** The account's sign-ins from the audit trail, newest first. */
  loginsOf(db: Kysely<Database>, userId: string, limit: number) {
    return db
      .selectFrom('audit_log')
      .select(['created_at', 'after_json'])
      .where('actor_id', '=', userId)
      .where('action', '=', 'session.login')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  sessionsOf(db: Kysely<Database>, userId: string) {
    return db
      .selectFrom('sessions')
      .select(['created_at', 'last_used_at', 'expires_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .execute();
  },

  /**
   * Every active admin, their rows held until the transaction ends (an update that changes nothing:
   * on PostgreSQL a row lock, on SQLite the write lock), in id order so that two closings wait for
   * each other rather than deadlock; then read again as committed.
   */
  activeAdminIds,

  async holdActiveAdmins(db: Kysely<Database>): Promise<string[]> {
    const ids = await activeAdminIds(db);
    for (const id of ids) await db.updateTable('users').set((eb) => ({ status: eb.ref('status') })).where('id', '=', id).execute();
    return activeAdminIds(db);
  },

  /** Closes an open account; false when it was not active any more. */
  async close(db: Kysely<Database>, id: string, closedAt: string, eraseAfter: string): Promise<boolean> {
    const r = await db
      .updateTable('users')
      .set({ status: 'disabled', closed_at: closedAt, erase_after: eraseAfter, updated_at: closedAt })
      .where('id', '=', id)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Closed accounts whose grace period ended by `now` and that still hold personal data. */
  async dueForErasure(db: Kysely<Database>, now: string): Promise<string[]> {
    const rows = await dueQuery(db, now).select('id').orderBy('erase_after').execute();
    return rows.map((r) => r.id);
  },

  /** The account if it is still due, its row held for the erasure (a reopening at the same moment waits, then finds it gone). */
  async holdDue(db: Kysely<Database>, id: string, now: string) {
    await db.updateTable('users').set((eb) => ({ status: eb.ref('status') })).where('id', '=', id).execute();
    return dueQuery(db, now).selectAll().where('id', '=', id).executeTakeFirst();
  },

  async deleteFiles(db: Kysely<Database>, userId: string): Promise<void> {
    await db.deleteFrom('files').where('owner_id', '=', userId).execute();
  },

  /** Drafts were never submitted: nothing of them is kept. */
  async deleteDrafts(db: Kysely<Database>, userId: string): Promise<number> {
    const r = await db.deleteFrom('applications').where('user_id', '=', userId).where('status', '=', 'draft').executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  async anonymiseApplication(db: Kysely<Database>, id: string, dataJson: string, title: string): Promise<void> {
    await db
      .updateTable('applications')
      .set({ data_json: dataJson, title, applicant_name: null, organization: null, id_number_enc: null })
      .where('id', '=', id)
      .execute();
  },

  /** Notifications, and with them (ON DELETE CASCADE) their deliveries and outbox rows. */
  async deleteNotifications(db: Kysely<Database>, userId: string): Promise<number> {
    await db.deleteFrom('notification_outbox').where('user_id', '=', userId).execute();
    const r = await db.deleteFrom('notifications').where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  /**
   * Sessions (their console verifications and OAuth states cascade), bindings, second factor, roles,
   * reviewer profile; and review drafts: those the account wrote as a reviewer, and those others
   * were typing about its applications (half-written text that may name the person; submitted
   * reviews stay with the anonymised application).
   */
  async deleteAccountData(db: Kysely<Database>, userId: string): Promise<void> {
    await db.deleteFrom('review_drafts').where('reviewer_id', '=', userId).execute();
    await db
      .deleteFrom('review_drafts')
      .where('application_id', 'in', (eb) => eb.selectFrom('applications').select('id').where('user_id', '=', userId))
      .execute();
    await db.deleteFrom('console_verifications').where('user_id', '=', userId).execute();
    await db.deleteFrom('wx_oauth_states').where('user_id', '=', userId).execute();
    await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await db.deleteFrom('wx_bindings').where('user_id', '=', userId).execute();
    await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('mfa_totp').where('user_id', '=', userId).execute();
    await db.deleteFrom('reviewer_profiles').where('user_id', '=', userId).execute();
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  },

  /**
   * The account row without its personal data: the mobile becomes `erased:<id>` (unique, and no
   * 11-digit mobile can equal it, so the mobile may register again), the password can match nothing.
   */
  async tombstone(db: Kysely<Database>, id: string, nickname: string, now: string): Promise<void> {
    await db
      .updateTable('users')
      .set({ mobile: `erased:${id}`, nickname, avatar: null, password_hash: '!erased', erased_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
  },
};

function activeAdminIds(db: Kysely<Database>): Promise<string[]> {
  return db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', 'r.user_id', 'u.id')
    .select('u.id')
    .where('u.status', '=', 'active')
    .where('r.role', '=', 'admin')
    .orderBy('u.id')
    .execute()
    .then((rows) => rows.map((r) => r.id));
}

const dueQuery = (db: Kysely<Database>, now: string) =>
  db
    .selectFrom('users')
    .where('status', '=', 'disabled')
    .where('closed_at', 'is not', null)
    .where('erased_at', 'is', null)
    .where('erase_after', '<=', now);
