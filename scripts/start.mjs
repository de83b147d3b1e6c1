#!/usr/bin/env node
/**
 * `npm start`: the newcomer's command. Builds the web app and the server when their output is
 * missing or older than any of their sources, then runs the built server (demo data on an empty
 * database outside production). A second `npm start` on unchanged sources starts at once.
 * Production runs `npm run build` once and then `npm run start:prod` (docs/operations.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (p) => join(root, p);

/** What the two builds read: a change to any of these makes the built output stale. */
const sources = [
  'package-lock.json',
  'packages/contracts/src',
  'apps/web/src',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/api/src',
  'apps/api/scripts',
  'apps/api/package.json',
];
const outputs = ['apps/web/dist/index.html', 'apps/api/dist/server.js'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(at(p)) ? statSync(at(p)).mtimeMs : 0)));
const changedAt = Math.max(...sources.map((p) => newestMtime(at(p))));
if (builtAt === 0 || changedAt > builtAt) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
} else {
  console.log('构建产物已是最新，直接启动（源码改动后会自动重新构建）');
}

const server = spawn('npm', ['run', 'start', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
