/**
 * Committee content as visitors read it: the demo content through every public endpoint, keyset
 * pagination, directory search and grouping, consent-limited profiles, unpublished records
 * invisible, and HTTP caching (ETag, Cache-Control, 304) that never serves an edit late.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Article, type ArticleSummary, apiPaths, Code, contentCachePolicy, type ContentArticlesResponse,
  type ContentMembersResponse, contentSlugs, type DirectoryMember, type Leader, type Subdivision, type SubdivisionSummary,
  ZContentArticleResponse, ZContentArticlesResponse, ZContentLeadersResponse, ZContentMembersResponse,
} from '@qgw/contracts';
import { seedMembers, seedSubdivisions } from '../src/db/seed-content-data.js';
import { data, get, post, type TestUser } from './support/api.js';
import { newAdmin, seedContent } from './support/content.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedContent(t)).toBe(true);
  admin = await newAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const articles = async (query: Record<string, string>) => data(await get<ContentArticlesResponse>(t.app, apiPaths.contentArticles, query));
const members = async (query: Record<string, string>) => data(await get<ContentMembersResponse>(t.app, apiPaths.contentMembers, query));

/** Every item of a paginated list, page by page; fails on a repeated item. */
async function walk<T extends { id: string }>(fetch: (cursor?: string) => Promise<{ items: T[]; nextCursor: string | null }>) {
  const seen: T[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await fetch(cursor);
    seen.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  expect(new Set(seen.map((x) => x.id)).size).toBe(seen.length);
  return seen;
}

describe('articles', () => {
  it('lists published articles by category, in sort order, and validates against the contract', async () => {
    const intro = await articles({ category: 'intro' });
    expect(ZContentArticlesResponse.safeParse(intro).success).toBe(true);
    expect(intro.items.map((a) => a.title)).toEqual(['青工委简介', '组织架构', '青工委章程']);
    const awards = await articles({ category: 'award' });
    expect(awards.items.map((a) => [a.title, a.award?.quota])).toEqual([
      ['一等奖', 10], ['二等奖', 20], ['三等奖', 30], ['优秀奖', 50],
    ]);
    expect(awards.items[0]!.award!.prize).toContain('20000');
  });

  it('lists news newest first', async () => {
    const news = await articles({ category: 'news' });
    expect(news.items).toHaveLength(5);
    const dates = news.items.map((a) => a.publishedAt!);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages through every article exactly once with a keyset cursor', async () => {
    const all = await walk((cursor) => articles({ limit: '4', ...(cursor ? { cursor } : {}) }));
    const direct = await articles({ limit: '50' });
    expect(all.map((a) => a.id)).toEqual(direct.items.map((a) => a.id));
    // 3 intro, 5 news, 2 documents, 2 programme pages, 4 awards
    expect(all.length).toBe(16);
  });

  it('keeps its place when an article is added between pages', async () => {
    const first = await articles({ category: 'news', limit: '2' });
    data(await post(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '插入的新闻', published: true }, { token: admin.token }));
    const rest = await walk((cursor) => articles({ category: 'news', limit: '2', cursor: cursor ?? first.nextCursor! }));
    const ids = [...first.items, ...rest].map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    // the earlier news all still come, none repeated
    expect(ids.length).toBe(5);
  });

  it('shows an article by id and by slug, with its sanitised body and attachments', async () => {
    const byslug = data(await get<Article>(t.app, apiPaths.contentArticle, { slug: contentSlugs.programmeProcess }));
    expect(ZContentArticleResponse.safeParse(byslug).success).toBe(true);
    expect(byslug.title).toBe('申报流程');
    expect(byslug.body).toContain('<ol>');
    const docs = await articles({ category: 'document' });
    const withTwo = docs.items.find((d) => d.attachmentCount === 2)!;
    const doc = data(await get<Article>(t.app, apiPaths.contentArticle, { id: withTwo.id }));
    expect(doc.attachments.map((a) => a.name)).toEqual(['2024 青年创新榜评选办法.txt', '申报材料清单.txt']);
  });

  it('serves a document attachment as a download, never as a page', async () => {
    const docs = await articles({ category: 'document' });
    const doc = data(await get<Article>(t.app, apiPaths.contentArticle, { id: docs.items[0]!.id }));
    const att = doc.attachments[0]!;
    const res = await t.app.inject({ method: 'GET', url: `${att.url}?name=${encodeURIComponent(att.name)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(att.name)}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.byteLength(res.body)).toBe(att.size);
    expect(res.body.startsWith(att.name.replace(/\.txt$/, ''))).toBe(true);
    // a download name from the query cannot break out of the header
    const odd = await t.app.inject({ method: 'GET', url: att.url, query: { name: 'a"b\r\nSet-Cookie: x/..\\c.txt' } });
    expect(odd.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('abSet-Cookie: x..c.txt')}`);
    expect(odd.headers['set-cookie']).toBeUndefined();
    const again = await t.app.inject({ method: 'GET', url: att.url, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    for (const bad of ['../app.db', '..%2Fapp.db', 'nope.txt', 'x.html', '.txt']) {
      const r = await t.app.inject({ method: 'GET', url: `${apiPaths.contentFile}/${bad}` });
      expect(r.statusCode).toBe(404);
    }
  });

  it('refuses a bad cursor and an unknown article with the envelope', async () => {
    const bad = await get(t.app, apiPaths.contentArticles, { cursor: 'not-a-cursor' });
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const forged = Buffer.from(JSON.stringify(['ms', 1, 'x', 1, 'y'])).toString('base64url');
    expect((await get(t.app, apiPaths.contentArticles, { cursor: forged })).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    const missing = await get(t.app, apiPaths.contentArticle, { id: 'no-such-id' });
    expect(missing.body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await get(t.app, apiPaths.contentArticle, {})).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });
});

describe('leaders and subdivisions', () => {
  it('lists the leadership and the secretariat in order', async () => {
    const lead = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders, { group: 'leadership' }));
    expect(ZContentLeadersResponse.safeParse(lead).success).toBe(true);
    expect(lead.items.map((l) => l.title)).toEqual(['主任', '副主任', '副主任', '副主任']);
    const sec = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders, { group: 'secretariat' }));
    expect(sec.items[0]!.title).toBe('秘书长');
    expect(sec.items).toHaveLength(4);
    const both = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders));
    expect(both.items.map((l) => l.group)).toEqual([...Array(4).fill('leadership'), ...Array(4).fill('secretariat')]);
  });

  it('lists subdivisions with member counts and shows one with its members', async () => {
    const list = data(await get<{ items: SubdivisionSummary[] }>(t.app, apiPaths.contentSubdivisions));
    expect(list.items.map((s) => s.name)).toEqual(seedSubdivisions.map((s) => s.name));
    expect(list.items.every((s) => s.memberCount === 8)).toBe(true);
    const one = data(await get<Subdivision>(t.app, apiPaths.contentSubdivision, { id: list.items[1]!.id }));
    expect(one.name).toBe('乡村振兴分会');
    expect(one.members).toHaveLength(8);
    expect(one.members.every((m) => m.subdivisionId === one.id && m.subdivisionName === one.name)).toBe(true);
  });
});

describe('member directory', () => {
  it('pages through all 40 members grouped by subdivision, groups contiguous and in subdivision order', async () => {
    const all = await walk((cursor) => members({ limit: '7', ...(cursor ? { cursor } : {}) }));
    expect(all).toHaveLength(seedMembers.length);
    const order = all.map((m) => m.subdivisionName);
    const groups = order.filter((g, i) => i === 0 || order[i - 1] !== g);
    expect(groups).toEqual(seedSubdivisions.map((s) => s.name));
    expect(ZContentMembersResponse.safeParse({ items: all, nextCursor: null }).success).toBe(true);
  });

  it('groups by region with contiguous groups', async () => {
    const all = await walk((cursor) => members({ groupBy: 'region', limit: '9', ...(cursor ? { cursor } : {}) }));
    expect(all).toHaveLength(seedMembers.length);
    const order = all.map((m) => m.region);
    const groups = order.filter((g, i) => i === 0 || order[i - 1] !== g);
    expect(new Set(groups).size).toBe(groups.length);
    const regions = data(await get<{ items: { region: string; count: number }[] }>(t.app, apiPaths.contentMemberRegions));
    expect(regions.items.reduce((n, r) => n + r.count, 0)).toBe(seedMembers.length);
    const shanghai = await members({ region: '上海市', limit: '50' });
    expect(shanghai.items.length).toBe(regions.items.find((r) => r.region === '上海市')!.count);
    expect(shanghai.items.every((m) => m.region === '上海市')).toBe(true);
  });

  it('searches by name, subdivision, region and published organisation, but not by unpublished fields', async () => {
    expect((await members({ q: '李明轩' })).items.map((m) => m.name)).toEqual(['李明轩']);
    expect((await members({ q: '子' })).items.map((m) => m.name)).toEqual(['刘子涵', '周子豪', '邓子健']);
    expect((await members({ q: '绿色发展', limit: '50' })).items).toHaveLength(8);
    // members 4, 9, 14… keep their organisation private: a search for theirs must not find them by it
    const hidden = seedMembers.find((m) => !m.consent.organization)!;
    const byOrg = await members({ q: hidden.organization, limit: '50' });
    expect(byOrg.items.map((m) => m.name)).not.toContain(hidden.name);
    expect(byOrg.items.length).toBeGreaterThan(0);
    expect(byOrg.items.every((m) => m.organization === hidden.organization)).toBe(true);
    // LIKE wildcards are taken literally
    expect((await members({ q: '%' })).items).toHaveLength(0);
    expect((await members({ q: '_' })).items).toHaveLength(0);
  });

  it('shows a member only with the fields they agreed to publish, never mobile or ID number', async () => {
    const all = await walk((cursor) => members({ limit: '50', ...(cursor ? { cursor } : {}) }));
    for (const m of all) {
      const seed = seedMembers.find((s) => s.name === m.name)!;
      expect(m.organization !== null).toBe(seed.consent.organization);
      expect(m.bio !== null).toBe(seed.consent.bio);
      expect(m.photoUrl).toBeNull();
    }
    const one = data(await get<DirectoryMember>(t.app, apiPaths.contentMember, { id: all[4]!.id }));
    expect(one.organization).toBeNull();
    expect(one.title).toBeNull();
    const raw = JSON.stringify(one);
    for (const key of ['mobile', 'idNumber', 'id_number', 'phone']) expect(raw).not.toContain(key);
  });
});

describe('unpublished content is invisible', () => {
  const publish = (path: string, id: string, published: boolean) =>
    post(t.app, path, { id, published }, { token: admin.token }).then(data);

  it('hides an unpublished article from the list and the detail, and shows it again once published', async () => {
    const intro = await articles({ category: 'intro' });
    const target = intro.items[1]!;
    await publish(apiPaths.contentAdminArticlePublish, target.id, false);
    expect((await articles({ category: 'intro' })).items.map((a) => a.id)).not.toContain(target.id);
    expect((await get(t.app, apiPaths.contentArticle, { id: target.id })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await get(t.app, apiPaths.contentArticle, { slug: target.slug! })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    await publish(apiPaths.contentAdminArticlePublish, target.id, true);
    const back = data(await get<Article>(t.app, apiPaths.contentArticle, { id: target.id }));
    // republishing keeps the original publication date
    expect(back.publishedAt).toBe(target.publishedAt);
  });

  it('hides unpublished leaders, members and subdivisions (and an unpublished subdivision’s name)', async () => {
    const lead = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders, { group: 'leadership' }));
    await publish(apiPaths.contentAdminLeaderPublish, lead.items[0]!.id, false);
    const after = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders, { group: 'leadership' }));
    expect(after.items.map((l) => l.id)).not.toContain(lead.items[0]!.id);

    const m = (await members({ q: '王雨桐' })).items[0]!;
    await publish(apiPaths.contentAdminMemberPublish, m.id, false);
    expect((await members({ q: '王雨桐' })).items).toHaveLength(0);
    expect((await get(t.app, apiPaths.contentMember, { id: m.id })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });

    const subs = data(await get<{ items: SubdivisionSummary[] }>(t.app, apiPaths.contentSubdivisions));
    const sub = subs.items[4]!;
    const someone = (await members({ subdivisionId: sub.id })).items[0]!;
    await publish(apiPaths.contentAdminSubdivisionPublish, sub.id, false);
    const subsAfter = data(await get<{ items: SubdivisionSummary[] }>(t.app, apiPaths.contentSubdivisions));
    expect(subsAfter.items.map((s) => s.id)).not.toContain(sub.id);
    expect((await get(t.app, apiPaths.contentSubdivision, { id: sub.id })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await members({ subdivisionId: sub.id })).items).toHaveLength(0);
    const profile = data(await get<DirectoryMember>(t.app, apiPaths.contentMember, { id: someone.id }));
    expect(profile.subdivisionId).toBeNull();
    expect(profile.subdivisionName).toBeNull();
    expect((await members({ q: sub.name })).items).toHaveLength(0);
    await publish(apiPaths.contentAdminSubdivisionPublish, sub.id, true);
  });

  it('keeps unpublished drafts out of paginated lists whatever the page size', async () => {
    const draft = data(
      await post<{ id: string }>(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '草稿：尚未发布' }, { token: admin.token }),
    );
    for (const limit of ['1', '3', '50']) {
      const all = await walk<ArticleSummary>((cursor) => articles({ limit, ...(cursor ? { cursor } : {}) }));
      expect(all.map((a) => a.id)).not.toContain(draft.id);
    }
  });
});

describe('HTTP caching', () => {
  it('answers with a weak ETag and Cache-Control, and 304 to a matching If-None-Match', async () => {
    const first = await get(t.app, apiPaths.contentArticles, { category: 'intro' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe(contentCachePolicy.cacheControl);
    const again = await get(t.app, apiPaths.contentArticles, { category: 'intro' }, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');
    // a list of tags, one matching, also counts
    const listed = await get(t.app, apiPaths.contentArticles, { category: 'intro' }, { headers: { 'if-none-match': `W/"other", ${etag}` } });
    expect(listed.status).toBe(304);
    const other = await get(t.app, apiPaths.contentArticles, { category: 'intro' }, { headers: { 'if-none-match': 'W/"stale"' } });
    expect(other.status).toBe(200);
  });

  it('changes the ETag the moment an admin edits, so the edit is seen at once', async () => {
    const intro = data(await get<Article>(t.app, apiPaths.contentArticle, { slug: contentSlugs.intro }));
    const before = await get(t.app, apiPaths.contentArticle, { slug: contentSlugs.intro });
    data(await post(t.app, apiPaths.contentAdminArticleUpdate, { id: intro.id, title: '青工委简介（修订）' }, { token: admin.token }));
    const after = await get<Article>(t.app, apiPaths.contentArticle, { slug: contentSlugs.intro }, { headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(data(after).title).toBe('青工委简介（修订）');
  });

  it('does not mark failures cacheable', async () => {
    const missing = await get(t.app, apiPaths.contentArticle, { id: 'missing' });
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
  });
});

describe('seed', () => {
  it('runs once: a second run adds nothing, and deleted demo content is not put back', async () => {
    const before = await articles({ limit: '50' });
    const victim = before.items[0]!;
    data(await post(t.app, apiPaths.contentAdminArticleDelete, { id: victim.id }, { token: admin.token }));
    expect(await seedContent(t)).toBe(false);
    const after = await articles({ limit: '50' });
    expect(after.items.length).toBe(before.items.length - 1);
  });
});
