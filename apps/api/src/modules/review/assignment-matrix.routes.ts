import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consoleAssignmentOperations as op } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { ok } from '../../plugins/errors.js';
import { operationRoute } from '../../plugins/operation-route.js';
import { requireConsole } from '../console-access/console-access.module.js';
import type { AssignmentMatrixService } from './assignment-matrix.service.js';
import { actorOf } from './console-actor.js';

export interface AssignmentMatrixRoutesOptions {
  matrix: AssignmentMatrixService;
}

/** The assignment matrix and reminders (admins), and a reviewer's own latest reminder (console-verified callers). */
export async function assignmentMatrixRoutes(app: FastifyInstance, opts: AssignmentMatrixRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyConsole = { onRequest: requireConsole(app) };
  const adminOnly = { onRequest: requireConsole(app, 'admin') };

  r.route({
    ...operationRoute(op.consoleAssignmentMatrix),
    ...adminOnly,
    handler: async (request) => ok(await opts.matrix.matrix(request.query)),
  });

  r.route({
    ...operationRoute(op.consoleRemindReviewer),
    ...adminOnly,
    handler: async (request) => ok(await opts.matrix.remind(actorOf(authOf(request)), request.body.reviewerId)),
  });

  r.route({
    ...operationRoute(op.consoleMyReminder),
    ...anyConsole,
    handler: async (request) => ok(await opts.matrix.myReminder(actorOf(authOf(request)))),
  });
}
