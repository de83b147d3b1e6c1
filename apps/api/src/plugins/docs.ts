import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { opsPaths } from '@qgw/contracts';

/**
 * OpenAPI generated from the routes' zod schemas; must be registered before the routes. Off in
 * production unless API_DOCS=1: a map of every route is of more use to an attacker than to the
 * public, so /docs and /docs/json then answer 404 like any unknown path.
 */
export async function installApiDocs(app: FastifyInstance, opts: { enabled: boolean }): Promise<void> {
  if (!opts.enabled) return;
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '青工委服务平台 API',
        description:
          '每个 /v1 接口都返回 {success, code, message}。业务失败与参数错误也以 HTTP 200 返回（success=false）；' +
          '仅 401/403/404/413/415/429/5xx 使用其他状态码。',
        version: '1',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization', description: '登录返回的 token，可加 Bearer 前缀' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: opsPaths.docs,
    // the validator badge would load an image from a third-party host
    uiConfig: { validatorUrl: null },
  });
}
