/**
 * Data a benchmark needs, written straight into the server's database (the same schema, through the
 * server's own code where it has it): applicants with live sessions, and applications by the
 * hundred thousand. Only what is measured goes through HTTP.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { applicationKinds } from '@qgw/contracts';
import type { Database } from '../../apps/api/src/db/schema.js';
import { hashPassword } from '../../apps/api/src/modules/accounts/passwords.js';
import { newToken } from '../../apps/api/src/modules/accounts/sessions.js';

export const BENCH_PASSWORD = 'Bench-Pass-2024!';

export interface Applicant {
  id: string;
  mobile: string;
  token: string;
}

const BATCH = 1000;

/** `count` applicants (mobiles 170xxxxxxxx from `offset`), each with a session; one real password hash shared. */
export async function addApplicants(db: Kysely<Database>, count: number, offset = 0): Promise<Applicant[]> {
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const out: Applicant[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const chunk = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const n = offset + start + i;
      return { id: randomUUID(), mobile: `170${String(n).padStart(8, '0')}`, ...newToken() };
    });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(chunk.map((u) => ({
        id: u.id, mobile: u.mobile, password_hash: hash, nickname: '压测用户', avatar: null, status: 'active' as const, new_user: 0 as const,
        created_at: now, updated_at: now,
      }))).execute();
      await trx.insertInto('user_roles').values(chunk.map((u) => ({ user_id: u.id, role: 'applicant' as const, created_at: now }))).execute();
      await trx.insertInto('sessions').values(chunk.map((u) => ({
        id: randomUUID(), user_id: u.id, token_hash: u.tokenHash, created_at: now, last_used_at: now, expires_at: later, revoked_at: null,
      }))).execute();
    });
    out.push(...chunk.map((u) => ({ id: u.id, mobile: u.mobile, token: u.token })));
  }
  return out;
}

const names = ['张青', '李明', '王芳', '赵磊', '陈静', '刘洋', '杨帆', '黄蕾', '周杰', '吴敏'];
const statuses = ['submitted', 'under_review', 'approved', 'rejected', 'returned', 'withdrawn'] as const;

/**
 * Grows the applications table to `total` rows (five per owner, one of each kind, spread over the
 * lifecycle's states), owners created as plain users. Answers the rows added.
 */
export async function growApplications(db: Kysely<Database>, total: number): Promise<number> {
  const row = await db.selectFrom('applications').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const have = Number(row.n);
  const now = new Date().toISOString();
  const base = Date.UTC(2024, 0, 1);
  for (let start = have; start < total; start += BATCH) {
    const size = Math.min(BATCH, total - start);
    const owners = Array.from({ length: Math.ceil(size / 5) }, (_, i) => ({ id: randomUUID(), n: Math.floor(start / 5) + i }));
    const apps = Array.from({ length: size }, (_, i) => {
      const n = start + i;
      const at = new Date(base + n * 1000).toISOString();
      return {
        id: randomUUID(), kind: applicationKinds[n % 5]!, user_id: owners[Math.floor(i / 5)]!.id, programme_id: null,
        status: statuses[n % statuses.length]!, version: 1, title: names[n % names.length]!, applicant_name: `${names[n % names.length]}${n % 97}`,
        organization: null, theme_id: null, data_json: '{}', id_number_enc: null, reason: null, submitted_at: at, decided_at: null,
        created_at: at, updated_at: at,
      };
    });
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(owners.map((o) => ({
        id: o.id, mobile: `171${String(o.n).padStart(8, '0')}`, password_hash: 'x', nickname: '填充', avatar: null, status: 'active' as const,
        new_user: 0 as const, created_at: now, updated_at: now,
      }))).execute();
      await trx.insertInto('applications').values(apps).execute();
    });
  }
  // fresh statistics, as autovacuum or a periodic ANALYZE would leave them
  await sql`analyze`.execute(db);
  return Math.max(0, total - have);
}
