import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { apiPaths, isSeasonalCategory } from '@qgw/contracts';
import { type Clock, isoAt } from '../clock.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../private-files.js';
import { sanitizeRichText } from '../modules/content/sanitize.js';
import { isUniqueViolation } from './index.js';
import type { Database } from './schema.js';
import { seedArticles, seedLeaders, seedMembers, seedSubdivisions, seedWebviewHosts } from './seed-content-data.js';
import { newRowId } from './row-id.js';

/**
 * Demo committee content (seed-content-data.ts). Idempotent: it runs once per database, marked by
 * its audit entry, so content an admin later edits or deletes is never put back. The attachment
 * files are (re)written under uploads/content whenever they are missing.
 */

const DAY = 24 * 60 * 60 * 1000;
const MARKER = 'seed.content';

async function writeAttachmentFiles(uploadsDir: string): Promise<void> {
  const dir = join(uploadsDir, 'content');
  await ensurePrivateDir(dir);
  for (const a of seedArticles.flatMap((x) => x.attachments ?? [])) {
    // wx: an existing file is left as it is
    await writeFile(join(dir, a.file), a.text, { flag: 'wx', mode: PRIVATE_FILE_MODE }).catch((err: unknown) => {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    });
  }
}

export async function seedDemoContent(db: Kysely<Database>, clock: Clock, opts: { uploadsDir: string }): Promise<boolean> {
  await writeAttachmentFiles(opts.uploadsDir);
  const done = await db.selectFrom('audit_log').select('id').where('action', '=', MARKER).executeTakeFirst();
  if (done) return false;

  const nowMs = clock();
  const now = isoAt(nowMs);
  const base = { published: 1 as const, created_at: now, updated_at: now, updated_by: null };
  try {
    await insertAll(db, now, nowMs, base);
  } catch (err) {
    // another instance seeded at the same moment: the slugs are unique, so its copy stands
    if (isUniqueViolation(err)) return false;
    throw err;
  }
  return true;
}

async function insertAll(db: Kysely<Database>, now: string, nowMs: number, base: { published: 1; created_at: string; updated_at: string; updated_by: null }) {
  await db.transaction().execute(async (trx) => {
    // the programme's pages and awards belong to the current season (the programme is seeded first)
    const season = await trx.selectFrom('programmes').select('id').where('is_current', '=', 1).executeTakeFirst();
    await trx
      .insertInto('content_articles')
      .values(
        seedArticles.map((a, i) => ({
          ...base,
          id: newRowId(),
          category: a.category,
          slug: a.slug ?? null,
          title: a.title,
          summary: a.summary,
          body: sanitizeRichText(a.body),
          cover_url: null,
          attachments_json: JSON.stringify(
            (a.attachments ?? []).map((f) => ({ name: f.name, url: `${apiPaths.contentFile}/${f.file}`, size: Buffer.byteLength(f.text) })),
          ),
          award_quota: a.award?.quota ?? null,
          award_prize: a.award?.prize ?? null,
          programme_id: isSeasonalCategory(a.category) ? (season?.id ?? null) : null,
          // intro, programme and award pages keep the order they are listed in; news goes by date
          sort: a.category === 'news' || a.category === 'document' ? 0 : i * 10,
          published_at: isoAt(nowMs - a.daysAgo * DAY),
        })),
      )
      .execute();
    await trx
      .insertInto('content_leaders')
      .values(
        seedLeaders.map((l, i) => ({
          ...base, id: newRowId(), leader_group: l.group, name: l.name, title: l.title, photo_url: null, bio: l.bio, sort: i * 10,
        })),
      )
      .execute();
    const subdivisionIds = seedSubdivisions.map(() => newRowId());
    await trx
      .insertInto('content_subdivisions')
      .values(seedSubdivisions.map((d, i) => ({ ...base, id: subdivisionIds[i]!, name: d.name, description: d.description, sort: i * 10 })))
      .execute();
    await trx
      .insertInto('content_members')
      .values(
        seedMembers.map((m, i) => ({
          ...base,
          id: newRowId(),
          name: m.name,
          subdivision_id: subdivisionIds[m.subdivisionIndex] ?? null,
          region: m.region,
          organization: m.organization,
          title: m.title,
          photo_url: null,
          bio: m.bio,
          show_organization: m.consent.organization ? 1 : 0,
          show_title: m.consent.title ? 1 : 0,
          show_photo: m.consent.photo ? 1 : 0,
          show_bio: m.consent.bio ? 1 : 0,
          sort: i * 10,
        })),
      )
      .execute();
    await trx
      .insertInto('content_webview_hosts')
      .values(seedWebviewHosts.map((h) => ({ id: newRowId(), host: h.host, note: h.note, created_at: now, updated_at: now, updated_by: null })))
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        id: newRowId(),
        actor_id: null,
        action: MARKER,
        entity: 'content',
        entity_id: null,
        before_json: null,
        after_json: JSON.stringify({
          articles: seedArticles.length,
          leaders: seedLeaders.length,
          subdivisions: seedSubdivisions.length,
          members: seedMembers.length,
          webviewHosts: seedWebviewHosts.length,
        }),
        created_at: now,
      })
      .execute();
  });
}
