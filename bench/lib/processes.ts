/**
 * The processes a benchmark measures: the real API server (as `npm start` runs it, on its own data
 * directory and port) and the ceiling, a bare node:http JSON hello-world. Both listen on 127.0.0.1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const root = new URL('../..', import.meta.url).pathname;

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
}

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const until = Date.now() + 60_000;
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

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
}

/** The API server in production mode (no demo data, real secrets), limits raised so the load is not refused. */
export async function startServer(opts: { dataDir: string; databaseUrl?: string }): Promise<Running> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    FILE_URL_SECRET: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_PER_IP_PER_MINUTE: '100000000',
    REGISTER_PER_IP_PER_HOUR: '100000000',
    UPLOAD_PER_MINUTE: '100000000',
    LOGIN_MAX_FAILURES: '1000000',
  };
  delete env.DATABASE_URL;
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  child.stderr!.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, child, () => out);
  return { url, pid: child.pid!, stop: stopper(child) };
}

const HELLO = `
const http = require('node:http');
const body = JSON.stringify({ success: true, code: 0, message: 'hello' });
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** The ceiling: the fastest a Node.js HTTP server answers JSON on this machine. */
export async function startCeiling(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', HELLO], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`, child, () => '');
  return { url, pid: child.pid!, stop: stopper(child) };
}

/** Samples a process's resident memory (VmRSS) until stopped; answers the peak in bytes. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = 0;
  const read = () => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) peak = Math.max(peak, Number(m[1]) * 1024);
    } catch {
      // the process is gone
    }
  };
  read();
  const timer = setInterval(read, 100);
  return {
    stop() {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}
