/**
 * Small real media files, generated in code, and the hostile files an upload must refuse. The PNG
 * and JPEG decode in a browser (a gray square); the WebP is a 1×1 lossless image; the videos carry a
 * genuine container header followed by filler, which is all the server looks at.
 */
import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};
const u16be = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);

export function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return Buffer.concat([u32be(data.length), typeAndData, u32be(crc32(typeAndData))]);
}

export interface PngOptions {
  width?: number;
  height?: number;
  /** chunks inserted before IDAT (e.g. a tEXt chunk) */
  extraChunks?: Buffer[];
  /** bytes appended after IEND */
  trailing?: Buffer;
}

/** A gray RGB PNG of the given size. */
export function png(o: PngOptions = {}): Buffer {
  const width = o.width ?? 2;
  const height = o.height ?? 2;
  const ihdr = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    ...(o.extraChunks ?? []),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
    o.trailing ?? Buffer.alloc(0),
  ]);
}

export const pngText = (keyword: string, text: string) =>
  pngChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]));

const segment = (marker: number, data: Buffer) => Buffer.concat([Buffer.from([0xff, marker]), u16be(data.length + 2), data]);

export interface JpegOptions {
  /** a COM segment's text */
  comment?: string;
  /** bytes appended after the end-of-image marker */
  trailing?: Buffer;
}

/**
 * An 8×8 mid-gray baseline JPEG. Its Huffman tables hold one code each (DC difference 0, AC
 * end-of-block), so the single block is coded in two bits.
 */
export function jpeg(o: JpegOptions = {}): Buffer {
  const huffman = (tableClass: number) => Buffer.concat([Buffer.from([tableClass << 4]), Buffer.from([1, ...Array(15).fill(0)]), Buffer.from([0])]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from([0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])),
    ...(o.comment !== undefined ? [segment(0xfe, Buffer.from(o.comment, 'latin1'))] : []),
    segment(0xdb, Buffer.concat([Buffer.from([0]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.from([8, 0, 8, 0, 8, 1, 1, 0x11, 0])),
    segment(0xc4, huffman(0)),
    segment(0xc4, huffman(1)),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
    o.trailing ?? Buffer.alloc(0),
  ]);
}

export const riffChunk = (type: string, data: Buffer) =>
  Buffer.concat([Buffer.from(type, 'latin1'), u32le(data.length), data, data.length % 2 ? Buffer.from([0]) : Buffer.alloc(0)]);

/** A 1×1 lossless WebP, with optional extra chunks (they need a VP8X header in real files; the check does not care). */
export function webp(extraChunks: Buffer[] = []): Buffer {
  const vp8l = Buffer.from('2f00000010071011118888fe07', 'hex');
  const body = Buffer.concat([Buffer.from('WEBP'), riffChunk('VP8L', vp8l), ...extraChunks]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(body.length), body]);
}

export const svg = () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');
export const html = () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
/** The start of a Windows executable, as a renamed .exe would begin. */
export const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), u32le(64), Buffer.from('PE\0\0'), randomBytes(200)]);
/** A PNG whose text chunk holds a page: valid image, hostile document. */
export const pngHtmlPolyglot = () => png({ extraChunks: [pngText('Comment', '<html><body><script>alert(1)</script></body></html>')] });
/** A PNG with a page appended after IEND. */
export const pngAppendedHtml = () => png({ trailing: html() });
/** A JPEG whose comment segment holds a script. */
export const jpegScriptComment = () => jpeg({ comment: '<script>alert(1)</script>' });
/** A WebP with an SVG in an XMP chunk. */
export const webpSvgPolyglot = () => webp([riffChunk('XMP ', svg())]);

const box = (type: string, payload: Buffer) => Buffer.concat([u32be(8 + payload.length), Buffer.from(type, 'latin1'), payload]);

/** An ISO-BMFF file (MP4, or MOV with brand `qt  `) of exactly `size` bytes. */
export function isoVideo(size: number, brand: 'isom' | 'qt  ' = 'isom'): Buffer {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from(brand, 'latin1'), u32be(0x200), Buffer.from(brand, 'latin1'), Buffer.from('mp41')]));
  if (size < ftyp.length + 8) throw new Error('isoVideo: too small');
  return Buffer.concat([ftyp, box('mdat', randomBytes(size - ftyp.length - 8))]);
}

/** A WebM file of exactly `size` bytes: EBML header with DocType webm, then a Segment of filler. */
export function webmVideo(size: number): Buffer {
  const el = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);
  const header = Buffer.concat([
    el([0x42, 0x86], Buffer.from([1])),
    el([0x42, 0xf7], Buffer.from([1])),
    el([0x42, 0xf2], Buffer.from([4])),
    el([0x42, 0xf3], Buffer.from([8])),
    el([0x42, 0x82], Buffer.from('webm')),
    el([0x42, 0x87], Buffer.from([4])),
    el([0x42, 0x85], Buffer.from([2])),
  ]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]), header]);
  const segmentHead = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  if (size < ebml.length + segmentHead.length) throw new Error('webmVideo: too small');
  return Buffer.concat([ebml, segmentHead, randomBytes(size - ebml.length - segmentHead.length)]);
}
