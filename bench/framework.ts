/**
 * Where the look-up's time goes, against the same ceiling `npm run bench` uses: in alternating rounds
 * at 50 connections, (1) the bare node:http ceiling, (2) bare Fastify answering a constant,
 * (3) the server's framework without the application (bench/lib/framework-server.ts: the same
 * logger, hooks, security headers, rate limiter and zod validation and serialisation) answering a
 * constant look-up envelope, and (4) the real look-up on the built server over SQLite. Prints each
 * one's req/s as a share of the ceiling and its server CPU per request: (4) − (3) is the
 * application's own cost, (3) − (2) the cost of the plugins every API answer passes through.
 *
 *   node --import tsx bench/framework.ts        BENCH_QUICK=1 for short rounds
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appConstants } from '@qgw/contracts';
import { openDatabase } from '../apps/api/src/db/index.js';
import { addApplicants, giveRankUserApplications } from './lib/fixtures.js';
import { load, type LoadResult, median, rounds, roundSeconds } from './lib/load.js';
import { cpuMsOf, freePort, newSecrets, root, startCeiling, startServer } from './lib/processes.js';
import { lookup, lookupPath } from './lib/scenarios.js';

const BARE = `
const app = require('fastify')();
const body = { success: true, code: 9002, message: null };
app.get('/x', async () => body);
app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

async function child(start: (port: number) => ChildProcess): Promise<{ url: string; pid: number; stop: () => void }> {
  const port = await freePort();
  const c = start(port);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/`);
      break;
    } catch {
      if (i > 300 || c.exitCode !== null) throw new Error('a measured process did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, pid: c.pid!, stop: () => void c.kill() };
}

const pct = (n: number) => `${(n * 100).toFixed(0)} %`;
const us = (r: LoadResult) => `${((r.cpuMsPerRequest ?? 0) * 1000).toFixed(0)} µs`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'qgw-bench-'));
  const ceiling = await startCeiling();
  const bare = await child((port) => spawn(process.execPath, ['-e', BARE], { cwd: join(root, 'apps/api'), env: { ...process.env, PORT: String(port) }, stdio: 'ignore' }));
  const framework = await child((port) =>
    fork(join(root, 'bench/lib/framework-server.ts'), [], { cwd: root, execArgv: ['--import', 'tsx'], env: { ...process.env, PORT: String(port) }, stdio: 'ignore' }),
  );
  const server = await startServer({ dataDir, secrets: newSecrets() });
  const { db, destroy } = openDatabase({ sqliteFile: join(dataDir, 'app.db') });
  try {
    const people = await addApplicants(db, 200);
    await giveRankUserApplications(db, people);
    const fixed = new URLSearchParams(Object.entries(appConstants.fixedRequestFields).map(([k, v]): [string, string] => [k, String(v)])).toString();
    const constantPath = `${lookupPath(people[0]!).split('?')[0]}?mobile=${people[0]!.mobile}&type=check&${fixed}`;
    const measured = {
      ceiling: () => load({ url: `${ceiling.url}/`, connections: 50, duration: roundSeconds }, () => cpuMsOf(ceiling.pid)),
      'bare Fastify': () => load({ url: `${bare.url}/x`, connections: 50, duration: roundSeconds }, () => cpuMsOf(bare.pid)),
      'framework, no application': () => load({ url: `${framework.url}${constantPath}`, connections: 50, duration: roundSeconds }, () => cpuMsOf(framework.pid)),
      'look-up (SQLite)': () => lookup({ url: server.url, pid: server.pid }, people, roundSeconds),
    };
    const names = Object.keys(measured) as (keyof typeof measured)[];
    const results = new Map<string, LoadResult[]>(names.map((n) => [n, []]));
    for (const n of names) await measured[n]();
    for (let i = 0; i < rounds; i++) for (const n of names) results.get(n)!.push(await measured[n]());
    const ceilings = results.get('ceiling')!;
    console.log('\n| measured | req/s ÷ ceiling (median of rounds) | req/s | p99 | server CPU / request |\n|---|---|---|---|---|');
    for (const n of names) {
      const list = results.get(n)!;
      const ratio = median(list.map((r, i) => r.rps / ceilings[i]!.rps));
      const mid = [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)]!;
      if (list.some((r) => r.failures > 0)) throw new Error(`${n}: failed requests`);
      console.log(`| ${n} | ${pct(ratio)} | ${mid.rps.toFixed(0)} | ${mid.p99} ms | ${us(mid)} |`);
    }
  } finally {
    await destroy();
    await server.stop();
    await ceiling.stop();
    bare.stop();
    framework.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
