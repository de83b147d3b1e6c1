/**
 * The benchmark's outputs: a table on stdout, the raw numbers in bench/results/latest.json, and
 * docs/performance.md with a chart (docs/performance-chart.svg) of each result against its target.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { root, startFlags } from './processes.js';

export type DatabaseName = 'SQLite' | 'PostgreSQL';

export interface Row {
  scenario: string;
  database: DatabaseName | '—';
  measured: string;
  target: string;
  /** the result against its target, normalised so that ≥ 1 meets it (measured ÷ target, or target ÷ measured for "at most") */
  score: number;
  pass: boolean;
}

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  sqlite: string;
  postgres: string;
  date: string;
  /** 1-minute load average when the run started and ended: other work on the machine */
  load: [number, number];
}

const cpuModel = (): string => {
  try {
    return /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  } catch {
    return cpus()[0]?.model ?? 'unknown';
  }
};

const memoryGiB = (): number => {
  try {
    return Math.round(Number(/MemTotal:\s+(\d+) kB/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1]) / 2 ** 20);
  } catch {
    return 0;
  }
};

export const loadNow = (): number => Number(loadavg()[0]!.toFixed(1));

export function machine(sqlite: string, postgres: string, loadAtStart: number): Machine {
  return {
    cpu: cpuModel(),
    cores: cpus().length,
    memoryGiB: memoryGiB(),
    node: process.version,
    sqlite,
    postgres,
    date: new Date().toISOString().slice(0, 10),
    load: [loadAtStart, loadNow()],
  };
}

export function printTable(rows: Row[]): void {
  const head = ['scenario', 'database', 'measured', 'target', ''];
  const lines = rows.map((r) => [r.scenario, r.database, r.measured, r.target, r.pass ? 'pass' : 'FAIL']);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  console.log(`\n${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(fmt(l));
  console.log(`\n${rows.filter((r) => r.pass).length} of ${rows.length} targets met`);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const colour: Record<Row['database'], string> = { SQLite: '#2f6db5', PostgreSQL: '#8a4fb0', '—': '#6b7280' };

/**
 * Bars of result ÷ target per scenario, one per database, on a log scale centred on the target:
 * a bar to the right meets the target by that factor, one to the left falls short by it.
 */
export function chartSvg(rows: Row[]): string {
  const groups = [...new Set(rows.map((r) => r.scenario))].map((s) => ({ s, rows: rows.filter((r) => r.scenario === s) }));
  const barH = 13;
  const groupGap = 12;
  const left = 330;
  const plotW = 440;
  const width = left + plotW + 70;
  const top = 58;
  const span = 3; // log2: 1/8× … 8×
  const x = (score: number) => left + ((Math.max(-span, Math.min(span, Math.log2(Math.max(score, 1e-9)))) + span) / (2 * span)) * plotW;
  const x1 = x(1);
  let y = top;
  const parts: string[] = [];
  for (const g of groups) {
    const h = g.rows.length * barH;
    parts.push(`<text x="${left - 8}" y="${y + h / 2 + 4}" text-anchor="end" font-size="12">${esc(g.s)}</text>`);
    for (const r of g.rows) {
      const xs = x(r.score);
      const [a, b] = xs >= x1 ? [x1, xs] : [xs, x1];
      const label = r.score >= 100 ? '≥100×' : `${r.score < 1 ? r.score.toFixed(2) : r.score.toFixed(1)}×`;
      parts.push(
        `<rect x="${a.toFixed(1)}" y="${y + 1}" width="${Math.max(1.5, b - a).toFixed(1)}" height="${barH - 2}" fill="${colour[r.database]}"${r.pass ? '' : ' fill-opacity="0.55" stroke="#c62828" stroke-width="1.2"'}/>`,
        `<text x="${(xs >= x1 ? b + 4 : a - 4).toFixed(1)}" y="${y + barH - 3}" font-size="10" text-anchor="${xs >= x1 ? 'start' : 'end'}">${label}${r.pass ? '' : ' ✗'}</text>`,
      );
      y += barH;
    }
    y += groupGap;
  }
  const ticks = [-3, -2, -1, 0, 1, 2, 3].map((t) => {
    const tx = left + ((t + span) / (2 * span)) * plotW;
    const text = t < 0 ? `1/${2 ** -t}×` : `${2 ** t}×`;
    return `<line x1="${tx}" y1="${top - 6}" x2="${tx}" y2="${y - groupGap + 4}" stroke="#ddd"/><text x="${tx}" y="${y + 8}" font-size="10" text-anchor="middle">${text}</text>`;
  });
  const legend = (['SQLite', 'PostgreSQL', '—'] as const).map((d, i) =>
    `<rect x="${left + i * 120}" y="30" width="12" height="10" fill="${colour[d]}"/><text x="${left + 16 + i * 120}" y="39" font-size="11">${d === '—' ? 'web (no database)' : d}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y + 20}" font-family="sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<text x="8" y="18" font-size="14" font-weight="bold">Result ÷ target (log scale): right of the line meets the target, left falls short (✗)</text>
${legend.join('\n')}
${ticks.join('\n')}
<line x1="${x1}" y1="${top - 8}" x2="${x1}" y2="${y - groupGap + 6}" stroke="#111" stroke-width="1.5"/>
${parts.join('\n')}
</svg>
`;
}

export interface Report {
  rows: Row[];
  machine: Machine;
  /** sections of per-database detail, already in markdown */
  details: string[];
  notes: string[];
}

export function writeResults(name: string, data: unknown): void {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results', name), `${JSON.stringify(data, null, 2)}\n`);
}

export function writeReport(r: Report): void {
  const m = r.machine;
  writeFileSync(join(root, 'docs/performance-chart.svg'), chartSvg(r.rows));
  const table = [
    '| scenario | database | measured | target | |',
    '|---|---|---|---|---|',
    ...r.rows.map((x) => `| ${x.scenario} | ${x.database} | ${x.measured} | ${x.target} | ${x.pass ? 'pass' : '**not met**'} |`),
  ].join('\n');
  const md = `# Performance

Written by \`npm run bench\` (\`bench/run.ts\`) from its last full run: every number here comes from
that run; do not edit by hand. ${r.rows.filter((x) => x.pass).length} of ${r.rows.length} targets met.

**Machine**: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory; Node.js ${m.node}; SQLite ${m.sqlite};
PostgreSQL ${m.postgres} on the same machine. **Date**: ${m.date}. Load average (1 min) ${m.load[0]} at the start,
${m.load[1]} at the end: the machine is shared, which is why every throughput below is a ratio to a
ceiling measured in alternating rounds with it.

![result ÷ target per scenario and database](performance-chart.svg)

${table}

## How each number is made
The real server as \`npm start\` runs it (\`${['node', ...startFlags(), 'apps/api/dist/server.js'].join(' ')}\`, built from the source first; \`NODE_ENV=development\`, no demo data, log
level warn, per-IP limits raised so the load from one address is never refused) runs on a fresh
database: SQLite in a new data directory, PostgreSQL in a new scratch database dropped afterwards
(the server's pool at its default, \`DATABASE_POOL_MAX\` unset: twice the cores, at least 4).
Fixtures (applicants with sessions, an admin past the second factor, bulk applications) are written
straight into the database; everything measured goes through HTTP, driven by autocannon in the
benchmark's process.

- **ceiling**: a bare \`node:http\` server answering a small JSON body, in its own process, at the same
  connection count. Ceiling and measured scenario run in alternating rounds (one warm-up each, then
  5 × 5 s each); a ratio is the median of the per-round ratios, latencies are those of the median round.
- **look-up**: \`GET /v1/getRankUserInfo?type=check\` with an \`Authorization\` token, 50 connections,
  each request as one of 200 applicants asking about their own mobile (a quarter each: no application,
  a draft, submitted, under review), at about 1,000 applications.
- **login**: \`POST /v1/login\` with the right password, as many connections as twice the libuv thread
  pool (where @node-rs/argon2 hashes), against raw argon2id verifications per second (one hash each,
  the server's own function and parameters) in a child process started like the server, with the
  same concurrency; alternating rounds. The CPU time of each is read from /proc per round: per hash
  for the probe, and per login for the server's main thread, its other threads and the benchmark's
  own process (the load generator).
- **concurrent submissions**: 1,000 applicants (sessions made beforehand), each with a photo uploaded
  beforehand, send a membership application (the form with an ID number, encrypted at rest) at the
  same moment, each on its own connection. p99 of their answer times. Then the server is killed
  (SIGKILL, no shutdown) and every acknowledged id is looked for in the database, as submitted.
- **growth**: the applications table grown to each size by the database itself (five per owner, one
  of each kind, states across the lifecycle); the look-up (as above) and the console queue (an admin
  at 8 connections: first page, a status filter, a page at 80 % of the scroll, a common and a rare
  name prefix). The first size is measured 3 × 5 s after a warm-up. Every later size is measured in
  3 rounds alternating with a reference: a second database filled the same way up to the first size,
  behind a server of its own on the same core, idle outside its turns (decision 0031). The growth is
  the median of the rounds' ratios of p99 at the largest size to the reference's, so a drift in the
  machine's speed between the sizes, minutes apart, is not counted as growth. SQLite gets no
  statistics (production never runs ANALYZE); PostgreSQL is vacuumed and analysed after each fill,
  as autovacuum does after a load; both write the fill out first (a checkpoint), as each does on its own within minutes of such a load.
- **memory**: the server process's resident memory (VmRSS), sampled every 100 ms through every phase
  above on SQLite; the peak.
- **video**: \`bench/video.ts\`: a 500 MB video sent over tus in the web client's chunk size (5 MB
  PATCHes, one after another on one connection, from memory) to the server on SQLite, against the
  same bytes as one streamed PUT to a bare \`node:http\` server writing them to a file on the same
  disk; after a warm-up, 3 alternating rounds, the median of the per-round ratios. The server's
  resident memory is sampled every 50 ms during each upload; the largest growth over a round counts.
  Then an upload is cut off halfway through the chunk at 50 %, its offset asked for (HEAD) and the
  rest sent from there: nothing the server stored may be sent twice, and the filed video's SHA-256
  must be the original's. Where the machine has two cores and \`taskset\`, the servers run on core 0
  and the client on core 1.
- **web**: \`bench/web.ts\`: the first screens' JavaScript (gzip) against the build's budget, and
  Lighthouse's mobile scores (its default profile: a mid-range phone, slow 4G, 4× CPU slowdown) for
  performance, accessibility and best practices on the home and login screens, and their time to
  interactive on that slow 4G phone, served by the real server with its demo data through a TLS and
  HTTP/2 front, as production's reverse proxy serves it (\`bench/lib/tls-front.ts\`; over HTTP/1.1 a
  screen's many small files would each wait for one of six connections). Each row gives the median,
  every run and their spread, and the range of Lighthouse's benchmark index (how fast the machine was
  during the runs); the table of every run is below. It runs first, on a machine at rest, with every
  core: after the server benchmarks, the disk and PostgreSQL are still writing out the growth
  scenario's rows while the page is scored.
  \`BENCH_WEB_ROUTES=all node --import tsx bench/web.ts\` scores every applicant screen the same way
  (those behind the login signed in as the demo applicant) and writes docs/performance-routes.md:
  every route, every run, with its benchmark index.

${r.details.join('\n\n')}
${r.notes.length ? `\n## Notes\n${r.notes.map((n) => `- ${n}`).join('\n')}\n` : ''}
## Reproduce
\`\`\`sh
npm run bench                               # everything; rewrites this page and its chart
BENCH_QUICK=1 npm run bench                 # a smoke run (short rounds, small sizes); leaves this page alone
BENCH_SIZES=1000,100000 npm run bench       # other growth sizes
BENCH_DATABASE_URL=postgres://… npm run bench   # the PostgreSQL server to make the scratch database on ("off": SQLite only)
BENCH_WEB=off npm run bench                 # without the web measurements
BENCH_VIDEO=off npm run bench               # without the video upload (BENCH_VIDEO_MB=100: a smaller video)
BENCH_PIN=off npm run bench                 # servers and load generator left to the scheduler (default: cores of their own)
BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" BENCH_QUICK=1 npm run bench   # profile the server
\`\`\`
Raw numbers of the last run: \`bench/results/latest.json\` (and \`web.json\`, \`video.json\`), not committed.
`;
  writeFileSync(join(root, 'docs/performance.md'), md);
}
