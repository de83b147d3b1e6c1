import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiPaths,
  ZBindWxUserRequest,
  ZBindWxUserResponse,
  ZEnvelopeOf,
  ZWxAuthorizeUrlRequest,
  ZWxAuthorizeUrlResponse,
} from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import type { WechatService } from './wechat.service.js';

export interface WechatRoutesOptions {
  service: WechatService;
  /** PUBLIC_BASE_URL; when unset the origin is taken from the request */
  publicBaseUrl: string | undefined;
}

const secured = [{ token: [] }];

export async function wechatRoutes(app: FastifyInstance, opts: WechatRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const origin = (request: FastifyRequest) => opts.publicBaseUrl ?? `${request.protocol}://${request.host}`;

  r.get(
    apiPaths.wxAuthorizeUrl,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wechat'],
        summary: '获取微信网页授权地址（snsapi_base）',
        security: secured,
        querystring: ZWxAuthorizeUrlRequest,
        response: { 200: ZEnvelopeOf(ZWxAuthorizeUrlResponse) },
      },
    },
    async (request) => ok(await opts.service.authorizeUrl(authOf(request), origin(request))),
  );

  r.get(
    apiPaths.bindUser,
    {
      onRequest: app.requireAuth,
      schema: {
        tags: ['wechat'],
        summary: '用微信回调的 code 与 state 绑定 openid',
        security: secured,
        querystring: ZBindWxUserRequest,
        response: { 200: ZEnvelopeOf(ZBindWxUserResponse) },
      },
    },
    async (request) => ok(await opts.service.bind(authOf(request), request.query)),
  );
}
