import type { Kysely } from 'kysely';
import {
  type ApplicationKind, applicationKinds, Code, type ConsoleRubricsResponse, type Rubric, type RubricCriterion,
  type ZConsoleRubricsUpdateRequest,
} from '@qgw/contracts';
import type { z } from 'zod';
import { type Clock, isoAt } from '../../clock.js';
import type { Database, RubricCriteriaTable } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { adminStrings as s } from './admin.strings.js';
import { writeSetting } from './console-settings.repository.js';
import { newRowId } from '../../db/row-id.js';

/**
 * Weighted rubrics, one per application kind (admins configure; reviewers score against them).
 * Saving a kind replaces its criteria; criteria left out are retired, not deleted, so the scores
 * already given to them stay readable. A kind's active weights always sum to 100 (checked by the
 * contract before anything is written).
 */

const view = (r: RubricCriteriaTable): RubricCriterion => ({
  id: r.id,
  name: r.name,
  description: r.description,
  weight: r.weight,
  maxScore: r.max_score,
});

/** The active criteria of a kind, in order: what a reviewer scores. */
export async function activeCriteria(db: Kysely<Database>, kind: ApplicationKind): Promise<RubricCriterion[]> {
  const rows = await db
    .selectFrom('rubric_criteria')
    .selectAll()
    .where('kind', '=', kind)
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(view);
}

/** Every criterion ever configured for a kind, retired ones included (to read old scores). */
export async function allCriteria(db: Kysely<Database>, kind: ApplicationKind): Promise<(RubricCriterion & { active: boolean })[]> {
  const rows = await db.selectFrom('rubric_criteria').selectAll().where('kind', '=', kind).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ ...view(r), active: r.active === 1 }));
}

export type RubricUpdate = z.output<typeof ZConsoleRubricsUpdateRequest>;

/** Reviews submitted for applications of the kind. */
async function reviewsOfKind(db: Kysely<Database>, kind: ApplicationKind): Promise<number> {
  const row = await db
    .selectFrom('reviews as rv')
    .innerJoin('applications as a', 'a.id', 'rv.application_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('a.kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Whether a save changes what scores mean: the set of criteria, or a weight or maximum. */
function changesScoring(before: RubricCriterion[], next: RubricUpdate['criteria']): boolean {
  if (next.length !== before.length) return true;
  const byId = new Map(before.map((c) => [c.id, c]));
  return next.some((c) => {
    const was = c.id === undefined ? undefined : byId.get(c.id);
    return !was || was.weight !== c.weight || was.maxScore !== c.maxScore;
  });
}

export class RubricsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
  ) {}

  async list(): Promise<ConsoleRubricsResponse> {
    const rows = await this.db
      .selectFrom('rubric_criteria')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return applicationKinds.map((kind) => ({ kind, criteria: rows.filter((r) => r.kind === kind).map(view) }));
  }

  async replace(actorId: string, input: RubricUpdate): Promise<Rubric> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock();
      // one row per kind written first: two admins saving the same kind at once take turns, and the
      // later save replaces the earlier one whole (never a mix of both)
      await writeSetting(trx, `rubric_saved:${input.kind}`, isoAt(now), actorId, now);
      const existing = await trx.selectFrom('rubric_criteria').selectAll().where('kind', '=', input.kind).execute();
      const known = new Map(existing.map((r) => [r.id, r]));
      const before = existing.filter((r) => r.active === 1).sort((a, b) => a.sort - b.sort).map(view);
      // once a kind has reviews its scoring is locked: totals given under other criteria, weights or
      // maxima would no longer compare with new ones (names, descriptions and order may still change)
      const reviews = await reviewsOfKind(trx, input.kind);
      if (reviews > 0 && changesScoring(before, input.criteria)) throw new AppError(Code.RUBRIC_LOCKED, s.rubricLocked(reviews));

      const keep = new Set<string>();
      for (const [i, c] of input.criteria.entries()) {
        const fields = { name: c.name, description: c.description, weight: c.weight, max_score: c.maxScore, sort: i + 1, active: 1 as const };
        if (c.id !== undefined) {
          if (!known.has(c.id)) throw new AppError(Code.BAD_REQUEST, s.criterionUnknown);
          keep.add(c.id);
          await trx.updateTable('rubric_criteria').set({ ...fields, updated_at: isoAt(now), updated_by: actorId }).where('id', '=', c.id).execute();
        } else {
          const id = newRowId();
          keep.add(id);
          await trx
            .insertInto('rubric_criteria')
            .values({ id, kind: input.kind, ...fields, created_at: isoAt(now), updated_at: isoAt(now), updated_by: actorId })
            .execute();
        }
      }
      const retire = existing.filter((r) => r.active === 1 && !keep.has(r.id)).map((r) => r.id);
      if (retire.length > 0) {
        await trx
          .updateTable('rubric_criteria')
          .set({ active: 0, updated_at: isoAt(now), updated_by: actorId })
          .where('id', 'in', retire)
          .execute();
      }
      const after = await activeCriteria(trx, input.kind);
      await this.audit.record(
        { actorId, action: 'rubric.update', entity: 'rubric', entityId: input.kind, before: { criteria: before }, after: { criteria: after } },
        trx,
      );
      return { kind: input.kind, criteria: after };
    });
  }
}
