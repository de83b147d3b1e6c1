// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { accountsRepository } from './accounts.repository.js';
export { accountStrings } from './accounts.strings.js';
export { type FailureCounter, GuessThrottle, MemoryFailureCounter, RedisFailureCounter } from './login-throttle.js';
export { unusablePasswordHash } from './passwords.js';
export type { AuthContext, AuthSession, SessionService } from './sessions.js';
