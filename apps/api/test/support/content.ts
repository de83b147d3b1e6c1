/** Helpers for the committee-content tests: an admin, the demo content, row counts. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { seedDemoContent } from '../../src/db/seed-content.js';
import { newConsoleUser, type ConsoleUser } from './console.js';
import type { TestApp } from './test-app.js';

/** An admin whose session has passed the console's second factor, as content editing requires. */
export const newAdmin = (t: TestApp): Promise<ConsoleUser> => newConsoleUser(t.app, t.db, t.clock, ['admin']);

export const seedContent = (t: TestApp) => seedDemoContent(t.db, t.clock.now, { uploadsDir: t.config.uploadsDir });

/** A subdivision written straight into the table (published unless said otherwise); answers its id. */
export async function addSubdivision(t: TestApp, name: string, published = true): Promise<string> {
  const id = `sub-${randomUUID()}`;
  const now = new Date(t.clock.now()).toISOString();
  await t.db
    .insertInto('content_subdivisions')
    .values({ id, name, description: '', sort: 0, published: published ? 1 : 0, created_at: now, updated_at: now, updated_by: null })
    .execute();
  return id;
}

export const contentTables = [
  'content_articles', 'content_leaders', 'content_subdivisions', 'content_members', 'content_webview_hosts', 'audit_log',
] as const;

/** Row counts of the content tables and the audit log, to prove a refused request wrote nothing. */
export async function contentCounts(db: Kysely<Database>) {
  const out = {} as Record<(typeof contentTables)[number], number>;
  for (const t of contentTables) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

/** A fingerprint of every content row, to prove nothing changed (counts alone miss updates). */
export async function contentSnapshot(db: Kysely<Database>): Promise<string> {
  const parts: unknown[] = [];
  for (const t of contentTables) {
    parts.push(await db.selectFrom(t).selectAll().orderBy('id').execute());
  }
  return JSON.stringify(parts);
}
