import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  Code, type Delivery, type GetNotificationsResponse, maskMobile, type Notification, reviewLimits,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { Database, DeliveryChannelValue, DeliveryStatusValue } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { decodeCursor, encodeCursor } from '../content/cursor.js';
import { ISO_TIME, RECORD_ID } from '../review/queue.service.js';
import { notificationsRepository as repo } from './notifications.repository.js';
import { notificationStrings as s } from './notifications.strings.js';
import type { DeliveryResult, OutboundChannel, OutboundMessage, Recipient } from './outbound.js';
import { newRowId } from '../../db/row-id.js';

export interface NotificationsDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  channels: OutboundChannel[];
  /** the appid whose openid bindings the WeChat channel addresses; undefined when WeChat is off */
  wechatAppid: string | undefined;
  /** the wait before each retry of a passing failure (see isPassing); [] = one attempt only */
  retryDelaysMs?: readonly number[];
}

/**
 * Failures worth another try later: the provider was slow, unreachable, overloaded or busy. A
 * refusal (bad template, unknown recipient, wrong credentials) would fail the same way again.
 */
export const isPassing = (detail: string | null): boolean =>
  detail !== null && (['timeout', 'network', 'error', 'errcode:-1'].includes(detail) || /^http:(5\d\d|429)$/.test(detail));

/** Resolves true after `ms`, or false at once when `signal` aborts first. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface NewNotification {
  userId: string;
  applicationId: string | null;
  title: string;
  body: string;
}

/** What dispatch needs once the notification is committed. */
export interface OutboundJob {
  notificationId: string;
  applicationId: string | null;
  userId: string;
  message: OutboundMessage;
}

const PAGE_TAG = 'n1';
const DELIVERY_TAG = 'd1';

/** The first characters of an openid: enough to tell bindings apart in the log, not to address anyone. */
const maskOpenid = (openid: string) => `${openid.slice(0, 6)}…`;

/**
 * In-app notifications (the applicant's list, read marks) and their outbound copies. The in-app
 * row is written in the caller's transaction, so it exists exactly when the change it reports
 * does; outbound messages go after the commit, in the background, each attempt logged.
 */
export class NotificationsService {
  private readonly pending = new Set<Promise<void>>();
  /** aborted at shutdown: retries still waiting are given up */
  private readonly closing = new AbortController();

  constructor(private readonly d: NotificationsDeps) {}

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

  /** Sends the outbound copies in the background; `idle()` resolves once every started send is logged. */
  dispatch(jobs: OutboundJob[]): void {
    if (jobs.length === 0) return;
    const run = this.deliverAll(jobs)
      .catch((err: unknown) => this.d.log.error({ err }, 'outbound notifications failed'))
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** At shutdown: sends in flight finish and are logged; no waiting retry starts. */
  async close(): Promise<void> {
    this.closing.abort();
    await this.idle();
  }

  private async deliverAll(jobs: OutboundJob[]): Promise<void> {
    // a few at a time: a slow provider must not hold hundreds of sockets
    const queue = [...jobs];
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await this.deliver(job);
    };
    await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  }

  private async recipient(userId: string): Promise<Recipient | null> {
    const user = await this.d.db.selectFrom('users').select(['mobile', 'status']).where('id', '=', userId).executeTakeFirst();
    if (!user) return null;
    const binding = this.d.wechatAppid
      ? await this.d.db
          .selectFrom('wx_bindings')
          .select('openid')
          .where('user_id', '=', userId)
          .where('appid', '=', this.d.wechatAppid)
          .executeTakeFirst()
      : undefined;
    return { mobile: user.mobile, openid: binding?.openid ?? null };
  }

  private async deliver(job: OutboundJob): Promise<void> {
    const to = await this.recipient(job.userId);
    // the channels independently: one channel's retries never hold the other's message
    await Promise.all(this.d.channels.map((ch) => this.deliverOn(ch, job, to)));
  }

  /** Sends on one channel; a passing failure is tried again after each configured wait. Every attempt is logged. */
  private async deliverOn(ch: OutboundChannel, job: OutboundJob, to: Recipient | null): Promise<void> {
    const delays = this.d.retryDelaysMs ?? [];
    for (let attempt = 0; ; attempt++) {
      const { status, detail }: DeliveryResult = to
        ? await ch.send(to, job.message).catch(() => ({ status: 'failed' as const, detail: 'error' }))
        : { status: 'skipped', detail: 'no_user' };
      await repo.logDelivery(this.d.db, {
        id: newRowId(),
        notificationId: job.notificationId,
        applicationId: job.applicationId,
        channel: ch.channel,
        status,
        recipient: to ? this.recipientLabel(ch.channel, to) : null,
        detail,
        at: isoAt(this.d.clock()),
      });
      const delay = delays[attempt];
      if (status !== 'failed' || !isPassing(detail) || delay === undefined) return;
      if (!(await wait(delay, this.closing.signal))) return;
    }
  }

  private recipientLabel(channel: DeliveryChannelValue, to: Recipient): string | null {
    if (channel === 'sms') return maskMobile(to.mobile);
    return to.openid ? maskOpenid(to.openid) : null;
  }

  // ---- the applicant's side ----

  async list(userId: string, q: { unreadOnly?: boolean | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<GetNotificationsResponse> {
    const limit = q.limit ?? reviewLimits.page.default;
    let after: { createdAt: string; id: string } | undefined;
    if (q.cursor) {
      const [createdAt, id] = decodeCursor(q.cursor, PAGE_TAG, ['s', 's']) as [string, string];
      if (!ISO_TIME.test(createdAt) || !RECORD_ID.test(id)) throw new AppError(Code.BAD_REQUEST, s.cursorInvalid);
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

  // ---- the admin's delivery log ----

  async deliveries(q: {
    applicationId?: string | undefined;
    channel?: DeliveryChannelValue | undefined;
    status?: DeliveryStatusValue | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<{ items: Delivery[]; nextCursor: string | null }> {
    const limit = q.limit ?? reviewLimits.page.default;
    let after: { createdAt: string; id: string } | undefined;
    if (q.cursor) {
      const [createdAt, id] = decodeCursor(q.cursor, DELIVERY_TAG, ['s', 's']) as [string, string];
      if (!ISO_TIME.test(createdAt) || !RECORD_ID.test(id)) throw new AppError(Code.BAD_REQUEST, s.cursorInvalid);
      after = { createdAt, id };
    }
    const rows = await repo.deliveries(this.d.db, { ...q, after, limit: limit + 1 });
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
        detail: r.detail,
        createdAt: r.created_at,
      })),
      nextCursor: more && last ? encodeCursor(DELIVERY_TAG, [last.created_at, last.id]) : null,
    };
  }
}
