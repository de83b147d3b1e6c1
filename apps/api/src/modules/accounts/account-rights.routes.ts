import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, accountRightsOperations as op, ZExportMyDataRequest } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { solutionOf } from '../challenge/challenge.module.js';
import type { AccountRightsService } from './account-rights.service.js';
import type { LoginService } from './login.service.js';

export interface AccountRightsRoutesOptions {
  rights: AccountRightsService;
  login: LoginService;
  /** the login route's per-IP limit applies to cancelling a closing too */
  loginPerIpPerMinute: number;
}

/** Exports per session (or address, without one) in EXPORT_WINDOW_MS: each reads every table the person is in. */
export const EXPORTS_PER_WINDOW = 5;
export const EXPORT_WINDOW_MS = 10 * 60_000;

const secured = [{ token: [] }];
const tags = ['accounts'];

/** Personal-data rights: declared as the other account endpoints are (accounts.routes.ts). */
export async function accountRightsRoutes(app: FastifyInstance, opts: AccountRightsRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { rights, login } = opts;

  r.get(
    apiPaths.exportMyData,
    {
      onRequest: app.requireAuth,
      config: {
        rateLimit: {
          max: EXPORTS_PER_WINDOW,
          timeWindow: EXPORT_WINDOW_MS,
          keyGenerator: (request) => `export:${request.headers.authorization ?? request.ip}`,
        },
      },
      schema: {
        tags,
        summary: '下载我的数据（JSON 文件：资料、角色、全部申请、上传文件清单、通知、登录记录）',
        security: secured,
        querystring: ZExportMyDataRequest,
      },
    },
    async (request, reply) => {
      const file = await rights.exportMyData(authOf(request));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data.json"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );

  r.route({
    ...operationRoute(op.closeAccount),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await rights.closeAccount(authOf(request), request.body)),
  });

  r.route({
    ...operationRoute(op.cancelCloseAccount),
    config: { rateLimit: { max: opts.loginPerIpPerMinute, timeWindow: 60_000 } },
    handler: async (request) => ok(await login.cancelCloseAccount(request.body, { ip: request.ip, altcha: solutionOf(request) })),
  });
}
