import type { Kysely } from 'kysely';
import { type ApplicationKind, maskMobile, type RubricCriterion } from '@qgw/contracts';
import { type Clock, isoAt } from '../clock.js';
import { DataCipher } from '../crypto/data-cipher.js';
import { totpSecretContext } from '../modules/console-access/mfa.service.js';
import { otpauthUrl } from '../modules/console-access/totp.js';
import type { Database } from './schema.js';
import { newRowId } from './row-id.js';

/**
 * Demo data for the review console: a rubric for every application kind, and for the demo
 * reviewer and admin an authenticator with a KNOWN secret, printed at start so a person can add it
 * to an authenticator app (and the browser tests can compute codes). Development only: server.ts
 * never asks for the known secrets in production. Idempotent: an existing rubric or authenticator
 * is left as it is.
 */

/** Base32 TOTP secrets of the demo console accounts (public by design: demo data only). */
export const DEMO_TOTP_SECRETS = {
  reviewer: 'QGWDEMOREVIEWERTOTPSECRETKEY2345',
  admin: 'QGWDEMOADMINTOTPSECRETKEY2345672',
} as const;

type DemoCriterion = Omit<RubricCriterion, 'id'>;
/** The usual guide on a 10-point criterion: from 9 突出, from 7 良好, from 5 一般, below that 较弱. */
const tenPointAnchors = [
  { score: 9, label: '突出' },
  { score: 7, label: '良好' },
  { score: 5, label: '一般' },
  { score: 0, label: '较弱' },
];
const c = (name: string, description: string, weight: number, maxScore = 10): DemoCriterion => ({
  name, description, weight, maxScore, anchors: maxScore === 10 ? tenPointAnchors : [],
});

export const defaultRubrics: Record<ApplicationKind, DemoCriterion[]> = {
  rank_user: [
    c('事迹与成就', '代表性成果的水平与分量', 40),
    c('创新与示范', '工作方法的创新性与可推广性', 30),
    c('社会影响', '对青年群体和社会的带动作用', 30),
  ],
  membership: [c('岗位表现', '在本职岗位上的表现与贡献', 50), c('履职意愿', '参与委员会工作的意愿与可投入时间', 50)],
  person: [
    c('创新能力', '解决问题的新思路、新方法', 35),
    c('工作成效', '可量化的成果与效益', 35),
    c('示范引领', '对身边青年的带动作用', 30),
  ],
  work: [
    c('创新性', '选题与方案的新颖程度', 40),
    c('实用性', '解决实际问题的程度与可落地性', 30),
    c('完成度', '作品的完整性与呈现质量', 30),
  ],
  company: [
    c('青年工作', '企业青年工作的体系与成效', 40),
    c('创新投入', '研发与创新的投入和产出', 30),
    c('社会责任', '公益、就业与社会责任实践', 30),
  ],
};

/** A rubric for every kind that has none yet. */
export async function seedDefaultRubrics(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = isoAt(clock());
  // the current season's rubrics (none yet: rubrics of no season, which the first season takes)
  const season = await db.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirst();
  const programmeId = season?.id ?? null;
  for (const [kind, criteria] of Object.entries(defaultRubrics) as [ApplicationKind, DemoCriterion[]][]) {
    const has = await db
      .selectFrom('rubric_criteria')
      .select('id')
      .where('kind', '=', kind)
      .where((eb) => (programmeId ? eb('programme_id', '=', programmeId) : eb('programme_id', 'is', null)))
      .executeTakeFirst();
    if (has) continue;
    await db
      .insertInto('rubric_criteria')
      .values(
        criteria.map((x, i) => ({
          id: newRowId(),
          kind,
          programme_id: programmeId,
          name: x.name,
          description: x.description,
          weight: x.weight,
          max_score: x.maxScore,
          anchors_json: JSON.stringify(x.anchors),
          sort: i + 1,
          active: 1 as const,
          created_at: now,
          updated_at: now,
          updated_by: null,
        })),
      )
      .execute();
  }
}

export interface DemoTotp {
  secret: string;
  otpauthUrl: string;
}

/**
 * Gives each listed console account the known authenticator, unless it already has one. Answers
 * the secret and otpauth URL per mobile, for the start banner.
 */
export async function seedDemoTotp(
  db: Kysely<Database>,
  clock: Clock,
  dataKey: Buffer,
  accounts: ReadonlyArray<{ role: keyof typeof DEMO_TOTP_SECRETS; mobile: string }>,
): Promise<Map<string, DemoTotp>> {
  const cipher = new DataCipher(dataKey);
  const out = new Map<string, DemoTotp>();
  for (const a of accounts) {
    const user = await db.selectFrom('users').select('id').where('mobile', '=', a.mobile).executeTakeFirst();
    if (!user) continue;
    const secret = DEMO_TOTP_SECRETS[a.role];
    const existing = await db.selectFrom('mfa_totp').select(['status', 'secret_enc']).where('user_id', '=', user.id).executeTakeFirst();
    if (existing) {
      // only an authenticator that still holds the demo secret is announced
      let held: string | null = null;
      try {
        held = cipher.decrypt(existing.secret_enc, totpSecretContext(user.id));
      } catch {
        held = null;
      }
      if (existing.status !== 'active' || held !== secret) continue;
    } else {
      const now = isoAt(clock());
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('mfa_totp')
          .values({
            user_id: user.id,
            secret_enc: cipher.encrypt(secret, totpSecretContext(user.id)),
            status: 'active',
            created_at: now,
            activated_at: now,
            last_step: null,
          })
          .execute();
        await trx
          .insertInto('audit_log')
          .values({
            id: newRowId(),
            actor_id: null,
            action: 'seed.demo_mfa',
            entity: 'user',
            entity_id: user.id,
            before_json: null,
            after_json: JSON.stringify({ mfa: 'active' }),
            created_at: now,
          })
          .execute();
      });
    }
    out.set(a.mobile, { secret, otpauthUrl: otpauthUrl(secret, maskMobile(a.mobile)) });
  }
  return out;
}
