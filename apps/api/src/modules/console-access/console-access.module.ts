import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiModule } from '../../api-module.js';
import type { Clock } from '../../clock.js';
import type { AppConfig } from '../../config.js';
import type { DataCipher } from '../../crypto/data-cipher.js';
import type { Database } from '../../db/schema.js';
import { type FailureCounter, GuessThrottle } from '../accounts/accounts.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { installConsoleGuard } from './console-guard.js';
import { consoleAccessRoutes } from './console-access.routes.js';
import { ConsoleVerifications } from './console-verifications.js';
import { MfaService } from './mfa.service.js';

// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { holdsConsoleRole, mfaRequired, requireConsole } from './console-guard.js';
export type { ConsoleVerifications } from './console-verifications.js';
export { mfaRepository } from './mfa.repository.js';
export type { MfaService } from './mfa.service.js';

export interface ConsoleAccessModule extends ApiModule {
  mfa: MfaService;
  verifications: ConsoleVerifications;
  /**
   * The guard (requireConsole) every module's console routes use: like installAuth, installed on
   * the app once, right after installAuth and before any module registers its routes.
   */
  install(app: FastifyInstance): void;
}

/** The console's second factor and its guard. */
export function createConsoleAccessModule(deps: {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
  cipher: DataCipher;
  failureStore: FailureCounter;
  config: AppConfig;
}): ConsoleAccessModule {
  const { config } = deps;
  const verifications = new ConsoleVerifications(deps.db, deps.clock, {
    idleMs: config.console.idleMs,
    absoluteMs: config.console.absoluteMs,
  });
  const throttle = new GuessThrottle(deps.failureStore, { maxFailures: config.console.mfaMaxFailures, lockMs: config.console.mfaLockMs }, 'mfa');
  const mfa = new MfaService({ db: deps.db, clock: deps.clock, audit: deps.audit, cipher: deps.cipher, verifications, throttle });
  return {
    mfa,
    verifications,
    install(app) {
      installConsoleGuard(app, verifications);
    },
    async register(app) {
      await app.register(consoleAccessRoutes, { service: mfa, attemptsPerIpPerMinute: config.login.perIpPerMinute });
    },
  };
}
