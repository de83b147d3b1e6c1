import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Code } from '@qgw/contracts';
import { routedToApi } from './api-route.js';
import { AppError } from './errors.js';
import { httpStrings } from './http.strings.js';

export interface RateLimitSettings {
  /** every route without its own limit, per IP per minute */
  globalPerMinute: number;
  /** shared store for several instances; memory when absent */
  redis: Redis | undefined;
  keyPrefix: string;
}

/**
 * Per-IP limits on /v1 (docs/decisions/0003-rate-limits.md). Routes set their own with
 * `config.rateLimit`; the rest share a generous ceiling. A Redis outage lets requests through
 * rather than taking the whole API down; the per-account login lock is separate and is not skipped.
 */
export async function installRateLimit(app: FastifyInstance, s: RateLimitSettings): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: s.globalPerMinute,
    timeWindow: 60_000,
    ...(s.redis ? { redis: s.redis, nameSpace: `${s.keyPrefix}rl:` } : {}),
    skipOnError: true,
    // the SPA's files and the API docs are static: only the API is counted (by the matched route)
    allowList: (request) => !routedToApi(request),
    // says when to try again, in the same whole seconds as Retry-After
    errorResponseBuilder: (_request, context) =>
      new AppError(Code.RATE_LIMITED, httpStrings.rateLimitedFor(Math.ceil(context.ttl / 1000)), 429),
  });
}
