/**
 * One database's run: the server on a fresh database, fixtures, then in order growth at the first
 * size, look-up against the ceiling, logins against raw argon2id, the submission burst with a crash
 * check, and growth at the remaining sizes. Memory is sampled throughout. Answers raw numbers; the
 * runner turns them into rows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { Code } from '@qgw/contracts';
import { type DatabaseHandle, openDatabase } from '../../apps/api/src/db/index.js';
import { addApplicants, addConsoleAdmin, type Applicant, giveRankUserApplications, growApplications, lookupStates } from './fixtures.js';
import { alternate, load, type LoadResult, median, medianBy, quick, rounds, roundSeconds } from './load.js';
import { type Argon2Rate, cpuMsOf, mainThreadCpuMs, newSecrets, RssSampler, type Running, startArgon2Probe, startServer } from './processes.js';
import type { DatabaseName } from './report.js';
import { consoleQueue, lookup, lookupPath, logins, probe, storedSubmissions, submissionBurst, uploadPhotos } from './scenarios.js';

export interface GrowthPoint {
  size: number;
  fillSeconds: number;
  lookup: LoadResult;
  queue: LoadResult;
}

export interface DatabaseRun {
  version: string;
  lookupRounds: { ceiling: LoadResult; measured: LoadResult }[];
  lookupRatio: number;
  lookup: LoadResult;
  loginRounds: { ceiling: Argon2Rate; measured: LoginRound }[];
  loginRatio: number;
  loginConnections: number;
  burst: {
    submitters: number; acknowledged: number; refused: number; stored: number; p50: number; p99: number; wallMs: number;
    listenDrops: number | null; cpuMsPerSubmission: number;
  };
  growth: GrowthPoint[];
  memory: { peak: number; peaks: Record<string, number>; idleAfterStart: number };
}

/** A round of logins, with the CPU time each login cost (ms), split by who spent it. */
export interface LoginRound extends LoadResult {
  cpu: {
    /** the server's main thread: HTTP, validation, SQL, the session */
    main: number;
    /** the server's other threads: argon2id on libuv's pool, and V8's helpers */
    others: number;
    /** the benchmark's own process: autocannon, the load generator on the same cores */
    client: number;
  };
}

export interface MeasureOptions {
  /** PostgreSQL server to make the scratch database on */
  pgServer: string;
  sizes: number[];
  submitters: number;
  ceilingUrl: string;
}

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

export async function measureDatabase(name: DatabaseName, o: MeasureOptions, log: (line: string) => void): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qgw-bench-'));
  const scratch = `qgw_bench_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (name === 'PostgreSQL') {
    await pgAdmin(o.pgServer, `create database ${scratch}`);
    const u = new URL(o.pgServer);
    u.pathname = `/${scratch}`;
    databaseUrl = u.toString();
  }
  const secrets = newSecrets();
  let server: Running | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    server = await startServer({ dataDir, databaseUrl, secrets });
    handle = openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: join(dataDir, 'app.db') });
    const { db, dialect } = handle;
    const version = name === 'SQLite'
      ? (await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0]!.v
      : (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]!.v;
    const rss = new RssSampler(server.pid);
    const idleAfterStart = rss.now();

    const people = await addApplicants(db, o.submitters);
    const asking = people.slice(0, 200);
    await giveRankUserApplications(db, asking);
    const adminToken = await addConsoleAdmin(db);
    await sanity(server.url, asking, adminToken);

    const growth: GrowthPoint[] = [];
    const growTo = async (size: number, s: Running) => {
      rss.enter(`growth ${size.toLocaleString('en')}`);
      const t0 = Date.now();
      await growApplications(db, dialect, size, databaseUrl ? undefined : join(dataDir, 'app.db'));
      const fillSeconds = (Date.now() - t0) / 1000;
      const target = { url: s.url, pid: s.pid };
      // warm-up: the server's page cache and plans after the fill
      await lookup(target, asking, 2);
      await consoleQueue(target, db, adminToken, 2);
      const lk: LoadResult[] = [];
      const qu: LoadResult[] = [];
      for (let i = 0; i < (quick ? 1 : 3); i++) {
        lk.push(await lookup(target, asking, roundSeconds));
        qu.push(await consoleQueue(target, db, adminToken, roundSeconds));
      }
      const point = { size, fillSeconds, lookup: medianBy(lk, (r) => r.p99), queue: medianBy(qu, (r) => r.p99) };
      growth.push(point);
      log(`${name}: ${size} applications (filled in ${fillSeconds.toFixed(0)} s): look-up p99 ${point.lookup.p99} ms, console queue p99 ${point.queue.p99} ms`);
    };
    await growTo(o.sizes[0]!, server);

    rss.enter('look-up');
    const target = { url: server.url, pid: server.pid };
    const lookupRounds = await alternate(
      rounds,
      () => load({ url: `${o.ceilingUrl}/`, connections: 50, duration: roundSeconds }),
      () => lookup(target, asking, roundSeconds),
    );
    const lookupRatio = median(lookupRounds.map((r) => r.measured.rps / r.ceiling.rps));
    const lookupMedian = medianBy(lookupRounds, (r) => r.measured.rps / r.ceiling.rps).measured;
    log(`${name}: look-up ${(lookupRatio * 100).toFixed(0)} % of the ceiling, p99 ${lookupMedian.p99} ms`);

    rss.enter('login');
    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const loginConnections = threads * 2;
    const argon2 = await startArgon2Probe();
    const loginRound = async (): Promise<LoginRound> => {
      const s0 = mainThreadCpuMs(server!.pid);
      const c0 = process.cpuUsage();
      const m = await logins(target, people.slice(0, 100), roundSeconds, loginConnections);
      const s1 = mainThreadCpuMs(server!.pid);
      const c = process.cpuUsage(c0);
      const n = Math.max(1, m.requests);
      const main = s1.main - s0.main;
      return { ...m, cpu: { main: main / n, others: (s1.all - s0.all - main) / n, client: (c.user + c.system) / 1000 / n } };
    };
    let loginRounds: { ceiling: Argon2Rate; measured: LoginRound }[];
    try {
      loginRounds = await alternate(rounds, () => argon2.rate(roundSeconds, loginConnections), loginRound);
    } finally {
      argon2.stop();
    }
    const loginRatio = median(loginRounds.map((r) => r.measured.rps / r.ceiling.rate));
    log(`${name}: login ${(loginRatio * 100).toFixed(0)} % of raw argon2id`);

    rss.enter('submissions');
    const photos = await uploadPhotos(server.url, people);
    const cpu0 = cpuMsOf(server.pid);
    const b = await submissionBurst(server.url, people, photos);
    const cpuMsPerSubmission = (cpuMsOf(server.pid) - cpu0) / people.length;
    // a crash right after the last answer: what was acknowledged must already be stored
    await server.kill();
    const stored = await storedSubmissions(db, b.acknowledged);
    const burst = {
      submitters: people.length, acknowledged: b.acknowledged.length, refused: b.refused, stored, p50: b.p50, p99: b.p99, wallMs: b.wallMs,
      listenDrops: b.listenDrops, cpuMsPerSubmission,
    };
    log(`${name}: ${people.length} submissions, p99 ${b.p99.toFixed(0)} ms, ${stored} of ${b.acknowledged.length} acknowledged stored after a kill`);

    server = await startServer({ dataDir, databaseUrl, secrets });
    rss.enter('restart', server.pid);
    for (const size of o.sizes.slice(1)) await growTo(size, server);
    const memory = { ...rss.stop(), idleAfterStart };
    return { version, lookupRounds, lookupRatio, lookup: lookupMedian, loginRounds, loginRatio, loginConnections, burst, growth, memory };
  } finally {
    await handle?.destroy();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await pgAdmin(o.pgServer, `drop database if exists ${scratch} with (force)`);
  }
}
