import { inspectImage } from './image-inspection.js';
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
