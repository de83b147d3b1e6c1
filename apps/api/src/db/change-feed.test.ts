import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { watchSessionWrites, writesSessionTables } from './change-feed.js';

describe('writesSessionTables', () => {
  it('sees a write to a user, their roles, or a session’s revocation or row', () => {
    for (const text of [
      'update "users" set "status" = $1 where "id" = $2',
      'delete from "users" where "id" = $1',
      'insert into "user_roles" ("user_id", "role", "created_at") values ($1, $2, $3)',
      'delete from "user_roles" where "user_id" = $1 and "role" in ($2)',
      'update "sessions" set "revoked_at" = $1 where "id" = $2 and "revoked_at" is null',
      'delete from "sessions" where "user_id" = $1',
      'with "x" as (update "users" set "mobile" = $1 where "id" = $2 returning "id") select 1',
    ]) expect(writesSessionTables(text), text).toBe(true);
  });

  it('leaves alone reads, new sessions, the touch of last use and other tables', () => {
    for (const text of [
      'select "sessions"."id" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"',
      'insert into "sessions" ("id", "user_id") values ($1, $2)',
      'with "touched" as (update "sessions" set "last_used_at" = $1 where "token_hash" = $2 returning "sessions"."id") select 1',
      'update "applications" set "status" = $1 where "user_id" = $2',
      'insert into "audit_log" ("actor", "action") values ($1, \'users.update\')',
      'update "users_export" set "x" = 1',
    ]) expect(writesSessionTables(text), text).toBe(false);
  });
});

/** A connection that answers every statement (or fails the ones `fails` names), recording nothing else. */
function fakeClient(fails: (text: string) => boolean = () => false) {
  const client = {
    query: (text: string) => (fails(text) ? Promise.reject(new Error('refused')) : Promise.resolve({ rows: [] })),
  } as unknown as pg.PoolClient;
  let told = 0;
  watchSessionWrites(client, () => told++);
  const run = (text: string) => (client.query as unknown as (t: string, v: unknown[]) => Promise<unknown>)(text, []);
  return { run, told: () => told };
}

const write = 'update "users" set "status" = $1 where "id" = $2';

describe('watchSessionWrites', () => {
  it('tells once a write outside a transaction has run', async () => {
    const c = fakeClient();
    await c.run('select 1');
    expect(c.told()).toBe(0);
    await c.run(write);
    expect(c.told()).toBe(1);
  });

  it('tells a transaction’s writes at its COMMIT, once, and nothing at a ROLLBACK', async () => {
    const c = fakeClient();
    await c.run('begin');
    await c.run(write);
    await c.run('delete from "user_roles" where "user_id" = $1');
    expect(c.told()).toBe(0);
    await c.run('commit');
    expect(c.told()).toBe(1);
    await c.run('start transaction isolation level serializable');
    await c.run(write);
    await c.run('rollback');
    expect(c.told()).toBe(1);
    // a transaction without such a write tells nothing
    await c.run('begin');
    await c.run('update "applications" set "status" = $1');
    await c.run('commit');
    expect(c.told()).toBe(1);
  });

  it('does not take a rollback to a savepoint for the end of the transaction', async () => {
    const c = fakeClient();
    await c.run('begin');
    await c.run(write);
    await c.run('rollback to savepoint "sp1"');
    expect(c.told()).toBe(0);
    await c.run('commit');
    expect(c.told()).toBe(1);
  });

  it('tells nothing when the write or its COMMIT fails, and the next transaction starts clean', async () => {
    const c = fakeClient((text) => text === 'commit' || text.includes('"status" = $9'));
    await expect(c.run('update "users" set "status" = $9')).rejects.toThrow('refused');
    await c.run('begin');
    await c.run(write);
    await expect(c.run('commit')).rejects.toThrow('refused');
    expect(c.told()).toBe(0);
    // outside a transaction again: a write tells at once
    await c.run(write);
    expect(c.told()).toBe(1);
  });
});
