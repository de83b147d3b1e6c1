import type { Kysely } from 'kysely';
import {
  type ApplicationKind, type ConsoleRankingResponse, type ConsoleRankingStageRequest, type ConsoleRankingStageResponse, type CutPlacement,
  type Decision, maskMobile, type RankingKind, rankingKinds, type RankingRow,
} from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { minReviewsByKind, quotaByKind } from '../admin/admin.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import type { ConsoleActor } from './console-actor.js';
import type { DecisionsService } from './decisions.service.js';
import { rankingRepository as repo, type RankedRow } from './ranking.repository.js';
import { rankingStrings as s } from './ranking.strings.js';

type CutLine = ConsoleRankingResponse['cutLine'];

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Where each ranked candidate stands against a line after place `places`: clearly within it, in
 * the tie the line cuts through (more share a rank than places are left), or below it.
 */
export function cutLineOf(rows: readonly Pick<RankedRow, 'mean_c' | 'place' | 'tie_size'>[], places: number): CutLine {
  if (places <= 0) return null;
  const ranked = rows.filter((r) => r.mean_c !== null);
  const above = ranked.filter((r) => r.place + r.tie_size - 1 <= places).length;
  const cut = ranked.find((r) => r.place <= places && r.place + r.tie_size - 1 > places);
  return { places, above, tie: cut ? { rank: cut.place, count: cut.tie_size, placesLeft: places - cut.place + 1 } : null };
}

function placementOf(r: RankedRow, line: CutLine): CutPlacement | null {
  if (!line || r.mean_c === null) return null;
  if (r.place + r.tie_size - 1 <= line.places) return 'above';
  return r.place <= line.places ? 'tie' : 'below';
}

function rowOf(r: RankedRow, minReviews: number, line: CutLine): RankingRow {
  const n = r.reviews;
  const variance = n > 0 && r.squares !== null && r.sum !== null ? Math.max(0, r.squares / n - (r.sum / n) ** 2) : null;
  return {
    applicationId: r.id,
    version: r.version,
    title: r.title,
    applicantName: r.applicant_name,
    mobileMasked: maskMobile(r.mobile),
    themeId: r.theme_id,
    themeName: r.theme_name,
    status: r.status,
    reviewCount: n,
    mean: r.mean_c === null ? null : r.mean_c / 100,
    min: r.lo,
    max: r.hi,
    spread: r.lo !== null && r.hi !== null ? round2(r.hi - r.lo) : null,
    stdDev: variance === null ? null : round2(Math.sqrt(variance)),
    rank: r.mean_c === null ? null : r.place,
    tied: r.mean_c !== null && r.tie_size > 1,
    belowMinimum: n < minReviews,
    placement: placementOf(r, line),
    staged: r.staged_decision ? { decision: r.staged_decision, reason: r.staged_reason ?? '' } : null,
  };
}

export interface RankingDeps {
  db: Kysely<Database>;
  programme: Pick<ProgrammeService, 'season'>;
  decisions: Pick<DecisionsService, 'stage'>;
}

/**
 * The ranking of a kind (docs/decisions/0008): candidates by the mean of their weighted totals,
 * ties sharing a rank, and the kind's quota as a cut line. The quota is the places of the whole
 * kind, so a works theme's own ranking shows no line. Staging from it goes through
 * DecisionsService.stage, row by row: the version and the minimum of reviews hold as for one.
 */
export class RankingService {
  constructor(private readonly d: RankingDeps) {}

  async ranking(kind: RankingKind, themeId?: string, programmeId?: string): Promise<ConsoleRankingResponse> {
    const { programme, phase } = await this.d.programme.season(programmeId);
    const [rows, quotas, minimums] = await Promise.all([
      repo.ranked(this.d.db, { programmeId: programme.id, kind, themeId }),
      quotaByKind(this.d.db, programme.id),
      minReviewsByKind(this.d.db, programme.id),
    ]);
    const quota = quotas[kind];
    const line = themeId ? null : cutLineOf(rows, quota);
    return {
      kind,
      themeId: themeId ?? null,
      programme: { id: programme.id, name: programme.name, phase },
      quota,
      minReviews: minimums[kind],
      cutLine: line,
      rows: rows.map((r) => rowOf(r, minimums[kind], line)),
    };
  }

  /**
   * 拟定入选: each listed row staged only if it still stands where the admin saw it (approvals above
   * the line, rejections below), then through the single staging rules; one row's refusal does not
   * stop the others.
   */
  async stage(actor: ConsoleActor, req: ConsoleRankingStageRequest): Promise<ConsoleRankingStageResponse> {
    const now = await this.ranking(req.kind, req.themeId, req.programmeId);
    const placement = new Map(now.rows.map((r) => [r.applicationId, r.placement]));
    const results: ConsoleRankingStageResponse['results'] = [];
    const batches: Array<{ decision: Decision; wanted: CutPlacement; items: ConsoleRankingStageRequest['approve'] }> = [
      { decision: 'approve', wanted: 'above', items: req.approve },
      { decision: 'reject', wanted: 'below', items: req.reject ?? [] },
    ];
    const seen = new Set<string>();
    for (const { decision, wanted, items } of batches) {
      for (const item of items) {
        if (seen.has(item.applicationId)) continue;
        seen.add(item.applicationId);
        const refuse = (reason: string) => results.push({ applicationId: item.applicationId, decision, outcome: 'refused', reason });
        if (placement.get(item.applicationId) !== wanted) {
          refuse(wanted === 'above' ? s.notAboveLine : s.notBelowLine);
          continue;
        }
        try {
          const reason = decision === 'reject' ? (req.rejectReason ?? '').trim() : '';
          await this.d.decisions.stage(actor, { applicationId: item.applicationId, decision, reason, version: item.version });
          results.push({ applicationId: item.applicationId, decision, outcome: 'staged', reason: null });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refuse(err.message);
        }
      }
    }
    return { results };
  }
}

/**
 * Each application's place in its kind's ranking (all themes) and how many are ranked, for the
 * listed (programme, kind) pairs: 待发布结论 shows them beside each decision.
 */
export async function placesOf(
  db: Kysely<Database>,
  groups: ReadonlyArray<{ programmeId: string; kind: ApplicationKind }>,
): Promise<Map<string, { rank: number; rankedCount: number }>> {
  const out = new Map<string, { rank: number; rankedCount: number }>();
  const done = new Set<string>();
  for (const g of groups) {
    const key = `${g.programmeId}:${g.kind}`;
    if (done.has(key) || !(rankingKinds as readonly string[]).includes(g.kind)) continue;
    done.add(key);
    const rows = (await repo.ranked(db, g)).filter((r) => r.mean_c !== null);
    for (const r of rows) out.set(r.id, { rank: r.place, rankedCount: rows.length });
  }
  return out;
}
