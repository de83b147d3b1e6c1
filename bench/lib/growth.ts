/**
 * Growth: p99 of the look-up and the console queue as the applications table grows, and the scratch
 * databases a run makes. The first size is measured on the run's own database. Each later size is
 * measured in rounds that alternate with a reference: a second database held at the first size, with
 * the same fixtures, behind a server of its own on the same core. The growth ratio is then the median
 * of per-round ratios, as every other ratio in the benchmark is, instead of two p99s taken ten minutes
 * apart on a machine whose speed drifts between them (decision 0031).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { Code } from '@qgw/contracts';
import { type DatabaseHandle, type Dialect, openDatabase } from '../../apps/api/src/db/index.js';
import type { Database } from '../../apps/api/src/db/schema.js';
import { addApplicants, addConsoleAdmin, type Applicant, giveRankUserApplications, growApplications, lookupStates } from './fixtures.js';
import { alternate, type LoadResult, median, medianBy, quick, roundSeconds } from './load.js';
import { newSecrets, type Running, startServer } from './processes.js';
import type { DatabaseName } from './report.js';
import { consoleQueue, lookup, lookupPath, probe } from './scenarios.js';

/** One statement on a PostgreSQL server, on a connection of its own (create or drop a scratch database or schema). */
export async function pgAdmin(server: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** A fresh database for one server: a data directory, and on PostgreSQL a scratch database. */
export interface Scratch {
  dataDir: string;
  databaseUrl: string | undefined;
  /** the same keys across restarts of one data directory, so stored ID numbers stay readable */
  secrets: ReturnType<typeof newSecrets>;
  /** SQLite's file, for the checkpoint after a fill; undefined on PostgreSQL */
  sqliteFile: string | undefined;
  open(): DatabaseHandle;
  remove(): Promise<void>;
}

export async function newScratch(name: DatabaseName, pgServer: string): Promise<Scratch> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qgw-bench-'));
  let databaseUrl: string | undefined;
  const database = `qgw_bench_${randomBytes(5).toString('hex')}`;
  if (name === 'PostgreSQL') {
    await pgAdmin(pgServer, `create database ${database}`);
    const u = new URL(pgServer);
    u.pathname = `/${database}`;
    databaseUrl = u.toString();
  }
  const sqliteFile = databaseUrl ? undefined : join(dataDir, 'app.db');
  return {
    dataDir, databaseUrl, secrets: newSecrets(), sqliteFile,
    open: () => openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: sqliteFile! }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await pgAdmin(pgServer, `drop database if exists ${database} with (force)`);
    },
  };
}

/** What every measured database holds before a scenario runs. */
export interface Fixtures {
  /** the submitters, each with a session */
  people: Applicant[];
  /** the first 200: the look-up's applicants, with rank-user applications in each state */
  asking: Applicant[];
  adminToken: string;
}

/** Before measuring: each kind of look-up and the console queue answer what they should. */
async function sanity(url: string, people: Applicant[], adminToken: string): Promise<void> {
  const want = [Code.NO_APPLICATION, Code.NO_APPLICATION, Code.UNDER_REVIEW, Code.UNDER_REVIEW];
  for (let i = 0; i < lookupStates.length; i++) {
    const a = await probe(url, lookupPath(people[i]!), people[i]!.token);
    if (a.status !== 200 || a.body.code !== want[i]) throw new Error(`look-up (${lookupStates[i]}) answered ${a.status} ${JSON.stringify(a.body)}`);
  }
  const q = await probe(url, '/v1/console/queue?limit=20', adminToken);
  if (q.status !== 200 || !q.body.success) throw new Error(`console queue answered ${q.status} ${JSON.stringify(q.body)}`);
}

/** Applicants with sessions, the look-up's applications and a console admin, checked through `url`. */
export async function addFixtures(db: Kysely<Database>, url: string, submitters: number): Promise<Fixtures> {
  const people = await addApplicants(db, submitters);
  const asking = people.slice(0, 200);
  await giveRankUserApplications(db, asking);
  const adminToken = await addConsoleAdmin(db);
  await sanity(url, asking, adminToken);
  return { people, asking, adminToken };
}

/** One round at one size: the look-up, then the console queue. */
export interface SizeRound {
  lookup: LoadResult;
  queue: LoadResult;
}

export interface GrowthPoint {
  size: number;
  fillSeconds: number;
  /** the median round's numbers (by p99) on the run's own database */
  lookup: LoadResult;
  queue: LoadResult;
  /** at every size after the first: rounds alternating with the reference held at the first size */
  paired?: {
    rounds: { reference: SizeRound; measured: SizeRound }[];
    /** medians of the per-round ratios of p99 (this size ÷ the reference) */
    lookupRatio: number;
    queueRatio: number;
  };
}

/** A database and the server in front of it, with its fixtures: what a growth round measures. */
export interface Measured {
  db: Kysely<Database>;
  server: Running;
  fixtures: Fixtures;
}

async function sizeRound(m: Measured): Promise<SizeRound> {
  const target = { url: m.server.url, pid: m.server.pid };
  return {
    lookup: await lookup(target, m.fixtures.asking, roundSeconds),
    queue: await consoleQueue(target, m.db, m.fixtures.adminToken, roundSeconds),
  };
}

const growthRounds = quick ? 1 : 3;
// a 1 ms floor: below it a ratio measures the timer, not the database
export const p99Ratio = (z: LoadResult, a: LoadResult) => Math.max(z.p99, 1) / Math.max(a.p99, 1);

/**
 * The reference for the later sizes: a second scratch database filled like the run's own up to the
 * first size, and a server of its own. Idle except in its turns.
 */
export async function startReference(name: DatabaseName, pgServer: string, firstSize: number, submitters: number): Promise<Measured & { stop(): Promise<void> }> {
  const scratch = await newScratch(name, pgServer);
  let server: Running | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    server = await startServer({ dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl, secrets: scratch.secrets });
    handle = scratch.open();
    const fixtures = await addFixtures(handle.db, server.url, submitters);
    await growApplications(handle.db, handle.dialect, firstSize, scratch.sqliteFile);
    const [s, h] = [server, handle];
    return {
      db: h.db, server: s, fixtures,
      async stop() {
        await h.destroy();
        await s.stop();
        await scratch.remove();
      },
    };
  } catch (e) {
    await handle?.destroy();
    await server?.stop();
    await scratch.remove();
    throw e;
  }
}

/**
 * Grows the run's database to `size` and measures it: alone at the first size, alternating with
 * `reference` at every later one.
 */
export async function measureGrowth(m: Measured, dialect: Dialect, sqliteFile: string | undefined, size: number, reference?: Measured): Promise<GrowthPoint> {
  const t0 = Date.now();
  await growApplications(m.db, dialect, size, sqliteFile);
  const fillSeconds = (Date.now() - t0) / 1000;
  const target = { url: m.server.url, pid: m.server.pid };
  if (!reference) {
    // warm-up: the server's page cache and plans after the fill
    await lookup(target, m.fixtures.asking, 2);
    await consoleQueue(target, m.db, m.fixtures.adminToken, 2);
    const rs: SizeRound[] = [];
    for (let i = 0; i < growthRounds; i++) rs.push(await sizeRound(m));
    return { size, fillSeconds, lookup: medianBy(rs, (r) => r.lookup.p99).lookup, queue: medianBy(rs, (r) => r.queue.p99).queue };
  }
  // alternate() warms both up with one unmeasured round each first
  const rounds = (await alternate(growthRounds, () => sizeRound(reference), () => sizeRound(m)))
    .map((r) => ({ reference: r.ceiling, measured: r.measured }));
  const measured = rounds.map((r) => r.measured);
  return {
    size, fillSeconds,
    lookup: medianBy(measured, (r) => r.lookup.p99).lookup,
    queue: medianBy(measured, (r) => r.queue.p99).queue,
    paired: {
      rounds,
      lookupRatio: median(rounds.map((r) => p99Ratio(r.measured.lookup, r.reference.lookup))),
      queueRatio: median(rounds.map((r) => p99Ratio(r.measured.queue, r.reference.queue))),
    },
  };
}
