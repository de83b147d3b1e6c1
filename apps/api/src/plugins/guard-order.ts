import type { FastifyInstance } from 'fastify';

/**
 * Where a route's access guard runs among its onRequest hooks: last, behind the per-IP rate
 * limiters, so that a flood of bad tokens is throttled before it reaches the database.
 *
 * The order cannot be written where a route is declared: @fastify/rate-limit adds its limiter to
 * each route from an onRoute hook of its own, appending it after the hooks the route lists (the
 * global ceiling on every /v1 route, a route's own `config.rateLimit` where it has one). Declaring
 * the limiters by hand on every route instead (`app.rateLimit()` with the plugin's global ceiling
 * off) would leave any route that forgets one unlimited; running the guards in a later phase
 * (preParsing) would change which answer wins on some requests (the body's decompression answers
 * 415 before a guard there could answer 401). So the guards are marked (`asGuard`, used by
 * requireAuth, requireRole, requireConsole and requireConsoleRole), and this one onRoute hook moves
 * a route's marked hooks behind the others, whatever order the route lists them in; routes may list
 * the guard anywhere.
 */
const guards = new WeakSet<object>();

/** Marks an onRequest hook as an access guard (see above). */
export function asGuard<T extends object>(hook: T): T {
  guards.add(hook);
  return hook;
}

/**
 * Moves the guards behind every other onRequest hook of each route registered from now on. Install
 * after the rate limiter (onRoute hooks run in the order they were added) and before any route.
 */
export function installGuardOrder(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!Array.isArray(route.onRequest)) return;
    const hooks = route.onRequest as object[];
    if (!hooks.some((h) => guards.has(h))) return;
    route.onRequest = [...hooks.filter((h) => !guards.has(h)), ...hooks.filter((h) => guards.has(h))] as typeof route.onRequest;
  });
}
