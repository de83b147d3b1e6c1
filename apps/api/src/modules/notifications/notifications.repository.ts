import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database, DeliveryChannelValue, DeliveryStatusValue, NotificationsTable } from '../../db/schema.js';

/** SQL for in-app notifications and the log of outbound attempts. Every method takes the executor. */

export type NotificationRow = NotificationsTable;

export const notificationsRepository = {
  async insert(db: Kysely<Database>, row: NotificationRow): Promise<void> {
    await db.insertInto('notifications').values(row).execute();
  },

  /** A page of the user's notifications, newest first, with the application's kind and status. */
  page(
    db: Kysely<Database>,
    userId: string,
    opts: { unreadOnly: boolean; after?: { createdAt: string; id: string } | undefined; limit: number },
  ) {
    let q = db
      .selectFrom('notifications as n')
      .leftJoin('applications as a', 'a.id', 'n.application_id')
      .select(['n.id', 'n.title', 'n.body', 'n.application_id', 'n.created_at', 'n.read_at', 'a.kind', 'a.status'])
      .where('n.user_id', '=', userId);
    if (opts.unreadOnly) q = q.where('n.read_at', 'is', null);
    if (opts.after) q = q.where(sql<SqlBool>`(n.created_at, n.id) < (${opts.after.createdAt}, ${opts.after.id})`);
    return q.orderBy('n.created_at', 'desc').orderBy('n.id', 'desc').limit(opts.limit).execute();
  },

  async unread(db: Kysely<Database>, userId: string): Promise<number> {
    const r = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },

  /** Marks one (or, without id, every) unread notification of the user read; how many changed. */
  async markRead(db: Kysely<Database>, userId: string, at: string, id?: string): Promise<number> {
    let q = db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
    if (id) q = q.where('id', '=', id);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  async exists(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
    const r = await db.selectFrom('notifications').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return r !== undefined;
  },

  async logDelivery(
    db: Kysely<Database>,
    d: {
      id: string;
      notificationId: string;
      applicationId: string | null;
      channel: DeliveryChannelValue;
      status: DeliveryStatusValue;
      recipient: string | null;
      detail: string | null;
      at: string;
    },
  ): Promise<void> {
    await db
      .insertInto('notification_deliveries')
      .values({
        id: d.id,
        notification_id: d.notificationId,
        application_id: d.applicationId,
        channel: d.channel,
        status: d.status,
        recipient: d.recipient,
        detail: d.detail,
        created_at: d.at,
      })
      .execute();
  },
};
