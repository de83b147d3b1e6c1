import type { Kysely } from 'kysely';
import type { ApplicationKind, ApplicationSummary } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import type { AuthContext } from '../accounts/accounts.module.js';
import { programmeRepository, type ProgrammeService } from '../programme/programme.module.js';
import { type ApplicationRow, applicationsRepository as repo } from './applications.repository.js';
import { ownedOfKind } from './applications.service.js';
import { kindSpecs } from './kinds.js';
import { type ApplicationView, type SeasonYears, toSummary, toView, type ViewDeps } from './views.js';

export interface MyApplicationsDeps {
  db: Kysely<Database>;
  programme: Pick<ProgrammeService, 'current'>;
  /** how an application is shown (ApplicationsService.view) */
  view: ViewDeps;
}

/**
 * The applicant reading back their own applications: the latest of each kind, their works, the
 * programme home, 我的申报. Apart from the lifecycle's changes (applications.service.ts), since
 * nothing here writes.
 */
export class MyApplicationsService {
  constructor(private readonly d: MyApplicationsDeps) {}

  get view(): ViewDeps {
    return this.d.view;
  }

  /** The user's live application of a kind: rank-user of any programme, membership, or the current programme's entry. */
  async latestOf(userId: string, kind: ApplicationKind): Promise<ApplicationRow | undefined> {
    if (kind === 'rank_user') return repo.latestLive(this.d.db, userId, kind);
    if (!kindSpecs[kind].inProgramme) return repo.latestLive(this.d.db, userId, kind, null);
    const current = await this.d.programme.current();
    return current ? repo.latestLive(this.d.db, userId, kind, current.programme.id) : undefined;
  }

  async info(auth: AuthContext, kind: ApplicationKind): Promise<ApplicationView | null> {
    const row = (await this.latestOf(auth.user.id, kind)) ?? (await this.withdrawnEntryOf(auth.user.id, kind));
    return row ? toView(this.d.db, this.d.view, row, auth.user.id) : null;
  }

  /**
   * A programme entry (person, company) withdrawn and not yet sent again: its result page still shows
   * it — 已撤回, with the reason — and its form starts from its answers, instead of "nothing submitted"
   * and a blank form. Membership and the 创新榜 entry keep the seed's "no application" after withdrawal.
   */
  private async withdrawnEntryOf(userId: string, kind: ApplicationKind): Promise<ApplicationRow | undefined> {
    if (kind !== 'person' && kind !== 'company') return undefined;
    const current = await this.d.programme.current();
    return current ? repo.latestWithdrawn(this.d.db, userId, kind, current.programme.id) : undefined;
  }

  async work(auth: AuthContext, id: string): Promise<ApplicationView> {
    const row = await ownedOfKind(this.d.db, id, auth.user.id, 'work');
    return toView(this.d.db, this.d.view, row, auth.user.id);
  }

  /** Every work of the user in the current programme, withdrawn ones included, newest first. */
  async works(auth: AuthContext): Promise<ApplicationSummary[]> {
    const current = await this.d.programme.current();
    if (!current) return [];
    const rows = await repo.listByUser(this.d.db, auth.user.id, { kind: 'work', programmeId: current.programme.id });
    return rows.map((r) => toSummary(r));
  }

  /**
   * The programme home: the user's live person, company and work entries in the current season,
   * and apart from them (earlier) their live entries of other seasons, which keep their own rules.
   */
  async applyStatus(auth: AuthContext) {
    const current = await this.d.programme.current();
    if (!current) return { person: null, company: null, works: [], earlier: [] };
    const programmeId = current.programme.id;
    const userId = auth.user.id;
    const [person, company, works, all, years] = await Promise.all([
      repo.latestLive(this.d.db, userId, 'person', programmeId),
      repo.latestLive(this.d.db, userId, 'company', programmeId),
      repo.listByUser(this.d.db, userId, { kind: 'work', programmeId, live: true }),
      repo.listByUser(this.d.db, userId, { live: true }),
      this.seasonYears(),
    ]);
    const earlier = all.filter((r) => r.programme_id !== null && r.programme_id !== programmeId && r.kind !== 'rank_user');
    return {
      person: person ? toSummary(person, years) : null,
      company: company ? toSummary(company, years) : null,
      works: works.map((r) => toSummary(r, years)),
      earlier: earlier.map((r) => toSummary(r, years)),
    };
  }

  private async seasonYears(): Promise<SeasonYears> {
    return new Map((await programmeRepository.all(this.d.db)).map((p) => [p.id, Number(p.year)]));
  }

  /** 我的申报: the caller's applications of every kind, newest first, each with its season's year. */
  async mine(auth: AuthContext): Promise<ApplicationSummary[]> {
    const [rows, years] = await Promise.all([repo.listByUser(this.d.db, auth.user.id), this.seasonYears()]);
    return rows.map((r) => toSummary(r, years));
  }

  /** Every application of the user, of every kind (the look-up's postList). */
  async allOf(userId: string): Promise<ApplicationSummary[]> {
    return (await repo.listByUser(this.d.db, userId)).map((r) => toSummary(r));
  }
}
