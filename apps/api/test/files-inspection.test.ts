import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@qgw/contracts';
import { loadConfig } from '../src/config.js';
import { registerFileUrlKey, resolveFileUrlKey, signFileUrls, verifyFileUrl } from '../src/modules/files/file-urls.js';
import { checkImage } from '../src/modules/files/image-check.js';
import { containsMarkup, inspectImage } from '../src/modules/files/image-inspection.js';
import { detectImageKind, detectVideoKind } from '../src/modules/files/magic-bytes.js';
import { parseRange } from '../src/modules/files/ranges.js';
import * as fx from './support/media-fixtures.js';

describe('image inspection', () => {
  it('accepts generated PNG, JPEG and WebP with their sizes', () => {
    expect(inspectImage(fx.png({ width: 40, height: 30 }))).toEqual({ ok: true, kind: 'png', width: 40, height: 30 });
    expect(inspectImage(fx.jpeg())).toEqual({ ok: true, kind: 'jpeg', width: 8, height: 8 });
    expect(inspectImage(fx.webp())).toEqual({ ok: true, kind: 'webp', width: 1, height: 1 });
  });

  it('refuses SVG, HTML, executables and empty files as not an image', () => {
    for (const b of [fx.svg(), fx.html(), fx.exe(), Buffer.alloc(0), Buffer.from('GIF89a')]) {
      expect(inspectImage(b)).toEqual({ ok: false, reason: 'type' });
    }
  });

  it('refuses polyglots: markup in a PNG text chunk, after IEND, in a JPEG comment, in a WebP chunk', () => {
    for (const b of [fx.pngHtmlPolyglot(), fx.pngAppendedHtml(), fx.jpegScriptComment(), fx.webpSvgPolyglot()]) {
      expect(inspectImage(b)).toEqual({ ok: false, reason: 'unsafe' });
    }
    expect(inspectImage(fx.jpeg({ trailing: fx.html() }))).toEqual({ ok: false, reason: 'unsafe' });
  });

  it('refuses files that only start like an image: bad CRC, truncation, junk after IEND, wrong RIFF length', () => {
    const p = fx.png();
    const badCrc = Buffer.from(p);
    badCrc[30] = (badCrc[30] ?? 0) ^ 0xff;
    const j = fx.jpeg();
    const w = fx.webp();
    for (const b of [
      badCrc,
      p.subarray(0, p.length - 5),
      Buffer.concat([p, Buffer.from([1, 2, 3])]),
      j.subarray(0, j.length - 2),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(60).fill(1), 0xff, 0xd9]),
      Buffer.concat([w, Buffer.from([0, 0])]),
      Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBP')]),
    ]) {
      expect(inspectImage(b).ok).toBe(false);
    }
  });

  it('allows what phones append after a JPEG (a motion clip) when it holds no markup', () => {
    expect(inspectImage(fx.jpeg({ trailing: fx.isoVideo(2000) }))).toMatchObject({ ok: true, kind: 'jpeg' });
  });

  it('never throws on arbitrary bytes, nor on bytes behind a real signature', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(Buffer.alloc(0), fx.png().subarray(0, 8), Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('RIFF\x10\0\0\0WEBP')),
        fc.uint8Array({ maxLength: 400 }),
        (head, tail) => {
          const r = inspectImage(Buffer.concat([head, tail]));
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('finds markup in text but not in ordinary binary metadata', () => {
    expect(containsMarkup(Buffer.from('xx<SCRIPT>'))).toBe(true);
    expect(containsMarkup(Buffer.from('<?php echo 1;'))).toBe(true);
    expect(containsMarkup(Buffer.from('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>'))).toBe(false);
    expect(containsMarkup(Buffer.from('Exif\0\0MM\0*'))).toBe(false);
  });
});

describe('image check (declared type against content)', () => {
  it('needs the declared type to agree, but lets untyped picks through on content alone', () => {
    expect(checkImage(fx.png(), 'image/png')).toEqual({ ok: true, kind: 'png' });
    expect(checkImage(fx.jpeg(), 'image/jpg')).toEqual({ ok: true, kind: 'jpeg' });
    expect(checkImage(fx.png(), '')).toEqual({ ok: true, kind: 'png' });
    expect(checkImage(fx.png(), 'application/octet-stream')).toEqual({ ok: true, kind: 'png' });
    expect(checkImage(fx.png(), 'image/jpeg')).toEqual({ ok: false, problem: 'mismatch' });
    expect(checkImage(fx.png(), 'text/html')).toEqual({ ok: false, problem: 'mismatch' });
    expect(checkImage(fx.svg(), 'image/svg+xml')).toEqual({ ok: false, problem: 'type' });
  });
});

describe('video sniffing', () => {
  it('tells MP4, MOV and WebM apart and refuses the rest', () => {
    expect(detectVideoKind(fx.isoVideo(100))).toBe('mp4');
    expect(detectVideoKind(fx.isoVideo(100, 'qt  '))).toBe('mov');
    expect(detectVideoKind(fx.webmVideo(100))).toBe('webm');
    for (const b of [fx.exe(), fx.html(), fx.png(), Buffer.from([0, 0, 0, 4, 0x66, 0x74, 0x79, 0x70]), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80])]) {
      expect(detectVideoKind(b)).toBeNull();
    }
    expect(detectImageKind(fx.isoVideo(100))).toBeNull();
  });
});

describe('Range header', () => {
  it('parses one range and falls back to the whole file otherwise', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseRange('bytes=-1000', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'part', start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    for (const h of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2', 'bytes=-', 'nonsense']) {
      expect(parseRange(h, 100)).toEqual({ kind: 'whole' });
    }
  });
});

describe('signed file URLs', () => {
  // a few seconds past a five-minute step, as most moments are
  let now = Date.UTC(2024, 5, 1, 8, 0, 7);
  const unregister = registerFileUrlKey(Buffer.from('k'.repeat(40)), () => now);
  afterAll(() => unregister());
  const id = 'AbCdEfGhIjKlMnOpQrStUvWx';

  it('signs for about an hour, bound to file, expiry and viewer', () => {
    const url = signFileUrls([id], 'viewer-1')[id] as string;
    const m = new RegExp(`^${apiPaths.file}/${id}\\?exp=(\\d+)&sig=(viewer-1\\.[A-Za-z0-9_-]{43})$`).exec(url);
    expect(m).not.toBeNull();
    const [, exp = '', sig = ''] = m ?? [];
    const lifetime = Number(exp) - now / 1000;
    expect(lifetime).toBeGreaterThanOrEqual(3600);
    expect(lifetime).toBeLessThanOrEqual(3600 + 300);
    expect(verifyFileUrl(id, exp, sig, now)).toEqual({ ok: true, viewerId: 'viewer-1' });
    // the same URL for a few minutes, so that browsers can cache it
    now += 1000;
    expect(signFileUrls([id], 'viewer-1')[id]).toBe(url);

    expect(verifyFileUrl('BbCdEfGhIjKlMnOpQrStUvWx', exp, sig, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyFileUrl(id, String(Number(exp) + 1), sig, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyFileUrl(id, exp, sig.replace('viewer-1', 'viewer-2'), now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyFileUrl(id, exp, `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyFileUrl(id, exp, sig, Number(exp) * 1000)).toEqual({ ok: false, reason: 'expired' });
    for (const [e, s] of [['', sig], [exp, ''], ['1e9', sig], [exp, 'nodot'], [exp, `.${sig.split('.')[1]}`]] as const) {
      expect(verifyFileUrl(id, e, s, now).ok).toBe(false);
    }
  });
});

describe('file URL key', () => {
  it('is generated once into DATA_DIR (owner-only), reused, and required in production', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qgw-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' });
      const a = await resolveFileUrlKey(config);
      const b = await resolveFileUrlKey(config);
      expect(a.equals(b)).toBe(true);
      expect(a.length).toBeGreaterThanOrEqual(32);
      expect((await stat(join(dir, 'file-url.key'))).mode & 0o777).toBe(0o600);
      expect((await readFile(join(dir, 'file-url.key'), 'utf8')).trim()).toBe(a.toString('utf8'));

      const fromEnv = await resolveFileUrlKey(loadConfig({ DATA_DIR: dir, FILE_URL_SECRET: 's'.repeat(32) }));
      expect(fromEnv.toString()).toBe('s'.repeat(32));
      await expect(resolveFileUrlKey(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }))).rejects.toThrow(/FILE_URL_SECRET/);
      expect(() => loadConfig({ FILE_URL_SECRET: 'short' })).toThrow(/FILE_URL_SECRET/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
