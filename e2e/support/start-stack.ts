/**
 * Starts everything the browser suite talks to, as one process Playwright can start and stop:
 *  - the WeChat double (token exchange) and the authorize front with its control endpoint;
 *  - the real server, WeChat configured against the double, on a fresh data directory;
 *  - a second real server with WeChat not configured (the embedded default), on its own data directory.
 * The built SPA is served by both servers; it is built here only when missing.
 * SIGTERM / SIGINT stop the servers and remove the data directories.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWechatDouble } from '../../apps/api/test/support/wechat-double.js';
import { startWechatFront } from './wechat-front.js';
import { stack, urls, wechatTimeoutMs } from './stack-env.js';
import { removeStackData, writeStackData } from './stack-data.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const webDist = join(root, 'apps/web/dist');

if (!existsSync(join(webDist, 'index.html'))) {
  console.log('[stack] apps/web/dist is missing; building the web app');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('[stack] the web build failed');
    process.exit(1);
  }
}

// the server as `npm start` runs it, built from the current source every time (it takes a moment)
const serverBuilt = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
if (serverBuilt.status !== 0) {
  console.error('[stack] the server build failed');
  process.exit(1);
}

const double = await startWechatDouble();
const front = await startWechatFront(double, stack.wechatPort);

const dataDirs: string[] = [];
const children: ChildProcess[] = [];
let stopping = false;

/** The parent's environment minus anything that would point the servers elsewhere than their own fresh store. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'WECHAT_APPID', 'WECHAT_SECRET', 'WECHAT_OAUTH_BASE', 'WECHAT_API_BASE', 'PUBLIC_BASE_URL']) {
    delete env[key];
  }
  if (env.NODE_ENV === 'production') delete env.NODE_ENV;
  return env;
}

function startServer(name: string, port: number, extra: NodeJS.ProcessEnv): string {
  const dataDir = mkdtempSync(join(tmpdir(), `qgw-e2e-${name}-`));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...baseEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SEED_DEMO: 'true',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (out: NodeJS.WriteStream) => (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line) out.write(`[${name}] ${line}\n`);
  };
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[stack] the ${name} server exited (code ${code}, signal ${signal}); stopping the stack`);
    void stop(1);
  });
  children.push(child);
  return dataDir;
}

async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await Promise.allSettled([front.close(), double.close()]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  removeStackData();
  process.exit(exitCode);
}

process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));

const appDataDir = startServer('app', stack.port, {
  // every journey asks for its registration code from this one address: more than the default 60 an hour
  SMS_SEND_PER_IP_PER_HOUR: '600',
  WECHAT_APPID: double.appid,
  WECHAT_SECRET: double.secret,
  WECHAT_OAUTH_BASE: front.url,
  WECHAT_API_BASE: double.url,
  WECHAT_TIMEOUT_MS: String(wechatTimeoutMs),
  // the journeys log in from one address, one after another: on a fast machine maybe more than the
  // 60 a minute past which each login needs a solved challenge; the threshold itself is tested in
  // the server suite (login-lockout.test.ts)
  CHALLENGE_PER_IP_PER_MINUTE: '600',
  // the committee round (console-round.spec.ts) submits sixty entries with their photos from this
  // one address in about a minute: more than the default 20 uploads a minute
  UPLOAD_PER_MINUTE: '600',
  RATE_LIMIT_PER_MINUTE: '3000',
});
// the application journeys move applications through review with the server's own code (review-state.ts)
writeStackData({ appDataDir });
startServer('plain', stack.plainPort, {});

console.log(`[stack] app ${urls.app} · app without WeChat ${urls.plainApp} · WeChat double ${double.url} · front ${front.url}`);
