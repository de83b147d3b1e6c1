/**
 * Random (v4) against time-ordered (v7) row ids (db/row-id.ts, decision record 0018): what a login's
 * writes cost the database with each. A scratch database is migrated and given existing sessions
 * and audit entries (PREFILL, default 200,000 of each, random ids as older rows had), then rounds
 * alternate: each writes LOGINS logins' rows (a session and its audit entry), four to a commit as
 * the server's group commit gathers them under load, with one kind of id. Prints µs per login and
 * write-ahead-log bytes per login, and v4 ÷ v7. SQLite in a temporary directory, and PostgreSQL on
 * BENCH_DATABASE_URL (default the local test database; "off" skips it) in a scratch schema.
 *
 *   node --import tsx bench/row-ids.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { openDatabase } from '../apps/api/src/db/index.js';
import { migrateToLatest } from '../apps/api/src/db/migrations/index.js';
import { insertRow } from '../apps/api/src/db/prepared.js';
import { newRowId } from '../apps/api/src/db/row-id.js';
import type { Database } from '../apps/api/src/db/schema.js';
import { median } from './lib/load.js';
import { pgAdmin } from './lib/measure.js';

const PREFILL = Number(process.env.PREFILL ?? 200_000);
const LOGINS = Number(process.env.LOGINS ?? 4000);
const ROUNDS = 5;
const PER_COMMIT = 4;
const USERS = 1000;
const pgServer = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type IdKind = 'v4' | 'v7';
const idOf: Record<IdKind, () => string> = { v4: randomUUID, v7: () => newRowId() };
const iso = (ms: number) => new Date(ms).toISOString();

async function prefill(db: Kysely<Database>, users: string[]): Promise<void> {
  const now = iso(Date.now());
  for (let start = 0; start < USERS; start += 500) {
    await db.insertInto('users').values(users.slice(start, start + 500).map((id, i) => ({
      id, mobile: `171${String(start + i).padStart(8, '0')}`, password_hash: 'x', nickname: 'n', avatar: null, status: 'active' as const,
      new_user: 0 as const, created_at: now, updated_at: now,
    }))).execute();
  }
  for (let start = 0; start < PREFILL; start += 500) {
    const n = Math.min(500, PREFILL - start);
    await db.transaction().execute(async (trx) => {
      const sessions = Array.from({ length: n }, (_, i) => ({
        id: randomUUID(), user_id: users[(start + i) % USERS]!, token_hash: randomBytes(32).toString('hex'),
        created_at: now, last_used_at: now, expires_at: now, revoked_at: null,
      }));
      await trx.insertInto('sessions').values(sessions).execute();
      await trx.insertInto('audit_log').values(sessions.map((s) => ({
        id: randomUUID(), actor_id: s.user_id, action: 'session.login', entity: 'session', entity_id: s.id, before_json: null, after_json: null, created_at: now,
      }))).execute();
    });
  }
}

/** One round: LOGINS logins' rows with `kind` ids; answers µs per login and WAL bytes per login. */
async function round(db: Kysely<Database>, users: string[], kind: IdKind, walBytes: () => Promise<number>): Promise<{ us: number; wal: number }> {
  const wal0 = await walBytes();
  const t0 = performance.now();
  for (let done = 0; done < LOGINS; done += PER_COMMIT) {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < PER_COMMIT; i++) {
        const now = iso(Date.now());
        const userId = users[(done + i) % USERS]!;
        const sessionId = idOf[kind]();
        await insertRow(trx, 'sessions', {
          id: sessionId, user_id: userId, token_hash: randomBytes(32).toString('hex'), created_at: now, last_used_at: now, expires_at: now, revoked_at: null,
        });
        await insertRow(trx, 'audit_log', {
          id: idOf[kind](), actor_id: userId, action: 'session.login', entity: 'session', entity_id: sessionId, before_json: null, after_json: null, created_at: now,
        });
      }
    });
  }
  const us = ((performance.now() - t0) * 1000) / LOGINS;
  return { us, wal: ((await walBytes()) - wal0) / LOGINS };
}

async function measure(name: string, db: Kysely<Database>, walBytes: () => Promise<number>, between: () => Promise<void>): Promise<string[]> {
  await migrateToLatest(db);
  const users = Array.from({ length: USERS }, () => randomUUID());
  await prefill(db, users);
  await between();
  const got: Record<IdKind, { us: number; wal: number }[]> = { v4: [], v7: [] };
  // one unmeasured round of each first: caches and plans
  for (let r = -1; r < ROUNDS; r++) {
    for (const kind of ['v4', 'v7'] as const) {
      const m = await round(db, users, kind, walBytes);
      await between();
      if (r >= 0) got[kind].push(m);
    }
  }
  const mid = (kind: IdKind, key: 'us' | 'wal') => median(got[kind].map((m) => m[key]));
  return [
    `| ${name} | µs per login | ${mid('v4', 'us').toFixed(1)} | ${mid('v7', 'us').toFixed(1)} | ${(mid('v4', 'us') / mid('v7', 'us')).toFixed(2)} |`,
    `| ${name} | WAL bytes per login | ${mid('v4', 'wal').toFixed(0)} | ${mid('v7', 'wal').toFixed(0)} | ${(mid('v4', 'wal') / mid('v7', 'wal')).toFixed(2)} |`,
  ];
}

async function sqlite(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'qgw-bench-'));
  const file = join(dir, 'app.db');
  const { db, destroy } = openDatabase({ sqliteFile: file });
  try {
    // the log is emptied between rounds, so its growth is what a round wrote
    await sql`pragma wal_autocheckpoint = 0`.execute(db);
    const walBytes = async () => {
      try {
        return statSync(`${file}-wal`).size;
      } catch {
        return 0;
      }
    };
    return await measure('SQLite', db, walBytes, async () => void (await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db)));
  } finally {
    await destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<string[]> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const admin = (statement: string) => pgAdmin(pgServer, statement);
  await admin(`create schema ${schema}`);
  const { db, destroy } = openDatabase({ databaseUrl: pgServer, pgSearchPath: schema });
  try {
    const walBytes = async () =>
      Number((await sql<{ b: string }>`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as b`.execute(db)).rows[0]!.b);
    // a checkpoint between rounds: each round starts with the same full-page writes owed
    return await measure('PostgreSQL', db, walBytes, async () => void (await sql`checkpoint`.execute(db)));
  } finally {
    await destroy();
    await admin(`drop schema ${schema} cascade`);
  }
}

const rows = [...(await sqlite()), ...(pgServer === 'off' ? [] : await postgres())];
console.log(`\nRow ids: ${LOGINS.toLocaleString('en')} logins per round, ${PER_COMMIT} per commit, over ${PREFILL.toLocaleString('en')} existing sessions and audit entries; medians of ${ROUNDS} alternating rounds\n`);
console.log('| database | per login | random (v4) | time-ordered (v7) | v4 ÷ v7 |');
console.log('|---|---|---|---|---|');
for (const r of rows) console.log(r);
