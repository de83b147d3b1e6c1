import type { Kysely } from 'kysely';
import {
  Code, type Delivery, type GetNotificationsResponse, type Notification, reviewLimits,
} from '@qgw/contracts';
import { isoAt } from '../../clock.js';
import { newRowId } from '../../db/row-id.js';
import type { Database, DeliveryChannelValue, OutboxStatusValue } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { decodeTimeIdCursor, encodeCursor } from '../../db/keyset.js';
import { notificationsRepository as repo } from './notifications.repository.js';
import { notificationStrings as s } from './notifications.strings.js';
import { outboxRepository as outbox } from './outbox.repository.js';
import type { OutboundMessage } from './outbound.js';
import { OutboxWorker, type OutboxWorkerDeps } from './outbox.worker.js';

/** the database, clock and log, and what the outbox worker sends with (channels, retry waits, lease) */
export type NotificationsDeps = OutboxWorkerDeps;

export interface NewNotification {
  userId: string;
  applicationId: string | null;
  title: string;
  body: string;
}

/** The outbound copies of one committed notification. */
export interface OutboundJob {
  notificationId: string;
  applicationId: string | null;
  userId: string;
  message: OutboundMessage;
}

const PAGE_TAG = 'n1';
// d2: the list reads the outbox since migration 0010; a d1 cursor (the attempt log's) is refused
const DELIVERY_TAG = 'd2';

/**
 * In-app notifications (the applicant's list, read marks) and their outbound copies. Both are
 * written in the caller's transaction: the in-app row and one outbox row per channel exist exactly
 * when the change they report does. The outbox worker sends the copies once the caller commits
 * (`kick`), and resumes whatever a stopped process left.
 */
export class NotificationsService {
  private readonly worker: OutboxWorker;

  constructor(private readonly d: NotificationsDeps) {
    this.worker = new OutboxWorker(d);
  }

  /** Inserts the notification inside `trx`; answers its id. */
  async create(trx: Kysely<Database>, n: NewNotification): Promise<string> {
    const id = newRowId();
    await repo.insert(trx, {
      id,
      user_id: n.userId,
      application_id: n.applicationId,
      title: n.title,
      body: n.body,
      created_at: isoAt(this.d.clock()),
      read_at: null,
    });
    return id;
  }

  /**
   * Queues the outbound copies (one per channel) inside `trx`, the transaction that made the
   * notification; call `kick` once it has committed. An unconfigured channel's row is settled as
   * skipped when its turn comes, so the log shows why nothing went.
   */
  async enqueue(trx: Kysely<Database>, job: OutboundJob): Promise<void> {
    const now = isoAt(this.d.clock());
    await outbox.insert(
      trx,
      this.d.channels.map((ch) => ({
        id: newRowId(),
        notification_id: job.notificationId,
        application_id: job.applicationId,
        user_id: job.userId,
        channel: ch.channel,
        payload: JSON.stringify(job.message),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        claimed_by: null,
        claimed_until: null,
        recipient: null,
        last_error: null,
        created_at: now,
        sent_at: null,
      })),
    );
  }

  /** Tells the worker that rows were committed: they go now rather than at its next look. */
  kick(): void {
    this.worker.kick();
  }

  /** Starts the worker (at app start): rows a previous process left are sent or resumed. */
  start(): void {
    this.worker.kick();
  }

  /** Resolves once the worker has no run in progress: every due row is settled, later retries wait. */
  async idle(): Promise<void> {
    await this.worker.idle();
  }

  /** At shutdown: sends in flight finish and are settled; no new claim starts. */
  async close(): Promise<void> {
    await this.worker.close();
  }

  // ---- the applicant's side ----

  async list(userId: string, q: { unreadOnly?: boolean | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<GetNotificationsResponse> {
    const limit = q.limit ?? reviewLimits.page.default;
    let after: { createdAt: string; id: string } | undefined;
    if (q.cursor) {
      const [createdAt, id] = decodeTimeIdCursor(q.cursor, PAGE_TAG);
      after = { createdAt, id };
    }
    const rows = await repo.page(this.d.db, userId, { unreadOnly: q.unreadOnly ?? false, after, limit: limit + 1 });
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const items: Notification[] = page.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      applicationId: r.application_id,
      kind: r.kind ?? null,
      status: r.status ?? null,
      createdAt: r.created_at,
      readAt: r.read_at,
    }));
    const last = page.at(-1);
    return {
      items,
      nextCursor: more && last ? encodeCursor(PAGE_TAG, [last.created_at, last.id]) : null,
      unread: await repo.unread(this.d.db, userId),
    };
  }

  async markRead(userId: string, id: string | undefined): Promise<{ unread: number }> {
    if (id && !(await repo.exists(this.d.db, userId, id))) throw new AppError(Code.NOT_FOUND, s.notFound);
    await repo.markRead(this.d.db, userId, isoAt(this.d.clock()), id);
    return { unread: await repo.unread(this.d.db, userId) };
  }

  // ---- the admin's delivery list: one row per outbound copy, as the outbox holds it ----

  async deliveries(q: {
    applicationId?: string | undefined;
    channel?: DeliveryChannelValue | undefined;
    status?: OutboxStatusValue | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<{ items: Delivery[]; nextCursor: string | null }> {
    const limit = q.limit ?? reviewLimits.page.default;
    let after: { createdAt: string; id: string } | undefined;
    if (q.cursor) {
      const [createdAt, id] = decodeTimeIdCursor(q.cursor, DELIVERY_TAG);
      after = { createdAt, id };
    }
    const rows = await outbox.page(this.d.db, { ...q, after, limit: limit + 1 });
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page.at(-1);
    return {
      items: page.map((r) => ({
        id: r.id,
        notificationId: r.notification_id,
        applicationId: r.application_id,
        channel: r.channel,
        status: r.status,
        recipient: r.recipient,
        detail: r.last_error,
        createdAt: r.created_at,
        attempts: Number(r.attempts),
        // while sending, next_attempt_at is the lease's end: no retry is planned then
        nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
        sentAt: r.sent_at,
      })),
      nextCursor: more && last ? encodeCursor(DELIVERY_TAG, [last.created_at, last.id]) : null,
    };
  }
}
