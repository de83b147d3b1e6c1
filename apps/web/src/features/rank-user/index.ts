/** What other features use of the rank-user programme: the account tab's look-up of one's application. */
export { useOpenPersonalInfo, useRankUserLookup } from './hooks/use-lookup.js';
