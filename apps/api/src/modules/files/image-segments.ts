import { PNG_SIGNATURE } from './magic-bytes.js';

/**
 * The pieces of a JPEG, PNG or WebP file in order, for the code that removes metadata
 * (image-metadata.ts) and the code that reads the EXIF orientation (exif-orientation.ts): one walk
 * of each format instead of one per reader. Every piece is a range [start, end) of the file, clamped
 * to it, so a damaged file ends the walk early instead of reading past its end.
 */
export interface Piece {
  /** JPEG: the marker, or SCAN_DATA for the entropy-coded data after a start-of-scan; PNG / WebP: the chunk type */
  kind: number | string;
  start: number;
  end: number;
  /** the payload (JPEG: after the length; PNG / WebP: after type and length) */
  data: Buffer;
}

/** The entropy-coded bytes that follow a JPEG start-of-scan segment. */
export const SCAN_DATA = -1;

/** JPEG segments after the start-of-image marker, up to and with the end-of-image marker. */
export function* jpegSegments(b: Buffer): Generator<Piece & { kind: number }> {
  let o = 2;
  while (o < b.length) {
    const start = o;
    while (b[o] === 0xff) o++;
    if (o >= b.length) return;
    const marker = b[o++] as number;
    // markers without a length: end of image, restarts, TEM
    if (marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      yield { kind: marker, start, end: o, data: b.subarray(o, o) };
      if (marker === 0xd9) return;
      continue;
    }
    if (o + 2 > b.length) return;
    const end = Math.min(b.length, o + b.readUInt16BE(o));
    yield { kind: marker, start, end, data: b.subarray(o + 2, end) };
    o = Math.max(end, o);
    if (marker === 0xda) {
      // entropy-coded data runs to the next marker that is not stuffing or a restart
      let ff = b.indexOf(0xff, o);
      while (ff !== -1 && ff + 1 < b.length) {
        const next = b[ff + 1] as number;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
        ff = b.indexOf(0xff, ff + (next === 0xff ? 1 : 2));
      }
      const scanEnd = ff === -1 ? b.length : ff;
      yield { kind: SCAN_DATA, start: o, end: scanEnd, data: b.subarray(o, scanEnd) };
      o = scanEnd;
    }
  }
}

/** PNG chunks after the signature, up to and with IEND. */
export function* pngChunks(b: Buffer): Generator<Piece & { kind: string }> {
  let o = PNG_SIGNATURE.length;
  while (o + 12 <= b.length) {
    const len = b.readUInt32BE(o);
    const kind = b.toString('latin1', o + 4, o + 8);
    const end = Math.min(b.length, o + 12 + len);
    yield { kind, start: o, end, data: b.subarray(o + 8, Math.min(b.length, o + 8 + len)) };
    if (kind === 'IEND') return;
    o += 12 + len;
  }
}

/** WebP chunks after the RIFF header; each range includes its padding byte. */
export function* webpChunks(b: Buffer): Generator<Piece & { kind: string }> {
  let o = 12;
  while (o + 8 <= b.length) {
    const kind = b.toString('latin1', o, o + 4);
    const size = b.readUInt32LE(o + 4);
    const end = Math.min(b.length, o + 8 + size + (size % 2));
    yield { kind, start: o, end, data: b.subarray(o + 8, Math.min(b.length, o + 8 + size)) };
    o = end;
  }
}
