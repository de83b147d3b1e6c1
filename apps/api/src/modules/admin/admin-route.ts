import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ZEnvelopeOf } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { requireConsole } from '../console-access/console-access.module.js';

/**
 * Route helpers for the admin screens: every route is admin-only through the console guard
 * (second factor passed), its input parsed by the contract, its answer checked by the contract.
 */

export const security = [{ token: [] }];

export interface AdminRouter {
  get<Q extends z.ZodTypeAny, A extends z.ZodTypeAny>(
    path: string,
    summary: string,
    query: Q,
    answer: A,
    handler: (query: z.output<Q>, request: FastifyRequest) => Promise<z.input<A>>,
  ): void;
  post<B extends z.ZodTypeAny, A extends z.ZodTypeAny>(
    path: string,
    summary: string,
    body: B,
    answer: A,
    handler: (actorId: string, body: z.output<B>, request: FastifyRequest) => Promise<z.input<A>>,
  ): void;
}

export function adminRouter(app: FastifyInstance, tags: string[]): AdminRouter {
  const onRequest = requireConsole(app, 'admin');
  return {
    get(path, summary, query, answer, handler) {
      app.get(
        path,
        { onRequest, schema: { tags, summary, security, querystring: query, response: { 200: ZEnvelopeOf(answer) } } },
        async (request) => ok(await handler(request.query as never, request)),
      );
    },
    post(path, summary, body, answer, handler) {
      app.post(
        path,
        { onRequest, schema: { tags, summary, security, body, response: { 200: ZEnvelopeOf(answer) } } },
        async (request) => ok(await handler(authOf(request).user.id, request.body as never, request)),
      );
    },
  };
}
