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
import { seasonOf, writeSetting } from './console-settings.repository.js';
import { newRowId } from '../../db/row-id.js';

/**
 * Weighted rubrics, one per application kind (admins configure; reviewers score against them).
 * Saving a kind replaces its criteria; criteria left out are retired, not deleted, so the scores
 * already given to them stay readable. A kind's active weights always sum to 100 (checked by the
 * contract before anything is written).
 *
 * Once a kind has reviews its scoring is locked; 另存为新版本 (newVersion) is the explicit way past
 * the lock: the kind's rubric version goes up by one and every review of the kind is flagged as
 * needing re-scoring, so the old totals drop out of every mean until their reviewers score again.
 */

/** A criterion's stored anchors, highest score first (a malformed value reads as none). */
function anchorsOf(json: string): RubricCriterion['anchors'] {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((a): a is { score: number; label: string } => typeof a?.score === 'number' && typeof a?.label === 'string')
      .map((a) => ({ score: a.score, label: a.label }))
      .sort((a, b) => b.score - a.score);
  } catch {
    return [];
  }
}

const view = (r: RubricCriteriaTable): RubricCriterion => ({
  id: r.id,
  name: r.name,
  description: r.description,
  weight: r.weight,
  maxScore: r.max_score,
  anchors: anchorsOf(r.anchors_json),
});

/** A season's kinds' rubric versions (absent: 1); no season yet: every kind at 1. */
async function versions(db: Kysely<Database>, season: string | null): Promise<Map<string, number>> {
  if (!season) return new Map();
  const rows = await db.selectFrom('rubric_versions').select(['kind', 'version']).where('programme_id', '=', season).execute();
  return new Map(rows.map((r) => [r.kind, Number(r.version)]));
}

/** Criteria rows of a season (null: the rubric set up before any season existed). */
function criteriaOf(db: Kysely<Database>, season: string | null) {
  return db
    .selectFrom('rubric_criteria')
    .selectAll()
    .where((eb) => (season ? eb('programme_id', '=', season) : eb('programme_id', 'is', null)));
}

/** The active criteria of a kind in a season (default: the current one), in order: what a reviewer scores. */
export async function activeCriteria(db: Kysely<Database>, kind: ApplicationKind, programmeId?: string | null): Promise<RubricCriterion[]> {
  const rows = await criteriaOf(db, await seasonOf(db, programmeId))
    .where('kind', '=', kind)
    .where('active', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(view);
}

/** Every criterion ever configured for a kind in a season, retired ones included (to read old scores). */
export async function allCriteria(
  db: Kysely<Database>, kind: ApplicationKind, programmeId?: string | null,
): Promise<(RubricCriterion & { active: boolean })[]> {
  const rows = await criteriaOf(db, await seasonOf(db, programmeId)).where('kind', '=', kind).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ ...view(r), active: r.active === 1 }));
}

export type RubricUpdate = z.output<typeof ZConsoleRubricsUpdateRequest>;

/**
 * The applications a season's rubric of a kind scores: the season's own, and those of no season
 * (membership), which follow the current season's rubric.
 */
function scoredBy(db: Kysely<Database>, kind: ApplicationKind, season: string | null) {
  return db
    .selectFrom('applications')
    .select('id')
    .where('kind', '=', kind)
    .where((eb) => (season ? eb.or([eb('programme_id', '=', season), eb('programme_id', 'is', null)]) : eb('programme_id', 'is', null)));
}

/** Reviews submitted for applications the season's rubric of the kind scores. */
async function reviewsOfKind(db: Kysely<Database>, kind: ApplicationKind, season: string | null): Promise<number> {
  const row = await db
    .selectFrom('reviews as rv')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('rv.application_id', 'in', scoredBy(db, kind, season))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Flags every review of the kind in the season scored against an older version; answers how many were flagged. */
async function flagForRescoring(db: Kysely<Database>, kind: ApplicationKind, season: string, version: number): Promise<number> {
  const res = await db
    .updateTable('reviews')
    .set({ needs_rescore: 1 })
    .where('rubric_version', '<', version)
    .where('application_id', 'in', scoredBy(db, kind, season))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
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

  /** Every kind's rubric in a season (default: the current one). */
  async list(programmeId?: string): Promise<ConsoleRubricsResponse> {
    const season = await seasonOf(this.db, programmeId);
    const rows = await criteriaOf(this.db, season).where('active', '=', 1).orderBy('sort').orderBy('id').execute();
    const version = await versions(this.db, season);
    return applicationKinds.map((kind) => ({ kind, version: version.get(kind) ?? 1, criteria: rows.filter((r) => r.kind === kind).map(view) }));
  }

  async replace(actorId: string, input: RubricUpdate): Promise<Rubric> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock();
      const season = await seasonOf(trx, input.programmeId);
      // one row per season and kind written first: two admins saving the same kind at once take
      // turns, and the later save replaces the earlier one whole (never a mix of both)
      await writeSetting(trx, `rubric_saved:${season ?? '-'}:${input.kind}`, isoAt(now), actorId, now);
      const existing = await criteriaOf(trx, season).where('kind', '=', input.kind).execute();
      const known = new Map(existing.map((r) => [r.id, r]));
      const before = existing.filter((r) => r.active === 1).sort((a, b) => a.sort - b.sort).map(view);
      // once a kind has reviews its scoring is locked: totals given under other criteria, weights or
      // maxima would no longer compare with new ones (names, descriptions and order may still change)
      const reviews = await reviewsOfKind(trx, input.kind, season);
      if (!input.newVersion && reviews > 0 && changesScoring(before, input.criteria)) throw new AppError(Code.RUBRIC_LOCKED, s.rubricLocked(reviews));
      // a version is a season's: before the first season there is nothing to number
      if (input.newVersion && !season) throw new AppError(Code.NOT_FOUND, s.noProgramme);
      const versionBefore = (await versions(trx, season)).get(input.kind) ?? 1;
      const version = input.newVersion ? versionBefore + 1 : versionBefore;

      const keep = new Set<string>();
      for (const [i, c] of input.criteria.entries()) {
        const anchors = [...c.anchors].sort((a, b) => b.score - a.score);
        const fields = {
          name: c.name, description: c.description, weight: c.weight, max_score: c.maxScore, sort: i + 1, active: 1 as const,
          anchors_json: JSON.stringify(anchors),
        };
        if (c.id !== undefined) {
          if (!known.has(c.id)) throw new AppError(Code.BAD_REQUEST, s.criterionUnknown);
          keep.add(c.id);
          await trx.updateTable('rubric_criteria').set({ ...fields, updated_at: isoAt(now), updated_by: actorId }).where('id', '=', c.id).execute();
        } else {
          const id = newRowId();
          keep.add(id);
          await trx
            .insertInto('rubric_criteria')
            .values({ id, kind: input.kind, programme_id: season, ...fields, created_at: isoAt(now), updated_at: isoAt(now), updated_by: actorId })
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
      const after = await activeCriteria(trx, input.kind, season);
      if (input.newVersion && season) {
        await trx
          .insertInto('rubric_versions')
          .values({ programme_id: season, kind: input.kind, version, created_at: isoAt(now), created_by: actorId })
          .onConflict((oc) => oc.columns(['programme_id', 'kind']).doUpdateSet({ version, created_at: isoAt(now), created_by: actorId }))
          .execute();
        const rescore = await flagForRescoring(trx, input.kind, season, version);
        await this.audit.record(
          {
            actorId, action: 'rubric.version', entity: 'rubric', entityId: input.kind,
            before: { version: versionBefore, criteria: before }, after: { version, criteria: after, reviewsToRescore: rescore },
          },
          trx,
        );
      } else {
        await this.audit.record(
          { actorId, action: 'rubric.update', entity: 'rubric', entityId: input.kind, before: { criteria: before }, after: { criteria: after } },
          trx,
        );
      }
      return { kind: input.kind, version, criteria: after };
    });
  }
}
