/**
 * Every route an app registers, as the app itself declares it: a test file swaps Fastify's factory
 * for one that adds an `onRoute` hook before any plugin runs, so nothing registered later (a new
 * module, a route added inside a plugin) can escape the list.
 *
 *   vi.mock('fastify', async (importOriginal) =>
 *     (await import('./support/proof-route-registry.js')).recordingFastify(await importOriginal()));
 *
 * This module has no runtime import of Fastify (the mock factory loads it while Fastify is mocked).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';

const recorded = new WeakMap<object, RouteOptions[]>();

type Factory = (...args: unknown[]) => FastifyInstance;

/** The `fastify` module with a factory that records every route of the instances it makes. */
export function recordingFastify<M extends { default: unknown }>(real: M): M {
  const make = real.default as Factory;
  const wrapped = ((...args: unknown[]) => {
    const app = make(...args);
    const routes: RouteOptions[] = [];
    recorded.set(app, routes);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as Factory;
  Object.assign(wrapped, make);
  return { ...real, default: wrapped, fastify: wrapped };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** One operation: a method on a path. A GET's HEAD twin belongs to the GET. */
export interface Operation {
  key: string;
  method: Method;
  url: string;
  /** the zod schemas the route validates with (from the route itself) */
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  bodyLimit?: number;
}

/** The operations of an app built while Fastify was mocked with recordingFastify. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const routes = recorded.get(app);
  if (!routes) throw new Error('operationsOf: this app was not built through recordingFastify (vi.mock missing?)');
  const byKey = new Map<string, Operation>();
  for (const r of routes) {
    const methods = (Array.isArray(r.method) ? r.method : [r.method]).map((m) => String(m).toUpperCase() as Method);
    for (const method of methods) {
      const key = `${method} ${r.url}`;
      if (byKey.has(key)) continue;
      const schema = (r.schema ?? {}) as { body?: z.ZodType; querystring?: z.ZodType; params?: z.ZodType };
      byKey.set(key, {
        key,
        method,
        url: r.url,
        ...(schema.body ? { body: schema.body } : {}),
        ...(schema.querystring ? { query: schema.querystring } : {}),
        ...(schema.params ? { params: schema.params } : {}),
        ...(r.bodyLimit ? { bodyLimit: r.bodyLimit } : {}),
      });
    }
  }
  const ops = [...byKey.values()].filter(
    (o) => !(o.method === 'HEAD' && (byKey.has(`GET ${o.url}`) || app.hasRoute({ method: 'GET', url: o.url }))),
  );
  for (const o of ops) {
    if (!app.hasRoute({ method: o.method, url: o.url })) throw new Error(`operationsOf: ${o.key} is not routed`);
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

/** A concrete URL for an operation: path parameters filled in. */
export const fillPath = (url: string, params: Record<string, string>): string =>
  url.replace(/:(\w+)|\*/g, (m, name: string | undefined) => encodeURIComponent(params[name ?? '*'] ?? 'x'));
