import { type Kysely, sql } from 'kysely';
import { onCurrentRubric } from './review.repository.js';
import {
  type ApplicationKind, type ApplicationStatus, type Decision, decisionLabels, type ExportColumnKey, maskMobile, statusLabels,
} from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { averageOf } from './rubric.js';
import { kindLabels, reviewStrings as s } from './review.strings.js';

/**
 * The rows of an applications export, read in keyset batches so that a large export never holds
 * the whole table in memory. Personal data is masked (mobile) or left out (ID number).
 */

export interface ExportFilter {
  kind?: ApplicationKind | undefined;
  status?: ApplicationStatus | undefined;
  programmeId?: string | undefined;
}

export interface ExportOptions {
  /** blind review: reviewers are named by their place (评审专家1, 2, …), not by name */
  blind: boolean;
}

/** A column of one criterion's average score, after the fixed columns (exportColumns). */
export interface CriterionColumn {
  id: string;
  kind: ApplicationKind;
  header: string;
}

/** The fixed columns, and each active criterion's average by its id (for the criterion columns). */
export type ExportRow = Record<ExportColumnKey, string | number | null> & { criterionAverages: ReadonlyMap<string, number> };

const BATCH = 500;
const RELEASED: Partial<Record<ApplicationStatus, Decision>> = { approved: 'approve', rejected: 'reject', returned: 'return' };

/**
 * One column per active criterion of the kinds exported, in the rubric's order: each criterion's
 * average over the application's reviews, a number a spreadsheet can sort. With more than one kind
 * in the file the kind names the criterion, since two kinds may share a criterion's name.
 */
export async function criterionColumns(db: Kysely<Database>, f: ExportFilter, season: string | null): Promise<CriterionColumn[]> {
  // the season's rubric: the season exported, else the current one
  let q = db
    .selectFrom('rubric_criteria')
    .select(['id', 'kind', 'name'])
    .where('active', '=', 1)
    .where((eb) => (season ? eb('programme_id', '=', season) : eb('programme_id', 'is', null)));
  if (f.kind) q = q.where('kind', '=', f.kind);
  const rows = await q.orderBy('kind').orderBy('sort').orderBy('id').execute();
  return rows.map((c) => ({ id: c.id, kind: c.kind, header: f.kind ? s.criterionAverage(c.name) : s.kindCriterionAverage(kindLabels[c.kind], c.name) }));
}

export async function* exportRows(db: Kysely<Database>, f: ExportFilter, o: ExportOptions): AsyncGenerator<ExportRow> {
  // criterion names by id, every version's (a small table): a review names the criteria it scored
  const criteria = new Map((await db.selectFrom('rubric_criteria').select(['id', 'name']).execute()).map((c) => [c.id, c.name]));
  const detailOf = (rv: { reviewer: string; total: number | string; recommendation: Decision; scores_json: string }, place: number) => {
    const scores = Object.entries(JSON.parse(rv.scores_json) as Record<string, number>)
      .map(([id, score]) => `${criteria.get(id) ?? id} ${score}`)
      .join('、');
    const reviewer = o.blind ? s.blindReviewer(place + 1) : rv.reviewer;
    return `${reviewer} ${Number(rv.total).toFixed(2)}分（${scores}；${decisionLabels[rv.recommendation]}）`;
  };
  const averagesOf = (reviews: readonly { scores_json: string }[]) => {
    const byCriterion = new Map<string, number[]>();
    for (const rv of reviews) {
      for (const [id, score] of Object.entries(JSON.parse(rv.scores_json) as Record<string, number>)) {
        byCriterion.set(id, [...(byCriterion.get(id) ?? []), score]);
      }
    }
    return new Map([...byCriterion].map(([id, scores]) => [id, averageOf(scores)!]));
  };
  let after: string | null = null;
  for (;;) {
    let q = db
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .leftJoin('themes as t', 't.id', 'a.theme_id')
      .select([
        'a.id', 'a.kind', 'a.status', 'a.title', 'a.applicant_name', 'a.organization', 'a.submitted_at', 'a.reason',
        'a.decided_at', 'u.mobile', 't.name as theme',
      ])
      .where('a.status', '<>', sql.lit('draft'));
    if (f.kind) q = q.where('a.kind', '=', f.kind);
    if (f.status) q = q.where('a.status', '=', f.status);
    if (f.programmeId) q = q.where('a.programme_id', '=', f.programmeId);
    if (after !== null) q = q.where('a.id', '>', after);
    const rows = await q.orderBy('a.id').limit(BATCH).execute();
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const reviews = await db
      .selectFrom('reviews as rv')
      .innerJoin('users as ru', 'ru.id', 'rv.reviewer_id')
      .select(['rv.application_id', 'rv.total', 'rv.recommendation', 'rv.scores_json', 'ru.nickname as reviewer'])
      .where('rv.application_id', 'in', ids)
      .where(onCurrentRubric('rv'))
      .orderBy('rv.submitted_at')
      .orderBy('rv.id')
      .execute();
    const staged = new Map(
      (await db.selectFrom('staged_decisions').select(['application_id', 'decision', 'reason']).where('application_id', 'in', ids).execute()).map(
        (st) => [st.application_id, st],
      ),
    );
    for (const r of rows) {
      const mine = reviews.filter((rv) => rv.application_id === r.id);
      const counts = new Map<Decision, number>();
      for (const rv of mine) counts.set(rv.recommendation, (counts.get(rv.recommendation) ?? 0) + 1);
      const recommendations = (['approve', 'return', 'reject'] as const)
        .filter((d) => counts.has(d))
        .map((d) => `${decisionLabels[d]}×${counts.get(d)}`)
        .join('；');
      const released = RELEASED[r.status];
      const st = staged.get(r.id);
      yield {
        id: r.id,
        kind: kindLabels[r.kind],
        status: statusLabels[r.status],
        title: r.title,
        applicantName: r.applicant_name,
        mobileMasked: maskMobile(r.mobile),
        organization: r.organization,
        theme: r.theme,
        submittedAt: r.submitted_at,
        reviewCount: mine.length,
        averageScore: averageOf(mine.map((rv) => Number(rv.total))),
        recommendations,
        reviewDetails: mine.map(detailOf).join('；'),
        decision: released ? decisionLabels[released] : st ? `${decisionLabels[st.decision]}（待发布）` : null,
        reason: released ? r.reason : st ? st.reason : null,
        decidedAt: released ? r.decided_at : null,
        criterionAverages: averagesOf(mine),
      };
    }
    after = rows.at(-1)!.id;
    if (rows.length < BATCH) return;
  }
}
