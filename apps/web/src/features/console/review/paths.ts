/** The reviewing and decisions screens, under the console prefix. */
export const reviewPaths = {
  queue: '/console/review',
  application: (id: string) => `/console/review/${encodeURIComponent(id)}`,
  decisions: '/console/decisions',
  deliveries: '/console/deliveries',
  /** the assignment matrix (admins): beside the queue, not under it, so the queue's nav item stays the queue's */
  assignments: '/console/assignments',
  ranking: '/console/ranking',
} as const;
