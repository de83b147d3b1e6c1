/**
 * One database's run: the server on a fresh database, fixtures, then in order growth at the first
 * size, look-up against the ceiling, logins against raw argon2id, the submission burst with a crash
 * check, and growth at the remaining sizes, each in rounds alternating with a reference database held
 * at the first size (bench/lib/growth.ts). Memory is sampled throughout. Answers raw numbers; the
 * runner turns them into rows.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../apps/api/src/db/index.js';
import { addFixtures, type GrowthPoint, type Measured, measureGrowth, newScratch, startReference } from './growth.js';
import { alternate, load, type LoadResult, median, medianBy, rounds, roundSeconds } from './load.js';
import { type Argon2Rate, cpuMsOf, mainThreadCpuMs, RssSampler, type Running, startArgon2Probe, startServer } from './processes.js';
import type { DatabaseName } from './report.js';
import { lookup, logins, storedSubmissions, submissionBurst, uploadPhotos } from './scenarios.js';

export { pgAdmin } from './growth.js';
export type { GrowthPoint } from './growth.js';

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

export async function measureDatabase(name: DatabaseName, o: MeasureOptions, log: (line: string) => void): Promise<DatabaseRun> {
  const scratch = await newScratch(name, o.pgServer);
  const { dataDir, databaseUrl, secrets, sqliteFile } = scratch;
  let server: Running | undefined;
  let handle: DatabaseHandle | undefined;
  let reference: (Measured & { stop(): Promise<void> }) | undefined;
  try {
    server = await startServer({ dataDir, databaseUrl, secrets });
    handle = scratch.open();
    const { db, dialect } = handle;
    const version = name === 'SQLite'
      ? (await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0]!.v
      : (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]!.v;
    const rss = new RssSampler(server.pid);
    const idleAfterStart = rss.now();

    const fixtures = await addFixtures(db, server.url, o.submitters);
    const { people, asking } = fixtures;

    const growth: GrowthPoint[] = [];
    const growTo = async (size: number, s: Running) => {
      rss.enter(`growth ${size.toLocaleString('en')}`);
      const point = await measureGrowth({ db, server: s, fixtures }, dialect, sqliteFile, size, reference);
      growth.push(point);
      const paired = point.paired ? ` (× ${point.paired.lookupRatio.toFixed(2)} and × ${point.paired.queueRatio.toFixed(2)} the reference at ${o.sizes[0]})` : '';
      log(`${name}: ${size} applications (filled in ${point.fillSeconds.toFixed(0)} s): look-up p99 ${point.lookup.p99} ms, console queue p99 ${point.queue.p99} ms${paired}`);
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
    reference = await startReference(name, o.pgServer, o.sizes[0]!, o.submitters);
    for (const size of o.sizes.slice(1)) await growTo(size, server);
    const memory = { ...rss.stop(), idleAfterStart };
    return { version, lookupRounds, lookupRatio, lookup: lookupMedian, loginRounds, loginRatio, loginConnections, burst, growth, memory };
  } finally {
    await reference?.stop();
    await handle?.destroy();
    await server?.stop();
    await scratch.remove();
  }
}
