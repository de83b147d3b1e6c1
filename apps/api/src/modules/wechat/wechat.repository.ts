import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** SQL for WeChat binding: one-time OAuth states and (appid, openid) bindings. */
export const wechatRepository = {
  async insertState(
    db: Kysely<Database>,
    s: { stateHash: string; sessionId: string; userId: string; now: string; expiresAt: string },
  ): Promise<void> {
    await db
      .insertInto('wx_oauth_states')
      .values({
        state_hash: s.stateHash,
        session_id: s.sessionId,
        user_id: s.userId,
        created_at: s.now,
        expires_at: s.expiresAt,
        used_at: null,
      })
      .execute();
  },

  /** Removes the user's states that can no longer be used. */
  async pruneStates(db: Kysely<Database>, userId: string, now: string): Promise<void> {
    await db
      .deleteFrom('wx_oauth_states')
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', '<=', now)]))
      .execute();
  },

  /**
   * Marks the state used if it is unused, unexpired and belongs to this session — in one statement,
   * so two concurrent requests cannot both use it. True when this call consumed it.
   */
  async consumeState(db: Kysely<Database>, stateHash: string, sessionId: string, now: string): Promise<boolean> {
    const res = await db
      .updateTable('wx_oauth_states')
      .set({ used_at: now })
      .where('state_hash', '=', stateHash)
      .where('session_id', '=', sessionId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  },

  ownerOf(db: Kysely<Database>, appid: string, openid: string) {
    return db
      .selectFrom('wx_bindings')
      .select('user_id')
      .where('appid', '=', appid)
      .where('openid', '=', openid)
      .executeTakeFirst();
  },

  bindingOf(db: Kysely<Database>, userId: string, appid: string) {
    return db
      .selectFrom('wx_bindings')
      .select('openid')
      .where('user_id', '=', userId)
      .where('appid', '=', appid)
      .executeTakeFirst();
  },

  /** Replaces the user's binding for this app. */
  async bind(db: Kysely<Database>, userId: string, appid: string, openid: string, now: string): Promise<void> {
    await db.deleteFrom('wx_bindings').where('user_id', '=', userId).where('appid', '=', appid).execute();
    await db.insertInto('wx_bindings').values({ user_id: userId, appid, openid, created_at: now }).execute();
  },
};
