import type { Kysely } from 'kysely';
import type {
  AdminArticle, AdminDirectoryMember, AdminLeader, AdminSubdivision, ArticleInput, LeaderGroup, WebviewHost,
} from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { type ArticleRow, articlesRepository as articles } from './articles.repository.js';
import { contentStrings as s } from './content.strings.js';
import {
  leadersRepository as leaders, type MemberRow, membersRepository as members, subdivisionsRepository as subdivisions,
  webviewHostsRepository as hosts,
} from './directory.repository.js';
import type { EntitySpec } from './record-writer.js';
import { sanitizeRichText } from './sanitize.js';
import * as views from './views.js';

/**
 * How each kind of content the console edits maps onto the database: its table operations, audit
 * entity and view (specs, for the generic remove / publish / reorder of record-writer.ts), and the
 * columns each request field writes. The admin service (content-admin.service.ts) builds its inserts
 * and patches from these; kept apart so the service holds only the rules of each write.
 */

type Db = Kysely<Database>;

export const specs = {
  article: {
    ops: articles, entity: 'content_article', notFound: s.articleNotFound,
    view: async (_db: Db, r: ArticleRow) => views.adminArticle(r),
  } satisfies EntitySpec<'content_articles', AdminArticle>,
  leader: {
    ops: leaders, entity: 'content_leader', notFound: s.leaderNotFound,
    view: async (_db: Db, r: Database['content_leaders']) => views.adminLeader(r),
  } satisfies EntitySpec<'content_leaders', AdminLeader>,
  subdivision: {
    ops: subdivisions, entity: 'content_subdivision', notFound: s.subdivisionNotFound,
    view: async (db: Db, r: Database['content_subdivisions']) => views.adminSubdivision(r, await members.countInSubdivision(db, r.id)),
  } satisfies EntitySpec<'content_subdivisions', AdminSubdivision>,
  member: {
    ops: members, entity: 'content_member', notFound: s.memberNotFound,
    view: async (db: Db, r: MemberRow) =>
      views.adminMember((await members.withSubdivision(db, r.id, false)) ?? { ...r, sd_name: null, sd_sort: null }),
  } satisfies EntitySpec<'content_members', AdminDirectoryMember>,
  webviewHost: {
    ops: hosts, entity: 'content_webview_host', notFound: s.hostNotFound,
    view: async (_db: Db, r: Database['content_webview_hosts']) => views.webviewHost(r),
  } satisfies EntitySpec<'content_webview_hosts', WebviewHost>,
};

/** Copies the defined fields of `input` through `map` (column ← field); omitted fields are left out. */
export function patchOf(input: Record<string, unknown>, map: Record<string, (v: never) => unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, toColumns] of Object.entries(map)) {
    if (input[field] === undefined) continue;
    Object.assign(out, toColumns(input[field] as never));
  }
  return out;
}

export const articleColumns = {
  category: (v: ArticleInput['category']) => ({ category: v }),
  slug: (v: string | null) => ({ slug: v }),
  title: (v: string) => ({ title: v }),
  summary: (v: string) => ({ summary: v }),
  // the stored form is the sanitised one: nothing unsafe is ever written
  body: (v: string) => ({ body: sanitizeRichText(v) }),
  coverUrl: (v: string | null) => ({ cover_url: v }),
  attachments: (v: unknown[]) => ({ attachments_json: JSON.stringify(v) }),
  award: (v: { quota: number; prize: string } | null) => ({ award_quota: v?.quota ?? null, award_prize: v?.prize ?? null }),
  sort: (v: number) => ({ sort: v }),
};
export const leaderColumns = {
  group: (v: LeaderGroup) => ({ leader_group: v }),
  name: (v: string) => ({ name: v }),
  title: (v: string) => ({ title: v }),
  photoUrl: (v: string | null) => ({ photo_url: v }),
  bio: (v: string) => ({ bio: v }),
  sort: (v: number) => ({ sort: v }),
};
export const subdivisionColumns = {
  name: (v: string) => ({ name: v }),
  description: (v: string) => ({ description: v }),
  sort: (v: number) => ({ sort: v }),
};
export const bit = (v: boolean | undefined, fallback: 0 | 1): 0 | 1 => (v === undefined ? fallback : v ? 1 : 0);
export const memberColumns = {
  name: (v: string) => ({ name: v }),
  subdivisionId: (v: string | null) => ({ subdivision_id: v }),
  region: (v: string) => ({ region: v }),
  organization: (v: string) => ({ organization: v }),
  title: (v: string) => ({ title: v }),
  photoUrl: (v: string | null) => ({ photo_url: v }),
  bio: (v: string) => ({ bio: v }),
  sort: (v: number) => ({ sort: v }),
};
export const consentColumns = (c: Partial<Record<'organization' | 'title' | 'photo' | 'bio', boolean>>, was?: MemberRow) => ({
  show_organization: bit(c.organization, was?.show_organization ?? 0),
  show_title: bit(c.title, was?.show_title ?? 0),
  show_photo: bit(c.photo, was?.show_photo ?? 0),
  show_bio: bit(c.bio, was?.show_bio ?? 0),
});
