import type { Kysely } from 'kysely';
import type { Role } from '@qgw/contracts';
import { prepared } from '../../db/prepared.js';
import type { Database, UsersTable } from '../../db/schema.js';

/** SQL for accounts. Every method takes the executor so that callers can run it inside a transaction. */

export type UserRow = UsersTable;

export interface NewUser {
  id: string;
  mobile: string;
  passwordHash: string;
  nickname: string;
  roles: readonly Role[];
  now: string;
}

// the reads of every login, compiled once (db/prepared.ts)
const userByMobile = prepared(['mobile'], (db, p) => db.selectFrom('users').selectAll().where('mobile', '=', p.mobile));
const rolesOfUser = prepared(['userId'], (db, p) => db.selectFrom('user_roles').select('role').where('user_id', '=', p.userId));
const openidOfUser = prepared(['userId', 'appid'], (db, p) =>
  db.selectFrom('wx_bindings').select('openid').where('user_id', '=', p.userId).where('appid', '=', p.appid),
);

export const accountsRepository = {
  findByMobile(db: Kysely<Database>, mobile: string): Promise<UserRow | undefined> {
    return userByMobile.first(db, { mobile });
  },

  findById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async rolesOf(db: Kysely<Database>, userId: string): Promise<Role[]> {
    const rows = await rolesOfUser.all(db, { userId });
    return rows.map((r) => r.role).sort();
  },

  async insert(db: Kysely<Database>, u: NewUser): Promise<void> {
    await db
      .insertInto('users')
      .values({
        id: u.id,
        mobile: u.mobile,
        password_hash: u.passwordHash,
        nickname: u.nickname,
        avatar: null,
        status: 'active',
        new_user: 1,
        created_at: u.now,
        updated_at: u.now,
      })
      .execute();
    if (u.roles.length > 0) {
      await db
        .insertInto('user_roles')
        .values(u.roles.map((role) => ({ user_id: u.id, role, created_at: u.now })))
        .execute();
    }
  },

  async updateProfile(
    db: Kysely<Database>,
    id: string,
    patch: { nickname?: string; avatar?: string | null },
    now: string,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .execute();
  },

  async updatePasswordHash(db: Kysely<Database>, id: string, passwordHash: string, now: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
  },

  async updateMobile(db: Kysely<Database>, id: string, mobile: string, now: string): Promise<void> {
    await db.updateTable('users').set({ mobile, updated_at: now }).where('id', '=', id).execute();
  },

  async openidFor(db: Kysely<Database>, userId: string, appid: string | undefined): Promise<string | null> {
    if (!appid) return null;
    const row = await openidOfUser.first(db, { userId, appid });
    return row?.openid ?? null;
  },
};
