import { type Kysely, sql } from 'kysely';
import type { ConsoleUsersRequest, Role } from '@qgw/contracts';
import { isoAt } from '../../clock.js';
import type { Database, UsersTable } from '../../db/schema.js';
import { containsPattern, decodeNewestFirst, olderThan } from '../../db/keyset.js';

/** SQL for the people screen. Every method takes the executor, so it can run in a transaction. */

export type PersonRow = Pick<UsersTable, 'id' | 'mobile' | 'nickname' | 'avatar' | 'status' | 'created_at'>;

export const USERS_CURSOR = 'users';

const personColumns = ['users.id', 'users.mobile', 'users.nickname', 'users.avatar', 'users.status', 'users.created_at'] as const;

/** 138****1234 as typed into the search box: first three and last four digits. */
const MASKED_MOBILE = /^(\d{3})\*{4}(\d{4})$/;

export const peopleRepository = {
  /**
   * Holds these users' rows for the rest of the transaction: a no-op UPDATE takes the row locks on
   * PostgreSQL (SQLite runs one write transaction at a time). Taken in id order, so two admins
   * holding each other's rows wait for one another instead of deadlocking.
   */
  async holdUsers(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
    for (const id of [...new Set(ids)].sort()) {
      await db.updateTable('users').set((eb) => ({ status: eb.ref('status') })).where('id', '=', id).execute();
    }
  },

  /** Whether this user is, as now committed, an active account holding the admin role. */
  async isActiveAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
    const row = await db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.id')
      .select('u.id')
      .where('u.id', '=', userId)
      .where('u.status', '=', 'active')
      .where('r.role', '=', 'admin')
      .executeTakeFirst();
    return row !== undefined;
  },

  async page(db: Kysely<Database>, f: ConsoleUsersRequest, limit: number): Promise<PersonRow[]> {
    let q = db.selectFrom('users').select(personColumns);
    const text = f.q?.trim();
    if (text) {
      const masked = MASKED_MOBILE.exec(text);
      if (masked) {
        q = q.where('users.mobile', 'like', `${masked[1]}____${masked[2]}`);
      } else {
        const pattern = containsPattern(text);
        q = q.where((eb) =>
          eb.or([
            sql<boolean>`lower(${eb.ref('users.nickname')}) like ${pattern} escape '\\'`,
            ...(/^\d{3,11}$/.test(text) ? [sql<boolean>`${eb.ref('users.mobile')} like ${pattern} escape '\\'`] : []),
          ]),
        );
      }
    }
    if (f.role) {
      const role = f.role;
      q = q.where((eb) =>
        eb.exists(
          eb.selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id').where('user_roles.role', '=', role),
        ),
      );
    }
    if (f.status) q = q.where('users.status', '=', f.status);
    if (f.cursor) {
      const key = decodeNewestFirst(f.cursor, USERS_CURSOR);
      q = q.where((eb) => olderThan(eb, eb.ref('users.created_at'), eb.ref('users.id'), key));
    }
    return q.orderBy('users.created_at', 'desc').orderBy('users.id', 'desc').limit(limit + 1).execute();
  },

  byId(db: Kysely<Database>, id: string): Promise<PersonRow | undefined> {
    return db.selectFrom('users').select(personColumns).where('users.id', '=', id).executeTakeFirst();
  },

  byMobile(db: Kysely<Database>, mobile: string): Promise<PersonRow | undefined> {
    return db.selectFrom('users').select(personColumns).where('users.mobile', '=', mobile).executeTakeFirst();
  },

  /** Every active account holding the admin role, as now committed. */
  async activeAdminIds(db: Kysely<Database>): Promise<string[]> {
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('user_roles as r', 'r.user_id', 'u.id')
      .select('u.id')
      .where('u.status', '=', 'active')
      .where('r.role', '=', 'admin')
      .orderBy('u.id')
      .execute();
    return rows.map((r) => r.id);
  },

  /** Every account holding a console role (reviewer or admin), oldest first: a few dozen at most. */
  consoleUsers(db: Kysely<Database>): Promise<PersonRow[]> {
    return db
      .selectFrom('users')
      .select(personColumns)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_roles')
            .select('user_roles.user_id')
            .whereRef('user_roles.user_id', '=', 'users.id')
            .where('user_roles.role', 'in', ['reviewer', 'admin']),
        ),
      )
      .orderBy('users.created_at')
      .orderBy('users.id')
      .execute();
  },

  async rolesOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, Role[]>> {
    const out = new Map<string, Role[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return out;
    const rows = await db.selectFrom('user_roles').select(['user_id', 'role']).where('user_id', 'in', userIds).execute();
    for (const r of rows) out.get(r.user_id)?.push(r.role);
    for (const roles of out.values()) roles.sort();
    return out;
  },

  async organizationsOf(db: Kysely<Database>, userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('reviewer_profiles')
      .select(['user_id', 'organization'])
      .where('user_id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.organization]));
  },

  async setRoles(db: Kysely<Database>, userId: string, from: readonly Role[], to: readonly Role[], nowMs: number) {
    const removed = from.filter((r) => !to.includes(r));
    const added = to.filter((r) => !from.includes(r));
    if (removed.length > 0) {
      await db.deleteFrom('user_roles').where('user_id', '=', userId).where('role', 'in', removed).execute();
    }
    if (added.length > 0) {
      await db
        .insertInto('user_roles')
        .values(added.map((role) => ({ user_id: userId, role, created_at: isoAt(nowMs) })))
        .execute();
    }
  },

  /** Changes the status only when it is not already the target; answers whether it changed. */
  async setStatus(db: Kysely<Database>, userId: string, status: UsersTable['status'], nowMs: number): Promise<boolean> {
    const res = await db
      .updateTable('users')
      .set({ status, updated_at: isoAt(nowMs) })
      .where('id', '=', userId)
      .where('status', '!=', status)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  async putOrganization(db: Kysely<Database>, userId: string, organization: string, actorId: string, nowMs: number) {
    await db
      .insertInto('reviewer_profiles')
      .values({ user_id: userId, organization, updated_at: isoAt(nowMs), updated_by: actorId })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ organization, updated_at: isoAt(nowMs), updated_by: actorId }))
      .execute();
  },

  async removeOrganization(db: Kysely<Database>, userId: string) {
    await db.deleteFrom('reviewer_profiles').where('user_id', '=', userId).execute();
  },
};

/** The organisation recorded for a reviewer (conflicts of interest), or null. */
export async function reviewerOrganization(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db.selectFrom('reviewer_profiles').select('organization').where('user_id', '=', userId).executeTakeFirst();
  return row?.organization ?? null;
}
