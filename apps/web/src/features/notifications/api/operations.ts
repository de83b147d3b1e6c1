import { notificationOperations } from '@qgw/contracts';

/** The in-app notifications (the contracts' catalogue). */
export const notificationOps = {
  list: notificationOperations.getNotifications,
  read: notificationOperations.readNotification,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};
