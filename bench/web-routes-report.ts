/**
 * docs/performance-routes.md from a run of bench/web.ts over every applicant route
 * (`BENCH_WEB_ROUTES=all`): each route's median and every run, with the benchmark index of each
 * run, so that a score is read beside how fast the machine was when it was taken.
 */
import type { Run } from './web-lighthouse.js';

export interface RouteRuns {
  path: string;
  signedIn: boolean;
  runs: Run[];
  median: Omit<Run, 'failing'>;
}

export interface RoutesRun {
  date: string;
  browser: string;
  protocol: string;
  lighthouseVersion: string;
  /** the machine's 1-minute load average before the audit started and the highest seen between routes */
  load?: { atStart: number; max: number };
  entryJsGzipBytes: number;
  budgetBytes: number;
  routes: Record<string, RouteRuns>;
}

const targets = { performance: 95, accessibility: 100, bestPractices: 95 } as const;

const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const list = (runs: Run[], k: keyof Omit<Run, 'failing'>) => runs.map((r) => r[k]).join(', ');

export function routesReport(run: RoutesRun): string {
  const entries = Object.entries(run.routes);
  const runsPerRoute = Math.max(...entries.map(([, r]) => r.runs.length));
  const meets = (r: RouteRuns) =>
    r.median.performance >= targets.performance && r.median.accessibility >= targets.accessibility && r.median.bestPractices >= targets.bestPractices;
  const met = entries.filter(([, r]) => meets(r)).length;
  const indexes = entries.flatMap(([, r]) => r.runs.map((x) => x.benchmarkIndex));
  const lines = [
    '# Every applicant route in Lighthouse',
    '',
    `Measured on ${run.date} by \`BENCH_WEB_ROUTES=all BENCH_WEB_RUNS=${runsPerRoute} node --import tsx bench/web.ts\`,`,
    `which writes this file. Lighthouse ${run.lighthouseVersion}, mobile profile (a mid-range phone, slow 4G, 4× CPU`,
    `slowdown), in ${run.browser}; the production build served ${run.protocol === 'h2' ? 'through TLS and HTTP/2, as in production' : 'over HTTP/1.1 from the server'}`,
    'with the demo data. Screens a visitor sees before signing in are scored signed out; the others signed',
    'in as the demo applicant (marked ✓).',
    '',
    `**${met} of ${entries.length} routes meet every target** (median performance ≥ ${targets.performance}, accessibility ${targets.accessibility},`,
    `best practices ≥ ${targets.bestPractices}). Lighthouse's benchmark index (how fast the machine was; higher is faster) ran from`,
    `${Math.min(...indexes)} to ${Math.max(...indexes)} over the ${indexes.length} runs: a score is comparable only with one taken at a similar index.`,
    ...(run.load
      ? [`The machine's 1-minute load average was ${run.load.atStart} before the audit and at most ${run.load.max} during it (Chrome and the`,
          'server count for about 1–2): another busy process lowers the scores by more than the benchmark index shows.']
      : []),
    `Entry-route JavaScript: ${(run.entryJsGzipBytes / 1024).toFixed(1)} KB gzip of a ${(run.budgetBytes / 1024).toFixed(1)} KB budget.`,
    '',
    '| route | signed in | performance (each run) | accessibility | best practices | benchmark index (each run) | LCP | TBT | JS sent | target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...entries.map(([name, r]) => {
      const cells = [
        `\`${name}\``,
        r.signedIn ? '✓' : '',
        `${r.median.performance} (${list(r.runs, 'performance')})`,
        `${r.median.accessibility}`,
        `${r.median.bestPractices}`,
        `${r.median.benchmarkIndex} (${list(r.runs, 'benchmarkIndex')})`,
        s(r.median.lcpMs),
        `${Math.round(r.median.tbtMs)} ms`,
        `${(r.median.scriptTransferBytes / 1024).toFixed(0)} KB`,
        meets(r) ? 'met' : '**not met**',
      ];
      return `| ${cells.join(' | ')} |`;
    }),
    '',
  ];
  return lines.join('\n');
}
