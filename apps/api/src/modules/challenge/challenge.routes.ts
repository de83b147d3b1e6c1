import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { challengeOperations as op } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { Challenges } from './challenges.js';

export interface ChallengeRoutesOptions {
  challenges: Challenges;
  perIpPerMinute: number;
}

/** GET /v1/altcha/challenge: a fresh proof-of-work challenge, in the envelope, never cached. */
export async function challengeRoutes(app: FastifyInstance, opts: ChallengeRoutesOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...operationRoute(op.altchaChallenge),
    config: { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } },
    handler: async (_request, reply) => {
      // each challenge is good once: a cached one would be spent already
      reply.header('cache-control', 'no-store');
      return ok(await opts.challenges.create());
    },
  });
}
