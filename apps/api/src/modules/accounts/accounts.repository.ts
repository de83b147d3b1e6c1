import { type Kysely, SqliteAdapter } from 'kysely';
import type { LoginResponse, Role } from '@qgw/contracts';
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

// compiled once (db/prepared.ts): the rank-user look-up asks it on every call
const userByMobile = prepared(['mobile'], (db, p) => db.selectFrom('users').selectAll().where('mobile', '=', p.mobile));
/** What a login answers, in one query: the user, a row per role (one with a null role when none), the binding. */
const loginRowsByMobile = prepared(['mobile', 'appid'], (db, p) =>
  db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('wx_bindings', (join) => join.onRef('wx_bindings.user_id', '=', 'users.id').on('wx_bindings.appid', '=', p.appid))
    .selectAll('users')
    .select(['user_roles.role', 'wx_bindings.openid'])
    .where('users.mobile', '=', p.mobile),
);

export interface LoginRecord {
  user: UserRow;
  roles: Role[];
  openid: string | null;
}

export const accountsRepository = {
  findByMobile(db: Kysely<Database>, mobile: string): Promise<UserRow | undefined> {
    return userByMobile.first(db, { mobile });
  },

  /**
   * The account a login is for, with its roles and its WeChat binding for `appid`: one round trip
   * instead of three (docs/decisions/0015-fewer-statements-per-submission.md).
   */
  async loginRecordByMobile(db: Kysely<Database>, mobile: string, appid: string | undefined): Promise<LoginRecord | undefined> {
    const rows = await loginRowsByMobile.all(db, { mobile, appid: appid ?? '' });
    const first = rows[0];
    if (!first) return undefined;
    const { role: _role, openid, ...user } = first;
    return {
      user,
      roles: rows.flatMap((r) => (r.role === null ? [] : [r.role])).sort(),
      openid: appid ? openid : null,
    };
  },

  findById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async rolesOf(db: Kysely<Database>, userId: string): Promise<Role[]> {
    const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).execute();
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

  /**
   * A login's re-hash (newer argon2id parameters): only while the stored hash is still the one that
   * was checked, so that a password change committed meanwhile is never overwritten by the old one.
   */
  async rehashIfUnchanged(db: Kysely<Database>, id: string, checkedHash: string, passwordHash: string, now: string): Promise<boolean> {
    const r = await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id).where('password_hash', '=', checkedHash).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * Reopens a closed account in its grace period, only while it still signs in with the hash the
   * caller checked and is still closed and not erased (a concurrent sweep or password change wins).
   */
  async reopen(db: Kysely<Database>, id: string, checkedHash: string, now: string): Promise<boolean> {
    const r = await db
      .updateTable('users')
      .set({ status: 'active', closed_at: null, erase_after: null, updated_at: now })
      .where('id', '=', id)
      .where('password_hash', '=', checkedHash)
      .where('closed_at', 'is not', null)
      .where('erased_at', 'is', null)
      .where((eb) => eb.or([eb('status', '=', 'active'), eb('erase_after', '>', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async updateMobile(db: Kysely<Database>, id: string, mobile: string, now: string): Promise<void> {
    await db.updateTable('users').set({ mobile, updated_at: now }).where('id', '=', id).execute();
  },

  async openidFor(db: Kysely<Database>, userId: string, appid: string | undefined): Promise<string | null> {
    if (!appid) return null;
    const row = await db
      .selectFrom('wx_bindings')
      .select('openid')
      .where('user_id', '=', userId)
      .where('appid', '=', appid)
      .executeTakeFirst();
    return row?.openid ?? null;
  },

  /** Which of these avatar URLs some account's profile uses. */
  async avatarsInUse(db: Kysely<Database>, urls: readonly string[]): Promise<Set<string | null>> {
    if (urls.length === 0) return new Set();
    return new Set((await db.selectFrom('users').select('avatar').where('avatar', 'in', urls).execute()).map((r) => r.avatar));
  },

  async avatarInUse(db: Kysely<Database>, url: string): Promise<boolean> {
    return (await db.selectFrom('users').select('id').where('avatar', '=', url).executeTakeFirst()) !== undefined;
  },

  /** Whether the account is still active, read inside the transaction (on PostgreSQL with its row held, as a login does). */
  async stillActive(db: Kysely<Database>, id: string): Promise<boolean> {
    let q = db.selectFrom('users').select('id').where('id', '=', id).where('status', '=', 'active');
    if (!(db.getExecutor().adapter instanceof SqliteAdapter)) q = q.forUpdate();
    return (await q.executeTakeFirst()) !== undefined;
  },

  /** The account's mobile; throws (NoResultError) when there is no such account. */
  async mobileOrThrow(db: Kysely<Database>, id: string): Promise<string> {
    return (await db.selectFrom('users').select('mobile').where('id', '=', id).executeTakeFirstOrThrow()).mobile;
  },

  async mobileOf(db: Kysely<Database>, id: string): Promise<string | undefined> {
    return (await db.selectFrom('users').select('mobile').where('id', '=', id).executeTakeFirst())?.mobile;
  },
};

/** What POST /v1/login (and /v1/loginBySms, /v1/cancelCloseAccount) answers for a session just started. */
export function loginAnswer(found: LoginRecord, token: string): LoginResponse {
  const { user } = found;
  return {
    token,
    username: user.mobile,
    id: user.id,
    openid: found.openid,
    nickname: user.nickname,
    new_user: user.new_user === 1,
    erroMessage: '',
    roles: found.roles,
  };
}
