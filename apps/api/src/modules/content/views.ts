import type {
  AdminArticle, AdminArticleSummary, AdminDirectoryMember, AdminLeader, AdminSubdivision, Article, ArticleSummary,
  Attachment, DirectoryMember, Leader, SubdivisionSummary, WebviewHost,
} from '@qgw/contracts';
import type { ArticleRow } from './articles.repository.js';
import type { LeaderRow, MemberWithSubdivision, SubdivisionRow, WebviewHostRow } from './directory.repository.js';

/** Rows → the contracts' views. The public views are the only way content leaves for visitors. */

export function attachmentsOf(row: ArticleRow): Attachment[] {
  try {
    const parsed: unknown = JSON.parse(row.attachments_json);
    return Array.isArray(parsed) ? (parsed as Attachment[]) : [];
  } catch {
    return [];
  }
}

const adminMeta = (r: { sort: number; published: 0 | 1; created_at: string; updated_at: string; updated_by: string | null }) => ({
  sort: r.sort,
  published: r.published === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});

export function articleSummary(r: ArticleRow): ArticleSummary {
  return {
    id: r.id,
    category: r.category,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    coverUrl: r.cover_url,
    award: r.award_quota !== null || r.award_prize !== null ? { quota: r.award_quota ?? 0, prize: r.award_prize ?? '' } : null,
    attachmentCount: attachmentsOf(r).length,
    publishedAt: r.published_at,
    updatedAt: r.updated_at,
  };
}

export const article = (r: ArticleRow): Article => ({ ...articleSummary(r), body: r.body, attachments: attachmentsOf(r) });
export const adminArticleSummary = (r: ArticleRow): AdminArticleSummary => ({ ...articleSummary(r), ...adminMeta(r), programmeId: r.programme_id });
export const adminArticle = (r: ArticleRow): AdminArticle => ({ ...article(r), ...adminMeta(r), programmeId: r.programme_id });

export const leader = (r: LeaderRow): Leader => ({
  id: r.id,
  group: r.leader_group,
  name: r.name,
  title: r.title,
  photoUrl: r.photo_url,
  bio: r.bio,
});
export const adminLeader = (r: LeaderRow): AdminLeader => ({ ...leader(r), ...adminMeta(r) });

export const subdivisionSummary = (r: SubdivisionRow, memberCount: number): SubdivisionSummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  memberCount,
});
export const adminSubdivision = (r: SubdivisionRow, memberCount: number): AdminSubdivision => ({
  ...subdivisionSummary(r, memberCount),
  ...adminMeta(r),
});

/** What a visitor may see of a member: name, subdivision, region, and only the fields the member agreed to publish. */
export function publicMember(r: MemberWithSubdivision): DirectoryMember {
  const shown = r.sd_name !== null;
  return {
    id: r.id,
    name: r.name,
    subdivisionId: shown ? r.subdivision_id : null,
    subdivisionName: r.sd_name,
    region: r.region,
    organization: r.show_organization === 1 && r.organization ? r.organization : null,
    title: r.show_title === 1 && r.title ? r.title : null,
    photoUrl: r.show_photo === 1 ? r.photo_url : null,
    bio: r.show_bio === 1 && r.bio ? r.bio : null,
  };
}

export const adminMember = (r: MemberWithSubdivision): AdminDirectoryMember => ({
  id: r.id,
  name: r.name,
  subdivisionId: r.subdivision_id,
  subdivisionName: r.sd_name,
  region: r.region,
  organization: r.organization,
  title: r.title,
  photoUrl: r.photo_url,
  bio: r.bio,
  consent: {
    organization: r.show_organization === 1,
    title: r.show_title === 1,
    photo: r.show_photo === 1,
    bio: r.show_bio === 1,
  },
  ...adminMeta(r),
});

export const webviewHost = (r: WebviewHostRow): WebviewHost => ({
  id: r.id,
  host: r.host,
  note: r.note,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  updatedBy: r.updated_by,
});
