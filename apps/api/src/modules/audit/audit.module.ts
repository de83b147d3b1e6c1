// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { AuditRepository } from './audit.repository.js';
