import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { exifOrientation } from '../src/modules/files/exif-orientation.js';
import { gpsPhoto } from './support/exif-fixtures.js';

const kinds = ['jpeg', 'png', 'webp'] as const;

describe('exifOrientation', () => {
  it('reads what libvips reads, for every orientation in JPEG, PNG and WebP, and 1 where none is declared', async () => {
    for (const kind of kinds) {
      for (const orientation of [undefined, 1, 2, 3, 4, 5, 6, 7, 8]) {
        const photo = await gpsPhoto({ kind, ...(orientation ? { orientation } : {}) });
        const libvips = (await sharp(photo).metadata()).orientation ?? 1;
        expect(exifOrientation(photo, kind), `${kind} ${orientation}`).toBe(libvips);
      }
      const bare = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })[kind]().toBuffer();
      expect(exifOrientation(bare, kind), `${kind} without EXIF`).toBe(1);
    }
  });

  it('reads big-endian TIFF data as well as little-endian', async () => {
    const photo = await gpsPhoto({ kind: 'jpeg', orientation: 6 });
    const at = photo.indexOf(Buffer.from('Exif\0\0', 'latin1')) + 6;
    const order = photo.toString('latin1', at, at + 2);
    // libvips writes its own byte order; the other one is written here by hand over a minimal IFD0
    const tiff = Buffer.alloc(26);
    if (order === 'II') {
      tiff.write('MM', 0, 'latin1');
      tiff.writeUInt16BE(42, 2);
      tiff.writeUInt32BE(8, 4);
      tiff.writeUInt16BE(1, 8);
      tiff.writeUInt16BE(0x0112, 10);
      tiff.writeUInt16BE(3, 12);
      tiff.writeUInt32BE(1, 14);
      tiff.writeUInt16BE(8, 18);
    } else {
      tiff.write('II', 0, 'latin1');
      tiff.writeUInt16LE(42, 2);
      tiff.writeUInt32LE(8, 4);
      tiff.writeUInt16LE(1, 8);
      tiff.writeUInt16LE(0x0112, 10);
      tiff.writeUInt16LE(3, 12);
      tiff.writeUInt32LE(1, 14);
      tiff.writeUInt16LE(8, 18);
    }
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 2 + 6 + tiff.length]), Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const jpeg = Buffer.concat([photo.subarray(0, 2), app1, photo.subarray(2)]);
    expect(exifOrientation(jpeg, 'jpeg')).toBe(8);
  });

  it('never throws on damaged EXIF: it answers 1–8, or null to leave the question to libvips', async () => {
    const photos = await Promise.all(kinds.map((kind) => gpsPhoto({ kind, orientation: 6 })));
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.nat(),
        (k, flips, cut) => {
          const photo = Buffer.from(photos[k]!);
          for (const [at, value] of flips) photo[at % photo.length] = value;
          const damaged = photo.subarray(0, Math.max(16, photo.length - (cut % photo.length)));
          const read = exifOrientation(damaged, kinds[k]!);
          return read === null || (Number.isInteger(read) && read >= 1 && read <= 8);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
