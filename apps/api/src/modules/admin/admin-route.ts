import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Operation } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';

/**
 * Route helpers for the admin screens: every route is admin-only through the console guard
 * (second factor passed), declared from its catalogue entry (method, path, summary, its input
 * parsed by the contract, its answer checked by the contract).
 */

export interface AdminRouter {
  get<Q extends z.ZodType, A extends z.ZodType>(
    op: Operation<Q, A, 'GET'>,
    handler: (query: z.output<Q>, request: FastifyRequest) => Promise<z.input<A>>,
  ): void;
  post<B extends z.ZodType, A extends z.ZodType>(
    op: Operation<B, A, 'POST'>,
    handler: (actorId: string, body: z.output<B>, request: FastifyRequest) => Promise<z.input<A>>,
  ): void;
}

export function adminRouter(app: FastifyInstance): AdminRouter {
  const onRequest = requireConsole(app, 'admin');
  return {
    get(op, handler) {
      app.route({ ...operationRoute(op), onRequest, handler: async (request) => ok(await handler(request.query as never, request)) });
    },
    post(op, handler) {
      app.route({
        ...operationRoute(op),
        onRequest,
        handler: async (request) => ok(await handler(authOf(request).user.id, request.body as never, request)),
      });
    },
  };
}
