/**
 * The processes a benchmark measures, all on 127.0.0.1: the real API server (as `npm start` runs it,
 * on its own data directory and port), the ceiling (a bare node:http JSON hello-world) and the
 * argon2 probe (raw hashes in a process configured like the server). Plus /proc readings of a
 * process's memory and CPU time.
 */
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { pinning, pinProcess } from './pinning.js';

export const root = new URL('../..', import.meta.url).pathname;

/** Extra node flags for the server only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a run. */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Running {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, as in a crash */
  kill(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode}): ${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}: ${output()}`);
}

function running(child: ChildProcess, url: string): Running {
  const ended = () => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    url,
    pid: child.pid!,
    stop() {
      const done = ended();
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      return done;
    },
    kill() {
      const done = ended();
      child.kill('SIGKILL');
      return done;
    },
  };
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** the same keys across restarts of one data directory, so stored ID numbers stay readable */
  secrets: { fileUrlSecret: string; dataKey: string };
  /** more of the server's environment (e.g. VIDEO_MAX_MB) */
  env?: Record<string, string>;
  /** CPUs the server may run on (taskset); default bench/lib/pinning.ts's choice */
  cpus?: string | undefined;
}

export const newSecrets = () => ({ fileUrlSecret: randomBytes(32).toString('hex'), dataKey: randomBytes(32).toString('base64') });

/**
 * The environment the server runs with: outside production (as the brief of the benchmark asks),
 * no demo data, logs at warn (a request log line per request would measure the terminal), and
 * every per-IP limit raised so that the load, all from one address, is never refused.
 */
export function serverEnv(opts: ServerOptions, port: number): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'development',
    SEED_DEMO: '0',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    FILE_URL_SECRET: opts.secrets.fileUrlSecret,
    DATA_ENCRYPTION_KEY: opts.secrets.dataKey,
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_PER_IP_PER_MINUTE: '100000000',
    CHALLENGE_PER_IP_PER_MINUTE: '100000000',
    REGISTER_PER_IP_PER_HOUR: '100000000',
    UPLOAD_PER_MINUTE: '100000000',
    EXPORT_PER_MINUTE: '100000000',
    LOGIN_MAX_FAILURES: '1000000',
  };
  delete env.DATABASE_URL;
  // the pool at its default, as the report says
  delete env.DATABASE_POOL_MAX;
  delete env.REDIS_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  return { ...env, ...opts.env };
}

let built = false;

/** The server as `npm start` runs it: the bundle in apps/api/dist, built from the current source once per benchmark. */
export function serverEntry(): string {
  if (!built) {
    const b = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('the server build failed');
    built = true;
  }
  return 'apps/api/dist/server.js';
}

/**
 * The node flags `npm start` gives the server (apps/api's start script, `node <flags> dist/server.js`),
 * so that what is measured is what runs.
 */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(`${root}apps/api/package.json`, 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.js') throw new Error(`apps/api start script is not "node … dist/server.js": ${pkg.scripts.start}`);
  return words.slice(1, -1);
}

export async function startServer(opts: ServerOptions): Promise<Running> {
  const port = await freePort();
  const command = [process.execPath, ...startFlags(), ...serverNodeArgs, serverEntry()];
  const cpus = opts.cpus ?? pinning().server;
  const [file, ...args] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  const child = spawn(file!, args, {
    cwd: root,
    env: serverEnv(opts, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => (out = (out + d.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, () => out);
  return running(child, url);
}

const HELLO = `
const http = require('node:http');
const body = JSON.stringify({ success: true, code: 0, message: 'hello' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/**
 * A small Node.js program (`code`, listening on 127.0.0.1:$PORT) in its own process, once it answers
 * `GET /`; `cpus` pins it with taskset.
 */
export async function startScript(code: string, env: Record<string, string> = {}, cpus = pinning().server): Promise<Running> {
  const port = await freePort();
  const command = [process.execPath, '-e', code];
  const [file, ...args] = cpus ? ['taskset', '-c', cpus, ...command] : command;
  const child = spawn(file!, args, { env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child, () => '');
  return running(child, url);
}

/** The ceiling: the fastest a Node.js HTTP server answers JSON on this machine. */
export const startCeiling = (): Promise<Running> => startScript(HELLO);

export interface Argon2Rate {
  /** verifications per second */
  rate: number;
  /** CPU time of the probe process per verification (ms) */
  cpuMsPerHash: number;
}

export interface Argon2Probe {
  /** argon2id verifications, `concurrency` in flight, for `seconds` */
  rate(seconds: number, concurrency: number): Promise<Argon2Rate>;
  stop(): void;
}

/**
 * Raw argon2id in a child with the server's environment (so the same libuv thread pool size; the
 * probe's own TypeScript goes through tsx, the hashing is native either way), measured in turns with
 * the logins so both see the same machine.
 */
export async function startArgon2Probe(): Promise<Argon2Probe> {
  const child = fork(new URL('./argon2-probe.ts', import.meta.url).pathname, [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    env: serverEnv({ dataDir: '', secrets: newSecrets() }, 0),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // on the server's cores, so that the two are compared on the same footing
  if (child.pid) pinProcess(child.pid);
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the argon2 probe exited (${code})`)));
  });
  return {
    rate(seconds, concurrency) {
      return new Promise((resolve) => {
        child.once('message', (m) => resolve(m as Argon2Rate));
        child.send({ seconds, concurrency });
      });
    },
    stop: () => void child.kill(),
  };
}

/** Resident memory of a process in bytes (VmRSS), 0 once it is gone. */
export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU time in a /proc stat file (a process's or one thread's), in milliseconds; 0 once it is gone. */
function statCpuMs(path: string): number {
  try {
    // fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const fields = readFileSync(path, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a process has used so far, in milliseconds. */
export const cpuMsOf = (pid: number): number => statCpuMs(`/proc/${pid}/stat`);

/**
 * CPU time (ms) of a process's main thread (on Linux its thread id is the process id) and of the
 * whole process, so that the rest is its other threads' (libuv's pool, where argon2id runs).
 */
export function mainThreadCpuMs(pid: number): { main: number; all: number } {
  return { main: statCpuMs(`/proc/${pid}/task/${pid}/stat`), all: cpuMsOf(pid) };
}

/**
 * Samples the server's resident memory every 100 ms for the whole run. The pid can change (the
 * server is restarted after the crash check); peaks are kept per phase and overall.
 */
export class RssSampler {
  private timer: NodeJS.Timeout;
  private phase = 'start';
  readonly peaks: Record<string, number> = {};
  constructor(private pid: number) {
    this.timer = setInterval(() => this.read(), 100);
    this.read();
  }
  private read(): void {
    const rss = rssOf(this.pid);
    this.peaks[this.phase] = Math.max(this.peaks[this.phase] ?? 0, rss);
  }
  /** From now on samples count towards `phase`. */
  enter(phase: string, pid = this.pid): void {
    this.read();
    this.pid = pid;
    this.phase = phase;
    this.read();
  }
  now(): number {
    return rssOf(this.pid);
  }
  stop(): { peak: number; peaks: Record<string, number> } {
    this.read();
    clearInterval(this.timer);
    return { peak: Math.max(...Object.values(this.peaks)), peaks: this.peaks };
  }
}
