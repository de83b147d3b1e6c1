import { sql, type Kysely } from 'kysely';
import type { Dialect } from './index.js';
import type { Database } from './schema.js';

/**
 * An acknowledged submission must survive a crash. PostgreSQL with `fsync` off can lose or corrupt
 * committed data on a power cut; with `synchronous_commit` off it acknowledges commits before they
 * are on disk. The server refuses to start on such a database rather than promise what it cannot
 * keep. (SQLite runs in WAL mode with synchronous=NORMAL: a killed process loses nothing committed.)
 */

export class DurabilityError extends Error {}

/** What is wrong with these settings, in one line each; empty when they are durable. */
export function durabilityProblems(settings: { fsync: string; synchronousCommit: string }): string[] {
  const problems: string[] = [];
  if (settings.fsync.toLowerCase() !== 'on') problems.push(`fsync is ${settings.fsync}`);
  if (settings.synchronousCommit.toLowerCase() === 'off') problems.push(`synchronous_commit is ${settings.synchronousCommit}`);
  return problems;
}

/** Reads the settings as the server's own connections see them and throws when they are not durable. */
export async function assertDurable(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const show = async (name: 'fsync' | 'synchronous_commit') => {
    const r = await sql<Record<string, string>>`select current_setting(${name}) as value`.execute(db);
    return String(r.rows[0]?.value ?? '');
  };
  const problems = durabilityProblems({ fsync: await show('fsync'), synchronousCommit: await show('synchronous_commit') });
  if (problems.length > 0) {
    throw new DurabilityError(
      `refusing to start: PostgreSQL would acknowledge data it may lose (${problems.join(', ')}); turn fsync and synchronous_commit on`,
    );
  }
}
