import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import type { NotificationsService } from './notifications.service.js';

/** The signed-in user's in-app notifications (decisions on their applications). */
export async function notificationsRoutes(app: FastifyInstance, opts: { service: NotificationsService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...operationRoute(op.getNotifications),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await opts.service.list(authOf(request).user.id, request.query)),
  });
  r.route({
    ...operationRoute(op.readNotification),
    onRequest: app.requireAuth,
    handler: async (request) => ok(await opts.service.markRead(authOf(request).user.id, request.body.id)),
  });
}
