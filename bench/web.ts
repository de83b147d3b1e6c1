/**
 * The web app's first screens, measured: the JavaScript they need (gzip, against the build's budget)
 * and Lighthouse's mobile scores (performance, accessibility, best practices) for the programme home
 * (the default route) and the login screen, or for every applicant route, served by the real server
 * as in production (compression, cache headers). Every run is kept with Lighthouse's benchmark index
 * (how fast the machine was then), so a median is always shown with its spread.
 *
 * Builds nothing unless apps/web/dist (with its .vite/manifest.json) is missing. Prints a table
 * and writes bench/results/web.json ({ entryJsGzipBytes, budgetBytes, lighthouse: { home, login },
 * routes: { <name>: { path, signedIn, runs, median, spread } }, … }), which `npm run bench` reads.
 *
 *   CHROME_PATH          the browser (default /usr/bin/chromium)
 *   BENCH_WEB_RUNS       Lighthouse runs per route; the median counts (default 5)
 *   BENCH_WEB_ROUTES     `all`: every applicant route (not /console) and the detail views of the demo
 *                        content (an article, a document, a subdivision, a member); or a comma list of
 *                        route paths, `details` for those detail views (default: home and login).
 *                        Screens behind the login are scored signed in as the demo applicant.
 *                        With `all`, docs/performance-routes.md is written too (every route, every run).
 *   BENCH_WEB_REPORTS    a directory to keep every run's full Lighthouse result in (JSON), for looking into a score
 *   BENCH_WEB_PROTOCOL   `h2` (default): the page is served as in production, through TLS and HTTP/2 in front
 *                        of the server (bench/lib/tls-front.ts); `h1`: from the server directly, over HTTP/1.1
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { freePort, root, serverEntry } from './lib/processes.js';
import { startTlsFront, type TlsFront } from './lib/tls-front.js';
import { entryJavaScript, type EntryWeights } from './web-entry.js';
import { allDetails, applicantSession, audit, setLocalStorage, targets, wantsDetails, type Run, type Target } from './web-lighthouse.js';
import { routesReport } from './web-routes-report.js';

const webDist = join(root, 'apps/web/dist');
const manifestFile = join(webDist, '.vite/manifest.json');
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportsDir = process.env.BENCH_WEB_REPORTS;
const screens = targets(process.env.BENCH_WEB_ROUTES);
const protocol = process.env.BENCH_WEB_PROTOCOL ?? 'h2';
if (protocol !== 'h1' && protocol !== 'h2') throw new Error('BENCH_WEB_PROTOCOL: h1 or h2');

type Scores = 'performance' | 'accessibility' | 'bestPractices' | 'benchmarkIndex';
type Median = Omit<Run, 'failing'>;
interface RouteResult {
  path: string;
  signedIn: boolean;
  runs: Run[];
  median: Median;
  /** [min, max] over the runs */
  spread: Record<Scores, [number, number]>;
}

function ensureBuild(): void {
  if (existsSync(join(webDist, 'index.html')) && existsSync(manifestFile)) return;
  console.log('apps/web/dist is missing: building it (npm run build -w apps/web)');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
}

/** The real server on a fresh data directory, outside production (demo data, so the home has its content). */
async function startServer(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    FILE_URL_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [serverEntry()], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${out}`);
    if (Date.now() > until) throw new Error(`no answer from ${url}/healthz: ${out}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return { url, stop };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function summarise(target: Target, list: Run[]): RouteResult {
  const keys = Object.keys(list[0]!).filter((k) => k !== 'failing') as (keyof Median)[];
  const spreadOf = (k: Scores): [number, number] => [Math.min(...list.map((r) => r[k])), Math.max(...list.map((r) => r[k]))];
  return {
    path: target.path,
    signedIn: target.signedIn,
    runs: list,
    median: Object.fromEntries(keys.map((k) => [k, median(list.map((r) => r[k]))])) as unknown as Median,
    spread: { performance: spreadOf('performance'), accessibility: spreadOf('accessibility'), bestPractices: spreadOf('bestPractices'), benchmarkIndex: spreadOf('benchmarkIndex') },
  };
}

function printTable(weights: EntryWeights, results: Record<string, RouteResult>): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const each = (r: RouteResult, k: Scores) => (r.runs.length > 1 ? ` (${r.runs.map((x) => x[k]).join(', ')})` : '');
  const rows = Object.entries(results).map(([name, r]) => {
    const m = r.median;
    return {
      screen: name + (r.signedIn ? ' *' : ''),
      'JS gzip': weights.routes[name] === undefined ? '' : kb(weights.routes[name]),
      'JS sent': kb(m.scriptTransferBytes),
      perf: `${m.performance}${each(r, 'performance')}`,
      a11y: `${m.accessibility}${each(r, 'accessibility')}`,
      'best pr.': `${m.bestPractices}${each(r, 'bestPractices')}`,
      'bench idx': `${m.benchmarkIndex}${each(r, 'benchmarkIndex')}`,
      FCP: s(m.fcpMs),
      LCP: s(m.lcpMs),
      TBT: `${Math.round(m.tbtMs)} ms`,
      CLS: m.cls.toFixed(3),
      SI: s(m.speedIndexMs),
      TTI: s(m.ttiMs),
    };
  });
  console.table(rows);
  for (const [name, r] of Object.entries(results)) {
    const failing = [...new Set(r.runs.flatMap((x) => x.failing))];
    if (failing.length) console.log(`${name}: not passed: ${failing.join(', ')}`);
  }
  console.log(`entry-route JavaScript: ${kb(weights.maxGzipBytes)} gzip of a ${kb(weights.budgetBytes)} budget; Lighthouse mobile: median of ${runs} run(s), each in brackets; served over ${protocol === 'h2' ? 'TLS and HTTP/2 (production\'s front)' : 'HTTP/1.1 from the server'}; * signed in; targets: performance ≥ 95, accessibility 100, best practices ≥ 95`);
}

async function main(): Promise<void> {
  // a second busy process slows Chrome's page more than Lighthouse's benchmark index (one core, briefly) shows
  const load = { atStart: loadavg()[0]!, max: loadavg()[0]! };
  ensureBuild();
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const weights = entryJavaScript(webDist);
  const dataDir = mkdtempSync(join(tmpdir(), 'qgw-bench-web-'));
  const server = await startServer(dataDir);
  const front: TlsFront | undefined = protocol === 'h2' ? await startTlsFront(server.url) : undefined;
  // where the browser opens the pages: production's front (TLS, HTTP/2) or the server itself
  const pageOrigin = front?.url ?? server.url;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      // the front's certificate is self-signed, made for this run
      ...(front ? ['--ignore-certificate-errors'] : []),
    ],
  });
  const results: Record<string, RouteResult> = {};
  let browser = '';
  try {
    browser = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
    // one unmeasured visit first: the server compiles and caches its first answers
    await fetch(`${server.url}/`);
    if (wantsDetails(process.env.BENCH_WEB_ROUTES)) screens.push(...(await allDetails(server.url)));
    const session = screens.some((t) => t.signedIn) ? await applicantSession(server.url) : {};
    let signedIn: boolean | undefined;
    for (const target of screens) {
      if (signedIn !== target.signedIn) await setLocalStorage(chrome.port, pageOrigin, target.signedIn ? session : {});
      signedIn = target.signedIn;
      const list: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const saveAs = reportsDir ? join(reportsDir, `${target.name.replace(/^\//, '').replace(/[/?=…]/g, '_')}-${i + 1}.json`) : undefined;
        list.push(await audit(`${pageOrigin}/#${target.path}`, chrome.port, saveAs));
      }
      results[target.name] = summarise(target, list);
      load.max = Math.max(load.max, loadavg()[0]!);
      console.log(`${target.name}: performance ${list.map((r) => r.performance).join(', ')}, accessibility ${list.map((r) => r.accessibility).join(', ')}, best practices ${list.map((r) => r.bestPractices).join(', ')}`);
    }
  } finally {
    chrome.kill();
    await front?.stop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(weights, results);
  const first = (name: string) => results[name];
  const out = {
    entryJsGzipBytes: weights.maxGzipBytes,
    budgetBytes: weights.budgetBytes,
    // the home and login medians that bench/run.ts reports (absent when BENCH_WEB_ROUTES left them out)
    lighthouse: Object.fromEntries(['home', 'login'].flatMap((n) => (first(n) ? [[n, first(n)!.median.performance]] : []))),
    entryJsGzipBytesByRoute: weights.routes,
    lighthouseRuns: runs,
    load: { atStart: Number(load.atStart.toFixed(2)), max: Number(load.max.toFixed(2)) },
    protocol,
    routes: results,
    browser,
    date: new Date().toISOString().slice(0, 10),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/web.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('written: bench/results/web.json');
  if (process.env.BENCH_WEB_ROUTES === 'all') {
    const lighthouseVersion = (JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string }).version;
    writeFileSync(join(root, 'docs/performance-routes.md'), routesReport({ ...out, lighthouseVersion }));
    console.log('written: docs/performance-routes.md');
  }
}

await main();
