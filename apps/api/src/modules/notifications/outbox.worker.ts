import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { maskMobile } from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { newRowId } from '../../db/row-id.js';
import type { Database, DeliveryChannelValue } from '../../db/schema.js';
import { accountsRepository } from '../accounts/accounts.module.js';
import { notificationsRepository } from './notifications.repository.js';
import { type OutboxFinish, outboxRepository as repo, type OutboxRow } from './outbox.repository.js';
import type { DeliveryResult, OutboundChannel, OutboundMessage, Recipient } from './outbound.js';

export interface OutboxWorkerDeps {
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
  channels: OutboundChannel[];
  /** the appid whose openid bindings the WeChat channel addresses; undefined when WeChat is off */
  wechatAppid: string | undefined;
  /** the wait before each retry of a passing failure (see isPassing); [] = one attempt only */
  retryDelaysMs?: readonly number[];
  /** how long a claimed row stays with its worker: longer than the slowest send can take */
  leaseMs: number;
  /** how often an idle worker looks for rows it was not told about (other instances', expired leases) */
  pollMs?: number;
}

/**
 * Failures worth another try later: the provider was slow, unreachable, overloaded or busy. A
 * refusal (bad template, unknown recipient, wrong credentials) would fail the same way again.
 */
export const isPassing = (detail: string | null): boolean =>
  detail !== null && (['timeout', 'network', 'error', 'errcode:-1'].includes(detail) || /^http:(5\d\d|429)$/.test(detail));

/** rows taken per claim, sent at once: a slow provider must not hold hundreds of sockets */
const BATCH = 8;
const POLL_MS = 10_000;
/** the shortest pause before looking again, so rows another claim holds for a moment cause no busy loop */
const MIN_WAKE_MS = 20;

/** The first characters of an openid: enough to tell bindings apart in the log, not to address anyone. */
const maskOpenid = (openid: string) => `${openid.slice(0, 6)}…`;

/**
 * Sends the outbox's rows. Each run claims due rows (a lease, so that two instances never send one
 * row), sends them through the channel adapters, and settles each: sent, skipped, failed for good,
 * or pending again after the configured wait. Runs when the app is ready (resuming what a previous
 * process left), when told a release committed (`kick`), when the earliest retry falls due, and
 * every `pollMs` besides. Closing stops claiming and waits for the sends in flight.
 */
export class OutboxWorker {
  /** this process's claims, told apart from other instances' */
  readonly id = `w-${randomBytes(6).toString('hex')}`;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly d: OutboxWorkerDeps) {}

  /** Looks for due rows now (or right after the run in progress). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      // rows committed after the run's last claim: it may already have looked
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.again = false;
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) this.kick();
    });
  }

  /** Resolves once no run is in progress (rows waiting for a later retry stay waiting). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops: no new claims; the sends in flight finish and are settled. Unsent rows stay for the next
   * start. The wait is bounded by the lease: a run stuck past it (a database that stopped answering)
   * is abandoned, as its rows are then any worker's to take again, so a shutdown never hangs on it.
   */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    let giveUp: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      this.idle().then(() => 'idle' as const),
      new Promise<'gave up'>((resolve) => (giveUp = setTimeout(() => resolve('gave up'), this.d.leaseMs))),
    ]);
    clearTimeout(giveUp);
    if (outcome === 'gave up') this.d.log.warn({ event: 'notify.outbox' }, 'outbox run still going when closing; abandoned to its lease');
  }

  private async run(): Promise<void> {
    try {
      while (!this.closed) {
        const now = this.d.clock();
        const rows = await repo.claim(this.d.db, this.id, isoAt(now), isoAt(now + this.d.leaseMs), BATCH);
        if (rows.length === 0) break;
        await Promise.all(rows.map((row) => this.process(row)));
      }
      this.schedule(await repo.nextDue(this.d.db));
    } catch (err) {
      this.d.log.warn({ err, event: 'notify.outbox' }, 'outbox run failed');
      this.schedule(null);
    }
  }

  /** The next look: when the earliest row falls due, at the latest after the poll interval. */
  private schedule(nextDue: string | null): void {
    if (this.closed) return;
    const poll = this.d.pollMs ?? POLL_MS;
    const untilDue = nextDue === null ? poll : Date.parse(nextDue) - this.d.clock();
    const wait = Math.min(poll, Math.max(MIN_WAKE_MS, untilDue));
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.kick(), wait);
    // the timer never keeps the process alive by itself
    this.timer.unref();
  }

  private async process(row: OutboxRow): Promise<void> {
    try {
      const outcome = await this.attempt(row);
      const settled = await repo.finish(this.d.db, row.id, this.id, outcome);
      if (!settled) this.d.log.warn({ event: 'notify.outbox', id: row.id }, 'outbox row was taken over before its send was settled');
      else if (outcome.status === 'failed') {
        this.d.log.warn({ event: 'notify.outbox', id: row.id, channel: row.channel, attempts: row.attempts, outcome: outcome.lastError }, 'outbound notice given up');
      }
    } catch (err) {
      // the row keeps its lease and is taken again once the lease runs out
      this.d.log.warn({ err, event: 'notify.outbox', id: row.id }, 'outbox row not settled');
    }
  }

  /** Sends one claimed row; what to write back. Every attempt that reached a channel is in the delivery log. */
  private async attempt(row: OutboxRow): Promise<OutboxFinish> {
    const delays = this.d.retryDelaysMs ?? [];
    // a lease that ran out counted as an attempt: a row that keeps dying mid-send is not retried for ever
    if (row.attempts > delays.length + 1) return { status: 'failed', recipient: row.recipient, lastError: 'interrupted', sentAt: null };
    const to = await this.recipient(row.user_id);
    const channel = this.d.channels.find((c) => c.channel === row.channel);
    const { status, detail }: DeliveryResult = !to
      ? { status: 'skipped', detail: 'no_user' }
      : !channel
        ? { status: 'skipped', detail: 'not_configured' }
        : await channel.send(to, JSON.parse(row.payload) as OutboundMessage).catch(() => ({ status: 'failed' as const, detail: 'error' }));
    const now = this.d.clock();
    const recipient = to ? this.recipientLabel(row.channel, to) : null;
    await notificationsRepository.logDelivery(this.d.db, {
      id: newRowId(),
      notificationId: row.notification_id,
      applicationId: row.application_id,
      channel: row.channel,
      status,
      recipient,
      detail,
      at: isoAt(now),
    });
    if (status === 'sent') return { status, recipient, lastError: null, sentAt: isoAt(now) };
    if (status === 'skipped') return { status, recipient, lastError: detail, sentAt: null };
    const delay = isPassing(detail) ? delays[row.attempts - 1] : undefined;
    if (delay === undefined) return { status: 'failed', recipient, lastError: detail, sentAt: null };
    return { status: 'pending', nextAttemptAt: isoAt(now + delay), recipient, lastError: detail, sentAt: null };
  }

  private async recipient(userId: string): Promise<Recipient | null> {
    const mobile = await accountsRepository.mobileOf(this.d.db, userId);
    if (mobile === undefined) return null;
    return { mobile, openid: await accountsRepository.openidFor(this.d.db, userId, this.d.wechatAppid) };
  }

  private recipientLabel(channel: DeliveryChannelValue, to: Recipient): string | null {
    if (channel === 'sms') return maskMobile(to.mobile);
    return to.openid ? maskOpenid(to.openid) : null;
  }
}
