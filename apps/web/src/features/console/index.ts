/**
 * What other features use of the console: only the account tab's entry to it (entry.ts), so that
 * importing this index never brings the console's own code or texts.
 */
export { consoleEntry, hasAdminRole, hasConsoleRole } from './entry.js';
