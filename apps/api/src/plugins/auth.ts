import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Code, type Role } from '@qgw/contracts';
import type { AuthContext, SessionService } from '../modules/accounts/sessions.js';
import { AppError } from './errors.js';
import { asGuard } from './guard-order.js';
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
 * Decorates the root instance; the hooks run on onRequest, before any body is read, and behind the
 * route's rate limiters (they are guards: guard-order.ts).
 */
export function installAuth(app: FastifyInstance, sessions: SessionService): void {
  app.decorateRequest('auth', null);

  const requireAuth: onRequestAsyncHookHandler = asGuard(async (request) => {
    const token = extractToken(request.headers.authorization);
    if (!token) throw unauthorized();
    const ctx = await sessions.authenticate(token);
    if (!ctx) throw unauthorized();
    request.auth = ctx;
  });

  app.decorate('requireAuth', requireAuth);
  app.decorate('requireRole', (...roles: Role[]): onRequestAsyncHookHandler => {
    const requireRole: onRequestAsyncHookHandler = async function (this: FastifyInstance, request, reply) {
      await requireAuth.call(this, request, reply);
      const held = authOf(request).user.roles;
      if (!roles.some((r) => held.includes(r))) throw new AppError(Code.FORBIDDEN, httpStrings.forbidden, 403);
    };
    return asGuard(requireRole);
  });
}
