import type { Kysely } from 'kysely';
import {
  assignCsvHeader, Code, type ConsoleAssignCsvResponse, type ConsoleAssignResponse, type ConsoleReviewerLoad,
  type CsvRowResult, limits, maskMobile, type RefusedAssignment, reviewLimits,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import type { AssignMethod, Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { ApplicationRow } from '../applications/applications.module.js';
import { recordTransition } from '../applications/applications.module.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { type ConsoleActor, normalizeOrganization } from './console-actor.js';
import { parseCsv } from './csv.js';
import { RECORD_ID } from '../../db/keyset.js';
import { assignmentsRepository as assignRepo, type ReviewerRow } from './assignments.repository.js';
import { REVIEWABLE, reviewRepository as repo } from './review.repository.js';
import { reviewStrings as s } from './review.strings.js';

export interface AssignmentDeps {
  db: Kysely<Database>;
  clock: Clock;
  audit: AuditRepository;
}

type Pair = { applicationId: string; reviewerId: string };
type Outcome = ConsoleAssignResponse;

const emptyOutcome = (): Outcome => ({ assigned: [], unchanged: [], refused: [] });
const merge = (into: Outcome, from: Outcome) => {
  into.assigned.push(...from.assigned);
  into.unchanged.push(...from.unchanged);
  into.refused.push(...from.refused);
};

/**
 * Who reviews what (docs/decisions/0008-review-and-decisions.md). Every way of assigning — manual,
 * automatic, CSV — goes through `assignTo`, which applies the same rules: only active reviewers,
 * only applications awaiting a decision, and never a conflict of interest (the reviewer's
 * organisation is one the applicant gave, the application is the reviewer's own, or the reviewer
 * declared a conflict). The first assignment moves submitted → under_review, audited. Taking
 * reviewers off is unassignment.service.ts.
 */
export class AssignmentService {
  constructor(private readonly d: AssignmentDeps) {}

  /** Why this reviewer may not review this application, or null when they may. */
  private async refusal(app: ApplicationRow, r: ReviewerRow | undefined, applicantOrgs: Set<string>): Promise<Omit<RefusedAssignment, keyof Pair> | null> {
    if (!r) return { cause: 'not_found', reason: s.reviewerUnknown };
    if (!r.isReviewer || r.status !== 'active') return { cause: 'not_reviewer', reason: s.notReviewer };
    if (!REVIEWABLE.includes(app.status)) return { cause: 'state', reason: s.applicationState };
    if (app.user_id === r.id) return { cause: 'conflict', reason: s.conflictOrganization };
    if (r.organization && applicantOrgs.has(normalizeOrganization(r.organization))) {
      return { cause: 'conflict', reason: s.conflictOrganization };
    }
    if (await assignRepo.declaredConflict(this.d.db, app.id, r.id)) return { cause: 'conflict', reason: s.conflictDeclared };
    return null;
  }

  private async applicantOrgs(app: ApplicationRow): Promise<Set<string>> {
    const orgs = await assignRepo.applicantOrganizations(this.d.db, app.user_id);
    if (app.organization) orgs.push(app.organization);
    return new Set(orgs.map(normalizeOrganization).filter((o) => o.length > 0));
  }

  /** Assigns the reviewers to one application in one transaction. */
  private async assignTo(actor: ConsoleActor, app: ApplicationRow, reviewers: Array<ReviewerRow | { missing: string }>, method: AssignMethod): Promise<Outcome> {
    const out = emptyOutcome();
    const orgs = await this.applicantOrgs(app);
    const eligible: ReviewerRow[] = [];
    for (const r of reviewers) {
      const reviewerId = 'missing' in r ? r.missing : r.id;
      const why = await this.refusal(app, 'missing' in r ? undefined : r, orgs);
      if (why) out.refused.push({ applicationId: app.id, reviewerId, ...why });
      else eligible.push(r as ReviewerRow);
    }
    if (eligible.length === 0) return out;
    const now = isoAt(this.d.clock());
    await this.d.db.transaction().execute(async (trx) => {
      for (const r of eligible) {
        const pair = { applicationId: app.id, reviewerId: r.id };
        if (!(await assignRepo.insertAssignment(trx, { ...pair, method, by: actor.id, at: now }))) {
          out.unchanged.push(pair);
          continue;
        }
        out.assigned.push(pair);
        await this.d.audit.record(
          { actorId: actor.id, action: 'review.assign', entity: 'application', entityId: app.id, after: { reviewerId: r.id, method } },
          trx,
        );
      }
      // reviewers in place (new or kept from before a return): the review (re)starts
      await this.startReview(trx, actor, app.id, now);
    });
    return out;
  }

  /** submitted → under_review, audited; nothing when it is under review already. */
  private async startReview(trx: Kysely<Database>, actor: ConsoleActor, applicationId: string, now: string): Promise<void> {
    const moved = await repo.startReview(trx, applicationId, now);
    if (!moved) return;
    await recordTransition(this.d.audit, trx, {
      actorId: actor.id,
      action: 'application.review_start',
      applicationId,
      before: { status: 'submitted', version: moved.from },
      after: { status: 'under_review', version: moved.to },
    });
  }

  private async appsById(ids: string[]): Promise<Map<string, ApplicationRow>> {
    const rows = await repo.applications(this.d.db, [...new Set(ids)]);
    // drafts do not exist for the console
    return new Map(rows.filter((r) => r.status !== 'draft').map((r) => [r.id, r]));
  }

  /** Every listed reviewer to every listed application. */
  async assign(actor: ConsoleActor, applicationIds: string[], reviewerIds: string[]): Promise<Outcome> {
    const out = emptyOutcome();
    const apps = await this.appsById(applicationIds);
    const found = new Map((await assignRepo.reviewers(this.d.db, { ids: [...new Set(reviewerIds)] })).map((r) => [r.id, r]));
    const reviewers = [...new Set(reviewerIds)].map((id) => found.get(id) ?? { missing: id });
    for (const id of new Set(applicationIds)) {
      const app = apps.get(id);
      if (!app) {
        for (const reviewerId of new Set(reviewerIds)) out.refused.push({ applicationId: id, reviewerId, cause: 'not_found', reason: s.applicationUnknown });
        continue;
      }
      merge(out, await this.assignTo(actor, app, reviewers, 'manual'));
    }
    return out;
  }

  /**
   * Round-robin balanced by load: each application gets reviewers until it has `perApplication`,
   * always the eligible reviewer with the fewest open assignments, ties going round the reviewer
   * list from where the last pick left off (so equal loads spread evenly).
   */
  async assignAuto(actor: ConsoleActor, applicationIds: string[], perApplication: number): Promise<Outcome> {
    const out = emptyOutcome();
    const apps = await this.appsById(applicationIds);
    const pool = await assignRepo.reviewers(this.d.db, { allActive: true });
    const loads = await assignRepo.loads(this.d.db);
    const load = new Map(pool.map((r) => [r.id, loads.get(r.id)?.load ?? 0]));
    let next = 0;
    for (const id of new Set(applicationIds)) {
      const app = apps.get(id);
      if (!app) {
        out.refused.push({ applicationId: id, reviewerId: '', cause: 'not_found', reason: s.applicationUnknown });
        continue;
      }
      if (!REVIEWABLE.includes(app.status)) {
        out.refused.push({ applicationId: id, reviewerId: '', cause: 'state', reason: s.applicationState });
        continue;
      }
      const already = new Set((await assignRepo.assignments(this.d.db, id)).map((a) => a.reviewer_id));
      const need = perApplication - already.size;
      if (need <= 0) {
        // enough reviewers kept from before a return: the review restarts with them
        if (app.status === 'submitted') {
          await this.d.db.transaction().execute((trx) => this.startReview(trx, actor, app.id, isoAt(this.d.clock())));
        }
        continue;
      }
      const orgs = await this.applicantOrgs(app);
      const eligible: Array<{ r: ReviewerRow; at: number }> = [];
      for (const [at, r] of pool.entries()) {
        if (!already.has(r.id) && (await this.refusal(app, r, orgs)) === null) eligible.push({ r, at });
      }
      const n = pool.length;
      eligible.sort((a, b) => load.get(a.r.id)! - load.get(b.r.id)! || ((a.at - next + n) % n) - ((b.at - next + n) % n));
      const picked = eligible.slice(0, need);
      for (const p of picked) load.set(p.r.id, load.get(p.r.id)! + 1);
      if (picked.length > 0) next = (picked.at(-1)!.at + 1) % n;
      if (picked.length < need) {
        out.refused.push({ applicationId: id, reviewerId: '', cause: 'no_reviewer', reason: s.noReviewerAvailable });
      }
      merge(out, await this.assignTo(actor, app, picked.map((p) => p.r), 'auto'));
    }
    return out;
  }

  /** application_id,reviewer_mobile rows; every data row answered with its outcome. */
  async assignCsv(actor: ConsoleActor, text: string): Promise<ConsoleAssignCsvResponse> {
    const rows = parseCsv(text);
    const header = rows.shift();
    if (!header) throw new AppError(Code.CSV_INVALID, s.csvEmpty);
    const names = header.fields.map((f) => f.trim().toLowerCase());
    if (names.length !== 2 || names[0] !== assignCsvHeader[0] || names[1] !== assignCsvHeader[1]) {
      throw new AppError(Code.CSV_INVALID, s.csvHeader);
    }
    if (rows.length === 0) throw new AppError(Code.CSV_INVALID, s.csvEmpty);
    if (rows.length > reviewLimits.csvRows) throw new AppError(Code.CSV_INVALID, s.csvTooManyRows);

    const parsed = rows.map((r) => ({ line: r.line, applicationId: (r.fields[0] ?? '').trim(), mobile: (r.fields[1] ?? '').trim(), columns: r.fields.length }));
    const wellFormed = parsed.filter((p) => p.columns === 2 && limits.mobilePattern.test(p.mobile) && RECORD_ID.test(p.applicationId));
    const apps = await this.appsById(wellFormed.map((p) => p.applicationId));
    const byMobile = new Map((await assignRepo.reviewers(this.d.db, { mobiles: [...new Set(wellFormed.map((p) => p.mobile))] })).map((r) => [r.mobile, r]));

    const results: CsvRowResult[] = [];
    const seen = new Set<string>();
    for (const p of parsed) {
      const base = { line: p.line, applicationId: p.applicationId.slice(0, 64), reviewerMobileMasked: maskMobile(p.mobile.slice(0, 11)) };
      const refuse = (reason: string) => results.push({ ...base, outcome: 'refused', reason });
      if (p.columns !== 2 || !p.applicationId || p.applicationId.length > 64) {
        refuse(s.csvColumns);
        continue;
      }
      if (!limits.mobilePattern.test(p.mobile)) {
        refuse(s.csvMobile);
        continue;
      }
      const key = `${p.applicationId}\n${p.mobile}`;
      if (seen.has(key)) {
        results.push({ ...base, outcome: 'unchanged', reason: s.csvDuplicate });
        continue;
      }
      seen.add(key);
      const app = RECORD_ID.test(p.applicationId) ? apps.get(p.applicationId) : undefined;
      if (!app) {
        refuse(s.applicationUnknown);
        continue;
      }
      const reviewer = byMobile.get(p.mobile);
      const o = await this.assignTo(actor, app, [reviewer ?? { missing: '' }], 'csv');
      if (o.assigned.length > 0) results.push({ ...base, outcome: 'assigned', reason: null });
      else if (o.unchanged.length > 0) results.push({ ...base, outcome: 'unchanged', reason: s.alreadyAssigned });
      else refuse(o.refused[0]?.reason ?? s.notReviewer);
    }
    const count = (o: CsvRowResult['outcome']) => results.filter((r) => r.outcome === o).length;
    return { rows: results, assigned: count('assigned'), unchanged: count('unchanged'), refused: count('refused') };
  }

  async reviewers(): Promise<ConsoleReviewerLoad[]> {
    const pool = await assignRepo.reviewers(this.d.db, { allActive: true });
    const loads = await assignRepo.loads(this.d.db);
    return pool.map((r) => ({
      id: r.id,
      nickname: r.nickname,
      mobileMasked: maskMobile(r.mobile),
      organization: r.organization,
      load: loads.get(r.id)?.load ?? 0,
      reviewed: loads.get(r.id)?.reviewed ?? 0,
    }));
  }
}
