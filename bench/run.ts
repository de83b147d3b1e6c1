/**
 * `npm run bench`: the product's performance claims, measured. For SQLite and PostgreSQL in turn the
 * real server is started on a fresh database and measured against ceilings taken in the same run
 * (docs/performance.md says how each scenario works), after bench/web.ts, when present, has measured
 * the web app. Prints a table; a full run rewrites docs/performance.md and its chart, BENCH_QUICK=1 only
 * checks that everything runs.
 *
 *   BENCH_QUICK=1          short rounds, small sizes, 200 submitters
 *   BENCH_SIZES            application counts for the growth scenario (default 1000,100000,1000000)
 *   BENCH_DATABASE_URL     PostgreSQL server to make a scratch database on (default the local test database; "off" skips it)
 *   BENCH_WEB=off          skip bench/web.ts
 *   BENCH_SERVER_NODE_ARGS extra node flags for the server (profiling)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { quick } from './lib/load.js';
import { type DatabaseRun, measureDatabase } from './lib/measure.js';
import { root, startCeiling } from './lib/processes.js';
import { type DatabaseName, loadNow, machine, printTable, type Row, writeReport, writeResults } from './lib/report.js';
import { detailOf, rowsOf } from './lib/rows.js';

const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sizes = (process.env.BENCH_SIZES ?? (quick ? '1000,20000' : '1000,100000,1000000')).split(',').map(Number);
if (sizes.length < 2 || sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) throw new Error('BENCH_SIZES: at least two positive counts, e.g. 1000,100000');
const submitters = quick ? 200 : 1000;

interface WebResults {
  entryJsGzipBytes: number;
  budgetBytes: number;
  lighthouse: { home: number; login: number };
}

/** bench/web.ts as a child process (it starts its own server and browser); its rows, or why there are none. */
function web(notes: string[]): Row[] {
  if (process.env.BENCH_WEB === 'off') return [];
  if (!existsSync(join(root, 'bench/web.ts'))) {
    notes.push('The web measurements (bench/web.ts) are not in this checkout: entry JavaScript and Lighthouse scores were not measured.');
    return [];
  }
  const file = join(root, 'bench/results/web.json');
  const started = Date.now();
  const env = { ...process.env, ...(quick && !process.env.BENCH_WEB_RUNS ? { BENCH_WEB_RUNS: '1' } : {}) };
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/web.ts'], { cwd: root, stdio: 'inherit', env });
  // a web.json left by an earlier run must not pass for this one
  const fresh = existsSync(file) && statSync(file).mtimeMs >= started;
  if (run.status !== 0 || !fresh) {
    notes.push(`The web measurements (bench/web.ts) did not finish (exit ${run.status ?? run.signal}).`);
    return [];
  }
  const w = JSON.parse(readFileSync(file, 'utf8')) as WebResults;
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  return [
    {
      scenario: 'entry JavaScript (gzip), heaviest first screen', database: '—', measured: kb(w.entryJsGzipBytes), target: `≤ ${kb(w.budgetBytes)}`,
      score: w.budgetBytes / w.entryJsGzipBytes, pass: w.entryJsGzipBytes <= w.budgetBytes,
    },
    ...(['home', 'login'] as const).map((route): Row => ({
      scenario: `Lighthouse mobile performance: ${route}`, database: '—', measured: String(w.lighthouse[route]), target: '≥ 95',
      score: w.lighthouse[route] / 95, pass: w.lighthouse[route] >= 95,
    })),
  ];
}

async function main() {
  const loadAtStart = loadNow();
  const rows: Row[] = [];
  const details: string[] = [];
  const notes: string[] = [];
  const raw: Partial<Record<DatabaseName, DatabaseRun>> = {};
  const versions: Record<DatabaseName, string> = { SQLite: '', PostgreSQL: 'not measured' };
  // The web first, on a machine at rest: Lighthouse's mobile score follows how long the page's tasks
  // take, and after the server benchmarks the disk and PostgreSQL are still writing out the growth
  // scenario's million rows per database.
  const webRows = web(notes);
  const ceiling = await startCeiling();
  try {
    for (const name of ['SQLite', 'PostgreSQL'] as const) {
      if (name === 'PostgreSQL' && pgServer === 'off') continue;
      try {
        const r = await measureDatabase(name, { pgServer, sizes, submitters, ceilingUrl: ceiling.url }, (line) => console.log(line));
        raw[name] = r;
        versions[name] = r.version;
        rows.push(...rowsOf(name, r));
        details.push(detailOf(name, r));
      } catch (err) {
        if (name === 'SQLite') throw err;
        notes.push(`PostgreSQL was not measured: ${(err as Error).message.split('\n')[0]}`);
        console.error(err);
      }
    }
  } finally {
    await ceiling.stop();
  }
  rows.push(...webRows);
  printTable(rows);
  for (const n of notes) console.log(`note: ${n}`);
  const m = machine(versions.SQLite, versions.PostgreSQL, loadAtStart);
  writeResults(quick ? 'quick.json' : 'latest.json', { machine: m, sizes, submitters, rows, notes, raw });
  if (quick) {
    console.log('\n(BENCH_QUICK: raw numbers in bench/results/quick.json; docs/performance.md left as it was)');
    return;
  }
  writeReport({ rows, machine: m, details, notes });
  console.log('\nwritten: docs/performance.md, docs/performance-chart.svg, bench/results/latest.json');
}

await main();
