import { membershipOperations } from '@qgw/contracts';

/** Membership operations: the seed's memberApply / memberUpdate and the project's getMemberInfo (the contracts' catalogue). */
export const memberOps = membershipOperations;
