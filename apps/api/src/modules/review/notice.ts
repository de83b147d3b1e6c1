import { type ApplicationKind, type ApplicationStatus, type Decision, decisionLabels, lookupCodeOfStatus, type Notice } from '@qgw/contracts';
import { kindLabels } from './review.strings.js';

/**
 * The notice an applicant receives when a decision is released: what was decided, the reason,
 * and the reviewers' comments meant for the applicant (never their private notes, never who).
 */

export const NOTICE_TITLE = '申报结果通知';

export function noticeOf(
  app: { kind: ApplicationKind; title: string },
  decision: Decision,
  reason: string,
  comments: readonly string[],
): Notice {
  const what = `您的${kindLabels[app.kind]}「${app.title}」`;
  const lines: string[] = [];
  if (decision === 'approve') lines.push(`${what}已通过审核。`);
  else if (decision === 'reject') lines.push(`很遗憾，${what}未通过审核。`);
  else lines.push(`${what}需要修改后重新提交。`);
  if (reason) lines.push(`${decision === 'approve' ? '说明' : '原因'}：${reason}`);
  const shared = comments.map((c) => c.trim()).filter((c) => c.length > 0);
  if (shared.length > 0) {
    lines.push('评审意见：');
    shared.forEach((c, i) => lines.push(`${i + 1}. ${c}`));
  }
  return { title: NOTICE_TITLE, body: lines.join('\n') };
}

/** What the applicant's status look-up answers once the decision is out (docs/requirements.md#lookup-codes). */
/** The status a released decision leaves the application in. */
const statusAfter = { approve: 'approved', reject: 'rejected', return: 'returned' } as const satisfies Record<Decision, ApplicationStatus>;

/** What the applicant's look-up answers once the decision is released (the contracts' one map). */
export const lookupCodeOf = (decision: Decision): number => lookupCodeOfStatus(statusAfter[decision]);

export const outcomeLabel = (decision: Decision): string => decisionLabels[decision];
