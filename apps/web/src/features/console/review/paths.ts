/** The reviewing and decisions screens, under the console prefix. */
export const reviewPaths = {
  queue: '/console/review',
  application: (id: string) => `/console/review/${encodeURIComponent(id)}`,
  decisions: '/console/decisions',
  deliveries: '/console/deliveries',
} as const;
