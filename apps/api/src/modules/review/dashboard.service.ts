import type { Kysely } from 'kysely';
import {
  type ApplicationStatus, beijingDate, type ConsoleDashboardResponse, dashboardLimits, type DashboardKindProgress, type RankingKind, rankingKinds,
} from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { minReviewsByKind, targetReviewersByKind } from '../admin/admin.module.js';
import type { ProgrammeService } from '../programme/programme.module.js';
import { dashboardRepository as repo, type DashboardApplicationRow } from './dashboard.repository.js';

const DAY_MS = 86_400_000;

const IN_REVIEW: readonly ApplicationStatus[] = ['submitted', 'under_review'];
const DECIDED: readonly ApplicationStatus[] = ['approved', 'rejected'];
const BINS = Math.ceil(100 / dashboardLimits.scoreBin);

/** The days of the span, oldest first, ending with today. */
function daysEnding(nowMs: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => beijingDate(nowMs - (days - 1 - i) * DAY_MS));
}

/** A mean total (0..100) to its bin; 100 itself falls in the last. */
const binOf = (mean: number) => Math.min(BINS - 1, Math.max(0, Math.floor(mean / dashboardLimits.scoreBin)));

/** 所在地区 as typed, trimmed; anything else (a missing or malformed form) counts as unknown. */
function regionOf(dataJson: string): string | null {
  try {
    const region = (JSON.parse(dataJson) as { region?: unknown }).region;
    return typeof region === 'string' && region.trim() ? region.trim() : null;
  } catch {
    return null;
  }
}

function regionsOf(forms: readonly string[]): ConsoleDashboardResponse['regions'] {
  const counts = new Map<string, number>();
  let unknown = 0;
  for (const f of forms) {
    const r = regionOf(f);
    if (r === null) unknown += 1;
    else counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'zh-CN'));
  const top = sorted.slice(0, dashboardLimits.topRegions).map(([region, count]) => ({ region, count }));
  const other = sorted.slice(dashboardLimits.topRegions).reduce((n, [, c]) => n + c, 0);
  return { top, other, unknown };
}

function progressOf(kind: RankingKind, rows: readonly DashboardApplicationRow[], minReviews: number, target: number): DashboardKindProgress {
  const open = rows.filter((r) => r.kind === kind && IN_REVIEW.includes(r.status));
  return {
    kind,
    inReview: open.length,
    assigned: open.filter((r) => r.assigned > 0).length,
    reviewed: open.filter((r) => r.reviews > 0 && r.reviews >= minReviews).length,
    needingReviewers: open.filter((r) => r.assigned < Math.max(1, target)).length,
  };
}

export interface DashboardDeps {
  db: Kysely<Database>;
  clock: Clock;
  programme: Pick<ProgrammeService, 'season'>;
}

/** The console's 概览 (admins): a season's round (default: the current one's) in figures. */
export class DashboardService {
  constructor(private readonly d: DashboardDeps) {}

  async dashboard(days: number, programmeId?: string): Promise<ConsoleDashboardResponse> {
    const { programme, phase } = await this.d.programme.season(programmeId);
    const [rows, forms, minimums, targets] = await Promise.all([
      repo.applications(this.d.db, { programmeId: programme.id, kinds: rankingKinds }),
      repo.regionForms(this.d.db, programme.id),
      minReviewsByKind(this.d.db, programme.id),
      targetReviewersByKind(this.d.db, programme.id),
    ]);
    const now = this.d.clock();
    const today = beijingDate(now);
    const span = daysEnding(now, days);
    const perDay = new Map(span.map((d) => [d, 0]));
    for (const r of rows) {
      if (!r.submitted_at) continue;
      const day = beijingDate(Date.parse(r.submitted_at));
      const n = perDay.get(day);
      if (n !== undefined) perDay.set(day, n + 1);
    }
    const byKindStatus = new Map<string, { kind: RankingKind; status: ApplicationStatus; count: number }>();
    for (const r of rows) {
      const key = `${r.kind}:${r.status}`;
      const cell = byKindStatus.get(key) ?? { kind: r.kind, status: r.status, count: 0 };
      cell.count += 1;
      byKindStatus.set(key, cell);
    }
    const reviewProgress = rankingKinds.map((k) => progressOf(k, rows, minimums[k], targets[k]));
    const scoreDistribution = rankingKinds.map((kind) => {
      const bins = Array.from({ length: BINS }, () => 0);
      let scored = 0;
      for (const r of rows) {
        if (r.kind !== kind || r.mean_c === null) continue;
        bins[binOf(r.mean_c / 100)]! += 1;
        scored += 1;
      }
      return { kind, bins, scored };
    });
    return {
      programme: { id: programme.id, name: programme.name, phase },
      today,
      totals: {
        applications: rows.length,
        submittedToday: perDay.get(today) ?? 0,
        inReview: rows.filter((r) => IN_REVIEW.includes(r.status)).length,
        reviews: rows.reduce((n, r) => n + r.reviews, 0),
        needingReviewers: reviewProgress.reduce((n, p) => n + p.needingReviewers, 0),
        decided: rows.filter((r) => DECIDED.includes(r.status)).length,
      },
      submissionsPerDay: span.map((day) => ({ day, count: perDay.get(day) ?? 0 })),
      byKindStatus: [...byKindStatus.values()],
      regions: regionsOf(forms),
      reviewProgress,
      scoreDistribution,
    };
  }
}
