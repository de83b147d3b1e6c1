import type { Kysely } from 'kysely';
import {
  Code, type ConsoleSeason, type ConsoleSeasonCreateRequest, type ConsoleSeasonMakeCurrentRequest, type ConsoleSeasonsResponse,
} from '@qgw/contracts';
import { type Clock, isoAt } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import { newRowId } from '../../db/row-id.js';
import type { Database, ProgrammesTable } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { phaseOf } from '../programme/programme.module.js';
import { type SeasonRow, seasonsRepository as repo } from './seasons.repository.js';
import { seasonsStrings as s } from './seasons.strings.js';

/**
 * Seasons (评选设置, admins): every year's programme is a season and exactly one is current. A new
 * season is copied from an existing one — the programme row whole (so a column added to programmes
 * later is carried too), its themes, its rubric criteria in use with the kinds' version numbers,
 * its 评选设置 and its content pages (programme pages and awards) — with the dates moved by the
 * years between them. Applications, reviews, decisions and files are never copied: they stay with the season they were made in. A new season is not
 * current; making one current is audited, and while the current season is in its review phase it
 * needs a reason (the reviewers and the applicants waiting for results see the switch).
 */

/** An instant moved by whole calendar years (UTC). */
function shiftYears(instant: string, years: number): string {
  const d = new Date(instant);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString();
}

/** The season's name for another year: its year replaced wherever the name gives it. */
const renamed = (name: string, from: number, to: number) => name.split(String(from)).join(String(to));

export class SeasonsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
  ) {}

  private view(r: SeasonRow): ConsoleSeason {
    return {
      id: r.id,
      year: Number(r.year),
      name: r.name,
      phase: phaseOf(r, this.clock()),
      current: Number(r.is_current) === 1,
      opensAt: r.opens_at,
      closesAt: r.closes_at,
      reviewEndsAt: r.review_ends_at,
      resultsAt: r.results_at,
      applicationCount: Number(r.application_count ?? 0),
      themeCount: Number(r.theme_count ?? 0),
    };
  }

  async list(db: Kysely<Database> = this.db): Promise<ConsoleSeasonsResponse> {
    return { items: (await repo.list(db)).map((r) => this.view(r)) };
  }

  async create(actorId: string, input: ConsoleSeasonCreateRequest): Promise<ConsoleSeason> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const from = await repo.byId(trx, input.copyFrom);
        if (!from) throw new AppError(Code.NOT_FOUND, s.notFound);
        if (await repo.yearTaken(trx, input.year)) throw new AppError(Code.SEASON_EXISTS, s.yearTaken(input.year));
        const now = isoAt(this.clock());
        const years = input.year - Number(from.year);
        const id = newRowId();
        const season: ProgrammesTable = {
          ...from,
          id,
          year: input.year,
          name: renamed(from.name, Number(from.year), input.year),
          opens_at: shiftYears(from.opens_at, years),
          closes_at: shiftYears(from.closes_at, years),
          review_ends_at: shiftYears(from.review_ends_at, years),
          results_at: shiftYears(from.results_at, years),
          // a forced phase was last season's decision; the new season follows its own dates
          phase_override: null,
          is_current: 0,
          created_at: now,
          updated_at: now,
        };
        await repo.insertSeason(trx, season);

        const themes = await repo.themes(trx, from.id);
        await repo.insertThemes(trx, themes.map((t) => ({ ...t, id: newRowId(), programme_id: id })));
        const criteria = await repo.activeCriteria(trx, from.id);
        await repo.insertCriteria(
          trx,
          criteria.map((c) => ({ ...c, id: newRowId(), programme_id: id, created_at: now, updated_at: now, updated_by: actorId })),
        );
        // the version numbers carry on: a review's version stays comparable with the rubric it was scored by
        const versions = await repo.rubricVersions(trx, from.id);
        await repo.insertRubricVersions(trx, versions.map((v) => ({ ...v, programme_id: id, created_at: now, created_by: actorId })));
        const settings = await repo.settings(trx, from.id);
        await repo.insertSettings(trx, settings.map((x) => ({ ...x, programme_id: id, updated_at: now, updated_by: actorId })));
        // the programme's pages and awards, as new records of the new season: same slugs (unique
        // within a season), same publication, so that the season shows them once it is current
        const articles = await repo.articles(trx, from.id);
        await repo.insertArticles(
          trx,
          articles.map((a) => ({ ...a, id: newRowId(), programme_id: id, created_at: now, updated_at: now, updated_by: actorId })),
        );

        await this.audit.record(
          {
            actorId,
            action: 'season.create',
            entity: 'programme',
            entityId: id,
            after: {
              year: input.year,
              copyFrom: { id: from.id, year: Number(from.year) },
              themes: themes.length,
              criteria: criteria.length,
              rubricVersions: Object.fromEntries(versions.map((v) => [v.kind, Number(v.version)])),
              settings: settings.map((x) => x.key),
              articles: articles.length,
            },
          },
          trx,
        );
        const created = (await repo.list(trx)).find((r) => r.id === id)!;
        return this.view(created);
      });
    } catch (e) {
      // two admins creating the same year at once: the database's unique year decides
      if (isUniqueViolation(e)) throw new AppError(Code.SEASON_EXISTS, s.yearTaken(input.year));
      throw e;
    }
  }

  async makeCurrent(actorId: string, input: ConsoleSeasonMakeCurrentRequest): Promise<ConsoleSeasonsResponse> {
    return this.db.transaction().execute(async (trx) => {
      const target = await repo.byId(trx, input.id);
      if (!target) throw new AppError(Code.NOT_FOUND, s.notFound);
      const current = await repo.current(trx);
      if (current?.id === target.id) return this.list(trx);
      const reason = input.reason?.trim() || null;
      const inReview = current !== undefined && phaseOf(current, this.clock()) === 'reviewing';
      if (inReview && !reason) throw new AppError(Code.SEASON_IN_REVIEW, s.inReview);
      await repo.setCurrent(trx, target.id, isoAt(this.clock()));
      await this.audit.record(
        {
          actorId,
          action: 'season.makeCurrent',
          entity: 'programme',
          entityId: target.id,
          before: current ? { id: current.id, year: Number(current.year), phase: phaseOf(current, this.clock()) } : null,
          after: { id: target.id, year: Number(target.year), reason },
        },
        trx,
      );
      return this.list(trx);
    });
  }
}
