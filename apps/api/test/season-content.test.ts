/**
 * Season content: the programme's pages and awards belong to a season. Creating a season copies
 * them (same slugs, new records); visitors read the current season's by default and an earlier
 * one's by its year, never a season still being prepared; admins list and edit any season's, a
 * slug unique within its season. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminArticle, type Article, apiPaths, Code, type ConsoleSeason, type ContentArticlesResponse, type ContentSeasonsResponse,
  contentSlugs, ZAdminArticlesResponse,
} from '@qgw/contracts';
import { data, get, newUser, post, type TestUser } from './support/api.js';
import { seedProgramme } from './support/applications.js';
import { newConsoleUser } from './support/console.js';
import { contentSnapshot, newAdmin, seedContent } from './support/content.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: TestUser;
let s2024: string;
let s2025: ConsoleSeason;

const as = () => ({ token: admin.token });
const awards = async (query: Record<string, string> = {}) =>
  data(await get<ContentArticlesResponse>(t.app, apiPaths.contentArticles, { category: 'award', ...query })).items;
const publicSeasons = async () => data(await get<ContentSeasonsResponse>(t.app, apiPaths.contentSeasons)).items;
const adminAwards = async (programmeId?: string) =>
  ZAdminArticlesResponse.parse(
    data(await get(t.app, apiPaths.contentAdminArticles, { category: 'award', ...(programmeId ? { programmeId } : {}) }, as())),
  ).items;

beforeAll(async () => {
  t = await createTestApp();
  await seedProgramme(t.db, t.clock);
  await seedContent(t);
  admin = await newAdmin(t);
  s2024 = (await t.db.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirstOrThrow()).id;
  s2025 = data(await post<ConsoleSeason>(t.app, apiPaths.consoleSeasonCreate, { year: 2025, copyFrom: s2024 }, as()));
});
afterAll(async () => {
  await t.close();
});

describe('before the new season is current', () => {
  it('the seed put the programme pages and awards in the first season, the committee pages in none', async () => {
    const rows = await t.db.selectFrom('content_articles').select(['category', 'programme_id']).where('programme_id', 'is', null).execute();
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(['intro', 'news', 'document']));
    const own = await adminAwards(s2024);
    expect(own.map((a) => a.title)).toEqual(['一等奖', '二等奖', '三等奖', '优秀奖']);
    expect(own.every((a) => a.programmeId === s2024)).toBe(true);
  });

  it('creating a season copied the programme pages and awards as new records, audited', async () => {
    const copied = await adminAwards(s2025.id);
    expect(copied.map((a) => [a.title, a.award, a.published])).toEqual((await adminAwards(s2024)).map((a) => [a.title, a.award, a.published]));
    expect(copied.every((a) => a.programmeId === s2025.id)).toBe(true);
    const pages = await t.db.selectFrom('content_articles').select('slug').where('programme_id', '=', s2025.id).where('category', '=', 'programme').orderBy('slug').execute();
    expect(pages.map((p) => p.slug)).toEqual([contentSlugs.programmeOverview, contentSlugs.programmeProcess]);
    const [entry] = await t.db.selectFrom('audit_log').select('after_json').where('action', '=', 'season.create').execute();
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ year: 2025, articles: 6 });
  });

  it('visitors see the current season only: the new one is being prepared', async () => {
    expect(await publicSeasons()).toEqual([{ year: 2024, name: '2024 青年创新榜', current: true }]);
    const prepared = await get(t.app, apiPaths.contentArticles, { category: 'award', season: '2025' });
    expect(prepared.body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    const copy = (await adminAwards(s2025.id))[0]!;
    expect((await get(t.app, apiPaths.contentArticle, { id: copy.id })).body).toMatchObject({ code: Code.NOT_FOUND });
    expect((await awards()).map((a) => a.id)).toEqual((await adminAwards(s2024)).map((a) => a.id));
  });

  it('an admin edits the new season\'s award without touching last season\'s', async () => {
    const copy = (await adminAwards(s2025.id))[0]!;
    data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleUpdate, { id: copy.id, award: { quota: 12, prize: '证书及奖金 30000 元' } }, as()));
    expect((await adminAwards(s2024))[0]!.award).toEqual({ quota: 10, prize: '证书及奖金 20000 元' });
    expect((await adminAwards(s2025.id))[0]!.award).toEqual({ quota: 12, prize: '证书及奖金 30000 元' });
  });

  it('a new award goes to the season named, the current one by default', async () => {
    const named = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'award', title: '新锐奖', programmeId: s2025.id }, as()));
    expect(named.programmeId).toBe(s2025.id);
    const plain = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'award', title: '特别奖' }, as()));
    expect(plain.programmeId).toBe(s2024);
    const news = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '新闻', programmeId: s2025.id }, as()));
    expect(news.programmeId).toBeNull();
    for (const id of [named.id, plain.id, news.id]) data(await post(t.app, apiPaths.contentAdminArticleDelete, { id }, as()));
  });

  it('a slug is unique within its season and among the committee pages', async () => {
    const again = await post(t.app, apiPaths.contentAdminArticleCreate, { category: 'programme', title: '重复', slug: contentSlugs.programmeOverview, programmeId: s2025.id }, as());
    expect(again.body).toMatchObject({ code: Code.CONFLICT });
    const own = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'programme', title: '评审细则', slug: 'cxb-rules', programmeId: s2025.id }, as()));
    const other = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'programme', title: '评审细则', slug: 'cxb-rules', programmeId: s2024 }, as()));
    // a committee page may not take a slug another committee page has
    const intro = await post(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '重复', slug: contentSlugs.intro }, as());
    expect(intro.body).toMatchObject({ code: Code.CONFLICT });
    for (const id of [own.id, other.id]) data(await post(t.app, apiPaths.contentAdminArticleDelete, { id }, as()));
  });

  it('refuses a season that does not exist and a malformed one, writing nothing', async () => {
    const before = await t.db.selectFrom('content_articles').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const unknown = await post(t.app, apiPaths.contentAdminArticleCreate, { category: 'award', title: '无届', programmeId: 'nope' }, as());
    expect(unknown.body).toMatchObject({ code: Code.BAD_REQUEST });
    expect((await get(t.app, apiPaths.contentAdminArticles, { programmeId: 'nope' }, as())).body).toMatchObject({ code: Code.BAD_REQUEST });
    expect((await get(t.app, apiPaths.contentAdminArticles, { programmeId: 'x'.repeat(65) }, as())).body).toMatchObject({ success: false });
    for (const season of ['abc', '1999', '2024.5']) {
      expect((await get(t.app, apiPaths.contentArticles, { category: 'award', season })).body).toMatchObject({ success: false });
    }
    expect((await get(t.app, apiPaths.contentArticles, { category: 'award', season: '2023' })).body).toMatchObject({ code: Code.NOT_FOUND });
    const after = await t.db.selectFrom('content_articles').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('an article is not moved to a season that does not exist', async () => {
    const copy = (await adminAwards(s2025.id))[0]!;
    const moved = await post(t.app, apiPaths.contentAdminArticleUpdate, { id: copy.id, title: '改名', programmeId: 'nope' }, as());
    expect(moved.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect((await adminAwards(s2025.id))[0]).toMatchObject({ id: copy.id, title: copy.title });
  });

  it('without a token, as an applicant or as a reviewer (not an admin), no season\'s articles are listed or written in the console', async () => {
    const applicant = await newUser(t.app);
    // a reviewer past the console's second factor: the console is open to them, its content is not
    const reviewer = await newConsoleUser(t.app, t.db, t.clock, ['reviewer']);
    const before = await contentSnapshot(t.db);
    const write = { category: 'award', title: '越权', programmeId: s2025.id };
    expect((await post(t.app, apiPaths.contentAdminArticleCreate, write)).status).toBe(401);
    expect((await get(t.app, apiPaths.contentAdminArticles, { programmeId: s2025.id })).status).toBe(401);
    for (const token of [applicant.token, reviewer.token]) {
      const created = await post(t.app, apiPaths.contentAdminArticleCreate, write, { token });
      expect(created.status).toBe(403);
      expect(created.body).toMatchObject({ success: false });
      expect((await get(t.app, apiPaths.contentAdminArticles, { programmeId: s2025.id }, { token })).status).toBe(403);
    }
    expect(await contentSnapshot(t.db)).toBe(before);
  });
});

describe('once the new season is current', () => {
  beforeAll(async () => {
    data(await post(t.app, apiPaths.consoleSeasonMakeCurrent, { id: s2025.id, reason: '新一届启动' }, as()));
  });

  it('visitors see the new season by default and the earlier one by its year', async () => {
    expect(await publicSeasons()).toEqual([
      { year: 2025, name: '2025 青年创新榜', current: true },
      { year: 2024, name: '2024 青年创新榜', current: false },
    ]);
    expect((await awards())[0]!.award).toEqual({ quota: 12, prize: '证书及奖金 30000 元' });
    expect((await awards({ season: '2024' }))[0]!.award).toEqual({ quota: 10, prize: '证书及奖金 20000 元' });
    expect((await awards({ season: '2025' })).map((a) => a.id)).toEqual((await awards()).map((a) => a.id));
  });

  it('a programme page by its slug is the current season\'s; last season\'s stays readable by id', async () => {
    const page = data(await get<Article>(t.app, apiPaths.contentArticle, { slug: contentSlugs.programmeOverview }));
    const row = await t.db.selectFrom('content_articles').select('programme_id').where('id', '=', page.id).executeTakeFirstOrThrow();
    expect(row.programme_id).toBe(s2025.id);
    const old = (await adminAwards(s2024))[0]!;
    expect(data(await get<Article>(t.app, apiPaths.contentArticle, { id: old.id })).title).toBe('一等奖');
    // committee pages are the same whatever the season
    expect(data(await get<Article>(t.app, apiPaths.contentArticle, { slug: contentSlugs.intro })).category).toBe('intro');
  });

  it('the console lists the current season\'s awards by default', async () => {
    expect((await adminAwards()).every((a) => a.programmeId === s2025.id)).toBe(true);
  });
});
