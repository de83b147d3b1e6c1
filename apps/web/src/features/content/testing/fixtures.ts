import type {
  AdminArticle,
  AdminArticleSummary,
  Article,
  ArticleSummary,
  DirectoryMember,
  Leader,
  SubdivisionSummary,
} from '@qgw/contracts';

const at = '2024-05-01T08:00:00.000Z';

export const articleSummary = (over: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id: 'a1',
  category: 'news',
  slug: null,
  title: '青工委召开年度工作会议',
  summary: '会议总结了过去一年的工作。',
  coverUrl: null,
  award: null,
  attachmentCount: 0,
  publishedAt: at,
  updatedAt: at,
  ...over,
});

export const article = (over: Partial<Article> = {}): Article => ({
  ...articleSummary(),
  body: '<p>正文第一段。</p>',
  attachments: [],
  ...over,
});

const adminMeta = { sort: 0, published: true, createdAt: at, updatedAt: at, updatedBy: null };

export const adminArticleSummary = (over: Partial<AdminArticleSummary> = {}): AdminArticleSummary => ({
  ...articleSummary(),
  ...adminMeta,
  programmeId: null,
  ...over,
});

export const adminArticle = (over: Partial<AdminArticle> = {}): AdminArticle => ({
  ...article(),
  ...adminMeta,
  programmeId: null,
  ...over,
});

export const leader = (over: Partial<Leader> = {}): Leader => ({
  id: 'l1',
  group: 'leadership',
  name: '王建国',
  title: '主任',
  photoUrl: null,
  bio: '长期从事青年工作。',
  ...over,
});

export const subdivision = (over: Partial<SubdivisionSummary> = {}): SubdivisionSummary => ({
  id: 's1',
  name: '科技创新分会',
  description: '联系科技领域青年。',
  memberCount: 2,
  ...over,
});

export const member = (over: Partial<DirectoryMember> = {}): DirectoryMember => ({
  id: 'm1',
  name: '李晓明',
  subdivisionId: 's1',
  subdivisionName: '科技创新分会',
  region: '北京',
  organization: '某科技有限公司',
  title: '研发工程师',
  photoUrl: null,
  bio: null,
  ...over,
});

export const page = <T>(items: T[], nextCursor: string | null = null) => ({ items, nextCursor });
