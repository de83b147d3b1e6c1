import type { Kysely } from 'kysely';
import {
  type Article, type ArticleCategory, checkWebviewUrl, Code, type ContentArticlesResponse, type ContentMembersResponse,
  contentLimits, type ContentMemberRegionsResponse, type ContentWebviewCheckResponse, type DirectoryMember,
  type Leader, type LeaderGroup, type MemberGrouping, type Subdivision, type SubdivisionSummary,
} from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { articlesRepository as articles } from './articles.repository.js';
import { contentStrings as s } from './content.strings.js';
import {
  leadersRepository as leaders, membersRepository as members, subdivisionsRepository as subdivisions,
  webviewHostsRepository as hosts,
} from './directory.repository.js';
import * as views from './views.js';

/** What visitors read. Only published records are ever returned; anything else is "not found". */
export class ContentService {
  constructor(private readonly db: Kysely<Database>) {}

  async articles(q: { category?: ArticleCategory | undefined; cursor?: string | undefined; limit?: number | undefined }): Promise<ContentArticlesResponse> {
    const page = await articles.list(this.db, {
      category: q.category,
      published: true,
      cursor: q.cursor,
      limit: q.limit ?? contentLimits.page.default,
    });
    return { items: page.items.map(views.articleSummary), nextCursor: page.nextCursor };
  }

  async article(q: { id?: string | undefined; slug?: string | undefined }): Promise<Article> {
    const row = q.id !== undefined ? await articles.byId(this.db, q.id) : q.slug !== undefined ? await articles.bySlug(this.db, q.slug) : undefined;
    if (!row || row.published !== 1) throw new AppError(Code.NOT_FOUND, s.articleNotFound);
    return views.article(row);
  }

  async leaders(group: LeaderGroup | undefined): Promise<{ items: Leader[] }> {
    const rows = await leaders.list(this.db, { group, publishedOnly: true });
    return { items: rows.map(views.leader) };
  }

  async subdivisions(): Promise<{ items: SubdivisionSummary[] }> {
    const [rows, counts] = await Promise.all([
      subdivisions.list(this.db, { publishedOnly: true }),
      subdivisions.memberCounts(this.db, { publishedOnly: true }),
    ]);
    return { items: rows.map((r) => views.subdivisionSummary(r, counts.get(r.id) ?? 0)) };
  }

  async subdivision(id: string): Promise<Subdivision> {
    const row = await subdivisions.byId(this.db, id);
    if (!row || row.published !== 1) throw new AppError(Code.NOT_FOUND, s.subdivisionNotFound);
    const [counts, page] = await Promise.all([
      subdivisions.memberCounts(this.db, { publishedOnly: true }),
      members.list(this.db, {
        publicView: true,
        subdivisionId: id,
        groupBy: 'subdivision',
        limit: contentLimits.subdivisionMembers.max,
      }),
    ]);
    return { ...views.subdivisionSummary(row, counts.get(id) ?? 0), members: page.items.map(views.publicMember) };
  }

  async members(q: {
    q?: string | undefined;
    subdivisionId?: string | undefined;
    region?: string | undefined;
    groupBy?: MemberGrouping | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<ContentMembersResponse> {
    const page = await members.list(this.db, {
      publicView: true,
      q: q.q || undefined,
      subdivisionId: q.subdivisionId,
      region: q.region,
      groupBy: q.groupBy ?? 'subdivision',
      cursor: q.cursor,
      limit: q.limit ?? contentLimits.page.default,
    });
    return { items: page.items.map(views.publicMember), nextCursor: page.nextCursor };
  }

  async memberRegions(): Promise<ContentMemberRegionsResponse> {
    return { items: await members.regions(this.db) };
  }

  async member(id: string): Promise<DirectoryMember> {
    const row = await members.withSubdivision(this.db, id, true);
    if (!row) throw new AppError(Code.NOT_FOUND, s.memberNotFound);
    return views.publicMember(row);
  }

  async webviewHosts(): Promise<{ hosts: string[] }> {
    return { hosts: (await hosts.list(this.db)).map((h) => h.host) };
  }

  async webviewCheck(url: string): Promise<ContentWebviewCheckResponse> {
    const { hosts: allowed } = await this.webviewHosts();
    return checkWebviewUrl(url, allowed);
  }
}
