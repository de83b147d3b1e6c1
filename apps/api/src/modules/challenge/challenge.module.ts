import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ApiModule } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { AppConfig } from '../../config.js';
import { type FailureCounter, MemoryFailureCounter, RedisFailureCounter } from '../accounts/accounts.module.js';
import { resolveChallengeKey } from './challenge-key.js';
import { challengeRoutes } from './challenge.routes.js';
import { Challenges } from './challenges.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { challengeStrings } from './challenge.strings.js';
export { Challenges, solutionOf } from './challenges.js';

export interface ChallengeModule extends ApiModule {
  /**
   * Proof-of-work challenges: `challenges.whenBusy('sms')` as a route's preValidation asks busy
   * addresses for a solved challenge before the route does its work.
   */
  challenges: Challenges;
}

/**
 * Challenges and their counters: in Redis when configured (so that a solution is spent on every
 * instance and the per-address threshold counts all of them), in memory otherwise — each in a store
 * of its own, so that a flood of one kind of key cannot push out another's.
 */
export async function createChallengeModule(deps: {
  config: AppConfig;
  clock: Clock;
  redis: Redis | undefined;
  log: FastifyBaseLogger;
}): Promise<ChallengeModule> {
  const { config, clock, redis } = deps;
  const store = (name: string): FailureCounter =>
    redis ? new RedisFailureCounter(redis, `${config.redisKeyPrefix}${name}:`) : new MemoryFailureCounter(clock);
  const challenges = new Challenges(
    await resolveChallengeKey(config),
    { ...config.challenge, perAddressPerMinute: config.login.challengePerIpPerMinute },
    store('altcha-used'),
    store('busy'),
    clock,
    deps.log,
  );
  return {
    challenges,
    async register(app) {
      await app.register(challengeRoutes, { challenges, perIpPerMinute: config.login.perIpPerMinute });
    },
  };
}
