import { consoleAccessOperations as o } from '@qgw/contracts';

/** The console's second factor: who is calling, enrolment and verification (the contracts' catalogue). */
export const accessOps = {
  me: o.consoleMe,
  enroll: o.consoleMfaEnroll,
  activate: o.consoleMfaActivate,
  verify: o.consoleMfaVerify,
};

/** Outside the ['console'] key so that refreshing console data never asks for a new secret. */
export const accessKeys = {
  me: ['console', 'me'] as const,
  enroll: ['console-access', 'enroll'] as const,
};
