/**
 * Generated bad input for every content admin POST and every public GET with parameters:
 * whatever arrives, the answer is the envelope, never a 5xx, and nothing is written.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  apiPaths, ZContentArticleRequest, ZContentPreviewRequest, ZContentArticlesRequest, ZContentMemberRequest, ZContentMembersRequest,
  ZContentSubdivisionRequest, ZContentWebviewCheckRequest, ZCreateArticleRequest, ZCreateLeaderRequest,
  ZCreateMemberRequest, ZCreateSubdivisionRequest, ZCreateWebviewHostRequest, ZDeleteContentRequest,
  ZPublishContentRequest, ZReorderContentRequest, ZUpdateArticleRequest, ZUpdateLeaderRequest, ZUpdateMemberRequest,
  ZUpdateSubdivisionRequest, ZUpdateWebviewHostRequest,
} from '@qgw/contracts';
import type { TestUser } from './support/api.js';
import { contentSnapshot, newAdmin, seedContent } from './support/content.js';
import { bodyFor, expectEnvelopeFailure, keysOf } from './support/fuzz.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t);
  admin = await newAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const RUNS = 40;

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '', ' ', 'null', '<script>alert(1)</script>', 'javascript:alert(1)', 'data:text/html,x', '//evil.example', '😀'.repeat(300),
    'x'.repeat(3000), 'intro', 'news', 'leadership', 'www.gov.cn', '*.evil.com', "'; drop table content_articles; --",
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 12 }),
  fc.array(fc.record({ name: fc.string({ maxLength: 5 }), url: fc.string({ maxLength: 10 }), size: fc.integer() }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.string({ maxLength: 5 }), fc.boolean()), { maxKeys: 3 }),
);



const posts: Array<{ path: string; schema: z.ZodType }> = [
  { path: apiPaths.contentAdminArticleCreate, schema: ZCreateArticleRequest },
  { path: apiPaths.contentAdminArticleUpdate, schema: ZUpdateArticleRequest },
  { path: apiPaths.contentAdminArticleDelete, schema: ZDeleteContentRequest },
  { path: apiPaths.contentAdminArticlePublish, schema: ZPublishContentRequest },
  { path: apiPaths.contentAdminArticleReorder, schema: ZReorderContentRequest },
  { path: apiPaths.contentAdminLeaderCreate, schema: ZCreateLeaderRequest },
  { path: apiPaths.contentAdminLeaderUpdate, schema: ZUpdateLeaderRequest },
  { path: apiPaths.contentAdminSubdivisionCreate, schema: ZCreateSubdivisionRequest },
  { path: apiPaths.contentAdminSubdivisionUpdate, schema: ZUpdateSubdivisionRequest },
  { path: apiPaths.contentAdminSubdivisionDelete, schema: ZDeleteContentRequest },
  { path: apiPaths.contentAdminMemberCreate, schema: ZCreateMemberRequest },
  { path: apiPaths.contentAdminMemberUpdate, schema: ZUpdateMemberRequest },
  { path: apiPaths.contentAdminMemberReorder, schema: ZReorderContentRequest },
  { path: apiPaths.contentAdminWebviewHostCreate, schema: ZCreateWebviewHostRequest },
  { path: apiPaths.contentAdminWebviewHostUpdate, schema: ZUpdateWebviewHostRequest },
  { path: apiPaths.contentAdminPreview, schema: ZContentPreviewRequest },
];


describe.each(posts)('POST $path', ({ path, schema }) => {
  it('refuses generated bodies without a 5xx and without writing', async () => {
    const before = await contentSnapshot(t.db);
    await fc.assert(
      fc.asyncProperty(bodyFor(keysOf(schema), value, ['published_at', 'updated_by']), async (body) => {
        fc.pre(!schema.safeParse(body).success);
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', authorization: admin.token },
          payload: JSON.stringify(body),
        });
        expectEnvelopeFailure(res.statusCode, res.body);
      }),
      { numRuns: RUNS },
    );
    expect(await contentSnapshot(t.db)).toEqual(before);
  });
});

describe('well-formed writes about records that do not exist', () => {
  it('are refused without a 5xx and without writing', async () => {
    const before = await contentSnapshot(t.db);
    const id = fc.stringMatching(/^[A-Za-z0-9-]{1,64}$/);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts.filter((p) => p.path.endsWith('update') || p.path.endsWith('delete'))), id, async (p, someId) => {
        const body = p.path.endsWith('delete') ? { id: someId } : { id: someId, note: 'x', name: '某某', title: '某' };
        const res = await t.app.inject({
          method: 'POST',
          url: p.path,
          headers: { 'content-type': 'application/json', authorization: admin.token },
          payload: JSON.stringify(body),
        });
        expectEnvelopeFailure(res.statusCode, res.body);
      }),
      { numRuns: 60 },
    );
    expect(await contentSnapshot(t.db)).toEqual(before);
  });
});

describe('public GET endpoints with parameters', () => {
  const query = fc.dictionary(
    fc.constantFrom('id', 'slug', 'category', 'cursor', 'limit', 'q', 'subdivisionId', 'region', 'groupBy', 'url', '__proto__', 'x'),
    fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('intro', 'news', 'region', 'subdivision', '0', '-1', '51', '1e3', 'eyJ4IjoxfQ', 'WyJhIiwxLCJ4IiwieSJd', '%', '\\'),
      fc.array(fc.string({ maxLength: 10 }), { minLength: 2, maxLength: 3 }),
    ),
    { maxKeys: 4 },
  );

  it.each([
    [apiPaths.contentArticles, ZContentArticlesRequest],
    [apiPaths.contentArticle, ZContentArticleRequest],
    [apiPaths.contentSubdivision, ZContentSubdivisionRequest],
    [apiPaths.contentMembers, ZContentMembersRequest],
    [apiPaths.contentMember, ZContentMemberRequest],
    [apiPaths.contentWebviewCheck, ZContentWebviewCheckRequest],
  ] as const)('%s answers generated queries without a 5xx and only reads', async (url, schema) => {
    const before = await contentSnapshot(t.db);
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.app.inject({ method: 'GET', url, query: q });
        expect(res.statusCode).toBeLessThan(500);
        const body = res.json() as { success: boolean };
        if (!schema.safeParse(q).success) expect(body.success).toBe(false);
      }),
      { numRuns: RUNS },
    );
    expect(await contentSnapshot(t.db)).toEqual(before);
  });
});
