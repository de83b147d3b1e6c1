import { Code, type ApplicationStatus } from '@qgw/contracts';

/** The look-up code that stands for an application state (docs/requirements.md#lookup-codes). */
export function statusCodeOf(status: ApplicationStatus): number {
  switch (status) {
    case 'approved':
      return Code.OK;
    case 'returned':
    case 'rejected':
      return Code.APPLY_REJECTED;
    case 'submitted':
    case 'under_review':
      return Code.UNDER_REVIEW;
    default:
      return Code.NO_APPLICATION;
  }
}

/** What a status page opened with only a code can say before the application itself arrives. */
export function statusOfCode(code: number | null): ApplicationStatus | null {
  if (code === Code.UNDER_REVIEW || code === Code.STATUS_SUBMITTED) return 'submitted';
  if (code === Code.OK) return 'approved';
  return null;
}
