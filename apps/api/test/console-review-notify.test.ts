/**
 * Released decisions reach the applicant in the app and, through adapters, by WeChat template
 * message and SMS (here a local double of both providers), through the notification outbox. The
 * console's deliveries list shows each copy's state (sent / failed / skipped, attempts, recipient
 * masked); a provider failing never undoes the decision or the in-app notification, and neither
 * mobiles nor openids reach the logs.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, type Delivery, type GetNotificationsResponse, maskMobile } from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { data, get, post, type TestUser } from './support/api.js';
import { createWorld, type ReviewWorld, submittedPerson, versionOf } from './support/console-review.js';
import { type NotifyDouble, startNotifyDouble } from './support/notify-double.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const lines: string[] = [];
let t: TestApp;
let w: ReviewWorld;
let nd: NotifyDouble;

beforeAll(async () => {
  nd = await startNotifyDouble();
  t = await createTestApp({
    env: {
      LOG_LEVEL: 'debug',
      WECHAT_APPID: nd.appid,
      WECHAT_SECRET: nd.secret,
      WECHAT_API_BASE: nd.url,
      WECHAT_OAUTH_BASE: nd.url,
      NOTIFY_WECHAT_TEMPLATE_ID: 'tpl-decision',
      SMS_GATEWAY_URL: `${nd.url}/sms`,
      SMS_GATEWAY_TOKEN: nd.smsToken,
      // short for the timeout case, yet long enough that a busy machine does not time out the others
      NOTIFY_TIMEOUT_MS: '1000',
      PUBLIC_BASE_URL: 'https://qgw.example.cn',
    },
    logStream: new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    }),
  });
  w = await createWorld(t);
});
beforeEach(() => nd.setMode('normal'));
afterAll(async () => {
  await t.close();
  await nd.close();
});

async function bind(u: TestUser): Promise<string> {
  const openid = `oTest${u.id.replace(/-/g, '').slice(0, 20)}`;
  await t.db.insertInto('wx_bindings').values({ user_id: u.id, appid: nd.appid, openid, created_at: isoAt(Date.now()) }).execute();
  return openid;
}

/** Submits, stages `decision` and releases it; answers after the outbound sends are logged. */
async function decided(decision: 'approve' | 'reject', opts: { bound: boolean }) {
  const p = await submittedPerson(t);
  const openid = opts.bound ? await bind(p.applicant) : null;
  const version = await versionOf(t.app, w.admin.token, p.id);
  data(await post(t.app, apiPaths.consoleDecisionStage, { applicationId: p.id, decision, reason: decision === 'reject' ? '材料不全' : '', version }, { token: w.admin.token }));
  const out = data(await post<{ released: unknown[] }>(t.app, apiPaths.consoleDecisionRelease, { applicationIds: [p.id], expectedCount: 1 }, { token: w.admin.token }));
  expect(out.released).toHaveLength(1);
  await t.services.notifications.idle();
  const deliveries = data(await get<{ items: Delivery[] }>(t.app, apiPaths.consoleDeliveries, { applicationId: p.id }, { token: w.admin.token })).items;
  return { ...p, openid, deliveries: Object.fromEntries(deliveries.map((d) => [d.channel, d])) as Record<'wechat' | 'sms', Delivery> };
}

describe('outbound copies', () => {
  it('sends a WeChat template message and an SMS, each logged as sent with a masked recipient', async () => {
    const r = await decided('approve', { bound: true });
    expect(r.deliveries.wechat).toMatchObject({ status: 'sent', recipient: `${r.openid!.slice(0, 6)}…` });
    expect(r.deliveries.sms).toMatchObject({ status: 'sent', recipient: maskMobile(r.applicant.mobile), attempts: 1, nextAttemptAt: null });
    expect(r.deliveries.sms.sentAt).toEqual(expect.any(String));
    const tpl = nd.templates.find((m) => m.touser === r.openid)!;
    expect(tpl).toMatchObject({ template_id: 'tpl-decision', url: 'https://qgw.example.cn/#/pages/account/index' });
    expect(tpl.data.keyword1!.value).toBe(r.form.name);
    expect(tpl.data.keyword2!.value).toBe('通过');
    const text = nd.sms.find((m) => m.to === r.applicant.mobile)!.text;
    expect(text).toContain('审核结果：通过');
    // the in-app notification is there as well
    const inbox = data(await get<GetNotificationsResponse>(t.app, apiPaths.getNotifications, {}, { token: r.applicant.token }));
    expect(inbox.items.map((i) => i.applicationId)).toEqual([r.id]);
  });

  it('skips WeChat for an applicant without a binding; SMS still goes', async () => {
    const r = await decided('reject', { bound: false });
    expect(r.deliveries.wechat).toMatchObject({ status: 'skipped', detail: 'no_openid', recipient: null });
    expect(r.deliveries.sms).toMatchObject({ status: 'sent' });
    // the SMS carries the outcome, not the reason: that stays behind the login
    const text = nd.sms.find((m) => m.to === r.applicant.mobile)!.text;
    expect(text).toContain('不通过');
    expect(text).not.toContain('材料不全');
  });

  it('fetches a new access token when WeChat says the cached one expired', async () => {
    const before = nd.tokensIssued();
    nd.setMode('expire-token-once');
    const r = await decided('approve', { bound: true });
    expect(r.deliveries.wechat.status).toBe('sent');
    expect(nd.tokensIssued()).toBe(before + 1);
  });

  it('logs refusals and timeouts as failed; the decision and the in-app notification stand', async () => {
    nd.setMode('refuse');
    const refused = await decided('approve', { bound: true });
    expect(refused.deliveries.wechat).toMatchObject({ status: 'failed', detail: 'errcode:43004' });
    // retries are off in this file: a passing failure (502) is final after its one attempt
    expect(refused.deliveries.sms).toMatchObject({ status: 'failed', detail: 'http:502', attempts: 1, nextAttemptAt: null, sentAt: null });
    nd.setMode('timeout');
    const slow = await decided('approve', { bound: true });
    expect(slow.deliveries.sms).toMatchObject({ status: 'failed', detail: 'timeout' });
    for (const r of [refused, slow]) {
      const row = await t.db.selectFrom('applications').select('status').where('id', '=', r.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('approved');
      const inbox = data(await get<GetNotificationsResponse>(t.app, apiPaths.getNotifications, {}, { token: r.applicant.token }));
      expect(inbox.unread).toBe(1);
    }
  });

  it('puts no mobile, openid or secret in the logs', async () => {
    const rows = await t.db.selectFrom('wx_bindings').select('openid').execute();
    const users = await t.db.selectFrom('users').select('mobile').execute();
    const log = lines.join('');
    for (const secret of [...rows.map((r) => r.openid), ...users.map((u) => u.mobile), nd.secret, nd.smsToken]) {
      expect(log).not.toContain(secret);
    }
  });
});
