import type { Kysely } from 'kysely';
import { type AgeRange, ageOutsideRange, beijingDate, Code, type CurrentStatus, type ProgrammePhase, type Theme } from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { programmeRepository as repo, type ProgrammeRow } from './programme.repository.js';
import { programmeStrings as s } from './programme.strings.js';

/**
 * The programme's phase, from its dates and the time now unless an admin has forced one:
 *   before opens_at → not_open; until closes_at → open; until results_at → reviewing
 *   (review_ends_at, in between, is when scoring stops: issue 4's concern); from results_at → results.
 * closed is never derived: an admin closes a programme explicitly.
 */
export function phaseOf(p: ProgrammeRow, nowMs: number): ProgrammePhase {
  if (p.phase_override) return p.phase_override;
  if (nowMs < Date.parse(p.opens_at)) return 'not_open';
  if (nowMs < Date.parse(p.closes_at)) return 'open';
  if (nowMs < Date.parse(p.results_at)) return 'reviewing';
  return 'results';
}

/** The ages a programme's person entries are open to, counted on its closing day in Beijing. */
export const ageRangeOf = (p: ProgrammeRow): AgeRange => ({ minAge: p.min_age, maxAge: p.max_age, onDate: beijingDate(p.closes_at) });

export interface CurrentProgramme {
  programme: ProgrammeRow;
  phase: ProgrammePhase;
}

export class ProgrammeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async current(db: Kysely<Database> = this.db): Promise<CurrentProgramme | null> {
    const programme = await repo.current(db);
    return programme ? { programme, phase: phaseOf(programme, this.clock()) } : null;
  }

  async requireCurrent(db: Kysely<Database> = this.db): Promise<CurrentProgramme> {
    const c = await this.current(db);
    if (!c) throw new AppError(Code.NOT_FOUND, s.noProgramme);
    return c;
  }

  /** A season by id, or the current one without it (the console's season selector). */
  async season(programmeId?: string, db: Kysely<Database> = this.db): Promise<CurrentProgramme> {
    if (!programmeId) return this.requireCurrent(db);
    const programme = await repo.byId(db, programmeId);
    if (!programme) throw new AppError(Code.NOT_FOUND, s.noProgramme);
    return { programme, phase: phaseOf(programme, this.clock()) };
  }

  async phaseOfProgramme(programmeId: string, db: Kysely<Database> = this.db): Promise<ProgrammePhase> {
    return (await this.requireById(programmeId, db)).phase;
  }

  async requireById(programmeId: string, db: Kysely<Database> = this.db): Promise<CurrentProgramme> {
    const programme = await repo.byId(db, programmeId);
    if (!programme) throw new AppError(Code.NOT_FOUND, s.noProgramme);
    return { programme, phase: phaseOf(programme, this.clock()) };
  }

  /**
   * Refuses (AGE_INELIGIBLE, naming the range) a person whose ID number puts them outside the
   * programme's age range on its closing day. The form asks the same as soon as the number is typed.
   */
  assertAgeEligible(programme: ProgrammeRow, idNumber: unknown): void {
    if (typeof idNumber !== 'string') return;
    const range = ageRangeOf(programme);
    const age = ageOutsideRange(idNumber, range);
    if (age !== null) throw new AppError(Code.AGE_INELIGIBLE, s.ageIneligible(age, range.minAge, range.maxAge, range.onDate));
  }

  /** Refuses unless the phase is one of `allowed` (first submissions: only 'open'). */
  assertPhase(phase: ProgrammePhase, allowed: readonly ProgrammePhase[]): void {
    if (!allowed.includes(phase)) throw new AppError(Code.PROGRAMME_CLOSED, s.notInWindow);
  }

  async currentStatus(): Promise<CurrentStatus> {
    const { programme: p, phase } = await this.requireCurrent();
    return {
      year: p.year,
      name: p.name,
      phase,
      opensAt: p.opens_at,
      closesAt: p.closes_at,
      reviewEndsAt: p.review_ends_at,
      resultsAt: p.results_at,
      ageRange: ageRangeOf(p),
    };
  }

  async themes(): Promise<Theme[]> {
    const c = await this.current();
    if (!c) return [];
    const rows = await repo.activeThemes(this.db, c.programme.id);
    return rows.map((t) => ({ id: t.id, name: t.name, description: t.description }));
  }

  /** A work's theme must be an active theme of its programme. */
  async assertActiveTheme(programmeId: string, themeId: string): Promise<void> {
    if (!(await repo.activeTheme(this.db, programmeId, themeId))) throw new AppError(Code.BAD_REQUEST, s.themeUnknown);
  }
}
