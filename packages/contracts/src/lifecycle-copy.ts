import {
  applicantTransitions,
  applicationStatuses,
  editableStatuses,
  phaseLabels,
  resubmitPhases,
  statusLabels,
  submitPhases,
  type ApplicationStatus,
} from './lifecycle.js';

/**
 * What applicants are told about changing and withdrawing an application, written from the rules
 * themselves (lifecycle.ts) so that no screen can promise what the server refuses: the home notes,
 * the process page, the 须知, the status page and the result pages all read these sentences.
 */
const labels = (statuses: readonly ApplicationStatus[]) => statuses.map((s) => `“${statusLabels[s]}”`).join('、');

/** States (besides a draft) the applicant may withdraw from: submitted and under review. */
export const withdrawableStatuses = applicationStatuses.filter((s) => s !== 'draft' && applicantTransitions[s].includes('withdrawn'));
/** States whose content the applicant may change and send again (besides a draft): returned. */
const correctable = editableStatuses.filter((s) => s !== 'draft');
const phases = (list: readonly (keyof typeof phaseLabels)[]) => list.map((p) => `“${phaseLabels[p]}”`).join('、');

export const lifecycleCopy = {
  /** once sent, it is not edited in place; withdrawing is the way to change it before a result */
  afterSubmit: `申报提交后不能直接修改；出结果前（${labels(withdrawableStatuses)}）可以撤回，撤回后可在申报期内重新申报。`,
  /** a returned entry is corrected and sent again, while the programme allows it */
  whenReturned: `被${labels(correctable)}的申报，可按审核意见修改后再次提交（${phases(resubmitPhases)}阶段均可）。`,
  /** a new entry is sent only while entries are taken */
  newEntries: `新的申报仅在${phases(submitPhases)}阶段提交。`,
  /** the status page and result pages: what a sent, not yet decided entry allows */
  submittedNext: '如需修改，可先撤回再重新申报。',
  /** an entry under review or decided cannot be changed here */
  notEditable: `申报已提交，不能直接修改；出结果前可以撤回后重新申报。`,
} as const;
