import { crc32 } from 'node:zlib';
import { detectImageKind, type ImageKind, PNG_SIGNATURE, startsWith } from './magic-bytes.js';

/**
 * A whole-file check of an uploaded image, beyond its magic bytes. A file that starts like a PNG
 * but carries an HTML page in a text chunk, a JPEG comment holding a script, or a page appended
 * after the image (a "polyglot") is refused: served with the wrong headers, or saved and opened
 * elsewhere, it would be read as a page. The structure is walked (PNG chunks with their CRCs, JPEG
 * segments up to the end-of-image marker, WebP's RIFF chunks) and every place that holds free
 * bytes — metadata, comments, unknown chunks, anything after the image — is scanned for markup.
 * Compressed pixel data is not scanned: a browser never reads it as text.
 */

export type ImageVerdict =
  | { ok: true; kind: ImageKind; width: number; height: number }
  /** type: not JPEG/PNG/WebP; invalid: broken or truncated structure; unsafe: markup inside */
  | { ok: false; reason: 'type' | 'invalid' | 'unsafe' };

/**
 * Markup a browser or a server would act on. Tags need a following space, '>' or '/', and no
 * token is shorter than four characters, so random bytes in binary metadata (ICC profiles, EXIF
 * thumbnails) match with negligible probability.
 */
const MARKUP =
  /<(?:script|html|head|body|svg|iframe|frame|object|embed|meta|img|form|link|style|base|xml-stylesheet)[\s>/]|<!doctype\s+html|<\?php|javascript:|vbscript:/i;

/** True when the bytes contain something that reads as HTML, SVG, a script or server-side code. */
export function containsMarkup(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  return MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
}

type Walk = { ok: true; width: number; height: number } | { ok: false; reason: 'invalid' | 'unsafe' };

const invalid: Walk = { ok: false, reason: 'invalid' };
const unsafe: Walk = { ok: false, reason: 'unsafe' };

export function inspectImage(input: Uint8Array): ImageVerdict {
  const buf = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const kind = detectImageKind(buf);
  if (!kind) return { ok: false, reason: 'type' };
  const walk = kind === 'png' ? walkPng(buf) : kind === 'jpeg' ? walkJpeg(buf) : walkWebp(buf);
  if (!walk.ok) return walk;
  if (walk.width <= 0 || walk.height <= 0) return { ok: false, reason: 'invalid' };
  return { ok: true, kind, width: walk.width, height: walk.height };
}

const isChunkName = (b: Buffer, o: number) => {
  for (let i = 0; i < 4; i++) {
    const c = b[o + i] ?? 0;
    if (!((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a))) return false;
  }
  return true;
};

/** Chunks whose bytes are compressed image data, never text. */
const PNG_PIXEL_CHUNKS = new Set(['IDAT', 'fdAT', 'zTXt', 'iCCP']);

function walkPng(b: Buffer): Walk {
  let o = PNG_SIGNATURE.length;
  let width = 0;
  let height = 0;
  let sawData = false;
  let first = true;
  while (o + 12 <= b.length) {
    const len = b.readUInt32BE(o);
    if (len > 0x7fffffff || o + 12 + len > b.length || !isChunkName(b, o + 4)) return invalid;
    const type = b.toString('latin1', o + 4, o + 8);
    const data = b.subarray(o + 8, o + 8 + len);
    if (crc32(b.subarray(o + 4, o + 8 + len)) !== b.readUInt32BE(o + 8 + len)) return invalid;
    if (first) {
      if (type !== 'IHDR' || len !== 13) return invalid;
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      first = false;
    }
    if (type === 'IDAT') sawData = true;
    else if (!PNG_PIXEL_CHUNKS.has(type) && containsMarkup(data)) return unsafe;
    o += 12 + len;
    if (type === 'IEND') {
      if (o === b.length && sawData) return { ok: true, width, height };
      // PNG writers put nothing after IEND: trailing bytes are a second file riding along
      return containsMarkup(b.subarray(o)) ? unsafe : invalid;
    }
  }
  return invalid;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function walkJpeg(b: Buffer): Walk {
  let o = 2;
  let width = 0;
  let height = 0;
  let sawScan = false;
  while (o < b.length) {
    if (b[o] !== 0xff) return invalid;
    while (b[o] === 0xff) o++; // fill bytes
    if (o >= b.length) return invalid;
    const marker = b[o++] as number;
    if (marker === 0xd9) {
      if (!sawScan || width === 0) return invalid;
      // phones append a second picture or a motion clip after the image; markup is refused
      return containsMarkup(b.subarray(o)) ? unsafe : { ok: true, width, height };
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0x00 || marker === 0xd8 || o + 2 > b.length) return invalid;
    const len = b.readUInt16BE(o);
    if (len < 2 || o + len > b.length) return invalid;
    const data = b.subarray(o + 2, o + len);
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      if (containsMarkup(data)) return unsafe;
    } else if (SOF_MARKERS.has(marker)) {
      if (data.length < 6) return invalid;
      height = data.readUInt16BE(1);
      width = data.readUInt16BE(3);
    }
    o += len;
    if (marker === 0xda) {
      if (width === 0) return invalid;
      sawScan = true;
      // entropy-coded data: 0xFF is followed by 0x00 (stuffing) or a restart marker inside it
      for (;;) {
        const ff = b.indexOf(0xff, o);
        if (ff === -1 || ff + 1 >= b.length) return invalid;
        const next = b[ff + 1] as number;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
          o = ff + (next === 0xff ? 1 : 2);
          continue;
        }
        o = ff;
        break;
      }
    }
  }
  return invalid;
}

/** WebP chunks whose bytes are image data. */
const WEBP_PIXEL_CHUNKS = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANMF', 'ANIM']);

function walkWebp(b: Buffer): Walk {
  if (b.length < 20 || b.readUInt32LE(4) + 8 !== b.length) return invalid;
  let o = 12;
  let width = 0;
  let height = 0;
  let sawImage = false;
  let first = true;
  while (o < b.length) {
    if (o + 8 > b.length) return invalid;
    const type = b.toString('latin1', o, o + 4);
    if (!/^[A-Za-z0-9 ]{4}$/.test(type)) return invalid;
    const size = b.readUInt32LE(o + 4);
    const end = o + 8 + size;
    if (end > b.length) return invalid;
    const data = b.subarray(o + 8, end);
    if (first) {
      first = false;
      if (type === 'VP8 ') {
        if (size < 10 || !startsWith(data, [0x9d, 0x01, 0x2a], 3)) return invalid;
        width = data.readUInt16LE(6) & 0x3fff;
        height = data.readUInt16LE(8) & 0x3fff;
      } else if (type === 'VP8L') {
        if (size < 5 || data[0] !== 0x2f) return invalid;
        const bits = data.readUInt32LE(1);
        width = (bits & 0x3fff) + 1;
        height = ((bits >>> 14) & 0x3fff) + 1;
      } else if (type === 'VP8X') {
        if (size < 10) return invalid;
        width = data.readUIntLE(4, 3) + 1;
        height = data.readUIntLE(7, 3) + 1;
      } else {
        return invalid;
      }
    }
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') sawImage = true;
    if (!WEBP_PIXEL_CHUNKS.has(type) && type !== 'VP8X' && containsMarkup(data)) return unsafe;
    // chunks are padded to an even length
    o = end + (size % 2);
  }
  if (o !== b.length || !sawImage) return invalid;
  return { ok: true, width, height };
}
