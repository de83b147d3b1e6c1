/**
 * `npm run bench`: the product's performance claims, measured. For SQLite and PostgreSQL in turn the
 * real server is started on a fresh database and measured against a ceiling taken in the same run
 * (see docs/performance.md for what each scenario does). Prints a table; a full run rewrites
 * docs/performance.md and its chart, BENCH_QUICK=1 only checks that everything runs.
 *
 *   BENCH_DATABASE_URL   PostgreSQL server to create a scratch database on (default the local test database; "off" skips it)
 *   BENCH_SIZES          application counts for the growth scenario (default 1000,100000,1000000)
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/index.js';
import { addApplicants, growApplications } from './lib/fixtures.js';
import { load, quick, seconds } from './lib/load.js';
import { root, sampleRss, startCeiling, startServer } from './lib/processes.js';
import { machine, printTable, type Row, writeReport } from './lib/report.js';
import { concurrentSubmissions, logins, lookup, queueP99, rawArgon2 } from './lib/scenarios.js';

const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sizes = (process.env.BENCH_SIZES ?? (quick ? '1000,20000' : '1000,100000,1000000')).split(',').map(Number);
const submitters = quick ? 200 : 1000;
const rows: Row[] = [];
const raw: Record<string, unknown> = {};
const notes: string[] = [];
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

async function pgAdmin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: pgServer });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

async function measure(dbName: 'SQLite' | 'PostgreSQL', ceiling: { url: string }): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qgw-bench-'));
  const scratch = `qgw_bench_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (dbName === 'PostgreSQL') {
    await pgAdmin(`create database ${scratch}`);
    const u = new URL(pgServer);
    u.pathname = `/${scratch}`;
    databaseUrl = u.toString();
  }
  const server = await startServer({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const handle = openDatabase(databaseUrl ? { databaseUrl } : { sqliteFile: join(dataDir, 'app.db') });
  const { db } = handle;
  const r: Record<string, unknown> = {};
  try {
    const version = dbName === 'SQLite'
      ? (await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0]!.v
      : (await sql<{ server_version: string }>`show server_version`.execute(db)).rows[0]!.server_version;
    const people = await addApplicants(db, submitters);
    const rss = sampleRss(server.pid);

    const ceil = await load({ url: `${ceiling.url}/`, connections: 50, duration: seconds(10) });
    const lk = await lookup(server.url, people);
    r.ceiling = ceil;
    r.lookup = lk;
    const ratio = lk.rps / ceil.rps;
    const want = dbName === 'SQLite' ? 0.5 : 0.3;
    rows.push({ scenario: 'look-up req/s ÷ ceiling', database: dbName, measured: `${(ratio * 100).toFixed(0)} % (${lk.rps.toFixed(0)} of ${ceil.rps.toFixed(0)} req/s)`, target: `≥ ${want * 100} %`, score: ratio / want, pass: ratio >= want && lk.failures === 0 });
    rows.push({ scenario: 'look-up p99, 50 connections', database: dbName, measured: `${ms(lk.p99)} (p50 ${ms(lk.p50)})`, target: '≤ 20 ms', score: 20 / Math.max(lk.p99, 0.1), pass: lk.p99 <= 20 && lk.failures === 0 });

    const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
    const lg = await logins(server.url, people, threads * 2);
    const hashes = await rawArgon2(threads * 2);
    r.login = lg;
    r.argon2PerSecond = hashes;
    const lratio = lg.rps / hashes;
    rows.push({ scenario: 'login req/s ÷ raw argon2id/s', database: dbName, measured: `${(lratio * 100).toFixed(0)} % (${lg.rps.toFixed(1)} of ${hashes.toFixed(1)}/s)`, target: '≥ 90 %', score: lratio / 0.9, pass: lratio >= 0.9 && lg.failures === 0 });

    const sub = await concurrentSubmissions(server.url, db, people);
    r.submissions = sub;
    const allThere = sub.inDatabase === sub.acknowledged && sub.acknowledged === people.length;
    rows.push({ scenario: `${people.length} concurrent submissions: p99`, database: dbName, measured: `${ms(sub.p99)} (p50 ${ms(sub.p50)})`, target: '≤ 500 ms', score: 500 / Math.max(sub.p99, 1), pass: sub.p99 <= 500 && allThere });
    rows.push({ scenario: `${people.length} concurrent submissions: in the database`, database: dbName, measured: `${sub.inDatabase} of ${sub.acknowledged} acknowledged`, target: 'all', score: sub.acknowledged ? sub.inDatabase / sub.acknowledged : 0, pass: allThere });

    const peak = rss.stop();
    r.peakRssBytes = peak;
    if (dbName === 'SQLite') {
      rows.push({ scenario: 'server memory under load (peak RSS)', database: dbName, measured: `${(peak / 2 ** 20).toFixed(0)} MB`, target: '≤ 150 MB', score: (150 * 2 ** 20) / peak, pass: peak <= 150 * 2 ** 20 });
    }

    const growth: { size: number; lookupP99: number; queueP99: number }[] = [];
    for (const size of sizes) {
      const t0 = Date.now();
      await growApplications(db, size);
      const lkp = await lookup(server.url, people);
      growth.push({ size, lookupP99: lkp.p99, queueP99: await queueP99(db) });
      console.log(`${dbName}: ${size} applications (filled in ${((Date.now() - t0) / 1000).toFixed(0)} s): look-up p99 ${ms(lkp.p99)}, queue p99 ${ms(growth.at(-1)!.queueP99)}`);
    }
    r.growth = growth;
    const [first, last] = [growth[0]!, growth.at(-1)!];
    // a 1 ms floor: below it a ratio measures the timer, not the database
    for (const [label, a, b] of [['look-up', first.lookupP99, last.lookupP99], ['console queue', first.queueP99, last.queueP99]] as const) {
      const g = Math.max(b, 1) / Math.max(a, 1);
      rows.push({ scenario: `${label} p99 growth ${first.size.toLocaleString('en')} → ${last.size.toLocaleString('en')}`, database: dbName, measured: `${g.toFixed(2)}× (${ms(a)} → ${ms(b)})`, target: '≤ 2×', score: 2 / g, pass: g <= 2 });
    }
    raw[dbName] = r;
    return version;
  } finally {
    await handle.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName === 'PostgreSQL') await pgAdmin(`drop database if exists ${scratch} with (force)`);
  }
}

function web(): void {
  if (!existsSync(join(root, 'bench/web.ts'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
    const sizes = [...(build.stdout + build.stderr).matchAll(/entry route (\w+): ([\d.]+) KB gzip/g)];
    for (const [, route, kb] of sizes) {
      rows.push({ scenario: `entry-route JavaScript (${route})`, database: '—', measured: `${kb} KB gzip`, target: '≤ 150 KB', score: 150 / Number(kb), pass: Number(kb) <= 150 });
    }
    if (sizes.length === 0) notes.push('the web build did not report its entry-route sizes');
    return;
  }
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/web.ts'], { cwd: root, stdio: 'inherit' });
  const file = join(root, 'bench/results/web.json');
  if (run.status !== 0 || !existsSync(file)) return void notes.push('the web measurements (bench/web.ts) did not finish');
  const w = JSON.parse(readFileSync(file, 'utf8')) as { entryJsGzipBytes: number; budgetBytes: number; lighthouse: { home: number; login: number } };
  rows.push({ scenario: 'entry-route JavaScript', database: '—', measured: `${(w.entryJsGzipBytes / 1024).toFixed(1)} KB gzip`, target: `≤ ${w.budgetBytes / 1024} KB`, score: w.budgetBytes / w.entryJsGzipBytes, pass: w.entryJsGzipBytes <= w.budgetBytes });
  for (const route of ['home', 'login'] as const) {
    const s = w.lighthouse[route];
    rows.push({ scenario: `Lighthouse mobile performance (${route})`, database: '—', measured: String(s), target: '≥ 95', score: s / 95, pass: s >= 95 });
  }
}

async function main() {
  const ceiling = await startCeiling();
  let sqliteVersion = '';
  let pgVersion = 'not measured';
  try {
    sqliteVersion = await measure('SQLite', ceiling);
    if (pgServer !== 'off') {
      try {
        pgVersion = await measure('PostgreSQL', ceiling);
      } catch (err) {
        notes.push(`PostgreSQL was not measured: ${(err as Error).message.split('\n')[0]}`);
      }
    }
  } finally {
    await ceiling.stop();
  }
  web();
  printTable(rows);
  if (quick) {
    console.log('\n(BENCH_QUICK: docs/performance.md left as it was)');
    return;
  }
  writeReport(rows, machine(sqliteVersion, pgVersion), raw, notes);
  console.log('\nwritten: docs/performance.md, docs/performance-chart.svg, bench/results/latest.json');
}

await main();
