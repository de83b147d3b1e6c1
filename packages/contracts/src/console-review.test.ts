import { describe, expect, it } from 'vitest';
import { Code } from './codes.js';
import { ZConsoleReleaseRequest, ZConsoleStageDecisionRequest, ZReadNotificationRequest } from './console-decisions.js';
import { decisionStatus, ZConsoleReviewRequest } from './console-review.js';
import { ZConsoleRevealRequest } from './console-review-application.js';
import { ZConsoleQueueRequest } from './console-review-queue.js';

describe('console review schemas', () => {
  it('reject and return need a reason the applicant can read; approve does not', () => {
    const base = { applicationId: 'a1', version: 3 };
    expect(ZConsoleStageDecisionRequest.safeParse({ ...base, decision: 'approve' }).success).toBe(true);
    for (const decision of ['reject', 'return']) {
      expect(ZConsoleStageDecisionRequest.safeParse({ ...base, decision }).success).toBe(false);
      expect(ZConsoleStageDecisionRequest.safeParse({ ...base, decision, reason: ' 材 ' }).success).toBe(false);
      expect(ZConsoleStageDecisionRequest.parse({ ...base, decision, reason: ' 材料不全 ' }).reason).toBe('材料不全');
    }
  });

  it('release needs the confirmed count to match the selection', () => {
    expect(ZConsoleReleaseRequest.safeParse({ applicationIds: ['a', 'b'], expectedCount: 2 }).success).toBe(true);
    expect(ZConsoleReleaseRequest.safeParse({ applicationIds: ['a', 'b'], expectedCount: 1 }).success).toBe(false);
    expect(ZConsoleReleaseRequest.safeParse({ applicationIds: [], expectedCount: 0 }).success).toBe(false);
  });

  it('ids are url-safe tokens and free text has no control characters', () => {
    expect(ZConsoleRevealRequest.safeParse({ id: '6f1c2a9e-0b1d-4c1e-9a57-1f0e6b1b2c3d', field: 'idNumber' }).success).toBe(true);
    for (const id of ['a\u0000b', "a' or 1=1", '', 'x'.repeat(65)]) {
      expect(ZConsoleRevealRequest.safeParse({ id, field: 'idNumber' }).success).toBe(false);
    }
    expect(ZConsoleQueueRequest.safeParse({ q: '张\u0000' }).success).toBe(false);
    expect(ZConsoleQueueRequest.parse({ q: ' 张青 ', limit: '20' })).toEqual({ q: '张青', limit: 20 });
    const review = { applicationId: 'a1', scores: { c1: 8 }, recommendation: 'approve' };
    expect(ZConsoleReviewRequest.parse(review)).toMatchObject({ commentToApplicant: '', privateNote: '' });
    expect(ZConsoleReviewRequest.safeParse({ ...review, privateNote: '第一行\n第二行' }).success).toBe(true);
    expect(ZConsoleReviewRequest.safeParse({ ...review, privateNote: 'x\u0007' }).success).toBe(false);
  });

  it('marks one notification or all, never neither or both', () => {
    expect(ZReadNotificationRequest.safeParse({ id: 'n1' }).success).toBe(true);
    expect(ZReadNotificationRequest.safeParse({ all: true }).success).toBe(true);
    expect(ZReadNotificationRequest.safeParse({}).success).toBe(false);
    expect(ZReadNotificationRequest.safeParse({ id: 'n1', all: true }).success).toBe(false);
  });

  it('decisions map to the states the applicant sees', () => {
    expect(decisionStatus).toEqual({ approve: 'approved', reject: 'rejected', return: 'returned' });
    expect(Code.NOT_ASSIGNED).toBe(1502);
  });
});
