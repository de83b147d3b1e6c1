import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, ZAltchaChallenge, ZAltchaChallengeRequest, ZEnvelopeOf } from '@qgw/contracts';
import { ok } from '../../plugins/errors.js';
import type { Challenges } from './challenges.js';

export interface ChallengeRoutesOptions {
  challenges: Challenges;
  perIpPerMinute: number;
}

/** GET /v1/altcha/challenge: a fresh proof-of-work challenge, in the envelope, never cached. */
export async function challengeRoutes(app: FastifyInstance, opts: ChallengeRoutesOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.altchaChallenge,
    {
      config: { rateLimit: { max: opts.perIpPerMinute, timeWindow: 60_000 } },
      schema: {
        tags: ['accounts'],
        summary: '人机验证题目（ALTCHA 工作量证明；解答以 altcha 字段或 X-Altcha 头随请求发送）',
        querystring: ZAltchaChallengeRequest,
        response: { 200: ZEnvelopeOf(ZAltchaChallenge) },
      },
    },
    async (_request, reply) => {
      // each challenge is good once: a cached one would be spent already
      reply.header('cache-control', 'no-store');
      return ok(await opts.challenges.create());
    },
  );
}
