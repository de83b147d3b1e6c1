/**
 * The benchmark's outputs: a table on stdout, the raw numbers in bench/results/latest.json, and
 * docs/performance.md with a chart (docs/performance-chart.svg) of each result against its target.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { root } from './processes.js';

export interface Row {
  scenario: string;
  database: 'SQLite' | 'PostgreSQL' | '—';
  measured: string;
  target: string;
  /** how the result stands against its target: ≥ 1 meets it (higher is better after normalising) */
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
}

export function machine(sqlite: string, postgres: string): Machine {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    sqlite,
    postgres,
    date: new Date().toISOString().slice(0, 10),
  };
}

export function printTable(rows: Row[]): void {
  const head = ['scenario', 'database', 'measured', 'target', ''];
  const lines = rows.map((r) => [r.scenario, r.database, r.measured, r.target, r.pass ? 'pass' : 'FAIL']);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${fmt(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(fmt(l));
  console.log(`\n${rows.filter((r) => r.pass).length} of ${rows.length} targets met`);
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Horizontal bars of result ÷ target (capped at 3×), a line at 1× = the target. */
export function chartSvg(rows: Row[]): string {
  const barH = 22;
  const gap = 8;
  const left = 360;
  const width = 800;
  const scale = (width - left - 60) / 3;
  const top = 40;
  const height = top + rows.length * (barH + gap) + 30;
  const bars = rows.map((r, i) => {
    const y = top + i * (barH + gap);
    const w = Math.max(2, Math.min(3, r.score) * scale);
    const label = `${r.scenario}${r.database === '—' ? '' : ` · ${r.database}`}`;
    return [
      `<text x="${left - 8}" y="${y + barH * 0.7}" text-anchor="end" font-size="12">${esc(label)}</text>`,
      `<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${r.pass ? '#2e9d5b' : '#d7322d'}"/>`,
      `<text x="${(left + w + 6).toFixed(1)}" y="${y + barH * 0.7}" font-size="11">${r.score >= 10 ? '≥10' : r.score.toFixed(2)}×</text>`,
    ].join('');
  });
  const x1 = left + scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<rect width="100%" height="100%" fill="#fff"/>
<text x="${left}" y="22" font-size="14" font-weight="bold">result ÷ target (≥ 1× meets the target; bars capped at 3×)</text>
${bars.join('\n')}
<line x1="${x1}" y1="${top - 6}" x2="${x1}" y2="${height - 24}" stroke="#333" stroke-dasharray="4 3"/>
<text x="${x1}" y="${height - 8}" font-size="11" text-anchor="middle">target</text>
</svg>
`;
}

export function writeReport(rows: Row[], m: Machine, raw: unknown, notes: string[]): void {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify({ machine: m, rows, raw }, null, 2)}\n`);
  writeFileSync(join(root, 'docs/performance-chart.svg'), chartSvg(rows));
  const table = [
    '| scenario | database | measured | target | |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.scenario} | ${r.database} | ${r.measured} | ${r.target} | ${r.pass ? 'pass' : '**not met**'} |`),
  ].join('\n');
  const md = `# Performance

Written by \`npm run bench\` (\`bench/run.ts\`) from its last full run; do not edit by hand.

Run on ${m.date}: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB memory, Node.js ${m.node},
SQLite ${m.sqlite}, PostgreSQL ${m.postgres}. The load generator (autocannon) runs on the same machine
as the server, so every throughput is given as a ratio of a ceiling measured in the same run: a bare
\`node:http\` JSON hello-world at the same connection count.

![result against target](performance-chart.svg)

${table}

## How each number is made
- **ceiling**: \`node:http\` answering a small JSON body, 50 connections, measured right before each
  database's look-up run.
- **look-up**: \`GET /v1/getRankUserInfo?type=check\`, authenticated, 50 connections, each request as
  one of 200 applicants; the real server in production mode (\`NODE_ENV=production\`, log level warn),
  rate limits raised so that nothing is refused.
- **login**: \`POST /v1/login\` with the right password (argon2id verification), against raw
  argon2id verifications per second in the benchmark's own process with the same parameters and the
  same thread pool size.
- **1,000 concurrent submissions**: 1,000 applicants, each with a photo uploaded beforehand, send a
  membership application at the same moment (one connection each); p99 of their answer times, then
  every acknowledged id is looked up in the database.
- **growth**: the applications table grown to each size (five applications per owner, all states),
  statistics refreshed; the look-up's p99 over HTTP and the console queue's p99 (first page and a name
  search, by the queue's own query) at the largest size against the smallest.
- **memory**: peak resident memory of the server process on SQLite while the look-up, login and
  submission runs go on.
- **web**: entry-route JavaScript (gzip) of the first screens, as the build's size budget measures it${
    notes.length ? '' : ''
  }.
${notes.length ? `\n## Notes\n${notes.map((n) => `- ${n}`).join('\n')}\n` : ''}
## Reproduce
\`\`\`sh
npm run bench                       # everything, SQLite and PostgreSQL (BENCH_DATABASE_URL, default the local test database)
BENCH_QUICK=1 npm run bench         # a short smoke run; does not rewrite this page
BENCH_SIZES=1000,100000 npm run bench
\`\`\`
`;
  writeFileSync(join(root, 'docs/performance.md'), md);
}
