import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { z } from 'zod';
import { limits } from '@qgw/contracts';
import { type Clock, systemClock } from './clock.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/schema.js';
import { createLogger } from './logger.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { avatarRoutes } from './modules/accounts/avatars.routes.js';
import { AvatarStore } from './modules/accounts/avatars.js';
import {
  type FailureCounter,
  LoginThrottle,
  MemoryFailureCounter,
  RedisFailureCounter,
} from './modules/accounts/login-throttle.js';
import { SessionService } from './modules/accounts/sessions.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { WechatService } from './modules/wechat/wechat.service.js';
import { wechatRoutes } from './modules/wechat/wechat.routes.js';
import { installAuth } from './plugins/auth.js';
import { installApiDocs } from './plugins/docs.js';
import { installErrorHandling } from './plugins/errors.js';
import { healthRoutes } from './plugins/health.js';
import { installRateLimit } from './plugins/rate-limit.js';
import { installSecurityHeaders } from './plugins/security.js';
import { webRoutes } from './plugins/web.js';

// zod's own messages (for inputs the contracts give no message of their own) in Chinese, as every toast is
z.config(z.locales.zhCN());

export interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<Database>;
  /** defaults to a pino logger at config.logLevel on stdout */
  logger?: Logger;
  clock?: Clock;
}

export interface AppServices {
  sessions: SessionService;
  accounts: AccountsService;
  wechat: WechatService;
  audit: AuditRepository;
  throttle: LoginThrottle;
  avatars: AvatarStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the whole API and the SPA host on the given database. Does not listen. */
export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  const logger = opts.logger ?? createLogger({ level: config.logLevel });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // a hop count is supported at runtime (proxy-addr) though the typings only name boolean/string forms
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: config.bodyLimitBytes,
    // protects a bare deployment (no proxy in front) against slow clients holding sockets
    requestTimeout: 30_000,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  const audit = new AuditRepository(db, clock);
  const sessions = new SessionService(db, clock, config.session);
  const failureStore: FailureCounter = redis
    ? new RedisFailureCounter(redis, `${config.redisKeyPrefix}login-fail:`)
    : new MemoryFailureCounter(clock);
  const throttle = new LoginThrottle(failureStore, config.login);
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
  const accounts = new AccountsService({
    db,
    clock,
    sessions,
    throttle,
    audit,
    avatars,
    wechatAppid: w.configured ? w.appid : undefined,
    log: app.log,
  });
  app.decorate('services', { sessions, accounts, wechat, audit, throttle, avatars });

  await installSecurityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  await installRateLimit(app, {
    globalPerMinute: config.rateLimit.globalPerMinute,
    redis,
    keyPrefix: config.redisKeyPrefix,
  });
  await app.register(multipart, {
    limits: { fileSize: limits.avatar.maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 1024, headerPairs: 100 },
  });
  await installApiDocs(app);
  installAuth(app, sessions);

  await app.register(healthRoutes, { db, redis });
  await app.register(accountsRoutes, {
    service: accounts,
    loginPerIpPerMinute: config.login.perIpPerMinute,
    registerPerIpPerHour: config.login.registerPerIpPerHour,
  });
  await app.register(avatarRoutes, { service: accounts, store: avatars, uploadPerMinute: config.rateLimit.uploadPerMinute });
  await app.register(wechatRoutes, { service: wechat, publicBaseUrl: config.publicBaseUrl });
  await app.register(webRoutes, { webDist: config.webDist });

  return app;
}
