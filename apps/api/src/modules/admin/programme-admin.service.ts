import type { Kysely } from 'kysely';
import {
  Code, type ConsoleProgramme, type ConsoleProgrammeUpdateRequest, type ConsoleTheme, type ConsoleThemesResponse,
  type ConsoleThemeUpdateRequest, type ZConsoleThemeCreateRequest,
} from '@qgw/contracts';
import type { z } from 'zod';
import { type Clock, isoAt } from '../../clock.js';
import type { Database, ProgrammesTable } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { programmeRepository, type ThemeWithCount } from '../programme/programme.module.js';
import { phaseOf } from '../programme/programme.module.js';
import { adminStrings as s } from './admin.strings.js';
import { isBlindReview, perKindSetting, perKindSettings, settingKeys, writeSeasonSetting } from './console-settings.repository.js';
import { newRowId } from '../../db/row-id.js';

/**
 * Programme administration (admins): a season's (default: the current one's) name, dates, phase override, the
 * age range of its person entries and the blind-review switch, and its themes. Every change is audited with before and after.
 */

const themeView = (t: ThemeWithCount): ConsoleTheme => ({
  id: t.id,
  name: t.name,
  description: t.description,
  sort: t.sort,
  active: t.active === 1,
  applicationCount: Number(t.application_count ?? 0),
});

/** ISO instants in one canonical form (UTC, milliseconds), so stored dates compare as text. */
const canonical = (instant: string) => new Date(instant).toISOString();

/** Every per-kind 评选设置 (minimum reviews, target reviewers, quota) as the console shows them. */
async function perKindValues(db: Kysely<Database>, programmeId: string) {
  const out = {} as Record<(typeof perKindSettings)[number], Awaited<ReturnType<typeof perKindSetting>>>;
  // one after the other: inside a PostgreSQL transaction there is one connection to use
  for (const k of perKindSettings) out[k] = await perKindSetting(db, k, programmeId);
  return out;
}

export class ProgrammeAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
  ) {}

  async programme(programmeId?: string): Promise<ConsoleProgramme> {
    return this.view(this.db, await this.current(this.db, programmeId));
  }

  async updateProgramme(actorId: string, input: ConsoleProgrammeUpdateRequest): Promise<ConsoleProgramme> {
    return this.db.transaction().execute(async (trx) => {
      const p = await this.current(trx, input.programmeId);
      const blindBefore = await isBlindReview(trx, p.id);
      const perKindBefore = await perKindValues(trx, p.id);
      const next = {
        name: input.name ?? p.name,
        opens_at: input.opensAt ? canonical(input.opensAt) : p.opens_at,
        closes_at: input.closesAt ? canonical(input.closesAt) : p.closes_at,
        review_ends_at: input.reviewEndsAt ? canonical(input.reviewEndsAt) : p.review_ends_at,
        results_at: input.resultsAt ? canonical(input.resultsAt) : p.results_at,
        phase_override: input.phaseOverride === undefined ? p.phase_override : input.phaseOverride,
        min_age: input.minAge ?? p.min_age,
        max_age: input.maxAge ?? p.max_age,
      };
      const [o, c, r, res] = [next.opens_at, next.closes_at, next.review_ends_at, next.results_at].map(Date.parse) as [number, number, number, number];
      if (!(o < c && c <= r && r <= res)) throw new AppError(Code.BAD_REQUEST, s.datesOrder);
      if (next.min_age > next.max_age) throw new AppError(Code.BAD_REQUEST, s.ageOrder);

      const now = this.clock();
      await programmeRepository.updateProgramme(trx, p.id, next, isoAt(now));
      const blindAfter = input.blindReview ?? blindBefore;
      if (input.blindReview !== undefined && input.blindReview !== blindBefore) {
        await writeSeasonSetting(trx, p.id, settingKeys.blindReview, blindAfter, actorId, now);
      }
      const perKindAfter = { ...perKindBefore };
      for (const setting of perKindSettings) {
        const after = { ...perKindBefore[setting], ...input[setting] };
        if (input[setting] === undefined || JSON.stringify(after) === JSON.stringify(perKindBefore[setting])) continue;
        perKindAfter[setting] = after;
        await writeSeasonSetting(trx, p.id, settingKeys[setting], after, actorId, now);
      }
      const pick = (x: typeof next, blind: boolean, perKind: typeof perKindBefore) => ({
        name: x.name,
        opensAt: x.opens_at,
        closesAt: x.closes_at,
        reviewEndsAt: x.review_ends_at,
        resultsAt: x.results_at,
        phaseOverride: x.phase_override,
        minAge: x.min_age,
        maxAge: x.max_age,
        blindReview: blind,
        ...perKind,
      });
      await this.audit.record(
        {
          actorId,
          action: 'programme.update',
          entity: 'programme',
          entityId: p.id,
          before: pick(p, blindBefore, perKindBefore),
          after: pick(next, blindAfter, perKindAfter),
        },
        trx,
      );
      return this.view(trx, { ...p, ...next, updated_at: isoAt(now) });
    });
  }

  async themes(programmeId?: string): Promise<ConsoleThemesResponse> {
    const p = await this.current(this.db, programmeId);
    const rows = await programmeRepository.themesWithCounts(this.db, p.id);
    return { items: rows.map(themeView) };
  }

  async createTheme(actorId: string, input: z.output<typeof ZConsoleThemeCreateRequest>): Promise<ConsoleTheme> {
    return this.db.transaction().execute(async (trx) => {
      const p = await this.current(trx, input.programmeId);
      await this.assertNameFree(trx, p.id, input.name, null);
      const row = {
        id: newRowId(),
        programme_id: p.id,
        name: input.name,
        description: input.description,
        sort: input.sort ?? (await programmeRepository.maxThemeSort(trx, p.id)) + 1,
        active: (input.active ? 1 : 0) as 0 | 1,
      };
      await programmeRepository.insertTheme(trx, row);
      const view = themeView({ ...row, application_count: 0 });
      await this.audit.record({ actorId, action: 'theme.create', entity: 'theme', entityId: row.id, after: view }, trx);
      return view;
    });
  }

  async updateTheme(actorId: string, input: ConsoleThemeUpdateRequest): Promise<ConsoleTheme> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.theme(trx, input.id);
      if (input.name !== undefined) await this.assertNameFree(trx, before.programme_id, input.name, before.id);
      await programmeRepository.updateTheme(trx, before.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
      });
      const after = await this.theme(trx, before.id);
      await this.audit.record(
        { actorId, action: 'theme.update', entity: 'theme', entityId: before.id, before: themeView(before), after: themeView(after) },
        trx,
      );
      return themeView(after);
    });
  }

  async deleteTheme(actorId: string, id: string): Promise<{ id: string }> {
    return this.db.transaction().execute(async (trx) => {
      const before = await this.theme(trx, id);
      const used = Number(before.application_count);
      if (used > 0) throw new AppError(Code.CONFLICT, s.themeInUse(used));
      await programmeRepository.deleteTheme(trx, id);
      await this.audit.record({ actorId, action: 'theme.delete', entity: 'theme', entityId: id, before: themeView(before) }, trx);
      return { id };
    });
  }

  /** A theme of any season (a season not yet current is prepared before it opens). */
  private async theme(db: Kysely<Database>, id: string): Promise<ThemeWithCount> {
    const row = await programmeRepository.themeWithCount(db, null, id);
    if (!row) throw new AppError(Code.NOT_FOUND, s.themeNotFound);
    return row;
  }

  private async assertNameFree(db: Kysely<Database>, programmeId: string, name: string, exceptId: string | null) {
    if (await programmeRepository.themeNameTaken(db, programmeId, name, exceptId)) throw new AppError(Code.CONFLICT, s.themeNameTaken);
  }

  /** The season asked for, else the current one. */
  private async current(db: Kysely<Database>, programmeId?: string): Promise<ProgrammesTable> {
    const p = programmeId ? await programmeRepository.byId(db, programmeId) : await programmeRepository.current(db);
    if (!p) throw new AppError(Code.NOT_FOUND, s.noProgramme);
    return p;
  }

  private async view(db: Kysely<Database>, p: ProgrammesTable): Promise<ConsoleProgramme> {
    return {
      id: p.id,
      year: p.year,
      name: p.name,
      opensAt: p.opens_at,
      closesAt: p.closes_at,
      reviewEndsAt: p.review_ends_at,
      resultsAt: p.results_at,
      phaseOverride: p.phase_override,
      phase: phaseOf(p, this.clock()),
      blindReview: await isBlindReview(db, p.id),
      ...(await perKindValues(db, p.id)),
      minAge: p.min_age,
      maxAge: p.max_age,
      updatedAt: p.updated_at,
    };
  }
}
