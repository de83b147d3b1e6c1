import type { Kysely } from 'kysely';
import {
  type AdminArticle, type AdminDirectoryMember, type AdminLeader,
  type AdminSubdivision, type ArticleInput, Code, contentLimits, type DirectoryMemberInput, type LeaderGroup,
  type LeaderInput, type SubdivisionInput, type UpdateArticleRequest, type UpdateLeaderRequest, type UpdateMemberRequest,
  type UpdateSubdivisionRequest, type WebviewHost, type WebviewHostInput, type ZAdminArticlesRequest, type ZAdminMembersRequest,
} from '@qgw/contracts';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import { isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import type { AuditRepository } from '../audit/audit.module.js';
import { articlesRepository as articles } from './articles.repository.js';
import { contentStrings as s } from './content.strings.js';
import {
  leadersRepository as leaders, type MemberRow, membersRepository as members, subdivisionsRepository as subdivisions,
  webviewHostsRepository as hosts,
} from './directory.repository.js';
import {
  articleColumns, bit, consentColumns, leaderColumns, memberColumns, patchOf, specs, subdivisionColumns,
} from './content-specs.js';
import { type EntitySpec, RecordWriter } from './record-writer.js';
import { articleSeason, seasonOf } from './article-seasons.js';
import * as views from './views.js';
import { newRowId } from '../../db/row-id.js';

type Db = Kysely<Database>;

/**
 * Admin reads (everything, published or not) and writes (validated, audited, visible at once) of
 * the site's content. The tables and columns each write maps onto are content-specs.ts.
 */
export class ContentAdminService {
  readonly writer: RecordWriter;

  constructor(
    private readonly db: Db,
    clock: Clock,
    audit: AuditRepository,
  ) {
    this.writer = new RecordWriter(db, clock, audit);
  }

  // ---- reads ---------------------------------------------------------------------------------------

  async articles(q: z.infer<typeof ZAdminArticlesRequest>) {
    const page = await articles.list(this.db, {
      category: q.category,
      seasonId: await seasonOf(this.db, q.programmeId), q: q.q || undefined, published: q.published, cursor: q.cursor,
      limit: q.limit ?? contentLimits.page.default,
    });
    return { items: page.items.map(views.adminArticleSummary), nextCursor: page.nextCursor };
  }

  async article(id: string): Promise<AdminArticle> {
    return views.adminArticle(await this.writer.load(this.db, specs.article, id));
  }

  async leaders(group: LeaderGroup | undefined) {
    return { items: (await leaders.list(this.db, { group, publishedOnly: false })).map(views.adminLeader) };
  }

  async subdivisions() {
    const [rows, counts] = await Promise.all([
      subdivisions.list(this.db, { publishedOnly: false }),
      subdivisions.memberCounts(this.db, { publishedOnly: false }),
    ]);
    return { items: rows.map((r) => views.adminSubdivision(r, counts.get(r.id) ?? 0)) };
  }

  async members(q: z.infer<typeof ZAdminMembersRequest>) {
    const page = await members.list(this.db, {
      publicView: false, published: q.published, q: q.q || undefined, subdivisionId: q.subdivisionId, region: q.region,
      groupBy: 'subdivision', cursor: q.cursor, limit: q.limit ?? contentLimits.page.default,
    });
    return { items: page.items.map(views.adminMember), nextCursor: page.nextCursor };
  }

  async webviewHosts() {
    return { items: (await hosts.list(this.db)).map(views.webviewHost) };
  }

  // ---- writes --------------------------------------------------------------------------------------

  private meta(actorId: string, published: boolean | undefined) {
    const now = this.writer.now();
    return { id: newRowId(), published: bit(published, 0), created_at: now, updated_at: now, updated_by: actorId };
  }

  /** A create or an update: insert or patch, then the record as the console sees it, audited. */
  private async save<T extends keyof typeof specs>(
    actorId: string,
    kind: T,
    /** the record to change (null: create); `expectedUpdatedAt` as the editor loaded it */
    target: { id: string; expectedUpdatedAt?: string | undefined } | null,
    build: (trx: Db, was: Database[(typeof specs)[T]['ops']['table']] | undefined) => Promise<Record<string, unknown>>,
    conflict?: string,
  ) {
    const spec = specs[kind] as unknown as EntitySpec<'content_leaders', unknown>;
    const id = target?.id ?? null;
    try {
      return await this.writer.audited(actorId, id ? 'content.update' : 'content.create', spec.entity, async (trx) => {
        const was = id ? await this.writer.load(trx, spec, id) : undefined;
        const before = was ? await spec.view(trx, was) : null;
        const values = await build(trx, was as never);
        let rowId: string;
        if (was) {
          if (target?.expectedUpdatedAt !== undefined && target.expectedUpdatedAt !== was.updated_at) {
            throw new AppError(Code.CONFLICT, s.editedMeanwhile);
          }
          if (Object.keys(values).length === 0) throw new AppError(Code.BAD_REQUEST, s.nothingToChange);
          rowId = was.id;
          // compare-and-set on what was read: of two saves racing from the same version, one stands
          const changed = await spec.ops.patchIf(trx, rowId, was.updated_at, { ...values, updated_at: this.writer.now(), updated_by: actorId });
          if (changed === 0) throw new AppError(Code.CONFLICT, s.editedMeanwhile);
        } else {
          rowId = values.id as string;
          await spec.ops.insert(trx, values as unknown as Database['content_leaders']);
        }
        const after = await spec.view(trx, await this.writer.load(trx, spec, rowId));
        return { entityId: rowId, before, after, result: after };
      });
    } catch (err) {
      if (conflict && isUniqueViolation(err)) throw new AppError(Code.CONFLICT, conflict);
      throw err;
    }
  }

  private async assertSlugFree(trx: Db, slug: string | null | undefined, seasonId: string | null, selfId?: string) {
    if (!slug) return;
    const other = await articles.slugOwner(trx, slug, seasonId);
    if (other && other.id !== selfId) throw new AppError(Code.CONFLICT, s.slugTaken);
  }

  createArticle(actorId: string, input: ArticleInput) {
    return this.save(actorId, 'article', null, async (trx) => {
      const programmeId = await articleSeason(trx, input.category, input.programmeId, null);
      await this.assertSlugFree(trx, input.slug, programmeId);
      const meta = this.meta(actorId, input.published);
      return {
        ...meta, slug: null, summary: '', body: '', cover_url: null, attachments_json: '[]', award_quota: null,
        award_prize: null, sort: 0, ...patchOf(input, articleColumns), programme_id: programmeId,
        published_at: meta.published ? meta.created_at : null,
      };
    }, s.slugTaken) as Promise<AdminArticle>;
  }

  updateArticle(actorId: string, input: UpdateArticleRequest) {
    const { id, published, programmeId: _season, ...fields } = input;
    return this.save(actorId, 'article', input, async (trx, was) => {
      const programmeId = await articleSeason(trx, fields.category ?? was!.category, input.programmeId, was!.programme_id);
      await this.assertSlugFree(trx, fields.slug === undefined ? was!.slug : fields.slug, programmeId, id);
      const patch = patchOf(fields, articleColumns);
      if (programmeId !== was!.programme_id) patch.programme_id = programmeId;
      if (published !== undefined) {
        patch.published = bit(published, 0);
        if (published && !was?.published_at) patch.published_at = this.writer.now();
      }
      return patch;
    }, s.slugTaken) as Promise<AdminArticle>;
  }

  createLeader(actorId: string, input: LeaderInput) {
    return this.save(actorId, 'leader', null, async () => ({
      ...this.meta(actorId, input.published), photo_url: null, bio: '', sort: 0, ...patchOf(input, leaderColumns),
    })) as Promise<AdminLeader>;
  }

  updateLeader(actorId: string, input: UpdateLeaderRequest) {
    const { published, ...fields } = input;
    return this.save(actorId, 'leader', input, async () => ({
      ...patchOf(fields, leaderColumns), ...(published !== undefined ? { published: bit(published, 0) } : {}),
    })) as Promise<AdminLeader>;
  }

  createSubdivision(actorId: string, input: SubdivisionInput) {
    return this.save(actorId, 'subdivision', null, async () => ({
      ...this.meta(actorId, input.published), description: '', sort: 0, ...patchOf(input, subdivisionColumns),
    })) as Promise<AdminSubdivision>;
  }

  updateSubdivision(actorId: string, input: UpdateSubdivisionRequest) {
    const { published, ...fields } = input;
    return this.save(actorId, 'subdivision', input, async () => ({
      ...patchOf(fields, subdivisionColumns), ...(published !== undefined ? { published: bit(published, 0) } : {}),
    })) as Promise<AdminSubdivision>;
  }

  private async assertSubdivision(trx: Db, subdivisionId: string | null | undefined) {
    if (subdivisionId && !(await subdivisions.byId(trx, subdivisionId))) throw new AppError(Code.BAD_REQUEST, s.subdivisionUnknown);
  }

  createMember(actorId: string, input: DirectoryMemberInput) {
    return this.save(actorId, 'member', null, async (trx) => {
      await this.assertSubdivision(trx, input.subdivisionId);
      return {
        ...this.meta(actorId, input.published), subdivision_id: null, organization: '', title: '', photo_url: null, bio: '',
        sort: 0, ...patchOf(input, memberColumns), ...consentColumns(input.consent ?? {}),
      };
    }) as Promise<AdminDirectoryMember>;
  }

  updateMember(actorId: string, input: UpdateMemberRequest) {
    const { published, consent, ...fields } = input;
    return this.save(actorId, 'member', input, async (trx, was) => {
      await this.assertSubdivision(trx, fields.subdivisionId);
      return {
        ...patchOf(fields, memberColumns),
        ...(consent !== undefined ? consentColumns(consent, was as MemberRow) : {}),
        ...(published !== undefined ? { published: bit(published, 0) } : {}),
      };
    }) as Promise<AdminDirectoryMember>;
  }

  createWebviewHost(actorId: string, input: WebviewHostInput) {
    return this.save(actorId, 'webviewHost', null, async (trx) => {
      if (await hosts.byHost(trx, input.host)) throw new AppError(Code.CONFLICT, s.hostTaken);
      const { published: _unused, ...meta } = this.meta(actorId, false);
      return { ...meta, host: input.host, note: input.note ?? '' };
    }, s.hostTaken) as Promise<WebviewHost>;
  }

  updateWebviewHost(actorId: string, input: { id: string; host?: string | undefined; note?: string | undefined; expectedUpdatedAt?: string | undefined }) {
    return this.save(actorId, 'webviewHost', input, async (trx) => {
      if (input.host !== undefined) {
        const other = await hosts.byHost(trx, input.host);
        if (other && other.id !== input.id) throw new AppError(Code.CONFLICT, s.hostTaken);
      }
      return patchOf(input, { host: (v: string) => ({ host: v }), note: (v: string) => ({ note: v }) });
    }, s.hostTaken) as Promise<WebviewHost>;
  }

  deleteSubdivision(actorId: string, id: string) {
    return this.writer.remove(actorId, specs.subdivision, id, async (trx) => {
      if ((await members.countInSubdivision(trx, id)) > 0) throw new AppError(Code.CONFLICT, s.subdivisionHasMembers);
    });
  }
}
