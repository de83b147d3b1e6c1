import { randomBytes } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiPaths } from '@qgw/contracts';

/**
 * Avatar files. The type is decided by the file's first bytes, never by its name or declared type,
 * so an HTML or SVG file renamed .png cannot be stored and served back as an image. Stored names are
 * random and carry the detected extension; nothing the client sent ends up in a path.
 */

export type ImageKind = 'jpeg' | 'png' | 'webp';

export const imageKinds: Record<ImageKind, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (buf: Uint8Array, bytes: number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by magic bytes, or null when the content is none of JPEG / PNG / WebP. */
export function detectImageKind(buf: Uint8Array): ImageKind | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, PNG_SIGNATURE)) return 'png';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** The declared type the browser sent, normalised; `image/jpg` is a common alias. */
export function declaredKind(mimetype: string | undefined): ImageKind | null {
  const m = (mimetype ?? '').toLowerCase().split(';')[0]?.trim();
  if (m === 'image/jpeg' || m === 'image/jpg' || m === 'image/pjpeg') return 'jpeg';
  if (m === 'image/png') return 'png';
  if (m === 'image/webp') return 'webp';
  return null;
}

export const AVATAR_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

const kindOfName = (name: string): ImageKind | null => {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return (Object.keys(imageKinds) as ImageKind[]).find((k) => imageKinds[k].ext === ext) ?? null;
};

export class AvatarStore {
  readonly dir: string;

  constructor(uploadsDir: string) {
    this.dir = join(uploadsDir, 'avatars');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** Writes the file under a fresh random name; returns its public URL. */
  async save(content: Uint8Array, kind: ImageKind): Promise<string> {
    await this.init();
    const name = `${randomBytes(16).toString('hex')}.${imageKinds[kind].ext}`;
    await writeFile(join(this.dir, name), content, { flag: 'wx', mode: 0o644 });
    return `${apiPaths.avatarFile}/${name}`;
  }

  /** The stored name behind one of our URLs, or null for anything else. */
  nameFromUrl(url: string): string | null {
    const prefix = `${apiPaths.avatarFile}/`;
    if (!url.startsWith(prefix)) return null;
    const name = url.slice(prefix.length);
    return AVATAR_NAME.test(name) ? name : null;
  }

  async exists(name: string): Promise<boolean> {
    if (!AVATAR_NAME.test(name)) return false;
    try {
      return (await stat(join(this.dir, name))).isFile();
    } catch {
      return false;
    }
  }

  async read(name: string): Promise<{ content: Buffer; mime: string } | null> {
    const kind = AVATAR_NAME.test(name) ? kindOfName(name) : null;
    if (!kind) return null;
    try {
      return { content: await readFile(join(this.dir, name)), mime: imageKinds[kind].mime };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }
}
