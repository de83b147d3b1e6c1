import type { FastifyRequest } from 'fastify';

/**
 * Whether the router sent this request to an API route (/v1). Decided by the route it matched,
 * never by the request target as sent: the router decodes the path before matching, so
 * `/%761/login` reaches `/v1/login`, and a test on `request.url` would let the same route, spelt
 * differently, past everything that test guards (per-IP limits, the input guard).
 */
export const routedToApi = (request: FastifyRequest): boolean => request.routeOptions.url?.startsWith('/v1/') ?? false;
