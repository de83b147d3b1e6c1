import { apiPaths } from '../api-paths.js';
import {
  ZGetNotificationsRequest,
  ZGetNotificationsResponse,
  ZReadNotificationRequest,
  ZReadNotificationResponse,
} from '../console-decisions.js';
import type { OperationCatalogue } from './define.js';

/** The signed-in user's in-app notifications (decisions on their applications). */
export const notificationOperations = {
  getNotifications: {
    method: 'GET',
    path: apiPaths.getNotifications,
    request: ZGetNotificationsRequest,
    response: ZGetNotificationsResponse,
    access: 'session',
    summary: '我的消息（最新在前，游标分页；unread 为未读数）',
  },
  readNotification: {
    method: 'POST',
    path: apiPaths.readNotification,
    request: ZReadNotificationRequest,
    response: ZReadNotificationResponse,
    access: 'session',
    summary: '标记消息已读（id 为一条，all=true 为全部）',
  },
} satisfies OperationCatalogue;
