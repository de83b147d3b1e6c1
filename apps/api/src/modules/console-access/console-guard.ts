import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Code, type ConsoleRole, consoleRoles } from '@qgw/contracts';
import { authOf } from '../../plugins/auth.js';
import { AppError } from '../../plugins/errors.js';
import { asGuard } from '../../plugins/guard-order.js';
import { httpStrings } from '../../plugins/http.strings.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import { consoleAccessStrings as s } from './console-access.strings.js';
import type { ConsoleState, ConsoleVerifications } from './console-verifications.js';

/**
 * The console's door: every /v1/console endpoint (apart from the sign-in steps themselves) is
 * guarded by `requireConsole(app, ...roles)`. It answers
 *   401 UNAUTHORIZED          no token, or a dead session
 *   403 FORBIDDEN             the account holds none of `roles`
 *   401 CONSOLE_MFA_REQUIRED  the role is held but this session has not passed the TOTP step, or its
 *                             console verification expired (shorter lifetimes than the session's)
 * and otherwise sets `request.auth` (authOf) and `request.console` (consoleOf).
 *
 * Use it as a route's `onRequest` hook: it then runs before the body is read, after the per-IP rate
 * limiter (it is a guard: plugins/guard-order.ts). It also works as a `preHandler` (then body
 * validation answers first).
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireConsole; null elsewhere */
    console: ConsoleState | null;
  }
  interface FastifyInstance {
    consoleVerifications: ConsoleVerifications;
  }
}

/** Wires the guard to the verification store; call once on the root instance, after installAuth. */
export function installConsoleGuard(app: FastifyInstance, verifications: ConsoleVerifications): void {
  app.decorateRequest('console', null);
  app.decorate('consoleVerifications', verifications);
}

export const mfaRequired = (expired: boolean) =>
  new AppError(Code.CONSOLE_MFA_REQUIRED, expired ? s.mfaExpired : s.mfaRequired, 401);

const forbidden = () => new AppError(Code.FORBIDDEN, httpStrings.forbidden, 403);

/**
 * True when the account — a signed-in caller, or the roles an account holds — holds one of `roles`
 * (the console roles, reviewer or admin, when none are named). The one spelling of "reviewer or admin".
 */
export function holdsConsoleRole(who: AuthContext | readonly string[], roles: readonly ConsoleRole[] = consoleRoles): boolean {
  const held: readonly string[] = isRoleList(who) ? who : who.user.roles;
  return roles.some((r) => held.includes(r));
}

const isRoleList = (who: AuthContext | readonly string[]): who is readonly string[] => Array.isArray(who);

/**
 * A hook that lets through only a console-verified session of a user holding one of `roles`
 * (reviewer or admin when none are named).
 */
export function requireConsole(app: FastifyInstance, ...roles: ConsoleRole[]): onRequestAsyncHookHandler {
  const allowed: readonly ConsoleRole[] = roles.length > 0 ? roles : consoleRoles;
  const hook: onRequestAsyncHookHandler = async function (this: FastifyInstance, request, reply) {
    await app.requireAuth.call(this, request, reply);
    const auth = authOf(request);
    if (!holdsConsoleRole(auth, allowed)) throw forbidden();
    const state = await app.consoleVerifications.state(auth.session, { touch: true });
    if (!state.verified) throw mfaRequired(state.expired);
    request.console = state;
  };
  return asGuard(hook);
}

/**
 * A hook for the sign-in steps (enrol, activate, verify, me): a live session of a reviewer or
 * admin, whether or not it has passed the second factor.
 */
export function requireConsoleRole(app: FastifyInstance): onRequestAsyncHookHandler {
  const hook: onRequestAsyncHookHandler = async function (this: FastifyInstance, request, reply) {
    await app.requireAuth.call(this, request, reply);
    if (!holdsConsoleRole(authOf(request))) throw forbidden();
  };
  return asGuard(hook);
}

/** The console state of a request that passed requireConsole. */
export function consoleOf(request: FastifyRequest): ConsoleState {
  if (!request.console) throw mfaRequired(false);
  return request.console;
}

/** True when the caller of a requireConsole route is an admin. */
export const isConsoleAdmin = (request: FastifyRequest): boolean => authOf(request).user.roles.includes('admin');
