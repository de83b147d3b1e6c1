import { apiPaths, ZGetNotificationsRequest, ZGetNotificationsResponse, ZReadNotificationRequest, ZReadNotificationResponse } from '@qgw/contracts';
import { defineOperation } from '../../../lib/request.js';

export const notificationOps = {
  list: defineOperation({ method: 'GET', path: apiPaths.getNotifications, request: ZGetNotificationsRequest, response: ZGetNotificationsResponse }),
  read: defineOperation({ method: 'POST', path: apiPaths.readNotification, request: ZReadNotificationRequest, response: ZReadNotificationResponse }),
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
};
