import type { Redis as RedisClient } from 'ioredis';
import type { ApiModule, ModuleBase } from '../../api-module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { wechatRoutes } from './wechat.routes.js';
import { WechatService } from './wechat.service.js';

export interface WechatModule extends ApiModule {
  service: WechatService;
}

/** Binding a WeChat account to a user (OAuth); unconfigured without WECHAT_APPID/SECRET. */
export function createWechatModule(deps: ModuleBase & { audit: AuditRepository; redis?: RedisClient | undefined }): WechatModule {
  const { config } = deps;
  const w = config.wechat;
  const service = new WechatService({
    db: deps.db,
    clock: deps.clock,
    audit: deps.audit,
    log: deps.log,
    settings:
      w.configured && w.appid && w.secret
        ? { appid: w.appid, secret: w.secret, oauthBase: w.oauthBase, apiBase: w.apiBase, timeoutMs: w.timeoutMs }
        : undefined,
    // the JS-SDK ticket is shared between instances through Redis where there is one
    redis: deps.redis,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  return {
    service,
    async register(app) {
      await app.register(wechatRoutes, { service, publicBaseUrl: config.publicBaseUrl, originFromRequest: !config.isProduction });
    },
  };
}
