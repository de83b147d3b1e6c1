import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifySchemaCompiler, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { httpStrings } from './plugins/http.strings.js';
import { createRequire } from 'node:module';
import type { Redis as RedisClient } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { limits } from '@qgw/contracts';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import type { ApiModule, ModuleBase } from './api-module.js';
import { DataCipher, resolveDataKey } from './crypto/data-cipher.js';
import { poolStatsOf, sessionChangesOf } from './db/index.js';
import type { Database } from './db/schema.js';
import { createLogger, requestChildLogger } from './logger.js';
import {
  accountsRepository,
  createAccountsModule,
  type FailureCounter,
  MemoryFailureCounter,
  RedisFailureCounter,
  SessionService,
} from './modules/accounts/accounts.module.js';
import { createAdminModule } from './modules/admin/admin.module.js';
import { createApplicationsModule } from './modules/applications/applications.module.js';
import { createAuditModule } from './modules/audit/audit.module.js';
import { createChallengeModule } from './modules/challenge/challenge.module.js';
import { createConsoleAccessModule } from './modules/console-access/console-access.module.js';
import { createContentModule } from './modules/content/content.module.js';
import { assertAllLinked, assertOwnedFiles, attachOwnedFiles, createFilesModule, fileLinks, signFileUrls } from './modules/files/files.module.js';
import { createNotificationsModule, outboxDepth } from './modules/notifications/notifications.module.js';
import { createProgrammeModule } from './modules/programme/programme.module.js';
import { ConsoleLookupRules, createReviewModule } from './modules/review/review.module.js';
import { createSmsModule } from './modules/sms/sms.module.js';
import { createSeasonsModule } from './modules/seasons/seasons.module.js';
import { createWechatModule } from './modules/wechat/wechat.module.js';
import { scheduleBackups } from './ops/backup-schedule.js';
import { installAuth } from './plugins/auth.js';
import { installApiDocs } from './plugins/docs.js';
import { answerFrameworkError, installErrorHandling } from './plugins/errors.js';
import { installGuardOrder } from './plugins/guard-order.js';
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

interface ModulesDeps extends ModuleBase {
  redis: RedisClient | undefined;
  metrics: Metrics | null;
}

/**
 * The composition root: every API module built once, each handed the others' services it needs.
 * The order of the answer is the order the modules are registered in.
 */
async function createModules({ redis, metrics, ...base }: ModulesDeps) {
  const { config, db, clock } = base;
  const audit = createAuditModule(base);
  const auditLog = audit.repository;
  const dataKey = await resolveDataKey(config);
  // shared by the auth hook (installAuth), accounts, files and the console's administration
  // on PostgreSQL checked sessions are remembered while the database's change feed is live (decision 0027)
  const sessions = new SessionService(db, clock, config.session, sessionChangesOf(db));
  // failed logins and second-factor attempts, counted across instances when Redis is configured
  const failureStore: FailureCounter = redis
    ? new RedisFailureCounter(redis, `${config.redisKeyPrefix}login-fail:`)
    : new MemoryFailureCounter(clock);
  const files = await createFilesModule({ ...base, audit: auditLog, sessions });
  const content = await createContentModule({
    ...base, audit: auditLog, uploadsDir: config.uploadsDir, uploadPerMinute: config.rateLimit.uploadPerMinute,
  });
  const challenge = await createChallengeModule({ ...base, redis });
  // verification codes by SMS: registering, changing the phone, resetting the password, SMS logins
  const sms = createSmsModule({
    ...base,
    dataKey,
    registered: async (mobile) => (await accountsRepository.findByMobile(db, mobile)) !== undefined,
    challenges: challenge.challenges,
  });
  const programme = createProgrammeModule(base);
  const consoleAccess = createConsoleAccessModule({ ...base, audit: auditLog, cipher: new DataCipher(dataKey), failureStore });
  // the review console's rules for looking someone else up, made here because both sides need the
  // other: the applications module answers the look-up, the review module shows applications
  const othersLookup = new ConsoleLookupRules({ db, audit: auditLog, verifications: consoleAccess.verifications });
  const applications = createApplicationsModule({
    ...base,
    audit: auditLog,
    dataKey,
    files: { assertOwnedFiles, attachOwnedFiles, fileLinks, assertAllLinked, signFileUrls },
    programme: programme.service,
    othersLookup,
    choices: { publishedSubdivisionNames: () => content.service.publishedSubdivisionNames() },
  });
  const notifications = createNotificationsModule(base);
  const review = createReviewModule({
    ...base, audit: auditLog, view: applications.view, storage: files.service.storage, programme: programme.service, notifications: notifications.service,
  });
  const accounts = await createAccountsModule({
    ...base,
    audit: auditLog,
    sessions,
    failureStore,
    onLoginFailed: metrics ? () => metrics.loginFailed() : undefined,
    challenges: challenge.challenges,
    smsCodes: sms.service,
    applications: applications.service,
    cipher: applications.cipher,
    storage: files.service.storage,
  });
  const admin = createAdminModule({ ...base, audit: auditLog, sessions, consoleAccess, smsCodes: sms.service });
  const wechat = createWechatModule({ ...base, audit: auditLog, redis });
  const seasons = createSeasonsModule({ db, clock, audit: auditLog });
  // Registered in this order, and so their background work starts in it when the app is ready: the
  // notification outbox's worker first, then the sweeps (verification codes, uploads, sessions,
  // avatars, closed accounts), as the database's connections are handed out in that order and
  // closing the app waits for the worker's work in flight.
  return {
    notifications, sms, files, accounts, audit, challenge, wechat, programme, applications, content, consoleAccess, admin, seasons, review,
  } satisfies Record<string, ApiModule>;
}

/** Every module of the API as buildApp wired it (composeApp answers them next to the app). */
export type AppModules = Awaited<ReturnType<typeof createModules>>;

/** Builds the whole API and the SPA host on the given database. Does not listen. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  return (await composeApp(opts)).app;
}

/** The zod type provider's validator, with a wrong-typed `length` answered as bad input. */
const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    try {
      return validate(data);
    } catch (err) {
      // zod's length checks also run on a value of the wrong type that has a `length` key, and
      // compare that key's value with a number: `{"length": {"valueOf": 1}}` makes the comparison
      // throw a TypeError. Such a body is bad input, not a server error.
      if (err instanceof TypeError) return { error: Object.assign(new Error(httpStrings.badRequest), { validation: [{ message: httpStrings.badRequest }] }) };
      throw err;
    }
  };
};

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The compilers every route's schemas go through. Fastify types these factories after its own
 * JSON-schema compilers; at run time it calls each with the route, as it calls one set with
 * setValidatorCompiler, and uses the function answered.
 */
const zodCompilers = { buildValidator: () => zodValidatorCompiler, buildSerializer: () => serializerCompiler } as unknown as CompilersFactory;

/**
 * buildApp, answering the modules it built alongside the app: for tests and tools that drive a
 * module's service directly (a sweep, the outbox, the audit log). Nothing of them is decorated on
 * the app: routes get what they need from their module.
 */
export async function composeApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; modules: AppModules }> {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger({ level: config.logLevel });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    childLoggerFactory: (parent, bindings, options) => requestChildLogger(parent as unknown as Logger, bindings, options) as unknown as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: config.bodyLimitBytes,
    // protects a bare deployment (no proxy in front) against slow clients holding sockets
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    // X-Request-Id checked and kept, or a fresh UUID (plugins/request-id.ts)
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Every schema is zod's, checked by the zod type provider's compilers. Given here rather than set
    // on the app afterwards, Fastify never loads its JSON-schema ones: ajv with its formats and
    // fast-json-stringify with another ajv, held in memory for the life of the process (decision 0036).
    schemaController: { compilersFactory: zodCompilers },
  });
  const metrics = opts.metrics ?? (config.metrics.port !== undefined ? createMetrics() : null);
  app.decorate('metrics', metrics);
  // first of all hooks, so that answers given early are timed and carry their id too
  if (metrics) installMetrics(app, metrics);
  installRequestIdEcho(app);
  installErrorHandling(app);
  installInputGuard(app);

  const redis = config.redisUrl ? redisClient(config.redisUrl) : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  const modules = await createModules({ config, db, clock, log: app.log, redis, metrics });
  const poolStats = poolStatsOf(db);
  if (metrics && poolStats) metrics.databasePool(poolStats);
  if (metrics) metrics.outboxDepth(() => outboxDepth(db));

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
  // every route's access guard runs behind its rate limiters, whatever order the route lists its
  // onRequest hooks in: the one place route hooks are reordered, and why it cannot be declared at
  // the route, are in plugins/guard-order.ts
  installGuardOrder(app);
  installAuth(app, modules.accounts.sessions);
  app.addHook('onClose', async () => modules.accounts.sessions.close());
  modules.consoleAccess.install(app);

  await app.register(healthRoutes, { db, redis });
  for (const module of Object.values<ApiModule>(modules)) await module.register(app);
  scheduleBackups(app, { config, clock });
  await app.register(webRoutes, { webDist: config.webDist });

  return { app, modules };
}
