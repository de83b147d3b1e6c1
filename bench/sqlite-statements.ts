/**
 * What a bound value the SQLite planner reads costs: each query the server runs on a hot path, as
 * SQLite runs it from the statement cache, with the value bound and with it written into the SQL
 * (db/sqlite-compiler.ts, decision record 0016). A statement whose planner read a bound LIMIT, or a
 * bound constant compared as a partial index's predicate compares it, is planned again on every
 * run. The session check binds neither and serves as the control (its ratio should be about 1).
 * Alternating rounds on the look-up's data (200 applicants, a quarter each with no application, a
 * draft, a submitted and an under-review one); prints µs per run and bound ÷ inlined.
 *
 *   node --import tsx bench/sqlite-statements.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../apps/api/src/db/index.js';
import { migrateToLatest } from '../apps/api/src/db/migrations/index.js';
import { hashToken } from '../apps/api/src/modules/accounts/sessions.js';
import { addApplicants, giveRankUserApplications } from './lib/fixtures.js';
import { median } from './lib/load.js';

const RUNS = 20_000;
const ROUNDS = 7;

interface Pair {
  name: string;
  bound: string;
  inlined: string;
  /** the values of run i, bound and inlined */
  args(i: number): { bound: unknown[]; inlined: unknown[] };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'qgw-bench-'));
  try {
    const { db, destroy } = openDatabase({ sqliteFile: join(dir, 'app.db') });
    await migrateToLatest(db);
    const people = await addApplicants(db, 200);
    await giveRankUserApplications(db, people);
    await destroy();
    const file = new BetterSqlite3(join(dir, 'app.db'));
    file.pragma('journal_mode = WAL');
    const person = (i: number) => people[i % people.length]!;
    const latest = (status: string, limit: string) =>
      `select * from "applications" where "user_id" = ? and "kind" = ? and "status" <> ${status} order by "created_at" desc, "id" desc limit ${limit}`;
    const session =
      'select "sessions"."id", "users"."mobile", "user_roles"."role" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "user_roles" on "user_roles"."user_id" = "users"."id" where "sessions"."token_hash" = ?';
    const pairs: Pair[] = [
      {
        name: 'look-up: newest live application',
        bound: latest('?', '?'),
        inlined: latest("'withdrawn'", '1'),
        args: (i) => ({ bound: [person(i).id, 'rank_user', 'withdrawn', 1], inlined: [person(i).id, 'rank_user'] }),
      },
      {
        name: 'current programme (LIMIT alone)',
        bound: 'select * from "programmes" order by "year" desc limit ?',
        inlined: 'select * from "programmes" order by "year" desc limit 1',
        args: () => ({ bound: [1], inlined: [] }),
      },
      {
        name: 'session check (control: nothing to inline)',
        bound: session,
        inlined: session,
        args: (i) => ({ bound: [hashToken(person(i).token)], inlined: [hashToken(person(i).token)] }),
      },
    ];
    const time = (statement: BetterSqlite3.Statement, args: (i: number) => unknown[]) => {
      const start = performance.now();
      for (let i = 0; i < RUNS; i++) statement.all(...args(i));
      return ((performance.now() - start) * 1000) / RUNS;
    };
    console.log(`SQLite ${(file.prepare('select sqlite_version() as v').get() as { v: string }).v}, ${RUNS.toLocaleString('en')} runs a round, median of ${ROUNDS} alternating rounds\n`);
    console.log('| query | bound µs/run | inlined µs/run | bound ÷ inlined |\n|---|---|---|---|');
    for (const p of pairs) {
      const bound = file.prepare(p.bound);
      const inlined = file.prepare(p.inlined);
      // the same rows both ways, or the comparison means nothing
      if (JSON.stringify(bound.all(...p.args(1).bound)) !== JSON.stringify(inlined.all(...p.args(1).inlined))) throw new Error(`${p.name}: answers differ`);
      const b: number[] = [];
      const n: number[] = [];
      time(bound, (i) => p.args(i).bound);
      time(inlined, (i) => p.args(i).inlined);
      for (let r = 0; r < ROUNDS; r++) {
        b.push(time(bound, (i) => p.args(i).bound));
        n.push(time(inlined, (i) => p.args(i).inlined));
      }
      console.log(`| ${p.name} | ${median(b).toFixed(1)} | ${median(n).toFixed(1)} | ${(median(b) / median(n)).toFixed(2)}× |`);
    }
    file.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
