/**
 * A fingerprint of everything a request could have changed: every table of the database (listed
 * from the database itself, so a new table is included without touching this file) with its row
 * count and a digest of its rows, and every file under the uploads directory.
 *
 * Left out, as bookkeeping rather than change: when a session was last used and when a console
 * verification last saw a request (both are touched by reads, at most every 30 s).
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

const BOOKKEEPING: Record<string, readonly string[]> = {
  sessions: ['last_used_at'],
  console_verifications: ['last_seen_at'],
};

export async function tableNames(t: TestApp): Promise<string[]> {
  const q =
    t.dialect === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await q.execute(t.db)).rows.map((r) => r.name).sort();
}

export interface TablePrint {
  rows: number;
  digest: string;
}

/** Row count and digest of every table. */
export async function databasePrint(t: TestApp): Promise<Record<string, TablePrint>> {
  const out: Record<string, TablePrint> = {};
  for (const name of await tableNames(t)) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db)).rows;
    const skip = BOOKKEEPING[name] ?? [];
    const lines = rows
      .map((r) => JSON.stringify(Object.entries(r).filter(([k]) => !skip.includes(k)).sort(([a], [b]) => a.localeCompare(b)), (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v)))
      .sort();
    out[name] = { rows: rows.length, digest: createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16) };
  }
  return out;
}

/** Every file under DATA_DIR/uploads, relative to it. */
export async function uploadsPrint(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'uploads');
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(relative(root, p));
    }
  };
  await walk(root);
  return out.sort();
}

/** Database and uploads together: equal before and after means nothing was written. */
export async function statePrint(t: TestApp) {
  return { database: await databasePrint(t), uploads: await uploadsPrint(t.dataDir) };
}
