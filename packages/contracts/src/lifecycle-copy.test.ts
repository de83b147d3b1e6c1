import { describe, expect, it } from 'vitest';
import { applicantTransitions, phaseLabels, resubmitPhases, statusLabels, submitPhases } from './lifecycle.js';
import { lifecycleCopy, withdrawableStatuses } from './lifecycle-copy.js';

describe('what applicants are told follows the rules', () => {
  it('names exactly the states a withdrawal is accepted from', () => {
    expect(withdrawableStatuses).toEqual(['submitted', 'under_review']);
    for (const s of withdrawableStatuses) expect(lifecycleCopy.afterSubmit).toContain(statusLabels[s]);
    // nothing promises a withdrawal where the rules refuse one
    for (const [s, next] of Object.entries(applicantTransitions)) {
      if (!next.includes('withdrawn') && s !== 'withdrawn') expect(lifecycleCopy.afterSubmit).not.toContain(`“${statusLabels[s as keyof typeof statusLabels]}”`);
    }
    expect(lifecycleCopy.afterSubmit).not.toMatch(/审核开始前可(撤回|修改)/);
  });

  it('names the phases a returned entry may come back in, and those new entries are taken in', () => {
    for (const p of resubmitPhases) expect(lifecycleCopy.whenReturned).toContain(phaseLabels[p]);
    for (const p of submitPhases) expect(lifecycleCopy.newEntries).toContain(phaseLabels[p]);
    expect(lifecycleCopy.whenReturned).toContain(statusLabels.returned);
  });
});
