import { jpegSegments, pngChunks, webpChunks } from './image-segments.js';
import type { ImageKind } from './magic-bytes.js';

/**
 * The EXIF orientation an image declares (1–8; 1 when it declares none), read from the EXIF block
 * itself; null when the block is there but cannot be read, which leaves the answer to libvips.
 *
 * Why by hand rather than with sharp or an EXIF library: only this one tag decides whether an image
 * must be decoded and turned, and photos from the web client never need it (the browser draws them
 * upright when it shrinks them). Asking libvips just to learn "no" loaded it (~25 MB of resident
 * memory) with the first photo of every server (docs/performance.md); a reader for one tag of IFD0
 * is a few bounds-checked reads over the segments image-segments.ts walks.
 */
export function exifOrientation(b: Buffer, kind: ImageKind): number | null {
  const tiff = kind === 'jpeg' ? jpegExif(b) : kind === 'png' ? pngExif(b) : webpExif(b);
  return tiff === undefined ? 1 : orientationInTiff(tiff);
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;

/** The TIFF data of the first APP1 Exif segment before the image data; undefined when there is none. */
function jpegExif(b: Buffer): Buffer | undefined {
  for (const { kind, data } of jpegSegments(b)) {
    // the picture's data starts (or ends): no metadata segment comes after this point
    if (kind === 0xda || kind === 0xd9) return undefined;
    if (kind === 0xe1 && data.subarray(0, 6).equals(EXIF_HEADER)) return data.subarray(6);
  }
  return undefined;
}

function pngExif(b: Buffer): Buffer | undefined {
  for (const { kind, data } of pngChunks(b)) if (kind === 'eXIf') return data;
  return undefined;
}

function webpExif(b: Buffer): Buffer | undefined {
  for (const { kind, data } of webpChunks(b)) {
    // some writers keep JPEG's "Exif\0\0" in front of the TIFF data
    if (kind === 'EXIF') return data.subarray(0, 6).equals(EXIF_HEADER) ? data.subarray(6) : data;
  }
  return undefined;
}

/** Tag 0x0112 of IFD0 in TIFF data; 1 when absent, null when the data is not well formed. */
function orientationInTiff(t: Buffer): number | null {
  if (t.length < 8) return null;
  const order = t.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const le = order === 'II';
  const u16 = (at: number) => (le ? t.readUInt16LE(at) : t.readUInt16BE(at));
  const u32 = (at: number) => (le ? t.readUInt32LE(at) : t.readUInt32BE(at));
  if (u16(2) !== 42) return null;
  const ifd = u32(4);
  if (ifd < 8 || ifd + 2 > t.length) return null;
  const count = u16(ifd);
  if (ifd + 2 + count * 12 > t.length) return null;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) !== ORIENTATION_TAG) continue;
    if (u16(entry + 2) !== SHORT) return null;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : null;
  }
  return 1;
}
