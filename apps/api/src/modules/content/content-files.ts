import { randomBytes } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiPaths } from '@qgw/contracts';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../private-files.js';
import { checkImage, stripImageMetadata } from '../files/files.module.js';
import { ascii, detectImageKind, imageKinds, startsWith } from '../files/files.module.js';

/**
 * Public content files (covers, photos, document attachments) under DATA_DIR/uploads/content.
 * What a file is comes from its bytes, never its name or declared type; stored names are random
 * (uploads) or fixed by the demo seed, and nothing the client sent ends up in a path.
 */

export const contentFileKinds = {
  jpg: { mime: 'image/jpeg', inline: true },
  png: { mime: 'image/png', inline: true },
  webp: { mime: 'image/webp', inline: true },
  pdf: { mime: 'application/pdf', inline: false },
  txt: { mime: 'text/plain; charset=utf-8', inline: false },
  doc: { mime: 'application/msword', inline: false },
  xls: { mime: 'application/vnd.ms-excel', inline: false },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false },
} as const;
export type ContentFileExt = keyof typeof contentFileKinds;

export const CONTENT_FILE_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.(jpg|png|webp|pdf|txt|docx?|xlsx?)$/;

const IMAGE_EXTS: ReadonlySet<ContentFileExt> = new Set(['jpg', 'png', 'webp']);

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

const lowerExt = (filename: string | undefined) => (filename ?? '').toLowerCase().split('.').pop() ?? '';

/** The stored extension for these bytes, or null when they are none of the allowed kinds. */
export function detectContentFile(content: Buffer, declaredMime: string, filename: string | undefined): ContentFileExt | null {
  const declared = declaredMime.toLowerCase().split(';')[0]?.trim() ?? '';
  if (detectImageKind(content) !== null || declared.startsWith('image/') || /^(jpe?g|png|webp)$/.test(lowerExt(filename))) {
    const img = checkImage(content, declared.startsWith('image/') ? declared : undefined);
    return img.ok ? (imageKinds[img.kind].ext as ContentFileExt) : null;
  }
  if (startsWith(content, ascii('%PDF-'))) return 'pdf';
  if (startsWith(content, OLE)) {
    // the legacy Office container is the same for both: the declared type or name tells which
    if (declared.includes('excel') || lowerExt(filename) === 'xls') return 'xls';
    if (declared.includes('word') || lowerExt(filename) === 'doc') return 'doc';
    return null;
  }
  if (startsWith(content, ZIP)) {
    // the central directory at the end names the package parts
    const names = content.subarray(Math.max(0, content.length - 65_536)).toString('latin1');
    if (names.includes('word/document.xml')) return 'docx';
    if (names.includes('xl/workbook.xml')) return 'xlsx';
    return null;
  }
  if (content.length > 0 && !content.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(content);
      return 'txt';
    } catch {
      return null;
    }
  }
  return null;
}

export class ContentFileStore {
  readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = join(uploadsDir, 'content');
  }

  async init(): Promise<void> {
    await ensurePrivateDir(this.dir);
  }

  urlOf(name: string): string {
    return `${apiPaths.contentFile}/${name}`;
  }

  /**
   * Writes under a fresh random name; returns the stored name and size. An image is stored without
   * its metadata (a photo's EXIF can hold where it was taken): detectContentFile checked it first.
   */
  async save(content: Buffer, ext: ContentFileExt): Promise<{ name: string; size: number }> {
    await this.init();
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const bytes = IMAGE_EXTS.has(ext) ? await stripImageMetadata(content) : content;
    await writeFile(join(this.dir, name), bytes, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return { name, size: bytes.length };
  }

  /** The path and size of a stored file, or null for a name that is not one (or is missing). */
  async find(name: string): Promise<{ path: string; size: number; mtimeMs: number; ext: ContentFileExt } | null> {
    if (!CONTENT_FILE_NAME.test(name)) return null;
    const path = join(this.dir, name);
    try {
      const st = await stat(path);
      if (!st.isFile()) return null;
      return { path, size: st.size, mtimeMs: Math.floor(st.mtimeMs), ext: name.slice(name.lastIndexOf('.') + 1) as ContentFileExt };
    } catch {
      return null;
    }
  }
}
