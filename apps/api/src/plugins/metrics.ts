import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { apiPaths } from '@qgw/contracts';
import type { PoolStats } from '../db/index.js';

/**
 * Prometheus metrics, served as text at /metrics on a listener of its own (METRICS_PORT, loopback by
 * default) and never on the public port. Each app has its own Registry, so that several apps in
 * one process (tests, scale-out checks) count apart. Labels hold route patterns, methods and status
 * codes only: never a URL as sent, an id or anything about a person.
 */

export const METRICS_PATH = '/metrics';

export interface Metrics {
  readonly registry: Registry;
  /** a wrong password was counted (a login, or the current password asked for by a change) */
  loginFailed(): void;
  /** how busy the database's connections are, read at each scrape */
  databasePool(collect: () => PoolStats): void;
  /** the notification outbox's pending rows, counted at each scrape */
  outboxDepth(collect: () => Promise<number>): void;
  /** fed by installMetrics */
  readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly uploadsInProgress: Gauge<'kind'>;
}

export function createMetrics(opts: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  // process and Node metrics, nodejs_eventloop_lag_* among them
  if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requestDuration = new Histogram({
    name: 'qgw_http_request_duration_seconds',
    help: 'Time from a request to the end of its answer, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const loginFailures = new Counter({ name: 'qgw_login_failures_total', help: 'Wrong passwords counted', registers });
  const uploadsInProgress = new Gauge({
    name: 'qgw_uploads_in_progress',
    help: 'Upload requests being received: video (tus) and image (multipart)',
    labelNames: ['kind'] as const,
    registers,
  });
  for (const kind of ['video', 'image']) uploadsInProgress.set({ kind }, 0);

  let pool: (() => PoolStats) | undefined;
  let outbox: (() => Promise<number>) | undefined;
  return {
    registry,
    requestDuration,
    uploadsInProgress,
    loginFailed: () => loginFailures.inc(),
    databasePool(collect) {
      // registered once, when there is something to report: a gauge with no source would claim 0
      if (!pool) {
        new Gauge({
          name: 'qgw_db_pool_connections',
          help: 'Database connections by state (SQLite: its one connection)',
          labelNames: ['state'] as const,
          registers,
          collect() {
            const s = pool!();
            this.set({ state: 'total' }, s.total);
            this.set({ state: 'idle' }, s.idle);
          },
        });
        new Gauge({
          name: 'qgw_db_pool_waiting',
          help: 'Callers waiting for a database connection (SQLite: queued for its one connection)',
          registers,
          collect() {
            this.set(pool!().waiting);
          },
        });
      }
      pool = collect;
    },
    outboxDepth(collect) {
      if (!outbox) {
        new Gauge({
          name: 'qgw_notification_outbox_depth',
          help: 'Outbound notifications waiting to be sent',
          registers,
          async collect() {
            // a failed count must not fail the whole scrape: NaN says "unknown"
            this.set(await outbox!().catch(() => Number.NaN));
          },
        });
      }
      outbox = collect;
    },
  };
}

/** Upload requests by route pattern: tus requests that carry bytes, multipart image uploads. */
const uploadKinds: Record<string, (request: FastifyRequest) => 'video' | 'image' | undefined> = {
  [`POST ${apiPaths.uploadVideo}`]: (r) => (r.headers['content-type'] === 'application/offset+octet-stream' ? 'video' : undefined),
  [`PATCH ${apiPaths.uploadVideo}/:id`]: () => 'video',
  [`POST ${apiPaths.uploadImage}`]: () => 'image',
  [`POST ${apiPaths.uploadAvatar}`]: () => 'image',
  [`POST ${apiPaths.contentAdminUpload}`]: () => 'image',
};

/**
 * Times every request and counts uploads in flight. Installed before every other hook, so that
 * answers given early (rate limits, refusals) are timed too; measured until the socket's answer is
 * done, so that answers written around Fastify (tus, streamed files) are as well.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const kind = uploadKinds[`${request.method} ${route}`]?.(request);
    if (kind) metrics.uploadsInProgress.inc({ kind });
    reply.raw.once('close', () => {
      if (kind) metrics.uploadsInProgress.dec({ kind });
      // an answer never finished (the client went away first) has no status of its own
      const status = reply.raw.writableEnded ? String(reply.raw.statusCode) : 'aborted';
      metrics.requestDuration.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
    });
    done();
  });
}

export interface MetricsListener {
  /** where it listens (the real port when 0 was asked for) */
  address: AddressInfo;
  close(): Promise<void>;
}

/** The tiny HTTP server for scrapes: GET /metrics and nothing else. */
export async function startMetricsListener(metrics: Metrics, at: { port: number; host: string }): Promise<MetricsListener> {
  // node:http through the CommonJS loader: an ESM import of it builds its namespace, which reads
  // http.WebSocket and so compiles Node's whole fetch layer (undici), ~14 MB of the server's memory
  // that nothing here uses (docs/decisions/0030-lazy-modules-and-memory.md)
  const { createServer } = process.getBuiltinModule('node:http');
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // a scraper's kept-alive connection would otherwise hold the close open
        server.closeAllConnections();
      }),
  };
}
