/**
 * Outbound copies of a released decision go through the notification outbox: written in the
 * release's transaction (a release that fails leaves none), sent by a worker that retries passing
 * failures after the configured waits (driven here by the test clock), settled as sent / failed /
 * skipped, never sent twice by two instances racing over the same rows, and resumed by a new
 * process after a restart, whether the row was waiting for a retry or held by an instance that
 * died mid-send. The console's deliveries list shows each copy's state to admins only.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths, Code, type Delivery } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { outboxDepth } from '../src/modules/notifications/outbox.repository.js';
import type { NotificationsService } from '../src/modules/notifications/notifications.service.js';
import { data, get, login, post, type TestUser } from './support/api.js';
import { createWorld, type ReviewWorld, submittedPerson, versionOf } from './support/console-review.js';
import { type NotifyDouble, startNotifyDouble } from './support/notify-double.js';
import { createInstance, createTestApp, servicesOf, type TestApp } from './support/test-app.js';

const RETRY_MS = 60_000;
/** 4 × NOTIFY_TIMEOUT_MS + the module's slack: how long a claimed row stays with its worker */
const LEASE_MS = 4 * 2_000 + 30_000;

let nd: NotifyDouble;
const envOf = (nd: NotifyDouble): Record<string, string> => ({
  WECHAT_APPID: nd.appid,
  WECHAT_SECRET: nd.secret,
  WECHAT_API_BASE: nd.url,
  WECHAT_OAUTH_BASE: nd.url,
  NOTIFY_WECHAT_TEMPLATE_ID: 'tpl-decision',
  SMS_GATEWAY_URL: `${nd.url}/sms`,
  SMS_GATEWAY_TOKEN: nd.smsToken,
  // generous: a send timing out on a busy machine would turn into a retry the test does not expect
  NOTIFY_TIMEOUT_MS: '2000',
  NOTIFY_RETRY_DELAYS_MS: `${RETRY_MS},${RETRY_MS}`,
});

beforeAll(async () => {
  nd = await startNotifyDouble();
});
beforeEach(() => nd.setMode('normal'));
afterAll(async () => {
  await nd.close();
});

const notificationsOf = (app: FastifyInstance): NotificationsService => servicesOf(app).notifications;
/** Tells an instance's worker to look now and waits for its run. */
async function drain(...apps: FastifyInstance[]) {
  for (const a of apps) notificationsOf(a).kick();
  await Promise.all(apps.map((a) => notificationsOf(a).idle()));
}

const smsCount = (mobile: string) => nd.sms.filter((m) => m.to === mobile).length;

function outboxOf(t: TestApp, applicationId: string) {
  return t.db.selectFrom('notification_outbox').selectAll().where('application_id', '=', applicationId).orderBy('channel').execute();
}
async function smsRow(t: TestApp, applicationId: string) {
  return (await outboxOf(t, applicationId)).find((r) => r.channel === 'sms')!;
}

async function bind(t: TestApp, u: TestUser): Promise<string> {
  const openid = `oOutbox${u.id.replace(/-/g, '').slice(0, 20)}`;
  await t.db.insertInto('wx_bindings').values({ user_id: u.id, appid: nd.appid, openid, created_at: isoAt(Date.now()) }).execute();
  return openid;
}

/** A submitted person entry with an approval staged by the admin. */
async function staged(t: TestApp, w: ReviewWorld) {
  const p = await submittedPerson(t);
  const version = await versionOf(t.app, w.admin.token, p.id);
  data(await post(t.app, apiPaths.consoleDecisionStage, { applicationId: p.id, decision: 'approve', reason: '', version }, { token: w.admin.token }));
  return p;
}
const release = (t: TestApp, w: ReviewWorld, id: string) =>
  post<{ released: Array<{ decidedAt: string }> }>(t.app, apiPaths.consoleDecisionRelease, { applicationIds: [id], expectedCount: 1 }, { token: w.admin.token });

const deliveriesOf = async (t: TestApp, w: ReviewWorld, query: Record<string, string>) =>
  data(await get<{ items: Delivery[]; nextCursor: string | null }>(t.app, apiPaths.consoleDeliveries, query, { token: w.admin.token }));

describe('the notification outbox', () => {
  let t: TestApp;
  let w: ReviewWorld;

  beforeAll(async () => {
    t = await createTestApp({ env: envOf(nd) });
    w = await createWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a release writes its notices in its own transaction: a release that fails leaves none', async () => {
    const p = await staged(t, w);
    const service = notificationsOf(t.app);
    const enqueue = service.enqueue.bind(service);
    // the failure comes after the outbox rows were written, inside the release's transaction
    const spy = vi.spyOn(service, 'enqueue').mockImplementationOnce(async (trx, job) => {
      await enqueue(trx, job);
      throw new Error('forced failure after the notices were written');
    });
    const failed = await release(t, w, p.id);
    spy.mockRestore();
    expect(failed.status).toBe(500);
    await drain(t.app);
    expect(await outboxOf(t, p.id)).toEqual([]);
    expect(await t.db.selectFrom('notifications').select('id').where('application_id', '=', p.id).execute()).toEqual([]);
    const app = await t.db.selectFrom('applications').select(['status', 'decided_at']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(app).toEqual({ status: 'submitted', decided_at: null });
    expect(smsCount(p.applicant.mobile)).toBe(0);

    // the same release again: the decision, its notification and one outbox row per channel together
    const out = data(await release(t, w, p.id));
    const rows = await outboxOf(t, p.id);
    const notification = await t.db.selectFrom('notifications').select('id').where('application_id', '=', p.id).executeTakeFirstOrThrow();
    expect(rows.map((r) => [r.channel, r.notification_id, r.user_id, r.created_at])).toEqual([
      ['sms', notification.id, p.applicant.id, out.released[0]!.decidedAt],
      ['wechat', notification.id, p.applicant.id, out.released[0]!.decidedAt],
    ]);
    // the row names the user, never the mobile
    expect(JSON.stringify(rows)).not.toContain(p.applicant.mobile);
  });

  it('the worker sends right after the release and settles each copy', async () => {
    const p = await staged(t, w);
    const openid = await bind(t, p.applicant);
    data(await release(t, w, p.id));
    await notificationsOf(t.app).idle();
    const rows = await outboxOf(t, p.id);
    expect(rows.map((r) => [r.channel, r.status, Number(r.attempts), r.last_error, r.claimed_until])).toEqual([
      ['sms', 'sent', 1, null, null],
      ['wechat', 'sent', 1, null, null],
    ]);
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    expect(smsCount(p.applicant.mobile)).toBe(1);
    expect(nd.templates.filter((m) => m.touser === openid)).toHaveLength(1);
  });

  it('a passing failure waits the configured time, then is sent; a refusal is final at once', async () => {
    const p = await staged(t, w);
    const openid = await bind(t, p.applicant);
    nd.setMode('refuse'); // SMS gateway 502 (passing), WeChat errcode 43004 (a refusal)
    const decidedAt = data(await release(t, w, p.id)).released[0]!.decidedAt;
    await notificationsOf(t.app).idle();
    nd.setMode('normal');
    let sms = await smsRow(t, p.id);
    expect([sms.status, Number(sms.attempts), sms.last_error]).toEqual(['pending', 1, 'http:502']);
    expect(sms.next_attempt_at).toBe(isoAt(Date.parse(decidedAt) + RETRY_MS));
    expect((await outboxOf(t, p.id)).find((r) => r.channel === 'wechat')).toMatchObject({ status: 'failed', last_error: 'errcode:43004' });
    // pending rows count in the outbox's depth
    const open = await t.db.selectFrom('notification_outbox').select('id').where('status', 'in', ['pending', 'sending']).execute();
    expect(await outboxDepth(t.db)).toBe(open.length);
    expect(open.length).toBeGreaterThanOrEqual(1);

    // not before the wait is over
    t.clock.advance(RETRY_MS - 1_000);
    await drain(t.app);
    expect((await smsRow(t, p.id)).status).toBe('pending');
    expect(smsCount(p.applicant.mobile)).toBe(0);

    t.clock.advance(1_000);
    await drain(t.app);
    sms = await smsRow(t, p.id);
    expect([sms.status, Number(sms.attempts), sms.last_error]).toEqual(['sent', 2, null]);
    expect(smsCount(p.applicant.mobile)).toBe(1);
    expect(nd.templates.filter((m) => m.touser === openid)).toHaveLength(0);
  });

  it('gives up once the configured retries are spent', async () => {
    const p = await staged(t, w);
    nd.setMode('refuse');
    data(await release(t, w, p.id));
    await notificationsOf(t.app).idle();
    for (const attempts of [2, 3]) {
      t.clock.advance(RETRY_MS);
      await drain(t.app);
      expect(Number((await smsRow(t, p.id)).attempts)).toBe(attempts);
    }
    const sms = await smsRow(t, p.id);
    expect([sms.status, sms.last_error]).toEqual(['failed', 'http:502']);
    // nothing more is tried, however long one waits
    t.clock.advance(RETRY_MS * 10);
    await drain(t.app);
    expect(Number((await smsRow(t, p.id)).attempts)).toBe(3);
  });

  it('the console deliveries list shows each copy: status, attempts, last error, next retry', async () => {
    const p = await staged(t, w);
    nd.setMode('refuse');
    const decidedAt = data(await release(t, w, p.id)).released[0]!.decidedAt;
    await notificationsOf(t.app).idle();
    const list = await deliveriesOf(t, w, { applicationId: p.id });
    const byChannel = Object.fromEntries(list.items.map((d) => [d.channel, d])) as Record<'wechat' | 'sms', Delivery>;
    expect(byChannel.sms).toMatchObject({
      status: 'pending', attempts: 1, detail: 'http:502', nextAttemptAt: isoAt(Date.parse(decidedAt) + RETRY_MS), sentAt: null, applicationId: p.id,
    });
    expect(byChannel.wechat).toMatchObject({ status: 'skipped', detail: 'no_openid', attempts: 1, nextAttemptAt: null, recipient: null });
    // filters and pages
    const pending = await deliveriesOf(t, w, { status: 'pending' });
    expect(pending.items.length).toBeGreaterThanOrEqual(1);
    expect(pending.items.every((d) => d.status === 'pending')).toBe(true);
    const first = await deliveriesOf(t, w, { applicationId: p.id, limit: '1' });
    const second = await deliveriesOf(t, w, { applicationId: p.id, limit: '1', cursor: first.nextCursor! });
    expect([...first.items, ...second.items].map((d) => d.id).sort()).toEqual(list.items.map((d) => d.id).sort());
    expect(second.nextCursor).toBeNull();
    // settled once the retry is due
    nd.setMode('normal');
    t.clock.advance(RETRY_MS);
    await drain(t.app);
    const after = (await deliveriesOf(t, w, { applicationId: p.id, channel: 'sms' })).items;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'sent', attempts: 2, detail: null, nextAttemptAt: null });
  });

  it('the deliveries list is for admins past the second factor only', async () => {
    const someone = await submittedPerson(t);
    const unverifiedAdmin = (await login(t.app, w.admin.mobile, w.admin.password)).token;
    const callers: Array<[string, string | undefined, number]> = [
      ['nobody', undefined, 401],
      ['applicant', someone.applicant.token, 403],
      ['reviewer', w.reviewer.token, 403],
      ['admin without the second factor', unverifiedAdmin, 401],
    ];
    for (const [who, token, status] of callers) {
      const res = await t.app.inject({ method: 'GET', url: apiPaths.consoleDeliveries, headers: token ? { authorization: token } : {} });
      expect(res.statusCode, who).toBe(status);
      expect(res.json(), who).toMatchObject({ success: false });
      if (who === 'admin without the second factor') expect(res.json()).toMatchObject({ code: Code.CONSOLE_MFA_REQUIRED });
    }
    expect((await deliveriesOf(t, w, {})).items.length).toBeGreaterThan(0);
  });

  it('two instances racing over the same due rows send each notice exactly once', async () => {
    const other = await createInstance(t, { env: envOf(nd) });
    try {
      const applicant = (await submittedPerson(t)).applicant;
      const service = notificationsOf(t.app);
      const titles = Array.from({ length: 24 }, (_, i) => `并发通知${i}`);
      // committed together, and neither worker told: then both are told at once
      await t.db.transaction().execute(async (trx) => {
        for (const title of titles) {
          const notificationId = await service.create(trx, { userId: applicant.id, applicationId: null, title: '申报结果通知', body: title });
          await service.enqueue(trx, { notificationId, applicationId: null, userId: applicant.id, message: { title: '申报结果通知', applicationTitle: title, outcome: '通过', link: null } });
        }
      });
      await drain(t.app, other.app);
      await expect
        .poll(async () => Number((await t.db.selectFrom('notification_outbox').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', applicant.id).where('status', 'in', ['pending', 'sending']).executeTakeFirstOrThrow()).n))
        .toBe(0);
      for (const title of titles) expect(nd.sms.filter((m) => m.to === applicant.mobile && m.text.includes(`「${title}」`)), title).toHaveLength(1);
      const rows = await t.db.selectFrom('notification_outbox').select(['channel', 'status', 'attempts', 'claimed_by']).where('user_id', '=', applicant.id).execute();
      expect(rows.filter((r) => r.channel === 'sms').map((r) => [r.status, Number(r.attempts)])).toEqual(titles.map(() => ['sent', 1]));
      // both instances took part (each row keeps the instance that made its attempt)
      expect(new Set(rows.map((r) => r.claimed_by)).size).toBe(2);
    } finally {
      await other.close();
    }
  });
});

describe('a restart', () => {
  let t: TestApp;
  let w: ReviewWorld;

  beforeAll(async () => {
    t = await createTestApp({ env: envOf(nd) });
    w = await createWorld(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('resumes a copy waiting for its retry and sends it once', async () => {
    const p = await staged(t, w);
    nd.setMode('refuse');
    data(await release(t, w, p.id));
    await notificationsOf(t.app).idle();
    expect((await smsRow(t, p.id)).status).toBe('pending');
    // the process stops while the row waits; the retry falls due while nothing runs
    await t.app.close();
    nd.setMode('normal');
    t.clock.advance(RETRY_MS);
    const next = await createInstance(t, { env: envOf(nd) });
    try {
      // started with the app: no release needed to set it going
      await notificationsOf(next.app).idle();
      await expect.poll(async () => (await smsRow(t, p.id)).status).toBe('sent');
      expect(Number((await smsRow(t, p.id)).attempts)).toBe(2);
      expect(smsCount(p.applicant.mobile)).toBe(1);
    } finally {
      await next.close();
    }
  });

  it('takes over a row whose instance died mid-send once its lease runs out, and sends it once', async () => {
    const first = await createInstance(t, { env: envOf(nd) });
    // the file's first app is closed by now: requests go to this instance
    const applicant = (await submittedPerson({ ...t, app: first.app })).applicant;
    const service = notificationsOf(first.app);
    const now = t.clock.now();
    // as an instance leaves a row it had claimed when it died: sending, its lease still running
    const notificationId = await first.db.transaction().execute(async (trx) => {
      const id = await service.create(trx, { userId: applicant.id, applicationId: null, title: '申报结果通知', body: '租约' });
      await service.enqueue(trx, { notificationId: id, applicationId: null, userId: applicant.id, message: { title: '申报结果通知', applicationTitle: '租约通知', outcome: '通过', link: null } });
      await trx
        .updateTable('notification_outbox')
        .set({ status: 'sending', attempts: 1, claimed_by: 'w-gone', claimed_until: isoAt(now + LEASE_MS), next_attempt_at: isoAt(now + LEASE_MS) })
        .where('notification_id', '=', id)
        .where('channel', '=', 'sms')
        .execute();
      return id;
    });
    const sms = () => t.db.selectFrom('notification_outbox').selectAll().where('notification_id', '=', notificationId).where('channel', '=', 'sms').executeTakeFirstOrThrow();
    // while the lease runs, nobody else sends it
    await drain(first.app);
    expect(await sms()).toMatchObject({ status: 'sending', claimed_by: 'w-gone' });
    expect(smsCount(applicant.mobile)).toBe(0);
    const listed = data(await get<{ items: Delivery[] }>(first.app, apiPaths.consoleDeliveries, { status: 'sending' }, { token: w.admin.token })).items;
    expect(listed.find((d) => d.notificationId === notificationId)).toMatchObject({ status: 'sending', attempts: 1, nextAttemptAt: null });
    await first.close();

    t.clock.advance(LEASE_MS);
    const next = await createInstance(t, { env: envOf(nd) });
    try {
      await notificationsOf(next.app).idle();
      await expect.poll(async () => (await sms()).status).toBe('sent');
      expect(Number((await sms()).attempts)).toBe(2);
      expect(nd.sms.filter((m) => m.to === applicant.mobile && m.text.includes('「租约通知」'))).toHaveLength(1);
    } finally {
      await next.close();
    }
  });
});
