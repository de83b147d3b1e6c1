import type { Kysely } from 'kysely';
import type { Role } from '@qgw/contracts';
import { type Clock, isoAt, systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import type { Database } from './schema.js';
import { seedDefaultRubrics, seedDemoTotp } from './seed-console-access.js';
import { seedDemoContent } from './seed-content.js';
import { seedDemoProgramme } from './seed-programme.js';
import { newRowId } from './row-id.js';

/**
 * Demo data for the embedded default: one account per role, so every part of the product can be
 * tried right after `npm start`. Never run in production (server.ts checks NODE_ENV and SEED_DEMO).
 * Idempotent: an account that already exists is left as it is (its password may have been changed).
 */

export const DEMO_PASSWORD = 'Qgw-Demo-2024!';

export const demoAccounts: ReadonlyArray<{ role: Role; mobile: string; nickname: string }> = [
  { role: 'applicant', mobile: '13800000001', nickname: '演示申请人' },
  { role: 'reviewer', mobile: '13800000002', nickname: '演示评审' },
  { role: 'admin', mobile: '13800000003', nickname: '演示管理员' },
];

export interface SeededAccount {
  role: Role;
  mobile: string;
  password: string;
  created: boolean;
  /** reviewer and admin, development only: the known authenticator secret and its otpauth URL */
  totp?: { secret: string; otpauthUrl: string };
}

export interface SeedOptions {
  /** the data key (ID numbers are stored encrypted); without it the demo application has no ID number */
  dataKey?: Buffer | undefined;
  /** where the demo documents' attachment files go; defaults to the configured DATA_DIR/uploads */
  uploadsDir?: string | undefined;
  /**
   * give the demo reviewer and admin an authenticator with a known secret (needs dataKey). Never in
   * production: a published secret would open the console to anyone.
   */
  consoleTotp?: boolean | undefined;
}

export async function seedDemo(
  db: Kysely<Database>,
  clock: Clock = systemClock,
  opts: SeedOptions = {},
): Promise<SeededAccount[]> {
  const out: SeededAccount[] = [];
  for (const a of demoAccounts) {
    const existing = await db.selectFrom('users').select('id').where('mobile', '=', a.mobile).executeTakeFirst();
    if (existing) {
      out.push({ role: a.role, mobile: a.mobile, password: DEMO_PASSWORD, created: false });
      continue;
    }
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const now = isoAt(clock());
    const id = newRowId();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          id,
          mobile: a.mobile,
          password_hash: passwordHash,
          nickname: a.nickname,
          avatar: null,
          status: 'active',
          new_user: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx.insertInto('user_roles').values({ user_id: id, role: a.role, created_at: now }).execute();
      await trx
        .insertInto('audit_log')
        .values({
          id: newRowId(),
          actor_id: null,
          action: 'seed.demo_account',
          entity: 'user',
          entity_id: id,
          before_json: null,
          after_json: JSON.stringify({ role: a.role }),
          created_at: now,
        })
        .execute();
    });
    out.push({ role: a.role, mobile: a.mobile, password: DEMO_PASSWORD, created: true });
  }
  const applicant = demoAccounts.find((a) => a.role === 'applicant')!;
  await seedDemoProgramme(db, clock, { applicantMobile: applicant.mobile, dataKey: opts.dataKey });
  await seedDemoContent(db, clock, { uploadsDir: opts.uploadsDir ?? loadConfig().uploadsDir });
  await seedDefaultRubrics(db, clock);
  if (opts.consoleTotp && opts.dataKey) {
    const consoleAccounts = demoAccounts.flatMap((a) => (a.role === 'applicant' ? [] : [{ role: a.role, mobile: a.mobile }]));
    const totp = await seedDemoTotp(db, clock, opts.dataKey, consoleAccounts);
    for (const a of out) {
      const t = totp.get(a.mobile);
      if (t) a.totp = t;
    }
  }
  return out;
}
