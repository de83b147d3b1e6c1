// ---- this module's public API: other modules import it only from here (eslint.config.js) ----
export { programmeRepository, type ThemeWithCount } from './programme.repository.js';
export { phaseOf, ProgrammeService } from './programme.service.js';
