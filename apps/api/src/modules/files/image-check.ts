import { inspectImage } from './image-inspection.js';
import { stripImageMetadata } from './image-metadata.js';
import { declaredImageKind, type ImageKind } from './magic-bytes.js';
import { fileStrings as s } from './files.strings.js';

/**
 * The one image check behind every image upload (avatars and application images): the content
 * must be a well-formed JPEG / PNG / WebP without markup, and the type the browser declared must
 * agree with it. Some WebViews send no type (or application/octet-stream) for a picked photo:
 * then the content decides alone. Any other declared type that differs is a mismatch.
 */

export type ImageProblem = 'type' | 'mismatch' | 'invalid' | 'unsafe';
export type ImageCheck = { ok: true; kind: ImageKind } | { ok: false; problem: ImageProblem };

const UNTYPED = new Set(['', 'application/octet-stream']);

export function checkImage(content: Uint8Array, declaredMime: string | undefined): ImageCheck {
  const verdict = inspectImage(content);
  if (!verdict.ok) return { ok: false, problem: verdict.reason };
  const declared = (declaredMime ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  if (!UNTYPED.has(declared) && declaredImageKind(declared) !== verdict.kind) return { ok: false, problem: 'mismatch' };
  return { ok: true, kind: verdict.kind };
}

export type CleanImage = { ok: true; kind: ImageKind; content: Buffer } | { ok: false; problem: ImageProblem };

/**
 * The check above, then the bytes to store: without EXIF / XMP / text metadata, upright
 * (image-metadata.ts). Every stored image goes through this. A file whose structure passed but
 * whose pixels cannot be decoded is invalid.
 */
export async function cleanImage(content: Buffer, declaredMime: string | undefined): Promise<CleanImage> {
  const checked = checkImage(content, declaredMime);
  if (!checked.ok) return checked;
  try {
    return { ok: true, kind: checked.kind, content: await stripImageMetadata(content) };
  } catch {
    return { ok: false, problem: 'invalid' };
  }
}

export function imageProblemMessage(problem: ImageProblem): string {
  switch (problem) {
    case 'type':
      return s.imageType;
    case 'mismatch':
      return s.imageMismatch;
    case 'invalid':
      return s.imageInvalid;
    case 'unsafe':
      return s.imageUnsafe;
  }
}
