// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { type ApplicationRow, applicationsRepository } from './applications.repository.js';
export type { ApplicationsService } from './applications.service.js';
export type { IdNumberCipher } from './id-number-cipher.js';
export { allFileIds, kindSpecs } from './kinds.js';
export type { OthersLookupRules } from './rank-user-lookup.js';
export { recordTransition } from './records.js';
export { dataOf, idNumberOf, type ViewDeps } from './views.js';
