import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * The copy runs on a connection of its own, in a worker thread, for two reasons:
 *  - SQLite's online backup restarts whenever another connection writes between two of its steps,
 *    so on a busy server a copy made a few pages at a time may never finish. It is made in one step
 *    instead, under one read transaction: a snapshot of what was committed when the step began,
 *    while WAL lets the server go on writing.
 *  - one step copies the whole file synchronously; in the server that would stall every request
 *    for as long, in a worker it stalls nothing.
 * The worker is plain CommonJS given as text, so it runs the same under tsx, vitest and the
 * bundled server, and loads nothing but the SQLite driver.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const source = new Database(workerData.source, { fileMustExist: true });
source.pragma('busy_timeout = 5000');
// better-sqlite3 takes the next step's page count from this callback: all that is left, at once
source
  .backup(workerData.target, { progress: () => 0x7fffffff })
  .finally(() => source.close())
  .then(() => {
    const copy = new Database(workerData.target, { fileMustExist: true });
    try {
      // a self-contained file, with no -wal / -shm to travel beside it; the server turns WAL on again
      copy.pragma('journal_mode = DELETE');
      parentPort.postMessage(copy.pragma('quick_check', { simple: true }));
    } finally {
      copy.close();
    }
  });
`;

const driverPath = () => createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Copies the SQLite database `source` into the new file `target` with SQLite's online backup, safe
 * while other connections (the running server) read and write it, and checks the copy.
 */
export function snapshotSqlite(source: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // execArgv: the worker needs no TypeScript loader, whatever the parent was started with
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { driver: driverPath(), source, target } });
    let answer: unknown;
    worker.on('message', (m) => (answer = m));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (answer === 'ok') resolve();
      else if (answer !== undefined) reject(new Error(`数据库副本未通过检查：${String(answer)}`));
      // after an error the 'error' event has rejected already; this covers a silent exit
      else reject(new Error(`数据库复制意外结束（退出码 ${code}）`));
    });
  });
}
