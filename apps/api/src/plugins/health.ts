import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { opsPaths } from '@qgw/contracts';
import { pingDatabase } from '../db/index.js';
import type { Database } from '../db/schema.js';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });

export interface HealthOptions {
  db: Kysely<Database>;
  redis: Redis | undefined;
}

/**
 * Liveness (the process answers) and readiness (its dependencies answer) for load balancers and
 * orchestrators; outside /v1 and its envelope, never rate limited.
 */
export async function healthRoutes(app: FastifyInstance, opts: HealthOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    opsPaths.health,
    { config: { rateLimit: false }, schema: { tags: ['ops'], summary: '存活检查', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' as const }),
  );
  r.get(
    opsPaths.ready,
    {
      config: { rateLimit: false },
      schema: { tags: ['ops'], summary: '就绪检查（数据库、Redis）', response: { 200: ZHealth, 503: ZHealth } },
    },
    async (request, reply) => {
      try {
        await pingDatabase(opts.db);
        if (opts.redis) await opts.redis.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ status: 'unavailable' });
      }
    },
  );
}
