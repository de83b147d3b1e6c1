/**
 * Outbound copies of a notice are tried again after a passing failure (timeout, network, HTTP 5xx
 * or 429, WeChat busy), after each configured wait, every attempt in the delivery log and the
 * copy's state in the outbox; a refusal is not retried; one channel's retries never hold the
 * other's message; at shutdown a waiting retry stays queued rather than holding the process.
 * Channels here are scripted stand-ins behind the adapters' own interface, on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { NotificationsService } from '../src/modules/notifications/notifications.service.js';
import { isPassing } from '../src/modules/notifications/outbox.worker.js';
import type { DeliveryResult, OutboundChannel } from '../src/modules/notifications/outbound.js';
import { newUser } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  // the app's own worker (no channel configured) stays out of the way: the services built here are
  // the only ones sending this file's rows
  await t.services.notifications.close();
  userId = (await newUser(t.app)).id;
});
afterAll(async () => {
  await t.close();
});

/** A channel answering from a script, one result per attempt (the last one repeats). */
function scripted(channel: 'wechat' | 'sms', script: DeliveryResult[]): OutboundChannel & { calls: number } {
  return {
    channel,
    calls: 0,
    async send() {
      const r = script[Math.min(this.calls, script.length - 1)]!;
      this.calls++;
      return r;
    },
  };
}

const failed = (detail: string): DeliveryResult => ({ status: 'failed', detail });
const sent: DeliveryResult = { status: 'sent', detail: null };

/** A notification and its outbox rows, committed together as a release does; the worker is told. */
async function queued(service: NotificationsService): Promise<string> {
  const notificationId = await t.db.transaction().execute(async (trx) => {
    const id = await service.create(trx, { userId, applicationId: null, title: '申报结果通知', body: '正文' });
    await service.enqueue(trx, { notificationId: id, applicationId: null, userId, message: { title: '申报结果通知', applicationTitle: '张青', outcome: '通过', link: null } });
    return id;
  });
  service.kick();
  return notificationId;
}

const attempts = (notificationId: string) =>
  t.db
    .selectFrom('notification_deliveries')
    .select(['channel', 'status', 'detail'])
    .where('notification_id', '=', notificationId)
    .execute();

const outboxOf = (notificationId: string) =>
  t.db.selectFrom('notification_outbox').selectAll().where('notification_id', '=', notificationId).orderBy('channel').execute();

/** Waits until none of the notification's copies is pending or being sent. */
async function settled(notificationId: string): Promise<void> {
  await expect
    .poll(async () => (await outboxOf(notificationId)).filter((r) => r.status === 'pending' || r.status === 'sending').length, { timeout: 5_000 })
    .toBe(0);
}

/** One worker at a time on the database: each test's service, the one before it closed. */
const services: NotificationsService[] = [];
async function serviceWith(channels: OutboundChannel[], retryDelaysMs: number[]) {
  for (const earlier of services.splice(0)) await earlier.close();
  const s = new NotificationsService({
    db: t.db, clock: systemClock, log: t.app.log, channels, wechatAppid: undefined, retryDelaysMs, leaseMs: 30_000,
  });
  services.push(s);
  return s;
}
afterAll(async () => {
  for (const s of services) await s.close();
});

describe('retries of outbound copies', () => {
  it('a passing failure is tried again until it is sent; every attempt is logged', async () => {
    const sms = scripted('sms', [failed('http:502'), failed('timeout'), sent]);
    const wechat = scripted('wechat', [failed('errcode:-1'), sent]);
    const service = await serviceWith([wechat, sms], [5, 5, 5]);
    const id = await queued(service);
    await settled(id);
    expect(sms.calls).toBe(3);
    expect(wechat.calls).toBe(2);
    const rows = await attempts(id);
    const of = (ch: string) => rows.filter((r) => r.channel === ch).map((r) => r.detail ?? r.status).sort();
    expect(of('sms')).toEqual(['http:502', 'sent', 'timeout']);
    expect(of('wechat')).toEqual(['errcode:-1', 'sent']);
    expect((await outboxOf(id)).map((r) => [r.channel, r.status, Number(r.attempts), r.last_error])).toEqual([
      ['sms', 'sent', 3, null],
      ['wechat', 'sent', 2, null],
    ]);
  });

  it('gives up after the configured retries, the last attempt logged as failed', async () => {
    const sms = scripted('sms', [failed('network')]);
    const service = await serviceWith([sms], [1, 1]);
    const id = await queued(service);
    await settled(id);
    expect(sms.calls).toBe(3);
    expect((await attempts(id)).map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
    expect((await outboxOf(id)).map((r) => [r.status, Number(r.attempts), r.last_error])).toEqual([['failed', 3, 'network']]);
  });

  it('waits the configured time before a retry', async () => {
    const sms = scripted('sms', [failed('http:503'), sent]);
    const service = await serviceWith([sms], [400]);
    const started = Date.now();
    const id = await queued(service);
    await settled(id);
    expect(sms.calls).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });

  it('a refusal is not retried, and neither is a skipped channel', async () => {
    const refused = scripted('wechat', [failed('errcode:43004')]);
    const skipped = scripted('sms', [{ status: 'skipped', detail: 'not_configured' }]);
    const service = await serviceWith([refused, skipped], [1, 1, 1]);
    const id = await queued(service);
    await settled(id);
    expect([refused.calls, skipped.calls]).toEqual([1, 1]);
    expect((await outboxOf(id)).map((r) => [r.channel, r.status, r.last_error])).toEqual([
      ['sms', 'skipped', 'not_configured'],
      ['wechat', 'failed', 'errcode:43004'],
    ]);
  });

  it("one channel's waiting retry does not hold the other channel's message; shutdown leaves it queued", async () => {
    const slow = scripted('wechat', [failed('timeout'), sent]);
    const fast = scripted('sms', [sent]);
    const service = await serviceWith([slow, fast], [60_000]);
    const id = await queued(service);
    await expect.poll(async () => (await attempts(id)).length).toBe(2);
    expect(fast.calls).toBe(1);
    // shutdown: the waiting retry does not hold the process; it stays in the outbox for the next start
    const started = Date.now();
    await service.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(slow.calls).toBe(1);
    expect((await outboxOf(id)).map((r) => [r.channel, r.status])).toEqual([
      ['sms', 'sent'],
      ['wechat', 'pending'],
    ]);
    // …where another worker picks it up once due (here: made due at once)
    await t.db.updateTable('notification_outbox').set({ next_attempt_at: new Date(0).toISOString() }).where('notification_id', '=', id).where('status', '=', 'pending').execute();
    const next = await serviceWith([slow, fast], [60_000]);
    next.kick();
    await settled(id);
    expect([slow.calls, fast.calls]).toEqual([2, 1]);
  });

  it('a row whose sender keeps dying mid-send is given up once its attempts are spent', async () => {
    const sms = scripted('sms', [sent]);
    const service = await serviceWith([sms], [1]);
    const id = await t.db.transaction().execute(async (trx) => {
      const nid = await service.create(trx, { userId, applicationId: null, title: '申报结果通知', body: '正文' });
      await service.enqueue(trx, { notificationId: nid, applicationId: null, userId, message: { title: '申报结果通知', applicationTitle: '张青', outcome: '通过', link: null } });
      // two attempts allowed (one retry), both taken by instances that died holding the row
      await trx.updateTable('notification_outbox').set({ status: 'sending', attempts: 2, claimed_by: 'w-gone', claimed_until: new Date(0).toISOString(), next_attempt_at: new Date(0).toISOString() }).where('notification_id', '=', nid).execute();
      return nid;
    });
    service.kick();
    await settled(id);
    expect(sms.calls).toBe(0);
    expect((await outboxOf(id)).map((r) => [r.status, Number(r.attempts), r.last_error])).toEqual([['failed', 3, 'interrupted']]);
  });

  it('classifies failures: passing ones are retried, refusals are not', () => {
    for (const d of ['timeout', 'network', 'error', 'http:500', 'http:502', 'http:503', 'http:429', 'errcode:-1']) expect(isPassing(d), d).toBe(true);
    for (const d of [null, 'http:400', 'http:401', 'http:404', 'errcode:43004', 'errcode:40003', 'no_openid', 'not_configured']) expect(isPassing(d), String(d)).toBe(false);
  });
});
