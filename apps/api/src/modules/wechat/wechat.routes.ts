import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { WechatService } from './wechat.service.js';

export interface WechatRoutesOptions {
  service: WechatService;
  /** PUBLIC_BASE_URL; when unset the origin is taken from the request, outside production only */
  publicBaseUrl: string | undefined;
  /**
   * Whether the request's Host may stand in for PUBLIC_BASE_URL. Never in production: the Host
   * header is the client's to choose, and WeChat would hand the OAuth code to whatever it names.
   */
  originFromRequest: boolean;
}

export async function wechatRoutes(app: FastifyInstance, opts: WechatRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = (request: FastifyRequest) =>
    opts.publicBaseUrl ?? (opts.originFromRequest ? `${request.protocol}://${request.host}` : undefined);

  r.route({
    ...operationRoute(op.wxAuthorizeUrl),
    onRequest: app.requireAuth,
    handler: async (request) => {
      const publicOrigin = origin(request);
      // production refuses to start in this state (config.ts); binding is not offered should it happen
      if (!publicOrigin) return ok({ configured: false, url: null });
      return ok(await opts.service.authorizeUrl(authOf(request), publicOrigin));
    },
  });

  r.route({
    ...operationRoute(op.wxJsConfig),
    handler: async (request) => ok(await opts.service.jsConfig(request.query.url, origin(request))),
  });

  r.route({
    ...operationRoute(op.bindUser),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await opts.service.bind(authOf(request), request.query)),
  });
}
