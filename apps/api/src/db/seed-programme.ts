import type { Kysely } from 'kysely';
import { ageLimits, idNumberCheckDigit, type RankUserForm } from '@qgw/contracts';
import { type Clock, isoAt } from '../clock.js';
import { IdNumberCipher } from '../modules/applications/id-number-cipher.js';
import type { Database } from './schema.js';
import { newRowId } from './row-id.js';

/**
 * Demo data for the applications: the 2024 programme, open today (its dates are set relative to the
 * day it is seeded), five themes, and for the demo applicant one approved rank-user application
 * with its history. Idempotent: an existing programme or application is left as it is.
 */

export const DEMO_PROGRAMME_YEAR = 2024;
const DAY = 24 * 60 * 60 * 1000;

export const demoThemes = [
  { name: '科技创新', description: '以科技手段解决实际问题的创新成果' },
  { name: '乡村振兴', description: '服务乡村产业、治理与人才振兴的实践' },
  { name: '绿色发展', description: '节能降碳、生态保护与循环利用' },
  { name: '文化传承', description: '传承与创新中华优秀传统文化' },
  { name: '社会服务', description: '志愿服务、公益创新与社区治理' },
] as const;

const first17 = '11010119950307002';
/** A made-up ID number with a valid check digit (Beijing Dongcheng, 1995-03-07). */
export const DEMO_ID_NUMBER = `${first17}${idNumberCheckDigit(first17)}`;

const demoRankUser: Omit<RankUserForm, 'photo' | 'video'> = {
  name: '李青',
  gender: 'female',
  birthDate: '1995-03-07',
  idNumber: DEMO_ID_NUMBER,
  politicalStatus: '共青团员',
  education: '硕士研究生',
  organization: '青城科技有限公司',
  position: '研发工程师',
  region: '北京市东城区',
  contactMobile: '13800000001',
  intro: '长期从事青年科技创新与志愿服务工作，带领团队完成多项技术攻关。',
  achievements: '主持研发的社区智能养老平台服务超过两万名老人，获评市级青年创新示范项目。',
};

async function seedProgramme(db: Kysely<Database>, clock: Clock): Promise<void> {
  const exists = await db.selectFrom('programmes').select('id').where('year', '=', DEMO_PROGRAMME_YEAR).executeTakeFirst();
  if (exists) return;
  const now = clock();
  const programmeId = newRowId();
  await db.transaction().execute(async (trx) => {
    // the first season is the current one; a later seed never takes that from another season
    const current = await trx.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirst();
    await trx
      .insertInto('programmes')
      .values({
        id: programmeId,
        year: DEMO_PROGRAMME_YEAR,
        name: '2024 青年创新榜',
        opens_at: isoAt(now - 30 * DAY),
        closes_at: isoAt(now + 60 * DAY),
        review_ends_at: isoAt(now + 90 * DAY),
        results_at: isoAt(now + 100 * DAY),
        phase_override: null,
        min_age: ageLimits.defaultMin,
        max_age: ageLimits.defaultMax,
        created_at: isoAt(now),
        updated_at: isoAt(now),
        is_current: current ? 0 : 1,
      })
      .execute();
    // rubrics set up before any season existed become the first season's
    if (!current) await trx.updateTable('rubric_criteria').set({ programme_id: programmeId }).where('programme_id', 'is', null).execute();
    await trx
      .insertInto('themes')
      .values(demoThemes.map((t, i) => ({ id: newRowId(), programme_id: programmeId, ...t, sort: i + 1, active: 1 as const })))
      .execute();
  });
}

async function seedApprovedRankUser(db: Kysely<Database>, clock: Clock, applicantMobile: string, dataKey: Buffer | undefined) {
  const applicant = await db.selectFrom('users').select('id').where('mobile', '=', applicantMobile).executeTakeFirst();
  const programme = await db.selectFrom('programmes').select('id').where('year', '=', DEMO_PROGRAMME_YEAR).executeTakeFirst();
  if (!applicant || !programme) return;
  const has = await db
    .selectFrom('applications')
    .select('id')
    .where('user_id', '=', applicant.id)
    .where('kind', '=', 'rank_user')
    .executeTakeFirst();
  if (has) return;
  const reviewer = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('role', '=', 'reviewer')
    .orderBy('created_at')
    .executeTakeFirst();
  const now = clock();
  const [submittedAt, reviewAt, decidedAt] = [20, 15, 10].map((d) => isoAt(now - d * DAY)) as [string, string, string];
  const id = newRowId();
  // without a key (a caller that has none) the demo simply carries no ID number
  const { idNumber, ...rest } = demoRankUser;
  const idNumberEnc = dataKey ? new IdNumberCipher(dataKey).encrypt(idNumber, id) : null;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('applications')
      .values({
        id,
        kind: 'rank_user',
        user_id: applicant.id,
        programme_id: programme.id,
        status: 'approved',
        version: 3,
        title: rest.name,
        applicant_name: rest.name,
        organization: rest.organization,
        theme_id: null,
        data_json: JSON.stringify(rest),
        id_number_enc: idNumberEnc,
        reason: null,
        submitted_at: submittedAt,
        decided_at: decidedAt,
        created_at: submittedAt,
        updated_at: decidedAt,
      })
      .execute();
    const steps = [
      { actor: applicant.id, action: 'application.submit', before: null, after: { status: 'submitted', version: 1 }, at: submittedAt },
      { actor: reviewer?.user_id ?? null, action: 'application.review', before: { status: 'submitted', version: 1 }, after: { status: 'under_review', version: 2 }, at: reviewAt },
      { actor: reviewer?.user_id ?? null, action: 'application.decide', before: { status: 'under_review', version: 2 }, after: { status: 'approved', version: 3 }, at: decidedAt },
    ];
    await trx
      .insertInto('audit_log')
      .values(
        steps.map((s) => ({
          id: newRowId(),
          actor_id: s.actor,
          action: s.action,
          entity: 'application',
          entity_id: id,
          before_json: s.before ? JSON.stringify(s.before) : null,
          after_json: JSON.stringify({ ...s.after, note: null }),
          created_at: s.at,
        })),
      )
      .execute();
  });
}

export async function seedDemoProgramme(
  db: Kysely<Database>,
  clock: Clock,
  opts: { applicantMobile: string; dataKey?: Buffer | undefined },
): Promise<void> {
  await seedProgramme(db, clock);
  await seedApprovedRankUser(db, clock, opts.applicantMobile, opts.dataKey);
}
