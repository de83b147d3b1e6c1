/**
 * Child process (bench/framework.ts): the server's framework without the application — Fastify with
 * the same logger, error handling, input guard, security headers, rate limiter and zod validation
 * and serialisation the look-up passes through, answering a constant look-up envelope. What is
 * left between this and the real look-up is the application's own work (session, database, rules).
 */
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPaths, Code, ZEnvelopeOf, ZGetRankUserRequest, ZGetRankUserResponse } from '@qgw/contracts';
import { createLogger } from '../../apps/api/src/logger.js';
import { answerFrameworkError, installErrorHandling } from '../../apps/api/src/plugins/errors.js';
import { installInputGuard } from '../../apps/api/src/plugins/input-guard.js';
import { installRateLimit } from '../../apps/api/src/plugins/rate-limit.js';
import { installSecurityHeaders } from '../../apps/api/src/plugins/security.js';

const app = Fastify({
  loggerInstance: createLogger({ level: 'warn' }) as FastifyBaseLogger,
  requestTimeout: 30_000,
  frameworkErrors: answerFrameworkError,
});
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
installErrorHandling(app);
installInputGuard(app);
installSecurityHeaders(app);
await installRateLimit(app, { globalPerMinute: 100_000_000, redis: undefined, keyPrefix: 'bench:' });
const answer = { success: true as const, code: Code.UNDER_REVIEW as number, message: null };
app.withTypeProvider<ZodTypeProvider>().get(
  apiPaths.getRankUser,
  { schema: { querystring: ZGetRankUserRequest, response: { 200: ZEnvelopeOf(ZGetRankUserResponse) } } },
  async () => answer,
);
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.({ ready: true });
