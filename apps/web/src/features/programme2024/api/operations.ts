import { programmeEntryOperations, programmeOperations } from '@qgw/contracts';

/**
 * The 2024 programme's operations (docs/requirements.md#programme-2024): status, themes, person,
 * works and company entries (the contracts' catalogue).
 */
export const programmeOps = { ...programmeOperations, ...programmeEntryOperations };
