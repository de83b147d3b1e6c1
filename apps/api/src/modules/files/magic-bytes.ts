/**
 * What a file is, decided by its first bytes, never by its name or the type the browser declared:
 * an HTML or SVG file renamed .png, or an executable renamed .mp4, is not what it claims.
 */

export type ImageKind = 'jpeg' | 'png' | 'webp';
export type VideoKind = 'mp4' | 'mov' | 'webm';

export const imageKinds: Record<ImageKind, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

export const videoKinds: Record<VideoKind, { ext: string; mime: string }> = {
  mp4: { ext: 'mp4', mime: 'video/mp4' },
  mov: { ext: 'mov', mime: 'video/quicktime' },
  webm: { ext: 'webm', mime: 'video/webm' },
};

/** Bytes a caller must read from the start of a file for detectVideoKind to decide. */
export const VIDEO_SNIFF_BYTES = 64;

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const startsWith = (buf: Uint8Array, bytes: readonly number[], offset = 0) =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

export const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type by magic bytes, or null when the content is none of JPEG / PNG / WebP. */
export function detectImageKind(buf: Uint8Array): ImageKind | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, PNG_SIGNATURE)) return 'png';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** The declared image type the browser sent, normalised; `image/jpg` is a common alias. */
export function declaredImageKind(mimetype: string | undefined): ImageKind | null {
  const m = normaliseMime(mimetype);
  if (m === 'image/jpeg' || m === 'image/jpg' || m === 'image/pjpeg') return 'jpeg';
  if (m === 'image/png') return 'png';
  if (m === 'image/webp') return 'webp';
  return null;
}

const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/**
 * The video container by magic bytes: ISO base media ('ftyp' box at offset 4; the QuickTime brand
 * `qt  ` makes it a MOV) or WebM (EBML header whose DocType is "webm"). Null for anything else,
 * Matroska files that are not WebM included.
 */
export function detectVideoKind(head: Uint8Array): VideoKind | null {
  if (startsWith(head, ascii('ftyp'), 4)) {
    const boxSize = ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
    // a real ftyp box holds at least its size, type and major brand
    if (boxSize < 12) return null;
    return startsWith(head, ascii('qt  '), 8) ? 'mov' : 'mp4';
  }
  if (startsWith(head, EBML)) {
    // the DocType element (0x4282) sits inside the EBML header, within its first few dozen bytes
    const text = Buffer.from(head.subarray(0, VIDEO_SNIFF_BYTES)).toString('latin1');
    const docType = text.indexOf('\x42\x82');
    if (docType !== -1 && text.slice(docType + 3, docType + 7) === 'webm') return 'webm';
  }
  return null;
}

/** The declared video type, or null when it is not one the contracts allow. */
export function declaredVideoKind(mimetype: string | undefined): VideoKind | null {
  const m = normaliseMime(mimetype);
  if (m === 'video/mp4') return 'mp4';
  if (m === 'video/quicktime') return 'mov';
  if (m === 'video/webm') return 'webm';
  return null;
}

/**
 * MP4 and MOV are the same container family: phones label one as the other often enough that
 * the declared type only has to name the right family; the stored type comes from the content.
 */
export const sameVideoFamily = (a: VideoKind, b: VideoKind) => a === b || (a !== 'webm' && b !== 'webm');

function normaliseMime(mimetype: string | undefined): string {
  return (mimetype ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
}
