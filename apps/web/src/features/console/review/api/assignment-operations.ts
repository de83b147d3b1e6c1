import { consoleAssignmentOperations as a, consoleReviewOperations as o, notificationOperations } from '@qgw/contracts';

/** The assignment matrix (the contracts' catalogue): the matrix, reminders, and the assignments it changes. */
export const assignmentOps = {
  matrix: a.consoleAssignmentMatrix,
  remind: a.consoleRemindReviewer,
  myReminder: a.consoleMyReminder,
  readNotice: notificationOperations.readNotification,
  assign: o.consoleAssign,
  assignAuto: o.consoleAssignAuto,
  unassign: o.consoleUnassign,
};

/** Under ['console']: every console write refetches them (useConsoleMutation). */
export const assignmentKeys = {
  matrix: (filters: object) => ['console', 'assignments', 'matrix', filters] as const,
  myReminder: ['console', 'assignments', 'myReminder'] as const,
};
