import type { Kysely } from 'kysely';
import {
  Code, type ConsoleQueueFilter, type ConsoleQueueIdsResponse, type ConsoleQueueItem, type ConsoleQueueRequest,
  type ConsoleQueueResponse, maskMobile, type QueueSort, reviewerQueueSorts, reviewLimits, type SortOrder,
} from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { decodeCursor, decodeTimeIdCursor, encodeCursor, ISO_TIME, type KeyValue, RECORD_ID } from '../../db/keyset.js';
import { programmeRepository } from '../programme/programme.module.js';
import { phaseOf } from '../programme/programme.module.js';
import { blindFor, type ConsoleActor } from './console-actor.js';
import { NEUTRAL_TITLE_KINDS, shownTitle } from './masking.js';
import { pageExtras } from './queue-extras.repository.js';
import { type QueueFilter, type QueueRow, type QueueSearch, queuePage } from './queue.repository.js';
import { matchingIds, numericSort, sortedQueuePage } from './queue-sort.repository.js';
import { averageOf, medianOf, spreadOf } from './rubric.js';
import { reviewStrings as s } from './review.strings.js';

/** the default order's cursor (newest change first); other orders tag theirs with sort and order */
const CURSOR_TAG = 'q1';
const sortTag = (sort: QueueSort, order: SortOrder) => `q2.${sort}.${order}`;
const cursorInvalid = () => new AppError(Code.BAD_REQUEST, s.cursorInvalid);
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

  /** What the request narrows to, as this caller may ask it: reviewers see their assignments only. */
  private async filterOf(actor: ConsoleActor, req: ConsoleQueueFilter, blind: boolean): Promise<Omit<QueueFilter, 'limit' | 'after'>> {
    return {
      kind: req.kind,
      status: req.status,
      themeId: req.themeId,
      programmeIds: await this.programmeIds(req),
      // reviewers see their assignments only, whatever they ask for
      assignedTo: actor.isAdmin ? req.reviewerId : actor.id,
      unassigned: actor.isAdmin ? req.unassigned : undefined,
      staged: actor.isAdmin ? req.staged : undefined,
      search: parseSearch(req.q, blind),
    };
  }

  /** One page in the asked order: the default's own index walk, or any other order by its key. */
  private async rows(filter: Omit<QueueFilter, 'limit' | 'after'>, sort: QueueSort, order: SortOrder, cursor: string | undefined, limit: number) {
    if (sort === 'updated' && order === 'desc') {
      // only what this service puts in a cursor: a timestamp and a record id
      const after = cursor ? decodeTimeIdCursor(cursor, CURSOR_TAG) : undefined;
      const rows = await queuePage(this.db, { ...filter, after: after && { updatedAt: after[0], id: after[1] }, limit: limit + 1 });
      return { rows, cursorOf: (r: QueueRow) => encodeCursor(CURSOR_TAG, [r.updated_at, r.id]) };
    }
    const tag = sortTag(sort, order);
    let afterKey: [KeyValue, string] | undefined;
    if (cursor) {
      const [key, id] = decodeCursor(cursor, tag, [numericSort(sort) ? 'n' : 's', 's']) as [KeyValue, string];
      if (!RECORD_ID.test(id) || (typeof key === 'string' && key !== '' && !ISO_TIME.test(key))) throw cursorInvalid();
      afterKey = [key, id];
    }
    const rows = await sortedQueuePage(this.db, { ...filter, sort, order, afterKey, limit: limit + 1 });
    const keys = new Map(rows.map((r) => [r.id, r.sortKey]));
    return { rows: rows as QueueRow[], cursorOf: (r: QueueRow) => encodeCursor(tag, [keys.get(r.id)!, r.id]) };
  }

  async page(actor: ConsoleActor, req: ConsoleQueueRequest): Promise<ConsoleQueueResponse> {
    const blind = await blindFor(this.db, actor, req.programmeId);
    const limit = req.limit ?? reviewLimits.page.default;
    // scores and counts are admins' to see, so are orders by them: a reviewer's falls back to the default
    const asked = req.sort ?? 'updated';
    const sort = actor.isAdmin || reviewerQueueSorts.includes(asked) ? asked : 'updated';
    const order = req.order ?? 'desc';
    const filter = await this.filterOf(actor, req, blind);
    const { rows, cursorOf } = await this.rows(filter, sort, order, req.cursor, limit);
    const more = rows.length > limit;
    const pageRows = more ? rows.slice(0, limit) : rows;
    const extras = await pageExtras(
      this.db,
      pageRows.map((r) => r.id),
      pageRows.flatMap((r) => (r.theme_id ? [r.theme_id] : [])),
    );
    const items: ConsoleQueueItem[] = pageRows.map((r) => {
      const totals = extras.totals.get(r.id) ?? [];
      const reviewers = extras.reviewers.get(r.id) ?? [];
      return {
        id: r.id,
        kind: r.kind,
        status: r.status,
        version: r.version,
        title: shownTitle(r.kind, r.title, r.id, blind),
        applicantName: blind ? null : r.applicant_name,
        mobileMasked: blind ? null : maskMobile(r.mobile),
        // in blind review too: a reviewer declares a conflict before reading, by where the applicant works
        organization: r.organization,
        programmeId: r.programme_id,
        themeId: r.theme_id,
        themeName: r.theme_id ? (extras.themes.get(r.theme_id) ?? null) : null,
        blind,
        submittedAt: r.submitted_at,
        updatedAt: r.updated_at,
        reviewers: actor.isAdmin ? reviewers : [],
        reviewCount: totals.length,
        averageScore: actor.isAdmin ? averageOf(totals) : null,
        reviewedByMe: extras.reviewedBy.get(r.id)?.has(actor.id) ?? false,
        rescoreByMe: extras.rescoreBy.get(r.id)?.has(actor.id) ?? false,
        stagedDecision: actor.isAdmin ? (extras.staged.get(r.id)?.decision ?? null) : null,
        assignedCount: actor.isAdmin ? reviewers.length : null,
        medianScore: actor.isAdmin ? medianOf(totals) : null,
        scoreSpread: actor.isAdmin ? spreadOf(totals) : null,
      };
    });
    const last = pageRows.at(-1);
    return { items, nextCursor: more && last ? cursorOf(last) : null };
  }

  /** Everything the filter matches, for "select all" (admins): ids up to the cap, and the count. */
  async ids(actor: ConsoleActor, req: ConsoleQueueFilter): Promise<ConsoleQueueIdsResponse> {
    const filter = await this.filterOf(actor, req, await blindFor(this.db, actor, req.programmeId));
    const { ids, total } = await matchingIds(this.db, filter, reviewLimits.selectAll);
    return { ids, total, capped: total > ids.length };
  }
}
