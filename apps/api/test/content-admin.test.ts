/**
 * The console's content endpoints: admins only (no token 401, other roles 403), validated by the
 * contracts, every write audited with before and after, and visible to visitors at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminArticle, type AdminDirectoryMember, type AdminLeader, type AdminSubdivision, type Article, apiPaths, Code, contentLimits,
  type ContentArticlesResponse, type ContentMembersResponse, type ContentUploadResponse, type DirectoryMember, type Leader,
  type SubdivisionSummary, type WebviewHost, ZAdminArticleResponse, ZAdminMembersResponse,
} from '@qgw/contracts';
import { isoAt } from '../src/clock.js';
import { AuditRepository } from '../src/modules/audit/audit.repository.js';
import { data, get, login, newUser, post, type TestUser } from './support/api.js';
import { contentCounts, newAdmin, seedContent } from './support/content.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: TestUser;
let applicant: TestUser;
let reviewer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t);
  admin = await newAdmin(t);
  applicant = await newUser(t.app);
  reviewer = await newUser(t.app);
  await t.db.insertInto('user_roles').values({ user_id: reviewer.id, role: 'reviewer', created_at: isoAt(Date.now()) }).execute();
});
afterAll(async () => {
  await t.close();
});

const as = (u: TestUser) => ({ token: u.token });
const audit = () => new AuditRepository(t.db, t.clock.now);

const adminGets = [
  apiPaths.contentAdminArticles, apiPaths.contentAdminLeaders, apiPaths.contentAdminSubdivisions,
  apiPaths.contentAdminMembers, apiPaths.contentAdminWebviewHosts,
];
const adminPosts: [string, unknown][] = [
  [apiPaths.contentAdminArticleCreate, { category: 'news', title: '越权' }],
  [apiPaths.contentAdminArticleUpdate, { id: 'x', title: '越权' }],
  [apiPaths.contentAdminArticleDelete, { id: 'x' }],
  [apiPaths.contentAdminArticlePublish, { id: 'x', published: true }],
  [apiPaths.contentAdminArticleReorder, { ids: ['x'] }],
  [apiPaths.contentAdminLeaderCreate, { group: 'leadership', name: '越权', title: '主任' }],
  [apiPaths.contentAdminLeaderUpdate, { id: 'x', name: '越权' }],
  [apiPaths.contentAdminLeaderDelete, { id: 'x' }],
  [apiPaths.contentAdminLeaderPublish, { id: 'x', published: true }],
  [apiPaths.contentAdminLeaderReorder, { ids: ['x'] }],
  [apiPaths.contentAdminSubdivisionCreate, { name: '越权' }],
  [apiPaths.contentAdminSubdivisionUpdate, { id: 'x', name: '越权' }],
  [apiPaths.contentAdminSubdivisionDelete, { id: 'x' }],
  [apiPaths.contentAdminSubdivisionPublish, { id: 'x', published: true }],
  [apiPaths.contentAdminSubdivisionReorder, { ids: ['x'] }],
  [apiPaths.contentAdminMemberCreate, { name: '越权', region: '北京市' }],
  [apiPaths.contentAdminMemberUpdate, { id: 'x', name: '越权' }],
  [apiPaths.contentAdminMemberDelete, { id: 'x' }],
  [apiPaths.contentAdminMemberPublish, { id: 'x', published: true }],
  [apiPaths.contentAdminMemberReorder, { ids: ['x'] }],
  [apiPaths.contentAdminWebviewHostCreate, { host: 'evil.example.com' }],
  [apiPaths.contentAdminWebviewHostUpdate, { id: 'x', note: '越权' }],
  [apiPaths.contentAdminWebviewHostDelete, { id: 'x' }],
  [apiPaths.contentAdminPreview, { body: '<p>x</p>' }],
];

describe('access', () => {
  it('refuses every admin endpoint without a token (401) and to applicants and reviewers (403), writing nothing', async () => {
    const before = await contentCounts(t.db);
    for (const path of adminGets) {
      expect((await get(t.app, path)).status).toBe(401);
      for (const u of [applicant, reviewer]) {
        const r = await get(t.app, path, {}, as(u));
        expect(r.status).toBe(403);
        expect(r.body).toMatchObject({ success: false, code: Code.FORBIDDEN });
      }
    }
    for (const [path, body] of adminPosts) {
      const anon = await post(t.app, path, body);
      expect(anon.status, path).toBe(401);
      expect(anon.body).toMatchObject({ success: false, code: Code.UNAUTHORIZED });
      for (const u of [applicant, reviewer]) expect((await post(t.app, path, body, as(u))).status, path).toBe(403);
    }
    const upload = await t.app.inject({ method: 'POST', url: apiPaths.contentAdminUpload, headers: { authorization: applicant.token } });
    expect(upload.statusCode).toBe(403);
    expect(await contentCounts(t.db)).toEqual(before);
  });

  it('refuses an admin whose session has not passed the second factor (401 CONSOLE_MFA_REQUIRED), writing nothing', async () => {
    const { token } = await login(t.app, admin.mobile, admin.password); // a fresh session: password only
    const before = await contentCounts(t.db);
    for (const path of adminGets) {
      const r = await get(t.app, path, {}, { token });
      expect(r.status, path).toBe(401);
      expect(r.body).toMatchObject({ success: false, code: Code.CONSOLE_MFA_REQUIRED });
    }
    for (const [path, body] of adminPosts) expect((await post(t.app, path, body, { token })).status, path).toBe(401);
    expect(await contentCounts(t.db)).toEqual(before);
  });

  it('lets an admin read everything, unpublished included', async () => {
    const created = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '未发布草稿' }, as(admin)));
    expect(created.published).toBe(false);
    expect(created.publishedAt).toBeNull();
    const list = data(await get<{ items: AdminArticle[] }>(t.app, apiPaths.contentAdminArticles, { published: 'false', limit: '50' }, as(admin)));
    expect(list.items.map((a) => a.id)).toContain(created.id);
    expect(list.items.every((a) => !a.published)).toBe(true);
    const one = data(await get<AdminArticle>(t.app, apiPaths.contentAdminArticle, { id: created.id }, as(admin)));
    expect(ZAdminArticleResponse.safeParse(one).success).toBe(true);
    const found = data(await get<{ items: AdminArticle[] }>(t.app, apiPaths.contentAdminArticles, { q: '草稿' }, as(admin)));
    expect(found.items.map((a) => a.id)).toEqual([created.id]);
  });
});

describe('articles', () => {
  it('creates, edits, publishes and deletes, each audited with before and after and seen by visitors at once', async () => {
    const a = data(
      await post<AdminArticle>(
        t.app,
        apiPaths.contentAdminArticleCreate,
        { category: 'document', title: '新文件', summary: '摘要', body: '<p>正文</p>', attachments: [{ name: '附件.txt', url: '/v1/content/files/x.txt', size: 3 }] },
        as(admin),
      ),
    );
    expect((await get(t.app, apiPaths.contentArticle, { id: a.id })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });

    const published = data(await post<{ published: boolean }>(t.app, apiPaths.contentAdminArticlePublish, { id: a.id, published: true }, as(admin)));
    expect(published.published).toBe(true);
    const seen = data(await get<Article>(t.app, apiPaths.contentArticle, { id: a.id }));
    expect(seen.attachments).toEqual([{ name: '附件.txt', url: '/v1/content/files/x.txt', size: 3 }]);
    expect(seen.publishedAt).not.toBeNull();

    const edited = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleUpdate, { id: a.id, title: '新文件（修订）', coverUrl: null }, as(admin)));
    expect(edited.title).toBe('新文件（修订）');
    expect(edited.summary).toBe('摘要');
    expect(edited.updatedBy).toBe(admin.id);
    expect(data(await get<Article>(t.app, apiPaths.contentArticle, { id: a.id })).title).toBe('新文件（修订）');

    const trail = await audit().list({ entity: 'content_article', entityId: a.id, limit: 10 });
    // the test clock stands still, so entries share a time: compare as sets
    expect(trail.map((e) => e.action).sort()).toEqual(['content.create', 'content.publish', 'content.update']);
    const update = trail.find((e) => e.action === 'content.update')!;
    expect(update.actorId).toBe(admin.id);
    expect((update.before as AdminArticle).title).toBe('新文件');
    expect((update.after as AdminArticle).title).toBe('新文件（修订）');

    data(await post(t.app, apiPaths.contentAdminArticleDelete, { id: a.id }, as(admin)));
    expect((await get(t.app, apiPaths.contentArticle, { id: a.id })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    const del = (await audit().list({ entity: 'content_article', entityId: a.id, action: 'content.delete' }))[0]!;
    expect((del.before as AdminArticle).title).toBe('新文件（修订）');
    expect(del.after).toBeNull();
  });

  it('refuses a taken slug, an empty update and an unknown id with the envelope', async () => {
    const taken = await post(t.app, apiPaths.contentAdminArticleCreate, { category: 'intro', slug: 'intro', title: '重复' }, as(admin));
    expect(taken.body).toMatchObject({ success: false, code: Code.CONFLICT });
    const some = data(await get<ContentArticlesResponse>(t.app, apiPaths.contentArticles, { category: 'news' })).items[0]!;
    const clash = await post(t.app, apiPaths.contentAdminArticleUpdate, { id: some.id, slug: 'charter' }, as(admin));
    expect(clash.body).toMatchObject({ success: false, code: Code.CONFLICT });
    expect((await post(t.app, apiPaths.contentAdminArticleUpdate, { id: some.id }, as(admin))).body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect((await post(t.app, apiPaths.contentAdminArticleUpdate, { id: 'missing', title: 'x' }, as(admin))).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    expect((await post(t.app, apiPaths.contentAdminArticleDelete, { id: 'missing' }, as(admin))).body).toMatchObject({ success: false, code: Code.NOT_FOUND });
    const badUrl = await post(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: 'x', coverUrl: 'javascript:alert(1)' }, as(admin));
    expect(badUrl.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });

  it('two editors of the same version: the first save stands, the second is refused with CONFLICT and changes nothing', async () => {
    const created = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '并发编辑' }, as(admin)));
    const loaded = created.updatedAt;
    t.clock.advance(1000);
    const first = await post<AdminArticle>(t.app, apiPaths.contentAdminArticleUpdate, { id: created.id, expectedUpdatedAt: loaded, title: '甲的标题' }, as(admin));
    expect(data(first).title).toBe('甲的标题');
    const second = await post(t.app, apiPaths.contentAdminArticleUpdate, { id: created.id, expectedUpdatedAt: loaded, title: '乙的标题' }, as(admin));
    expect(second.body).toMatchObject({ success: false, code: Code.CONFLICT, message: '内容已被他人修改，请刷新后再编辑' });
    const now = data(await get<AdminArticle>(t.app, apiPaths.contentAdminArticle, { id: created.id }, as(admin)));
    expect(now.title).toBe('甲的标题');
    // the refused save left no audit entry
    const updates = await t.db.selectFrom('audit_log').select('id').where('entity_id', '=', created.id).where('action', '=', 'content.update').execute();
    expect(updates).toHaveLength(1);

    // at the same moment from the same version: exactly one stands
    t.clock.advance(1000);
    const racing = await Promise.all(
      ['丙', '丁', '戊'].map((who) =>
        post(t.app, apiPaths.contentAdminArticleUpdate, { id: created.id, expectedUpdatedAt: now.updatedAt, title: `${who}的标题` }, as(admin)),
      ),
    );
    expect(racing.filter((r) => (r.body as { success: boolean }).success)).toHaveLength(1);
    expect(racing.filter((r) => (r.body as { code: number }).code === Code.CONFLICT)).toHaveLength(2);

    // a caller that names no version (an API client) still saves over whatever is there
    const plain = await post<AdminArticle>(t.app, apiPaths.contentAdminArticleUpdate, { id: created.id, title: '直接保存' }, as(admin));
    expect(data(plain).title).toBe('直接保存');
    // and a version check applies to every kind of record
    const leader = data(await post<AdminLeader>(t.app, apiPaths.contentAdminLeaderCreate, { group: 'leadership', name: '并发', title: '委员' }, as(admin)));
    t.clock.advance(1000);
    data(await post(t.app, apiPaths.contentAdminLeaderUpdate, { id: leader.id, expectedUpdatedAt: leader.updatedAt, title: '副主任' }, as(admin)));
    const stale = await post(t.app, apiPaths.contentAdminLeaderUpdate, { id: leader.id, expectedUpdatedAt: leader.updatedAt, title: '主任' }, as(admin));
    expect(stale.body).toMatchObject({ success: false, code: Code.CONFLICT });
  });

  it('takes a long body beyond the global request limit, and refuses one beyond the contract', async () => {
    const long = `<p>${'青'.repeat(contentLimits.body.max - 10)}</p>`;
    const a = data(await post<AdminArticle>(t.app, apiPaths.contentAdminArticleCreate, { category: 'news', title: '长文', body: long }, as(admin)));
    expect(a.body.length).toBe(long.length);
    const tooLong = await post(t.app, apiPaths.contentAdminArticleUpdate, { id: a.id, body: `<p>${'青'.repeat(contentLimits.body.max)}</p>` }, as(admin));
    expect(tooLong.status).toBe(200);
    expect(tooLong.body).toMatchObject({ success: false, code: Code.BAD_REQUEST, message: '正文过长' });
  });

  it('reorders: the listed ids take the order given; unknown ids refuse the whole request', async () => {
    const intro = data(await get<ContentArticlesResponse>(t.app, apiPaths.contentArticles, { category: 'intro' })).items;
    const reversed = [...intro].reverse().map((a) => a.id);
    expect(data(await post<{ count: number }>(t.app, apiPaths.contentAdminArticleReorder, { ids: reversed }, as(admin))).count).toBe(3);
    const now = data(await get<ContentArticlesResponse>(t.app, apiPaths.contentArticles, { category: 'intro' })).items;
    expect(now.map((a) => a.id)).toEqual(reversed);
    const entry = (await audit().list({ entity: 'content_article', action: 'content.reorder' }))[0]!;
    expect(entry.after).toEqual(reversed.map((id, i) => ({ id, sort: i * 10 })));

    const refused = await post(t.app, apiPaths.contentAdminArticleReorder, { ids: [intro[0]!.id, 'missing'] }, as(admin));
    expect(refused.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    expect(data(await get<ContentArticlesResponse>(t.app, apiPaths.contentArticles, { category: 'intro' })).items.map((a) => a.id)).toEqual(reversed);
    const dup = await post(t.app, apiPaths.contentAdminArticleReorder, { ids: [intro[0]!.id, intro[0]!.id] }, as(admin));
    expect(dup.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });
});

describe('leaders, subdivisions and the directory', () => {
  it('manages a leader end to end', async () => {
    const l = data(await post<AdminLeader>(t.app, apiPaths.contentAdminLeaderCreate, { group: 'secretariat', name: '新秘书', title: '副秘书长', published: true, sort: 999 }, as(admin)));
    let sec = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders, { group: 'secretariat' })).items;
    expect(sec.at(-1)!.name).toBe('新秘书');
    data(await post(t.app, apiPaths.contentAdminLeaderUpdate, { id: l.id, title: '秘书', bio: '负责会务' }, as(admin)));
    sec = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders, { group: 'secretariat' })).items;
    expect(sec.at(-1)).toMatchObject({ title: '秘书', bio: '负责会务' });
    data(await post(t.app, apiPaths.contentAdminLeaderReorder, { ids: [l.id] }, as(admin)));
    sec = data(await get<{ items: Leader[] }>(t.app, apiPaths.contentLeaders, { group: 'secretariat' })).items;
    expect(sec[0]!.id).toBe(l.id);
    data(await post(t.app, apiPaths.contentAdminLeaderDelete, { id: l.id }, as(admin)));
    // a reorder is one entry for the whole list (entity id null)
    expect((await audit().list({ entity: 'content_leader', entityId: l.id })).map((e) => e.action).sort()).toEqual([
      'content.create', 'content.delete', 'content.update',
    ]);
    expect((await audit().list({ entity: 'content_leader', action: 'content.reorder' }))[0]!.after).toEqual([{ id: l.id, sort: 0 }]);
  });

  it('creates a subdivision and a member in it with consent; refuses to delete a subdivision that has members', async () => {
    const sub = data(await post<AdminSubdivision>(t.app, apiPaths.contentAdminSubdivisionCreate, { name: '数字经济分会', description: '新设', published: true }, as(admin)));
    const m = data(
      await post<AdminDirectoryMember>(
        t.app,
        apiPaths.contentAdminMemberCreate,
        { name: '欧阳青', region: '福建省', subdivisionId: sub.id, organization: '海峡数据公司', title: '总经理', bio: '简介', consent: { organization: true }, published: true },
        as(admin),
      ),
    );
    expect(m.consent).toEqual({ organization: true, title: false, photo: false, bio: false });
    expect(m.subdivisionName).toBe('数字经济分会');
    const pub = data(await get<DirectoryMember>(t.app, apiPaths.contentMember, { id: m.id }));
    expect(pub).toEqual({
      id: m.id, name: '欧阳青', subdivisionId: sub.id, subdivisionName: '数字经济分会', region: '福建省',
      organization: '海峡数据公司', title: null, photoUrl: null, bio: null,
    });
    const counts = data(await get<{ items: SubdivisionSummary[] }>(t.app, apiPaths.contentSubdivisions)).items;
    expect(counts.find((s) => s.id === sub.id)!.memberCount).toBe(1);

    // consent is changed field by field; the rest stays
    data(await post(t.app, apiPaths.contentAdminMemberUpdate, { id: m.id, consent: { title: true } }, as(admin)));
    const after = data(await get<DirectoryMember>(t.app, apiPaths.contentMember, { id: m.id }));
    expect(after).toMatchObject({ organization: '海峡数据公司', title: '总经理' });

    const refused = await post(t.app, apiPaths.contentAdminSubdivisionDelete, { id: sub.id }, as(admin));
    expect(refused.body).toMatchObject({ success: false, code: Code.CONFLICT });
    data(await post(t.app, apiPaths.contentAdminMemberUpdate, { id: m.id, subdivisionId: null }, as(admin)));
    data(await post(t.app, apiPaths.contentAdminSubdivisionDelete, { id: sub.id }, as(admin)));
    expect((await get(t.app, apiPaths.contentSubdivision, { id: sub.id })).body).toMatchObject({ success: false, code: Code.NOT_FOUND });

    const unknownSub = await post(t.app, apiPaths.contentAdminMemberCreate, { name: '某人', region: '北京市', subdivisionId: 'missing' }, as(admin));
    expect(unknownSub.body).toMatchObject({ success: false, code: Code.BAD_REQUEST });
  });

  it('lists the whole directory for admins, with every field and consent', async () => {
    const page = data(await get<{ items: AdminDirectoryMember[]; nextCursor: string | null }>(t.app, apiPaths.contentAdminMembers, { limit: '50' }, as(admin)));
    expect(ZAdminMembersResponse.safeParse(page).success).toBe(true);
    const private4 = page.items.find((m) => !m.consent.organization)!;
    expect(private4.organization).not.toBe('');
    const found = data(await get<ContentMembersResponse>(t.app, apiPaths.contentAdminMembers, { q: private4.organization }, as(admin)));
    expect(found.items.map((m) => m.id)).toContain(private4.id);
  });
});

describe('webview allowlist', () => {
  it('adds, edits and removes hosts; checks follow at once', async () => {
    const url = 'https://news.example.org/a';
    expect(data(await get<{ allowed: boolean }>(t.app, apiPaths.contentWebviewCheck, { url })).allowed).toBe(false);
    const h = data(await post<WebviewHost>(t.app, apiPaths.contentAdminWebviewHostCreate, { host: 'Example.ORG', note: '测试' }, as(admin)));
    expect(h.host).toBe('example.org');
    expect(data(await get<{ allowed: boolean }>(t.app, apiPaths.contentWebviewCheck, { url })).allowed).toBe(true);
    expect(data(await get<{ hosts: string[] }>(t.app, apiPaths.contentWebviewHosts)).hosts).toContain('example.org');
    const dup = await post(t.app, apiPaths.contentAdminWebviewHostCreate, { host: 'example.org' }, as(admin));
    expect(dup.body).toMatchObject({ success: false, code: Code.CONFLICT });
    for (const bad of ['https://example.org', 'example.org/path', '*.example.org', 'exa mple.org', 'localhost', '']) {
      const r = await post(t.app, apiPaths.contentAdminWebviewHostCreate, { host: bad }, as(admin));
      expect(r.body, bad).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    data(await post(t.app, apiPaths.contentAdminWebviewHostUpdate, { id: h.id, host: 'example.net' }, as(admin)));
    expect(data(await get<{ allowed: boolean }>(t.app, apiPaths.contentWebviewCheck, { url })).allowed).toBe(false);
    data(await post(t.app, apiPaths.contentAdminWebviewHostDelete, { id: h.id }, as(admin)));
    const trail = await audit().list({ entity: 'content_webview_host', entityId: h.id });
    expect(trail.map((e) => e.action).sort()).toEqual(['content.create', 'content.delete', 'content.update']);
  });
});

describe('uploads', () => {
  const multipart = (filename: string, type: string, content: Buffer) => {
    const boundary = '----qgwboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: admin.token } };
  };

  it('stores a PDF under a random name, serves it as a download, and audits the upload', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const res = await t.app.inject({ method: 'POST', url: apiPaths.contentAdminUpload, ...multipart('办法.pdf', 'application/pdf', pdf) });
    const answer = (res.json() as { success: boolean; message: ContentUploadResponse }).message;
    expect(answer.url).toMatch(/^\/v1\/content\/files\/[a-f0-9]{32}\.pdf$/);
    expect(answer).toMatchObject({ name: '办法.pdf', size: pdf.length, mime: 'application/pdf' });
    const served = await t.app.inject({ method: 'GET', url: answer.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect((await audit().list({ action: 'content.upload' })).length).toBe(1);
  });

  it('refuses HTML or an executable whatever its name or declared type', async () => {
    const before = await contentCounts(t.db);
    const cases: [string, string, Buffer][] = [
      ['x.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>')],
      ['x.pdf', 'application/pdf', Buffer.from('MZ\x90\x00\x03\x00\x00\x00')],
      ['x.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', Buffer.from('PK\x03\x04not an office file')],
      ['x.bin', 'application/octet-stream', Buffer.from([0, 1, 2, 3, 0xff])],
    ];
    for (const [name, type, content] of cases) {
      const res = await t.app.inject({ method: 'POST', url: apiPaths.contentAdminUpload, ...multipart(name, type, content) });
      expect(res.statusCode, name).toBe(200);
      expect(res.json(), name).toMatchObject({ success: false, code: Code.BAD_REQUEST });
    }
    expect(await contentCounts(t.db)).toEqual(before);
  });
});
