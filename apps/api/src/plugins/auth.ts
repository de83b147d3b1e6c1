import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Code, type Role } from '@qgw/contracts';
import type { AuthContext, SessionService } from '../modules/accounts/sessions.js';
import { AppError } from './errors.js';
import { httpStrings } from './http.strings.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** set by requireAuth / requireRole; null on routes that do not ask for a session */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    requireAuth: onRequestAsyncHookHandler;
    requireRole: (...roles: Role[]) => onRequestAsyncHookHandler;
  }
}

/**
 * The token from `Authorization: <token>` or `Authorization: Bearer <token>`. Clients that have no
 * token yet sometimes send an empty value or the strings "null" / "undefined": all count as none.
 */
export function extractToken(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().replace(/^Bearer\s+/i, '').trim();
  if (!value || value === 'null' || value === 'undefined') return null;
  return value;
}

const unauthorized = () => new AppError(Code.UNAUTHORIZED, httpStrings.unauthorized, 401);

/** The caller's session on a route guarded by requireAuth. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Decorates the root instance; the hooks run on onRequest, before any body is read. Install after
 * the rate limiter: a route's auth hooks are moved behind its other onRequest hooks, so a flood of
 * bad tokens is throttled before it reaches the database.
 */
export function installAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('auth', null);
  const authHooks = new WeakSet<object>();
  app.addHook('onRoute', (route) => {
    if (!Array.isArray(route.onRequest)) return;
    const hooks = route.onRequest as object[];
    route.onRequest = [...hooks.filter((h) => !authHooks.has(h)), ...hooks.filter((h) => authHooks.has(h))] as typeof route.onRequest;
  });

  const requireAuth: onRequestAsyncHookHandler = async (request) => {
    const token = extractToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const ctx = await sessions.authenticate(token);
    if (!ctx) throw unauthorized();
    request.auth = ctx;
  };

  authHooks.add(requireAuth);
  app.decorate('requireAuth', requireAuth);
  app.decorate('requireRole', (...roles: Role[]): onRequestAsyncHookHandler => {
    const requireRole: onRequestAsyncHookHandler = async function (this: FastifyInstance, request, reply) {
      await requireAuth.call(this, request, reply);
      const held = authOf(request).user.roles;
      if (!roles.some((r) => held.includes(r))) throw new AppError(Code.FORBIDDEN, httpStrings.forbidden, 403);
    };
    authHooks.add(requireRole);
    return requireRole;
  });
}
