import { describe, expect, it } from 'vitest';
import { Code } from './codes.js';
import { applicationStatuses, lookupCodeOfStatus } from './lifecycle.js';

describe('the look-up code of each state (docs/requirements.md#lookup-codes)', () => {
  it('approved 0; rejected and returned 9000; submitted and under review 9002; draft and withdrawn 9001', () => {
    const byStatus = Object.fromEntries(applicationStatuses.map((s) => [s, lookupCodeOfStatus(s)]));
    expect(byStatus).toEqual({
      draft: Code.NO_APPLICATION,
      submitted: Code.UNDER_REVIEW,
      under_review: Code.UNDER_REVIEW,
      approved: Code.OK,
      rejected: Code.APPLY_REJECTED,
      returned: Code.APPLY_REJECTED,
      withdrawn: Code.NO_APPLICATION,
    });
  });
});
