import type { Kysely } from 'kysely';
import {
  type Article, type ArticleCategory, checkWebviewUrl, Code, type ContentArticlesResponse, type ContentMembersResponse, type ContentSeasonsResponse,
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

  /**
   * The season a visitor may read: the current one by default, an earlier one by its year. A
   * season not yet current is being prepared and is not public. Null while no season exists.
   */
  private async publicSeason(year: number | undefined): Promise<string | null> {
    const current = await articles.currentSeason(this.db);
    if (year === undefined) return current?.id ?? null;
    if (!current || year > Number(current.year)) throw new AppError(Code.NOT_FOUND, s.seasonNotFound);
    const season = await articles.seasonOfYear(this.db, year);
    if (!season) throw new AppError(Code.NOT_FOUND, s.seasonNotFound);
    return season.id;
  }

  /** The seasons whose programme pages and awards are public: the current one and the earlier ones. */
  async seasons(): Promise<ContentSeasonsResponse> {
    const current = await articles.currentSeason(this.db);
    if (!current) return { items: [] };
    const rows = await articles.seasonsUpTo(this.db, Number(current.year));
    return { items: rows.map((r) => ({ year: Number(r.year), name: r.name, current: r.id === current.id })) };
  }

  async articles(q: {
    category?: ArticleCategory | undefined;
    season?: number | undefined;
    cursor?: string | undefined;
    limit?: number | undefined;
  }): Promise<ContentArticlesResponse> {
    const page = await articles.list(this.db, {
      category: q.category,
      seasonId: await this.publicSeason(q.season),
      published: true,
      cursor: q.cursor,
      limit: q.limit ?? contentLimits.page.default,
    });
    return { items: page.items.map(views.articleSummary), nextCursor: page.nextCursor };
  }

  async article(q: { id?: string | undefined; slug?: string | undefined }): Promise<Article> {
    const current = await articles.currentSeason(this.db);
    const row =
      q.id !== undefined
        ? await articles.byId(this.db, q.id)
        : q.slug !== undefined
          ? await articles.bySlug(this.db, q.slug, current?.id ?? null)
          : undefined;
    if (!row || row.published !== 1 || !(await this.seasonIsPublic(row.programme_id, current))) {
      throw new AppError(Code.NOT_FOUND, s.articleNotFound);
    }
    return views.article(row);
  }

  /** A season's pages are public once it is current, and stay so after (earlier seasons). */
  private async seasonIsPublic(seasonId: string | null, current: { year: number } | undefined): Promise<boolean> {
    if (seasonId === null) return true;
    const season = await articles.season(this.db, seasonId);
    return season !== undefined && current !== undefined && Number(season.year) <= Number(current.year);
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

  /** The names of the published subdivisions (what the membership form's 意向分会 may name). */
  async publishedSubdivisionNames(): Promise<string[]> {
    return (await subdivisions.list(this.db, { publishedOnly: true })).map((r) => r.name);
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
