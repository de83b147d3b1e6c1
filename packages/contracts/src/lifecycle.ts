/**
 * The application lifecycle's names and labels (docs/requirements.md#lifecycle) and the programme's
 * phases, as plain constants: screens that only show a state import them without the validation
 * library, which the schemas built on them (applications.ts, applications-api.ts) bring.
 */

import { Code, type CodeValue } from './codes.js';

/** Every kind of application (docs/requirements.md#lifecycle). */
export const applicationKinds = ['rank_user', 'membership', 'person', 'work', 'company'] as const;
export type ApplicationKind = (typeof applicationKinds)[number];

export const applicationStatuses = [
  'draft', 'submitted', 'under_review', 'approved', 'rejected', 'returned', 'withdrawn',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Chinese names of the states, for every screen that shows one. */
export const statusLabels: Record<ApplicationStatus, string> = {
  draft: '草稿',
  submitted: '已提交',
  under_review: '审核中',
  approved: '已通过',
  rejected: '未通过',
  returned: '退回修改',
  withdrawn: '已撤回',
};

/**
 * The look-up code that stands for an application state (docs/requirements.md#lookup-codes): what
 * the applicant's status look-up answers, what the web's status page is opened with, and what a
 * released decision turns into. The one copy both sides read.
 */
export function lookupCodeOfStatus(status: ApplicationStatus): CodeValue {
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
      // a draft is not yet an application; a withdrawn one is no longer one
      return Code.NO_APPLICATION;
  }
}

/** Which transitions the applicant may make; the rest belong to the review side. */
export const applicantTransitions: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
  draft: ['submitted', 'withdrawn'],
  submitted: ['withdrawn'],
  under_review: ['withdrawn'],
  returned: ['submitted'],
  approved: [],
  rejected: [],
  withdrawn: [],
};
/** States in which the applicant may still edit the content. */
export const editableStatuses: readonly ApplicationStatus[] = ['draft', 'returned'];

export const programmePhases = ['not_open', 'open', 'reviewing', 'results', 'closed'] as const;
export type ProgrammePhase = (typeof programmePhases)[number];
/** A programme entry is first submitted only while the programme takes entries. */
export const submitPhases: readonly ProgrammePhase[] = ['open'];
/** A returned entry may come back while entries are taken and during review, not after. */
export const resubmitPhases: readonly ProgrammePhase[] = ['open', 'reviewing'];
export const phaseLabels = {
  not_open: '未开始', open: '申报中', reviewing: '评审中', results: '结果公布', closed: '已结束',
} as const satisfies Record<ProgrammePhase, string>;
