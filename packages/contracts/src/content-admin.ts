import { z } from 'zod';
import {
  contentLimits, contentRequired, contentText, ZArticle, ZArticleCategory, ZArticleSummary, ZAttachment, ZAwardInfo, ZContentId,
  ZContentUrl, ZCursor, ZLeader, ZLeaderGroup, ZPageLimit, ZPageOf, ZQueryBool, ZSlug, ZSubdivisionSummary,
} from './content.js';
import { ZWebviewHostName } from './content-webview.js';

/**
 * Committee content, the console's side (role admin): records with their admin fields, inputs,
 * and the answers of the admin endpoints. Every write is audited; see content.ts for the public side.
 */

// ---- admin: records as the console edits them ----------------------------------------------------

const adminMeta = {
  sort: z.number().int(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the admin who last changed it */
  updatedBy: z.string().nullable(),
};

/** the season of a programme page or an award; null for the committee's pages */
const adminArticleMeta = { ...adminMeta, programmeId: z.string().nullable() };
export const ZAdminArticleSummary = ZArticleSummary.extend(adminArticleMeta);
export type AdminArticleSummary = z.infer<typeof ZAdminArticleSummary>;
export const ZAdminArticle = ZArticle.extend(adminArticleMeta);
export type AdminArticle = z.infer<typeof ZAdminArticle>;
export const ZAdminLeader = ZLeader.extend(adminMeta);
export type AdminLeader = z.infer<typeof ZAdminLeader>;
export const ZAdminSubdivision = ZSubdivisionSummary.extend(adminMeta);
export type AdminSubdivision = z.infer<typeof ZAdminSubdivision>;

/** Which optional fields a directory member agreed to publish. */
export const ZPublishConsent = z.object({
  organization: z.boolean(),
  title: z.boolean(),
  photo: z.boolean(),
  bio: z.boolean(),
});
export type PublishConsent = z.infer<typeof ZPublishConsent>;

/** A directory entry with every field, consented or not (admins only). */
export const ZAdminDirectoryMember = z.object({
  id: z.string(),
  name: z.string(),
  subdivisionId: z.string().nullable(),
  subdivisionName: z.string().nullable(),
  region: z.string(),
  organization: z.string(),
  title: z.string(),
  photoUrl: z.string().nullable(),
  bio: z.string(),
  consent: ZPublishConsent,
  ...adminMeta,
});
export type AdminDirectoryMember = z.infer<typeof ZAdminDirectoryMember>;

export const ZWebviewHost = z.object({
  id: z.string(),
  host: z.string(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type WebviewHost = z.infer<typeof ZWebviewHost>;

// ---- admin: inputs -------------------------------------------------------------------------------

const ZSort = z.number().int().min(-1_000_000).max(1_000_000);

export const ZArticleInput = z.object({
  category: ZArticleCategory,
  slug: ZSlug.nullable().optional(),
  title: contentRequired(contentLimits.title.max, '标题'),
  summary: contentText(contentLimits.summary.max, '摘要').optional(),
  /** HTML; sanitised by the server before it is stored (script, styles, handlers, iframes, javascript:/data: URLs removed) */
  body: z.string().max(contentLimits.body.max, { error: '正文过长' }).optional(),
  coverUrl: ZContentUrl.nullable().optional(),
  attachments: z.array(ZAttachment).max(contentLimits.attachments.max, { error: `附件最多${contentLimits.attachments.max}个` }).optional(),
  award: ZAwardInfo.nullable().optional(),
  /** programme pages and awards: their season (default: the current one); ignored for the other categories */
  programmeId: ZContentId.optional(),
  sort: ZSort.optional(),
  published: z.boolean().optional(),
});
export type ArticleInput = z.infer<typeof ZArticleInput>;

export const ZLeaderInput = z.object({
  group: ZLeaderGroup,
  name: contentRequired(contentLimits.name.max, '姓名'),
  title: contentRequired(contentLimits.shortText.max, '职务'),
  photoUrl: ZContentUrl.nullable().optional(),
  bio: contentText(contentLimits.bio.max, '简介').optional(),
  sort: ZSort.optional(),
  published: z.boolean().optional(),
});
export type LeaderInput = z.infer<typeof ZLeaderInput>;

export const ZSubdivisionInput = z.object({
  name: contentRequired(contentLimits.name.max, '名称'),
  description: contentText(contentLimits.bio.max, '简介').optional(),
  sort: ZSort.optional(),
  published: z.boolean().optional(),
});
export type SubdivisionInput = z.infer<typeof ZSubdivisionInput>;

export const ZDirectoryMemberInput = z.object({
  name: contentRequired(contentLimits.name.max, '姓名'),
  subdivisionId: ZContentId.nullable().optional(),
  region: contentRequired(contentLimits.shortText.max, '地区'),
  organization: contentText(contentLimits.shortText.max, '单位').optional(),
  title: contentText(contentLimits.shortText.max, '职务').optional(),
  photoUrl: ZContentUrl.nullable().optional(),
  bio: contentText(contentLimits.bio.max, '简介').optional(),
  /** omitted → nothing optional is published */
  consent: ZPublishConsent.partial().optional(),
  sort: ZSort.optional(),
  published: z.boolean().optional(),
});
export type DirectoryMemberInput = z.infer<typeof ZDirectoryMemberInput>;

export const ZWebviewHostInput = z.object({
  host: ZWebviewHostName,
  note: contentText(contentLimits.shortText.max, '备注').optional(),
});
export type WebviewHostInput = z.infer<typeof ZWebviewHostInput>;

/** update: the id plus the fields to change (omitted fields are kept). */
/**
 * An update names the record and, from an editor, the `updatedAt` it loaded: a save over someone
 * else's newer change is refused with CONFLICT instead of overwriting it.
 */
const withId = <T extends z.ZodRawShape>(shape: z.ZodObject<T>) =>
  shape.partial().extend({ id: ZContentId, expectedUpdatedAt: z.string().max(40).optional() });

// articles
/** the seasonless articles, and the programme pages and awards of `programmeId` (default: the current season) */
export const ZAdminArticlesRequest = z.object({
  category: ZArticleCategory.optional(),
  programmeId: ZContentId.optional(),
  q: z.string().trim().max(contentLimits.search.max).optional(),
  published: ZQueryBool.optional(),
  cursor: ZCursor.optional(),
  limit: ZPageLimit,
});
export type AdminArticlesRequest = z.input<typeof ZAdminArticlesRequest>;
export const ZAdminArticlesResponse = ZPageOf(ZAdminArticleSummary);
export const ZAdminArticleRequest = z.object({ id: ZContentId });
export const ZAdminArticleResponse = ZAdminArticle;
export const ZCreateArticleRequest = ZArticleInput;
export const ZCreateArticleResponse = ZAdminArticle;
export const ZUpdateArticleRequest = withId(ZArticleInput);
export type UpdateArticleRequest = z.infer<typeof ZUpdateArticleRequest>;
export const ZUpdateArticleResponse = ZAdminArticle;

// leaders
export const ZAdminLeadersRequest = z.object({ group: ZLeaderGroup.optional() });
export const ZAdminLeadersResponse = z.object({ items: z.array(ZAdminLeader) });
export const ZCreateLeaderRequest = ZLeaderInput;
export const ZCreateLeaderResponse = ZAdminLeader;
export const ZUpdateLeaderRequest = withId(ZLeaderInput);
export type UpdateLeaderRequest = z.infer<typeof ZUpdateLeaderRequest>;
export const ZUpdateLeaderResponse = ZAdminLeader;

// subdivisions
export const ZAdminSubdivisionsRequest = z.object({});
export const ZAdminSubdivisionsResponse = z.object({ items: z.array(ZAdminSubdivision) });
export const ZCreateSubdivisionRequest = ZSubdivisionInput;
export const ZCreateSubdivisionResponse = ZAdminSubdivision;
export const ZUpdateSubdivisionRequest = withId(ZSubdivisionInput);
export type UpdateSubdivisionRequest = z.infer<typeof ZUpdateSubdivisionRequest>;
export const ZUpdateSubdivisionResponse = ZAdminSubdivision;

// directory
export const ZAdminMembersRequest = z.object({
  q: z.string().trim().max(contentLimits.search.max).optional(),
  subdivisionId: ZContentId.optional(),
  region: z.string().trim().min(1).max(contentLimits.shortText.max).optional(),
  published: ZQueryBool.optional(),
  cursor: ZCursor.optional(),
  limit: ZPageLimit,
});
export type AdminMembersRequest = z.input<typeof ZAdminMembersRequest>;
export const ZAdminMembersResponse = ZPageOf(ZAdminDirectoryMember);
export const ZCreateMemberRequest = ZDirectoryMemberInput;
export const ZCreateMemberResponse = ZAdminDirectoryMember;
export const ZUpdateMemberRequest = withId(ZDirectoryMemberInput);
export type UpdateMemberRequest = z.infer<typeof ZUpdateMemberRequest>;
export const ZUpdateMemberResponse = ZAdminDirectoryMember;

// webview allowlist
export const ZAdminWebviewHostsRequest = z.object({});
export const ZAdminWebviewHostsResponse = z.object({ items: z.array(ZWebviewHost) });
export const ZCreateWebviewHostRequest = ZWebviewHostInput;
export const ZCreateWebviewHostResponse = ZWebviewHost;
export const ZUpdateWebviewHostRequest = withId(ZWebviewHostInput);
export const ZUpdateWebviewHostResponse = ZWebviewHost;

/** delete any content record (articles, leaders, subdivisions, members, webview hosts) */
export const ZDeleteContentRequest = z.object({ id: ZContentId });
export type DeleteContentRequest = z.infer<typeof ZDeleteContentRequest>;
export const ZDeleteContentResponse = z.object({ id: z.string() });

/** publish / unpublish (articles, leaders, subdivisions, members) */
export const ZPublishContentRequest = z.object({ id: ZContentId, published: z.boolean() });
export type PublishContentRequest = z.infer<typeof ZPublishContentRequest>;

/**
 * reorder (articles, leaders, subdivisions, members): the ids in their new order; each gets
 * sort = its index × 10. Ids not listed keep their sort.
 */
export const ZReorderContentRequest = z.object({
  ids: z.array(ZContentId).min(1).max(contentLimits.reorder.max).refine((a) => new Set(a).size === a.length, {
    error: '列表中有重复项',
  }),
});
export type ReorderContentRequest = z.infer<typeof ZReorderContentRequest>;
export const ZReorderContentResponse = z.object({ count: z.number().int() });

/** POST contentAdminUpload (multipart, field `file`): a public file for covers, photos and attachments. */
export const ZContentUploadResponse = z.object({
  /** a site path under contentFile, usable as coverUrl, photoUrl or an attachment's url */
  url: z.string(),
  name: z.string(),
  size: z.number().int(),
  mime: z.string(),
});
export type ContentUploadResponse = z.infer<typeof ZContentUploadResponse>;
export const ZPublishContentResponse = z.object({ id: z.string(), published: z.boolean() });
