import type { Kysely } from 'kysely';
import { Code, type UploadedFile } from '@qgw/contracts';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../plugins/errors.js';
import { httpStrings } from '../../plugins/http.strings.js';
import { isBlindReview } from '../admin/admin.module.js';
import { holdsConsoleRole } from '../console-access/console-access.module.js';
import { FILE_ID } from './file-links.js';
import { signFileUrls } from './file-urls.js';
import { type FileRow, filesRepository as repo } from './files.repository.js';

/** Files that name the applicant (their photo) or their company (its licence): hidden from blind reviewers. */
const BLIND_HIDDEN_PURPOSES: ReadonlySet<string> = new Set(['photo', 'license']);

export interface Viewer {
  userId: string;
  /**
   * May see other people's files as a reviewer or admin: holds the role and, asking with a session,
   * has passed the console's second factor (a password alone does not open applicants' files). A
   * signed URL carries that right from the route that issued it.
   */
  reviewing: boolean;
  /** an admin sees every applicant's files; a reviewer only those of their assignments (`viewable`) */
  admin: boolean;
}

/**
 * Who may see a stored file (its owner, an admin, a reviewer of its application outside blind
 * review's hidden purposes), asked afresh on every request. Apart from receiving and filing the
 * uploads (files.service.ts), since it reads only rows and never touches the bytes.
 */
export class FileAccessService {
  constructor(private readonly d: { db: Kysely<Database> }) {}

  /**
   * A complete file this viewer may see, or null: its owner; an admin; a reviewer only while the
   * application that holds the file is assigned to them and they have not declared a conflict — and
   * in blind review never the applicant's photo or business licence, which name the person or
   * company. Checked on every request, so a signed URL stops working the moment an assignment is
   * removed or a conflict declared, not when the URL expires.
   */
  async viewable(id: string, viewer: Viewer): Promise<FileRow | null> {
    if (!FILE_ID.test(id)) return null;
    const row = await repo.find(this.d.db, id);
    if (!row || row.status !== 'complete') return null;
    if (row.owner_id === viewer.userId || (viewer.reviewing && viewer.admin)) return row;
    if (!viewer.reviewing || row.application_id === null) return null;
    if (!(await repo.assignedWithoutConflict(this.d.db, row.application_id, viewer.userId))) return null;
    if (BLIND_HIDDEN_PURPOSES.has(row.purpose) && (await isBlindReview(this.d.db))) return null;
    return row;
  }

  /** The viewer a signed URL was issued to, if the account is still active (and still holds its role). */
  async signedViewer(userId: string): Promise<Viewer | null> {
    const v = await repo.viewer(this.d.db, userId);
    return v?.active ? { userId, reviewing: holdsConsoleRole(v.roles), admin: v.roles.includes('admin') } : null;
  }

  /** A file's description with a fresh signed URL, for the viewer asking with a session. */
  async info(viewer: Viewer, id: string): Promise<UploadedFile> {
    const row = await this.viewable(id, viewer);
    if (!row) throw new AppError(Code.NOT_FOUND, httpStrings.notFound, 404);
    return { id: row.id, url: signFileUrls([row.id], viewer.userId)[row.id] as string, mime: row.mime, size: row.size };
  }
}
