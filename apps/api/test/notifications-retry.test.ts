/**
 * Outbound copies of a notice are tried again after a passing failure (timeout, network, HTTP 5xx
 * or 429, WeChat busy), after each configured wait, every attempt in the delivery log; a refusal is
 * not retried; one channel's retries never hold the other's message; at shutdown no waiting retry
 * starts. Channels here are scripted stand-ins behind the adapters' own interface, on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { isPassing, NotificationsService, type OutboundJob } from '../src/modules/notifications/notifications.service.js';
import type { DeliveryResult, OutboundChannel } from '../src/modules/notifications/outbound.js';
import { newUser } from './support/api.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
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

async function newJob(service: NotificationsService): Promise<OutboundJob> {
  const notificationId = await service.create(t.db, { userId, applicationId: null, title: '申报结果通知', body: '正文' });
  return { notificationId, applicationId: null, userId, message: { title: '申报结果通知', applicationTitle: '张青', outcome: '通过', link: null } };
}

const attempts = (notificationId: string) =>
  t.db
    .selectFrom('notification_deliveries')
    .select(['channel', 'status', 'detail'])
    .where('notification_id', '=', notificationId)
    .execute();

const serviceWith = (channels: OutboundChannel[], retryDelaysMs: number[]) =>
  new NotificationsService({ db: t.db, clock: systemClock, log: t.app.log, channels, wechatAppid: undefined, retryDelaysMs });

describe('retries of outbound copies', () => {
  it('a passing failure is tried again until it is sent; every attempt is logged', async () => {
    const sms = scripted('sms', [failed('http:502'), failed('timeout'), sent]);
    const wechat = scripted('wechat', [failed('errcode:-1'), sent]);
    const service = serviceWith([wechat, sms], [5, 5, 5]);
    const job = await newJob(service);
    service.dispatch([job]);
    await service.idle();
    expect(sms.calls).toBe(3);
    expect(wechat.calls).toBe(2);
    const rows = await attempts(job.notificationId);
    const of = (ch: string) => rows.filter((r) => r.channel === ch).map((r) => r.detail ?? r.status).sort();
    expect(of('sms')).toEqual(['http:502', 'sent', 'timeout']);
    expect(of('wechat')).toEqual(['errcode:-1', 'sent']);
  });

  it('gives up after the configured retries, the last attempt logged as failed', async () => {
    const sms = scripted('sms', [failed('network')]);
    const service = serviceWith([sms], [1, 1]);
    const job = await newJob(service);
    service.dispatch([job]);
    await service.idle();
    expect(sms.calls).toBe(3);
    expect((await attempts(job.notificationId)).map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
  });

  it('a refusal is not retried, and neither is a skipped channel', async () => {
    const refused = scripted('wechat', [failed('errcode:43004')]);
    const skipped = scripted('sms', [{ status: 'skipped', detail: 'not_configured' }]);
    const service = serviceWith([refused, skipped], [1, 1, 1]);
    const job = await newJob(service);
    service.dispatch([job]);
    await service.idle();
    expect([refused.calls, skipped.calls]).toEqual([1, 1]);
  });

  it("one channel's waiting retry does not hold the other channel's message", async () => {
    const slow = scripted('wechat', [failed('timeout'), sent]);
    const fast = scripted('sms', [sent]);
    const service = serviceWith([slow, fast], [60_000]);
    const job = await newJob(service);
    service.dispatch([job]);
    await expect.poll(async () => (await attempts(job.notificationId)).length).toBe(2);
    expect(fast.calls).toBe(1);
    // shutdown: the waiting retry is given up at once instead of holding the process for a minute
    const started = Date.now();
    await service.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(slow.calls).toBe(1);
  });

  it('classifies failures: passing ones are retried, refusals are not', () => {
    for (const d of ['timeout', 'network', 'error', 'http:500', 'http:502', 'http:503', 'http:429', 'errcode:-1']) expect(isPassing(d), d).toBe(true);
    for (const d of [null, 'http:400', 'http:401', 'http:404', 'errcode:43004', 'errcode:40003', 'no_openid', 'not_configured']) expect(isPassing(d), String(d)).toBe(false);
  });
});
