import type { ApiModule, ModuleBase } from '../../api-module.js';
import { notificationsRoutes } from './notifications.routes.js';
import { NotificationsService } from './notifications.service.js';
import { notificationStrings } from './notifications.strings.js';
import { SmsGatewayChannel, WechatTemplateChannel } from './outbound.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export type { NotificationsService } from './notifications.service.js';
export { postToSmsGateway, type SmsGatewaySettings } from './outbound.js';
export { outboxDepth } from './outbox.repository.js';

export interface NotificationsModule extends ApiModule {
  service: NotificationsService;
}

/** beyond the sends' own timeouts: database round trips and a busy event loop */
const OUTBOX_LEASE_SLACK_MS = 30_000;

/**
 * The applicant's notifications (decisions on their applications) with their outbound channels.
 * WeChat template messages need WECHAT_APPID/SECRET and NOTIFY_WECHAT_TEMPLATE_ID; SMS needs
 * SMS_GATEWAY_URL. Without them those channels log 'skipped'. Outbound copies go through the
 * notification outbox and its worker (outbox.worker.ts).
 */
export function createNotificationsModule(deps: ModuleBase): NotificationsModule {
  const { config, db, clock, log } = deps;
  const w = config.wechat;
  const n = config.notify;
  const wechat = new WechatTemplateChannel(
    w.configured && w.appid && w.secret && n.wechatTemplateId
      ? { appid: w.appid, secret: w.secret, apiBase: w.apiBase, templateId: n.wechatTemplateId, timeoutMs: n.timeoutMs }
      : undefined,
    log,
    clock,
  );
  const sms = new SmsGatewayChannel(
    n.smsGatewayUrl ? { url: n.smsGatewayUrl, token: n.smsGatewayToken, timeoutMs: n.timeoutMs } : undefined,
    log,
    (msg) => msg.text ?? notificationStrings.smsText(msg.applicationTitle, msg.outcome),
  );
  const service = new NotificationsService({
    db,
    clock,
    log,
    channels: [wechat, sms],
    wechatAppid: w.configured ? w.appid : undefined,
    retryDelaysMs: n.retryDelaysMs,
    // a WeChat send is at most four calls (token, send, fresh token, send again), each with its timeout
    leaseMs: 4 * n.timeoutMs + OUTBOX_LEASE_SLACK_MS,
  });
  return {
    service,
    async register(app) {
      // the outbox worker starts with the app, resuming what a previous process left; at shutdown sends
      // in flight finish and are settled before the database closes, and waiting retries stay queued
      app.addHook('onReady', async () => service.start());
      app.addHook('onClose', async () => service.close());
      await app.register(notificationsRoutes, { service });
    },
  };
}
