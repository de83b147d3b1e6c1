import type { Kysely } from 'kysely';
import {
  Code, type ConsoleQueueItem, type ConsoleQueueRequest, type ConsoleQueueResponse, maskMobile, reviewLimits,
} from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { decodeTimeIdCursor, encodeCursor } from '../../db/keyset.js';
import { programmeRepository } from '../programme/programme.module.js';
import { phaseOf } from '../programme/programme.module.js';
import { blindFor, type ConsoleActor } from './console-actor.js';
import { NEUTRAL_TITLE_KINDS, shownTitle } from './masking.js';
import { pageExtras, type QueueSearch, queuePage } from './queue.repository.js';
import { averageOf } from './rubric.js';
import { reviewStrings as s } from './review.strings.js';

const CURSOR_TAG = 'q1';
const MASKED_MOBILE = /^(1\d{2})\*{4}(\d{4})$/;

/**
 * What `q` asks for: a masked mobile (138****1234: the first 3 and last 4 digits of the owner's
 * account mobile) or a name prefix. A blind reviewer may not search by who applied: their `q`
 * matches the title instead.
 */
export function parseSearch(q: string | undefined, blind: boolean): QueueSearch | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const m = MASKED_MOBILE.exec(text);
  if (m) {
    if (blind) throw new AppError(Code.BLIND_REVIEW, s.blindReveal);
    return { by: 'mobile', first3: m[1]!, last4: m[2]! };
  }
  if (/[*%]/.test(text) || text.length > reviewLimits.search.max) throw new AppError(Code.BAD_REQUEST, s.searchInvalid);
  return blind ? { by: 'title', prefix: text, kinds: NEUTRAL_TITLE_KINDS } : { by: 'name', prefix: text };
}

export class QueueService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Programme ids the request narrows to: programmeId and/or the programmes now in `phase`. */
  private async programmeIds(req: ConsoleQueueRequest): Promise<string[] | null> {
    if (!req.phase) return req.programmeId ? [req.programmeId] : null;
    const now = this.clock();
    const all = await programmeRepository.all(this.db);
    const inPhase = all.filter((p) => phaseOf(p, now) === req.phase).map((p) => p.id);
    return req.programmeId ? inPhase.filter((id) => id === req.programmeId) : inPhase;
  }

  async page(actor: ConsoleActor, req: ConsoleQueueRequest): Promise<ConsoleQueueResponse> {
    const blind = await blindFor(this.db, actor);
    const limit = req.limit ?? reviewLimits.page.default;
    let after: { updatedAt: string; id: string } | undefined;
    if (req.cursor) {
      // only what this service puts in a cursor: a timestamp and a record id
      const [updatedAt, id] = decodeTimeIdCursor(req.cursor, CURSOR_TAG);
      after = { updatedAt, id };
    }
    const rows = await queuePage(this.db, {
      kind: req.kind,
      status: req.status,
      themeId: req.themeId,
      programmeIds: await this.programmeIds(req),
      // reviewers see their assignments only, whatever they ask for
      assignedTo: actor.isAdmin ? req.reviewerId : actor.id,
      unassigned: actor.isAdmin ? req.unassigned : undefined,
      staged: actor.isAdmin ? req.staged : undefined,
      search: parseSearch(req.q, blind),
      after,
      limit: limit + 1,
    });
    const more = rows.length > limit;
    const pageRows = more ? rows.slice(0, limit) : rows;
    const extras = await pageExtras(
      this.db,
      pageRows.map((r) => r.id),
      pageRows.flatMap((r) => (r.theme_id ? [r.theme_id] : [])),
    );
    const items: ConsoleQueueItem[] = pageRows.map((r) => {
      const totals = extras.totals.get(r.id) ?? [];
      return {
        id: r.id,
        kind: r.kind,
        status: r.status,
        version: r.version,
        title: shownTitle(r.kind, r.title, r.id, blind),
        applicantName: blind ? null : r.applicant_name,
        mobileMasked: blind ? null : maskMobile(r.mobile),
        organization: blind ? null : r.organization,
        programmeId: r.programme_id,
        themeId: r.theme_id,
        themeName: r.theme_id ? (extras.themes.get(r.theme_id) ?? null) : null,
        blind,
        submittedAt: r.submitted_at,
        updatedAt: r.updated_at,
        reviewers: actor.isAdmin ? (extras.reviewers.get(r.id) ?? []) : [],
        reviewCount: totals.length,
        averageScore: actor.isAdmin ? averageOf(totals) : null,
        reviewedByMe: extras.reviewedBy.get(r.id)?.has(actor.id) ?? false,
        stagedDecision: actor.isAdmin ? (extras.staged.get(r.id)?.decision ?? null) : null,
      };
    });
    const last = pageRows.at(-1);
    return { items, nextCursor: more && last ? encodeCursor(CURSOR_TAG, [last.updated_at, last.id]) : null };
  }
}
