import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { ViewDeps } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import type { ConsoleVerifications } from '../console-access/console-access.module.js';
import type { FileStorage } from '../files/files.module.js';
import { notificationsRoutes } from '../notifications/notifications.module.js';
import { NotificationsService } from '../notifications/notifications.module.js';
import { notificationStrings } from '../notifications/notifications.module.js';
import { SmsGatewayChannel, WechatTemplateChannel } from '../notifications/notifications.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import { AssignmentService } from './assignment.service.js';
import { decisionsRoutes } from './decisions.routes.js';
import { DecisionsService } from './decisions.service.js';
import { DetailService } from './detail.service.js';
import { ExportsService } from './exports.service.js';
import { ConsoleLookupRules } from './others-lookup.js';
import { QueueService } from './queue.service.js';
import { reviewRoutes } from './review.routes.js';
import { ReviewService } from './review.service.js';

export interface ReviewModuleDeps {
  app: FastifyInstance;
  config: AppConfig;
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  /** how applications decrypt the ID number and sign file URLs */
  view: ViewDeps;
  storage: FileStorage;
  /** console sessions' second-factor state, for reviewers looking applicants up outside the console */
  verifications: ConsoleVerifications;
  /** a programme's phase: a return is released only while the applicant can still resubmit */
  programme: ProgrammeService;
}

/**
 * Reviewing and decisions (issue 4): the console's queue, detail, assignment, reviews, staged
 * decisions and exports, and the applicant's notifications with their outbound channels. WeChat
 * template messages need WECHAT_APPID/SECRET and NOTIFY_WECHAT_TEMPLATE_ID; SMS needs
 * SMS_GATEWAY_URL. Without them those channels log 'skipped'. Outbound copies go through the
 * notification outbox and its worker (notifications/outbox.worker.ts).
 */
/** beyond the sends' own timeouts: database round trips and a busy event loop */
const OUTBOX_LEASE_SLACK_MS = 30_000;

export function createReviewModule(d: ReviewModuleDeps) {
  const { app, config, db, clock, audit } = d;
  const w = config.wechat;
  const n = config.notify;
  const wechat = new WechatTemplateChannel(
    w.configured && w.appid && w.secret && n.wechatTemplateId
      ? { appid: w.appid, secret: w.secret, apiBase: w.apiBase, templateId: n.wechatTemplateId, timeoutMs: n.timeoutMs }
      : undefined,
    app.log,
    clock,
  );
  const sms = new SmsGatewayChannel(
    n.smsGatewayUrl ? { url: n.smsGatewayUrl, token: n.smsGatewayToken, timeoutMs: n.timeoutMs } : undefined,
    app.log,
    (msg) => notificationStrings.smsText(msg.applicationTitle, msg.outcome),
  );
  const notifications = new NotificationsService({
    db,
    clock,
    log: app.log,
    channels: [wechat, sms],
    wechatAppid: w.configured ? w.appid : undefined,
    retryDelaysMs: n.retryDelaysMs,
    // a WeChat send is at most four calls (token, send, fresh token, send again), each with its timeout
    leaseMs: 4 * n.timeoutMs + OUTBOX_LEASE_SLACK_MS,
  });
  // the outbox worker starts with the app, resuming what a previous process left; at shutdown sends
  // in flight finish and are settled before the database closes, and waiting retries stay queued
  app.addHook('onReady', async () => notifications.start());
  app.addHook('onClose', async () => notifications.close());

  const queue = new QueueService(db, clock);
  const detail = new DetailService({ db, clock, audit, view: d.view });
  const assignment = new AssignmentService({ db, clock, audit });
  const review = new ReviewService({ db, clock, audit });
  const decisions = new DecisionsService({ db, clock, audit, notifications, publicBaseUrl: config.publicBaseUrl, programme: d.programme });
  const exports = new ExportsService({ db, clock, audit, storage: d.storage, log: app.log });
  const othersLookup = new ConsoleLookupRules({ db, audit, verifications: d.verifications });

  async function register(): Promise<void> {
    await app.register(notificationsRoutes, { service: notifications });
    await app.register(reviewRoutes, { queue, detail, assignment, review });
    await app.register(decisionsRoutes, { decisions, exports, notifications, exportPerMinute: config.exportPerMinute });
  }

  return { notifications, queue, detail, assignment, review, decisions, exports, othersLookup, register };
}

export type ReviewModule = ReturnType<typeof createReviewModule>;
