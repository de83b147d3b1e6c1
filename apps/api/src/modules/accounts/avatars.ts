import { randomBytes } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiPaths } from '@qgw/contracts';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../private-files.js';
import { namesOlderThan } from '../files/files.module.js';
import { type ImageKind, imageKinds } from '../files/files.module.js';

/**
 * Avatar files. What they are is decided by the files module's image check (modules/files/image-check.ts),
 * never by their name or declared type, so an HTML or SVG file renamed .png cannot be stored and
 * served back as an image. Stored names are random and carry the detected extension; nothing the
 * client sent ends up in a path.
 */

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
    await ensurePrivateDir(this.dir);
  }

  /** Writes the file under a fresh random name; returns its public URL. */
  async save(content: Uint8Array, kind: ImageKind): Promise<string> {
    await this.init();
    const name = `${randomBytes(16).toString('hex')}.${imageKinds[kind].ext}`;
    await writeFile(join(this.dir, name), content, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return this.urlOf(name);
  }

  /** The stored name behind one of our URLs, or null for anything else. */
  nameFromUrl(url: string): string | null {
    const prefix = `${apiPaths.avatarFile}/`;
    if (!url.startsWith(prefix)) return null;
    const name = url.slice(prefix.length);
    return AVATAR_NAME.test(name) ? name : null;
  }

  /** Removes a stored avatar; a name that is not ours, or already gone, is no error. */
  async remove(name: string): Promise<void> {
    if (!AVATAR_NAME.test(name)) return;
    await rm(join(this.dir, name), { force: true });
  }

  /** Stored avatars last written more than `maxAgeMs` before `now`, by name. */
  async olderThan(maxAgeMs: number, now: number): Promise<string[]> {
    return (await namesOlderThan(this.dir, maxAgeMs, now)).filter((n) => AVATAR_NAME.test(n));
  }

  readonly urlOf = (name: string): string => `${apiPaths.avatarFile}/${name}`;

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
