// The types of the plugins app.ts registers on every app (a route's `compress` option, an upload's
// `request.file()`), for whatever compiles a module's routes: the journeys' and tools' programs
// reach modules without app.ts.
import type {} from '@fastify/compress';
import type {} from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/schema.js';

/**
 * The one shape of an API module (apps/api/src/modules/<domain>/<domain>.module.ts): its factory,
 * `create<Domain>Module(deps)`, wires the module's services from what it is handed, and answers
 * them together with `register`, which adds the module's routes, hooks and background work to the
 * app. The composition root (app.ts) builds every module, handing each the others' services it
 * needs, then registers them all in one loop.
 */
export interface ApiModule {
  register(app: FastifyInstance): Promise<void>;
}

/** What every module is built on (each takes what it uses): the configuration, the database, the clock, the log. */
export interface ModuleBase {
  config: AppConfig;
  db: Kysely<Database>;
  clock: Clock;
  log: FastifyBaseLogger;
}
