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
 *   BENCH_WEB=off          skip bench/web.ts (which measures home and login here, whatever BENCH_WEB_ROUTES says)
 *   BENCH_VIDEO=off        skip bench/video.ts (BENCH_VIDEO_MB: its size)
 *   BENCH_PIN=off          do not pin the servers and the load generator to cores of their own
 *   BENCH_SERVER_NODE_ARGS extra node flags for the server (profiling)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { quick } from './lib/load.js';
import { type DatabaseRun, measureDatabase } from './lib/measure.js';
import { pinning, withPostgresPinned } from './lib/pinning.js';
import { root, startCeiling } from './lib/processes.js';
import { type DatabaseName, loadNow, machine, printTable, type Row, writeReport, writeResults } from './lib/report.js';
import { compareRows, detailOf, rowsOf } from './lib/rows.js';

const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sizes = (process.env.BENCH_SIZES ?? (quick ? '1000,20000' : '1000,100000,1000000')).split(',').map(Number);
if (sizes.length < 2 || sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) throw new Error('BENCH_SIZES: at least two positive counts, e.g. 1000,100000');
const submitters = quick ? 200 : 1000;

interface WebRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  benchmarkIndex: number;
  /** time to interactive on Lighthouse's slow 4G phone (ms) */
  ttiMs: number;
}

interface WebRoute {
  runs: WebRun[];
  median: WebRun;
}

/** Slow 4G: the first screens answer a tap within this long of navigation (time to interactive) */
const TTI_TARGET_MS = 3000;

interface WebResults {
  /** how bench/web.ts served the page: h2 (TLS and HTTP/2 in front, as in production) or h1 */
  protocol?: 'h1' | 'h2';
  entryJsGzipBytes: number;
  budgetBytes: number;
  lighthouseRuns: number;
  routes: Record<string, WebRoute>;
}

const webScores = [
  ['performance', 'performance', 95],
  ['accessibility', 'accessibility', 100],
  ['bestPractices', 'best practices', 95],
] as const;

/** min–max of a score over the runs, or the one value */
const spreadOf = (xs: number[]) => (Math.min(...xs) === Math.max(...xs) ? String(xs[0]) : `${Math.min(...xs)}–${Math.max(...xs)}`);

/** Every Lighthouse run of home and login, with the benchmark index Lighthouse measured for the machine then. */
function webDetail(w: WebResults): string {
  const lines = ['### Web: every Lighthouse run (mobile profile)', '',
    'Each run of each screen, in order; the rows above give the median. The benchmark index is Lighthouse\'s',
    'measure of how fast the machine was during that run (higher is faster): a score is only comparable',
    `with one taken at a similar index. The page was served ${w.protocol === 'h1' ? 'by the server itself, over HTTP/1.1' : 'as in production, through TLS and HTTP/2 in front of the server'}.`, '',
    '| screen | run | performance | accessibility | best practices | time to interactive | benchmark index |', '|---|---|---|---|---|---|---|'];
  for (const name of ['home', 'login']) {
    const r = w.routes[name];
    if (!r) continue;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    r.runs.forEach((x, i) => lines.push(`| ${name} | ${i + 1} | ${x.performance} | ${x.accessibility} | ${x.bestPractices} | ${s(x.ttiMs)} | ${x.benchmarkIndex} |`));
    const all = (k: keyof WebRoute['median']) => spreadOf(r.runs.map((x) => x[k]));
    const tti = r.runs.map((x) => x.ttiMs);
    lines.push(`| ${name} | spread | ${all('performance')} | ${all('accessibility')} | ${all('bestPractices')} | ${s(Math.min(...tti))}–${s(Math.max(...tti))} | ${all('benchmarkIndex')} |`);
  }
  return lines.join('\n');
}

/** bench/web.ts as a child process (it starts its own server and browser); its rows, or why there are none. */
function web(notes: string[], details: string[]): Row[] {
  if (process.env.BENCH_WEB === 'off') return [];
  if (!existsSync(join(root, 'bench/web.ts'))) {
    notes.push('The web measurements (bench/web.ts) are not in this checkout: entry JavaScript and Lighthouse scores were not measured.');
    return [];
  }
  const file = join(root, 'bench/results/web.json');
  const started = Date.now();
  // home and login (BENCH_WEB_ROUTES=all is for an audit of every screen, not for this report)
  const env = { ...process.env, BENCH_WEB_ROUTES: '', ...(quick && !process.env.BENCH_WEB_RUNS ? { BENCH_WEB_RUNS: '1' } : {}) };
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/web.ts'], { cwd: root, stdio: 'inherit', env });
  // a web.json left by an earlier run must not pass for this one
  const fresh = existsSync(file) && statSync(file).mtimeMs >= started;
  if (run.status !== 0 || !fresh) {
    notes.push(`The web measurements (bench/web.ts) did not finish (exit ${run.status ?? run.signal}).`);
    return [];
  }
  const w = JSON.parse(readFileSync(file, 'utf8')) as WebResults;
  details.push(webDetail(w));
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  return [
    {
      scenario: 'entry JavaScript (gzip), heaviest first screen', database: '—', measured: kb(w.entryJsGzipBytes), target: `≤ ${kb(w.budgetBytes)}`,
      score: w.budgetBytes / w.entryJsGzipBytes, pass: w.entryJsGzipBytes <= w.budgetBytes,
    },
    ...(['home', 'login'] as const).flatMap((route) =>
      webScores.map(([key, label, target]): Row => {
        const r = w.routes[route]!;
        const median = r.median[key];
        const runs = r.runs.map((x) => x[key]);
        const index = spreadOf(r.runs.map((x) => x.benchmarkIndex));
        return {
          scenario: `Lighthouse mobile ${label}: ${route}`, database: '—',
          // every run and its spread, so that one lucky run is never the claim
          measured: `${median} (median of ${runs.length}: ${runs.join(', ')}; spread ${spreadOf(runs)}; benchmark index ${index})`,
          target: target === 100 ? '100' : `≥ ${target}`,
          score: median / target, pass: median >= target,
        };
      })),
    ...(['home', 'login'] as const).map((route): Row => {
      const r = w.routes[route]!;
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      const runs = r.runs.map((x) => x.ttiMs);
      return {
        scenario: `Lighthouse slow 4G time to interactive: ${route}`, database: '—',
        measured: `${s(r.median.ttiMs)} (median of ${runs.length}: ${runs.map(s).join(', ')})`,
        target: `≤ ${s(TTI_TARGET_MS)}`,
        score: TTI_TARGET_MS / r.median.ttiMs, pass: r.median.ttiMs <= TTI_TARGET_MS,
      };
    }),
  ];
}

/** bench/video.ts as a child process (its own server); its rows, or why there are none. */
function video(notes: string[]): Row[] {
  if (process.env.BENCH_VIDEO === 'off') return [];
  const file = join(root, `bench/results/${quick ? 'video-quick.json' : 'video.json'}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/video.ts'], { cwd: root, stdio: 'inherit', env: process.env });
  if (run.status !== 0 || !existsSync(file) || statSync(file).mtimeMs < started) {
    notes.push(`The video upload (bench/video.ts) did not finish (exit ${run.status ?? run.signal}).`);
    return [];
  }
  return (JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }).rows;
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
  // scenario's million rows per database. And before this process is pinned to the load generator's
  // core: the browser, the server and Lighthouse would inherit that one core, and the page's tasks,
  // sharing it, took longer (home scored 77–78 on one core, 95–97 on both, same build and machine).
  const webRows = web(notes, details);
  // before any measured process is started: they inherit this process's cores otherwise
  const pin = pinning();
  // before the databases' runs, for the same reason: a disk still writing out a million rows
  const videoRows = video(notes);
  const ceiling = await startCeiling();
  try {
    for (const name of ['SQLite', 'PostgreSQL'] as const) {
      if (name === 'PostgreSQL' && pgServer === 'off') continue;
      try {
        const measure = () => measureDatabase(name, { pgServer, sizes, submitters, ceilingUrl: ceiling.url }, (line) => console.log(line));
        const r = name === 'PostgreSQL' ? await withPostgresPinned(pgServer, measure) : await measure();
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
  if (raw.SQLite && raw.PostgreSQL) rows.push(...compareRows(raw.SQLite, raw.PostgreSQL));
  rows.push(...videoRows, ...webRows);
  printTable(rows);
  notes.unshift(`Cores: ${pin.note}.`);
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
