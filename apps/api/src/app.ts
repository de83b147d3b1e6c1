import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { limits } from '@qgw/contracts';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import { DataCipher } from './crypto/data-cipher.js';
import { poolStatsOf } from './db/index.js';
import type { Database } from './db/schema.js';
import { createLogger } from './logger.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService, AVATAR_UNUSED_MS } from './modules/accounts/accounts.service.js';
import { avatarRoutes } from './modules/accounts/avatars.routes.js';
import { accountRightsRoutes } from './modules/accounts/account-rights.routes.js';
import { AccountRightsService, ERASURE_SWEEP_EVERY_MS } from './modules/accounts/account-rights.service.js';
import { AvatarStore } from './modules/accounts/avatars.js';
import {
  type FailureCounter,
  GuessThrottle,
  MemoryFailureCounter,
  RedisFailureCounter,
} from './modules/accounts/login-throttle.js';
import { SESSION_SWEEP_EVERY_MS, SessionService } from './modules/accounts/sessions.js';
import { LoginGuard } from './modules/accounts/login-guard.js';
import { createChallengeModule } from './modules/challenge/challenge.module.js';
import { applicationsRoutes } from './modules/applications/applications.routes.js';
import { ApplicationsService } from './modules/applications/applications.service.js';
import { DraftsService } from './modules/applications/drafts.service.js';
import type { FilesPort } from './modules/applications/files-port.js';
import { IdNumberCipher, resolveDataKey } from './modules/applications/id-number-cipher.js';
import { RankUserLookup } from './modules/applications/rank-user-lookup.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { createAdminModule } from './modules/admin/admin.module.js';
import { createConsoleAccessModule } from './modules/console-access/console-access.module.js';
import type { MfaService } from './modules/console-access/mfa.service.js';
import { createContentModule } from './modules/content/content.module.js';
import { createFilesModule } from './modules/files/files.module.js';
import { assertOwnedFiles, attachOwnedFiles, type FilesService, signFileUrls } from './modules/files/files.service.js';
import { programmeRoutes } from './modules/programme/programme.routes.js';
import type { NotificationsService } from './modules/notifications/notifications.service.js';
import { outboxDepth } from './modules/notifications/outbox.repository.js';
import { createReviewModule } from './modules/review/review.module.js';
import { ProgrammeService } from './modules/programme/programme.service.js';
import { WechatService } from './modules/wechat/wechat.service.js';
import { accountsRepository } from './modules/accounts/accounts.repository.js';
import { smsAccountsRoutes } from './modules/accounts/sms-accounts.routes.js';
import { SmsAccountsService } from './modules/accounts/sms-accounts.service.js';
import type { DevSmsOutbox } from './modules/sms/dev-outbox.js';
import type { SmsCodeService } from './modules/sms/sms-codes.service.js';
import { createSmsModule } from './modules/sms/sms.module.js';
import { wechatRoutes } from './modules/wechat/wechat.routes.js';
import { runPeriodically } from './plugins/periodic.js';
import { scheduleBackups } from './ops/backup-schedule.js';
import { installAuth } from './plugins/auth.js';
import { installApiDocs } from './plugins/docs.js';
import { answerFrameworkError, installErrorHandling } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { installInputGuard } from './plugins/input-guard.js';
import { createMetrics, installMetrics, type Metrics } from './plugins/metrics.js';
import { installNoStore } from './plugins/no-store.js';
import { installRateLimit } from './plugins/rate-limit.js';
import { installRequestIdEcho, requestIdOf } from './plugins/request-id.js';
import { installSecurityHeaders } from './plugins/security.js';
import { webRoutes } from './plugins/web.js';


export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<Database>;
  /** defaults to a pino logger at config.logLevel on stdout */
  logger?: Logger;
  clock?: Clock;
  /** where the app's metrics go; by default made when METRICS_PORT is set, none otherwise */
  metrics?: Metrics;
}

/**
 * The services buildApp wired, as composeApp answers them next to the app: for tests and tools that
 * drive a service directly (a sweep, the outbox). Not decorated on the app: routes get what they
 * need from their module.
 */
export interface AppServices {
  sessions: SessionService;
  accounts: AccountsService;
  wechat: WechatService;
  audit: AuditRepository;
  throttle: GuessThrottle;
  /** login attempts per account and address; `succeeded(mobile, ip)` after any successful login */
  loginGuard: LoginGuard;
  avatars: AvatarStore;
  files: FilesService;
  programme: ProgrammeService;
  applications: ApplicationsService;
  drafts: DraftsService;
  mfa: MfaService;
  notifications: NotificationsService;
  /** SMS verification codes */
  smsCodes: SmsCodeService;
  /** the personal-data export, closing accounts and erasing closed ones (`eraseDue()` runs the sweep once) */
  accountRights: AccountRightsService;
  /** the development outbox the codes go to outside production without a provider; null otherwise */
  smsOutbox: DevSmsOutbox | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** what the metrics listener serves (server.ts); null when metrics are off */
    metrics: Metrics | null;
  }
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count (`1` = one proxy in front) becomes "trust the
 * nearest n addresses", as proxy-addr counts them: Fastify 5 treats a bare number as trusting
 * nothing, so `TRUST_PROXY=1` used to leave every client behind the proxy with the proxy's address
 * (one per-IP login and rate limit for everybody).
 */
export function trustProxyOption(value: AppConfig['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** A Redis client, its code loaded only when one is configured: a single instance holds none of it. */
const redisClient = (url: string): RedisClient => {
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  return new Redis(url, { maxRetriesPerRequest: 2 });
};

/** Builds the whole API and the SPA host on the given database. Does not listen. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  return (await composeApp(opts)).app;
}

/** buildApp, answering the services it wired alongside the app. */
export async function composeApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; services: AppServices }> {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger({ level: config.logLevel });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    // protects a bare deployment (no proxy in front) against slow clients holding sockets
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    // X-Request-Id checked and kept, or a fresh UUID (plugins/request-id.ts)
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  const metrics = opts.metrics ?? (config.metrics.port !== undefined ? createMetrics() : null);
  app.decorate('metrics', metrics);
  // first of all hooks, so that answers given early are timed and carry their id too
  if (metrics) installMetrics(app, metrics);
  installRequestIdEcho(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installInputGuard(app);

  const redis = config.redisUrl ? redisClient(config.redisUrl) : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  const audit = new AuditRepository(db, clock);
  const files = await createFilesModule(app, { config, db, clock, audit });
  const content = await createContentModule({ db, clock, audit, uploadsDir: config.uploadsDir });
  const sessions = new SessionService(db, clock, config.session);
  const failureStore: FailureCounter = redis
    ? new RedisFailureCounter(redis, `${config.redisKeyPrefix}login-fail:`)
    : new MemoryFailureCounter(clock);
  const throttle = new GuessThrottle(
    failureStore,
    { maxFailures: config.login.maxFailuresPerAccount, lockMs: config.login.lockMs },
    'login',
    metrics ? () => metrics.loginFailed() : undefined,
  );
  // no lockout: past the limit an account asks for a challenge, and failing addresses wait (decision 0021)
  const loginGuard = new LoginGuard(
    failureStore,
    {
      maxFailures: config.login.maxFailuresPerAccount,
      windowMs: config.login.lockMs,
      delayBaseMs: config.login.failureDelayBaseMs,
      delayMaxMs: config.login.failureDelayMaxMs,
    },
    metrics ? () => metrics.loginFailed() : undefined,
  );
  const challengeModule = await createChallengeModule(app, { config, clock, redis, log: app.log });
  const poolStats = poolStatsOf(db);
  if (metrics && poolStats) metrics.databasePool(poolStats);
  if (metrics) metrics.outboxDepth(() => outboxDepth(db));
  const avatars = new AvatarStore(config.uploadsDir);
  await avatars.init();
  const { wechat: w } = config;
  const wechat = new WechatService({
    db,
    clock,
    audit,
    log: app.log,
    settings:
      w.configured && w.appid && w.secret
        ? { appid: w.appid, secret: w.secret, oauthBase: w.oauthBase, apiBase: w.apiBase, timeoutMs: w.timeoutMs }
        : undefined,
  });
  const dataKey = await resolveDataKey(config);
  // verification codes by SMS: registering, changing the phone, resetting the password, SMS logins
  const sms = createSmsModule({
    config,
    db,
    clock,
    log: app.log,
    dataKey,
    registered: async (mobile) => (await accountsRepository.findByMobile(db, mobile)) !== undefined,
  });
  const accounts = new AccountsService({
    db,
    clock,
    sessions,
    throttle,
    guard: loginGuard,
    challenges: challengeModule.challenges,
    audit,
    avatars,
    wechatAppid: w.configured ? w.appid : undefined,
    log: app.log,
    smsCodes: sms.service,
  });
  const smsAccounts = new SmsAccountsService({
    db,
    clock,
    sessions,
    audit,
    smsCodes: sms.service,
    guard: loginGuard,
    wechatAppid: w.configured ? w.appid : undefined,
    log: app.log,
  });
  const programme = new ProgrammeService(db, clock);
  const filesPort: FilesPort = { assertOwnedFiles, attachOwnedFiles, signFileUrls };
  const cipher = new IdNumberCipher(dataKey);
  const applicationDeps = { db, clock, audit, cipher, files: filesPort, programme };
  const applications = new ApplicationsService({ ...applicationDeps, log: app.log });
  const drafts = new DraftsService({ ...applicationDeps, view: applications.view });
  const accountRights = new AccountRightsService({
    db, clock, audit, sessions, accounts, smsCodes: sms.service, applications, cipher, storage: files.service.storage, avatars, log: app.log,
  });
  const consoleAccess = createConsoleAccessModule({ db, clock, audit, cipher: new DataCipher(dataKey), failureStore, config });
  const admin = createAdminModule({ db, clock, audit, sessions, consoleAccess, smsCodes: sms.service });
  const review = createReviewModule({
    app, config, db, clock, audit, view: applications.view, storage: files.service.storage, verifications: consoleAccess.verifications,
    programme,
  });
  const services: AppServices = {
    sessions, accounts, wechat, audit, throttle, loginGuard, avatars, programme, applications, drafts, files: files.service,
    mfa: consoleAccess.mfa, notifications: review.notifications,
    smsCodes: sms.service, smsOutbox: sms.devOutbox, accountRights,
  };

  installSecurityHeaders(app);
  installNoStore(app);
  await app.register(compress, { threshold: 1024 });
  await installRateLimit(app, {
    globalPerMinute: config.rateLimit.globalPerMinute,
    redis,
    keyPrefix: config.redisKeyPrefix,
  });
  await app.register(multipart, {
    limits: { fileSize: limits.avatar.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 },
  });
  await installApiDocs(app, { enabled: config.apiDocs });
  // Route hooks are reordered here, for every route registered after this point: installAuth and
  // the console guard add onRoute hooks that move a route's requireAuth / requireRole /
  // requireConsole / requireConsoleRole hooks behind its other onRequest hooks (the per-IP rate
  // limiters), whatever order the route lists them in — so a flood of bad tokens is throttled
  // before it reaches the database. About a third of the routes (e.g. getUserInfo, logout,
  // closeAccount, uploadAvatar) list auth first and rely on this.
  installAuth(app, sessions);
  consoleAccess.install(app);

  await app.register(healthRoutes, { db, redis });
  await app.register(accountsRoutes, {
    service: accounts,
    loginPerIpPerMinute: config.login.perIpPerMinute,
    registerPerIpPerHour: config.login.registerPerIpPerHour,
  });
  await sms.register(app);
  await app.register(accountRightsRoutes, { rights: accountRights, accounts, loginPerIpPerMinute: config.login.perIpPerMinute });
  await app.register(smsAccountsRoutes, { service: smsAccounts, perIpPerMinute: config.login.perIpPerMinute });
  await challengeModule.register(app);
  await app.register(avatarRoutes, { service: accounts, store: avatars, uploadPerMinute: config.rateLimit.uploadPerMinute });
  await app.register(wechatRoutes, { service: wechat, publicBaseUrl: config.publicBaseUrl, originFromRequest: !config.isProduction });
  await app.register(programmeRoutes, { service: programme });
  await app.register(applicationsRoutes, { service: applications, drafts, lookup: new RankUserLookup(db, applications, review.othersLookup) });
  await files.register({ sessions, uploadPerMinute: config.rateLimit.uploadPerMinute });
  runPeriodically(app, {
    everyMs: SESSION_SWEEP_EVERY_MS,
    run: async () => {
      const swept = await sessions.sweepExpired();
      if (swept > 0) app.log.info({ sessions: swept }, 'swept expired sessions');
    },
    onError: (err) => app.log.warn({ err }, 'session sweep failed'),
  });
  runPeriodically(app, {
    everyMs: AVATAR_UNUSED_MS,
    run: async () => {
      const swept = await accounts.sweepUnusedAvatars();
      if (swept > 0) app.log.info({ avatars: swept }, 'swept unused avatars');
    },
    onError: (err) => app.log.warn({ err }, 'avatar sweep failed'),
  });
  runPeriodically(app, {
    everyMs: ERASURE_SWEEP_EVERY_MS,
    run: async () => {
      const erased = await accountRights.eraseDue();
      if (erased > 0) app.log.info({ accounts: erased }, 'erased closed accounts past their grace period');
    },
    onError: (err) => app.log.warn({ err }, 'erasure sweep failed'),
  });
  scheduleBackups(app, { config, clock });
  await content.register(app, { uploadPerMinute: config.rateLimit.uploadPerMinute });
  await consoleAccess.register(app);
  await admin.register(app);
  await review.register();
  await app.register(webRoutes, { webDist: config.webDist });

  return { app, services };
}
