/**
 * Where the stack launcher leaves the app server's data directory, so that test-only helpers (e.g.
 * review-state.ts, standing in for the review console) can open the same database the server uses.
 * One file per port, so that two runs on different ports do not read each other's directory.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stack } from './stack-env.js';

export interface StackData {
  /** DATA_DIR of the app server (WeChat configured) on `stack.port` */
  appDataDir: string;
}

const file = join(tmpdir(), `qgw-e2e-stack-${stack.port}.json`);

export function writeStackData(data: StackData): void {
  writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
}

export function removeStackData(): void {
  rmSync(file, { force: true });
}

export function readStackData(): StackData {
  let parsed: Partial<StackData>;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<StackData>;
  } catch {
    throw new Error(`the stack launcher has not written ${file}; is the stack running on port ${stack.port}?`);
  }
  if (typeof parsed.appDataDir !== 'string') throw new Error(`${file} holds no appDataDir`);
  return { appDataDir: parsed.appDataDir };
}
