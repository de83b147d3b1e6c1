/**
 * The production artefact, built and started the way the Dockerfile does it, and the deployment
 * files checked as far as a machine without a container runtime can:
 *  - build stage: `npm ci`, then `npm run build` with NODE_ENV=development left in the shell (the
 *    web build must still be a production build);
 *  - runtime stage: `npm ci --omit=dev` and the built output only; `npm run start:prod` answers
 *    /healthz, serves the app, hides the API reference, and stops cleanly on SIGTERM;
 *  - compose.yaml parses and names every service's image, ports and volumes; the Caddyfile keeps a
 *    video upload on one instance.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { apiPaths } from '@qgw/contracts';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (p: string) => readFileSync(join(root, p), 'utf8');

/** The environment of a fresh shell: nothing of the test run's own database, cache or WeChat. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    if (/^(DATABASE_URL|TEST_|REDIS_URL|WECHAT_|PUBLIC_BASE_URL|NODE_ENV|SEED_DEMO|API_DOCS|METRICS_|VITEST)/.test(k)) delete env[k];
  }
  return { ...env, npm_config_audit: 'false', npm_config_fund: 'false', ...extra };
}

function run(cwd: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): string {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** The files the image is built from: what git tracks (and what it would, untracked but not ignored). */
function copySource(into: string) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && existsSync(join(root, f)));
  for (const f of files) {
    mkdirSync(dirname(join(into, f)), { recursive: true });
    cpSync(join(root, f), join(into, f));
  }
}

/** Every file under a folder, as paths relative to it. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

describe('deployment files', () => {
  it('compose.yaml parses and names every service’s image, ports and volumes', () => {
    // `<<` merge keys as Compose reads them
    const compose = parse(read('compose.yaml'), { merge: true }) as {
      services: Record<string, { image?: string; ports?: unknown[]; volumes?: unknown[] }>;
      volumes: Record<string, unknown>;
    };
    const services = compose.services;
    expect(Object.keys(services).sort()).toEqual(['api1', 'api2', 'postgres', 'proxy', 'redis']);
    for (const [name, s] of Object.entries(services)) {
      expect(s.image, `${name}: image`).toMatch(/^[a-z0-9./-]+(:[\w.-]+)?$/);
      for (const p of s.ports ?? []) expect(String(p), `${name}: port`).toMatch(/^\d+:\d+(\/(tcp|udp))?$/);
      for (const v of s.volumes ?? []) {
        const source = String(v).split(':')[0]!;
        // a named volume is declared at the top; a bind mount is a file of this repository
        if (source.startsWith('./')) expect(existsSync(join(root, source)), `${name}: ${source}`).toBe(true);
        else expect(Object.keys(compose.volumes), `${name}: volume ${source}`).toContain(source);
      }
    }
    // both API instances run the image built here, on PostgreSQL and Redis, sharing the uploads volume
    for (const api of ['api1', 'api2']) {
      const s = services[api] as { image: string; environment: Record<string, string>; volumes: string[] };
      expect(s.image).toBe('qgw-platform:latest');
      expect(s.environment.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(s.environment.REDIS_URL).toBe('redis://redis:6379');
      expect(s.volumes).toContain('uploads:/data');
    }
  });

  it('the proxy keeps a video upload on one instance and keeps metrics private', () => {
    const caddy = read('deploy/Caddyfile');
    const video = caddy.match(/@video path ([^\n]+)\n\s*reverse_proxy @video[^{]+\{([^}]+)\}/);
    expect(video?.[1]).toContain(apiPaths.uploadVideo);
    expect(video?.[2]).toMatch(/lb_policy cookie/);
    expect(caddy).toMatch(/@metrics path \/metrics/);
  });

  it('the Dockerfile runs on Node 24 as a non-root user with a health check and a data volume', () => {
    const docker = read('Dockerfile');
    expect(docker).toMatch(/ARG NODE_IMAGE=node:24-slim/);
    expect(docker).toMatch(/npm ci --omit=dev/);
    expect(docker).toMatch(/^USER node$/m);
    expect(docker).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
    expect(docker).toMatch(/^VOLUME \["\/data"\]$/m);
  });
});

describe('production artefact', () => {
  let work: string;
  let runtime: string;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'qgw-artefact-'));
    runtime = join(work, 'runtime');
    const build = join(work, 'build');
    mkdirSync(build);
    copySource(build);
    // build stage, with a shell whose NODE_ENV says development
    const buildEnv = cleanEnv({ NODE_ENV: 'development' });
    run(build, 'npm', ['ci'], buildEnv);
    run(build, 'npm', ['run', 'build'], buildEnv);
    // runtime stage: the manifests, production dependencies, then the built output and the CLI sources
    for (const f of ['package.json', 'package-lock.json', 'packages/contracts/package.json', 'apps/api/package.json', 'apps/web/package.json']) {
      mkdirSync(dirname(join(runtime, f)), { recursive: true });
      cpSync(join(build, f), join(runtime, f));
    }
    run(runtime, 'npm', ['ci', '--omit=dev'], cleanEnv({}));
    for (const d of ['apps/api/dist', 'apps/web/dist', 'packages/contracts/src', 'apps/api/src', 'apps/api/tsconfig.json', 'tsconfig.base.json']) {
      cpSync(join(build, d), join(runtime, d), { recursive: true });
    }
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('the web build is a production build whatever NODE_ENV the shell had', () => {
    const assets = join(runtime, 'apps/web/dist/assets');
    const js = walk(assets).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(assets, f), 'utf8'));
    expect(js.length).toBeGreaterThan(10);
    expect(js.filter((t) => t.includes('jsxDEV') || t.includes('react-dom-client.development'))).toEqual([]);
  });

  it('holds production dependencies only', () => {
    // (esbuild stays: tsx, which runs the operator commands, is a runtime dependency and uses it)
    for (const dev of ['vite', 'vitest', '@vitejs/plugin-react', 'jsdom', 'typescript', 'eslint', '@playwright/test', 'lighthouse']) {
      expect(existsSync(join(runtime, 'node_modules', dev)), dev).toBe(false);
    }
  });

  it('`npm run start:prod` serves the app in production, hides the API reference and stops cleanly', async () => {
    const port = await freePort();
    const dataDir = join(work, 'data');
    const server = spawn('npm', ['run', 'start:prod'], {
      cwd: runtime,
      env: cleanEnv({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FILE_URL_SECRET: 'f'.repeat(48),
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        LOG_LEVEL: 'warn',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    server.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      server.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      let healthy = false;
      for (let i = 0; i < 120 && !healthy && server.exitCode === null; i++) {
        healthy = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
        if (!healthy) await new Promise((r) => setTimeout(r, 250));
      }
      expect(healthy, output).toBe(true);
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root"');
      expect((await fetch(`${base}/docs`)).status).toBe(404);
      expect((await fetch(`${base}/docs/json`)).status).toBe(404);
      // production: no demo accounts were seeded
      expect(output).not.toContain('演示账号');
    } finally {
      // SIGTERM to npm and the server it started, as a service manager stops the group
      process.kill(-server.pid!, 'SIGTERM');
    }
    const { code, signal } = await exited;
    expect(code === 0 || signal === 'SIGTERM', output).toBe(true);
    // npm may go first; the server closes the database within its grace period: SQLite checkpoints
    // and removes its write-ahead log on a clean close
    const wal = join(dataDir, 'app.db-wal');
    for (let i = 0; i < 60 && existsSync(wal); i++) await new Promise((r) => setTimeout(r, 250));
    expect(existsSync(join(dataDir, 'app.db'))).toBe(true);
    expect(existsSync(wal), output).toBe(false);
    expect(output).not.toMatch(/shutdown (took too long|failed)/);

    // the operator commands run on production dependencies too, against the same data directory
    const opEnv = cleanEnv({ DATA_DIR: dataDir, NODE_ENV: 'production', FILE_URL_SECRET: 'f'.repeat(48), DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') });
    expect(run(runtime, 'npm', ['run', '-s', 'migrate', '--', 'status'], opEnv)).toContain('已应用');
    const unknown = spawnSync('npm', ['run', '-s', 'admin', '--', 'grant', '--mobile', '13900000000'], { cwd: runtime, env: opEnv, encoding: 'utf8' });
    expect(unknown.status).toBe(1);
    expect(run(runtime, 'npm', ['run', '-s', 'admin', '--', 'list'], opEnv)).toBeTruthy();
  });
});
