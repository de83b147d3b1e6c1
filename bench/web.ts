/**
 * The web app's first screens, measured: the JavaScript they need (gzip, against the build's budget)
 * and Lighthouse's mobile performance score for the programme home (the default route) and the login
 * screen, served by the real server as in production (compression, cache headers).
 *
 * Builds nothing unless apps/web/dist (with its .vite/manifest.json) is missing. Prints a table
 * and writes bench/results/web.json ({ entryJsGzipBytes, budgetBytes, lighthouse: { home, login }, … }),
 * which `npm run bench` reads.
 *
 *   CHROME_PATH          the browser (default /usr/bin/chromium)
 *   BENCH_WEB_RUNS       Lighthouse runs per route; the median counts (default 5)
 *   BENCH_WEB_REPORTS    a directory to keep every run's full Lighthouse result in (JSON), for looking into a score
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { freePort, root, serverEntry } from './lib/processes.js';
import { entryJavaScript, type EntryWeights } from './web-entry.js';

const webDist = join(root, 'apps/web/dist');
const manifestFile = join(webDist, '.vite/manifest.json');
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportsDir = process.env.BENCH_WEB_REPORTS;

/** The first screens: the default route and login (hash routes of the SPA). */
const screens = {
  home: '/#/pages/cxb2024/index',
  login: '/#/pages/login/index',
} as const;
type Screen = keyof typeof screens;

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  scriptTransferBytes: number;
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

/** One Lighthouse run; a run whose trace Chrome failed to record (it happens on a busy machine) is repeated. */
async function audit(url: string, port: number, saveAs?: string): Promise<Run> {
  let lhr: Result | undefined;
  for (let attempt = 1; ; attempt++) {
    // the default configuration is Lighthouse's mobile preset: a mid-range phone, slow 4G, 4× CPU slowdown
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) break;
    const why = lhr?.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : 'no result';
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${why}`);
    console.warn(`Lighthouse on ${url}: ${why}; again`);
  }
  if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
  const score = lhr.categories.performance?.score;
  if (score === null || score === undefined) throw new Error(`Lighthouse scored nothing for ${url}`);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    score: Math.round(score * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    scriptTransferBytes: items.filter((i) => i.resourceType === 'Script').reduce((n, i) => n + (i.transferSize ?? 0), 0),
  };
}

function summarise(list: Run[]): Run {
  const pick = (k: keyof Run) => median(list.map((r) => r[k]));
  return {
    score: pick('score'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    speedIndexMs: pick('speedIndexMs'),
    scriptTransferBytes: pick('scriptTransferBytes'),
  };
}

function printTable(weights: EntryWeights, results: Record<Screen, { median: Run; scores: number[] }>): void {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const s = (n: number) => `${(n / 1000).toFixed(2)} s`;
  const rows = (Object.keys(screens) as Screen[]).map((name) => {
    const m = results[name].median;
    return {
      screen: name,
      'JS gzip': kb(weights.routes[name] ?? 0),
      'JS sent': kb(m.scriptTransferBytes),
      score: `${m.score} (${results[name].scores.join(', ')})`,
      FCP: s(m.fcpMs),
      LCP: s(m.lcpMs),
      TBT: `${Math.round(m.tbtMs)} ms`,
      CLS: m.cls.toFixed(3),
      'Speed Index': s(m.speedIndexMs),
    };
  });
  console.table(rows);
  console.log(`entry-route JavaScript: ${kb(weights.maxGzipBytes)} gzip of a ${kb(weights.budgetBytes)} budget; Lighthouse: median of ${runs} run(s), target ≥ 95`);
}

async function main(): Promise<void> {
  ensureBuild();
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const weights = entryJavaScript(webDist);
  const dataDir = mkdtempSync(join(tmpdir(), 'qgw-bench-web-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const results = {} as Record<Screen, { median: Run; scores: number[] }>;
  let browser = '';
  try {
    browser = ((await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { Browser: string }).Browser;
    // one unmeasured visit first: the server compiles and caches its first answers
    await fetch(`${server.url}/`);
    for (const name of Object.keys(screens) as Screen[]) {
      const list: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const saveAs = reportsDir ? join(reportsDir, `${name}-${i + 1}.json`) : undefined;
        list.push(await audit(`${server.url}${screens[name]}`, chrome.port, saveAs));
      }
      results[name] = { median: summarise(list), scores: list.map((r) => r.score) };
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  printTable(weights, results);
  const out = {
    entryJsGzipBytes: weights.maxGzipBytes,
    budgetBytes: weights.budgetBytes,
    lighthouse: { home: results.home.median.score, login: results.login.median.score },
    entryJsGzipBytesByRoute: weights.routes,
    lighthouseRuns: runs,
    lighthouseMedians: { home: results.home.median, login: results.login.median },
    lighthouseScores: { home: results.home.scores, login: results.login.scores },
    browser,
    date: new Date().toISOString().slice(0, 10),
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/web.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log('written: bench/results/web.json');
}

await main();
