/**
 * Keeps the load generator off the server's core where the machine allows it: with two cores or
 * more and taskset, the processes measured (the API server, the ceiling and the argon2 probe, the
 * bare upload server) run on core 0 and the benchmark's own process, which drives the load, on
 * core 1. While PostgreSQL is measured, its server on this machine (the postmaster and every process
 * it has started; new ones inherit it) is pinned to core 0 too, beside the API server, and given its
 * cores back afterwards: the two configurations get the same cores. BENCH_PIN=off leaves everything
 * to the scheduler.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import pg from 'pg';

export interface Pinning {
  /** the cores the measured processes get (taskset -c), or undefined when nothing is pinned */
  server: string | undefined;
  /** what the report says about it */
  note: string;
}

let decided: Pinning | undefined;

export function pinning(): Pinning {
  if (decided) return decided;
  const possible = process.env.BENCH_PIN !== 'off' && cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;
  if (possible && spawnSync('taskset', ['-p', '-c', '1', String(process.pid)]).status === 0) {
    decided = { server: '0', note: 'the servers measured run on core 0 (PostgreSQL\'s too, while it is measured) and the load generator on core 1 (taskset)' };
  } else {
    decided = { server: undefined, note: 'not pinned (one core, no taskset, or BENCH_PIN=off): the load generator shares the cores with the servers' };
  }
  return decided;
}

/** Pins a process already running (a forked child) to the measured processes' cores. */
export function pinProcess(pid: number): void {
  const { server } = pinning();
  if (server) spawnSync('taskset', ['-p', '-c', server, String(pid)]);
}

const parentOf = (pid: number): number | null => {
  try {
    return Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) || null;
  } catch {
    return null;
  }
};

const maskOf = (pid: number): string | null => /:\s*([0-9a-f]+)\s*$/.exec(spawnSync('taskset', ['-p', String(pid)]).stdout.toString())?.[1] ?? null;

/**
 * Runs `measure` with the local PostgreSQL server pinned to the measured processes' cores, and gives
 * it back its own afterwards whatever happens. A server elsewhere (its postmaster not a process here)
 * is left alone.
 */
export async function withPostgresPinned<T>(server: string, measure: () => Promise<T>): Promise<T> {
  const cores = pinning().server;
  if (!cores) return measure();
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  let postmaster: number | null;
  try {
    const backend = Number((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
    postmaster = parentOf(backend);
  } finally {
    await client.end();
  }
  if (!postmaster) return measure();
  const family = [postmaster, ...readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number).filter((pid) => parentOf(pid) === postmaster)];
  const saved = family.map((pid) => [pid, maskOf(pid)] as const).filter((e): e is readonly [number, string] => e[1] !== null);
  for (const [pid] of saved) spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)]);
  try {
    return await measure();
  } finally {
    for (const [pid, mask] of saved) spawnSync('taskset', ['-a', '-p', mask, String(pid)]);
  }
}
