import { Code, lookupCodeOfStatus, type ApplicationStatus } from '@qgw/contracts';

/** The look-up code that stands for an application state: the contracts' one map. */
export const statusCodeOf = lookupCodeOfStatus;

/** What a status page opened with only a code can say before the application itself arrives. */
export function statusOfCode(code: number | null): ApplicationStatus | null {
  if (code === Code.UNDER_REVIEW || code === Code.STATUS_SUBMITTED) return 'submitted';
  if (code === Code.OK) return 'approved';
  return null;
}
