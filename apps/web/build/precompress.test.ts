import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from './precompress.js';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (path: string, text: string | Buffer) => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};

describe('the build compressed ahead of time', () => {
  test('each text file gets a Brotli and a gzip copy that decode to it; small files, dotfiles and pictures none', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qgw-precompress-'));
    const js = `export const list = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `青工委 item ${i}`))};\n`;
    const html = `<!doctype html><html><body>${'<p>青年创新榜</p>'.repeat(200)}</body></html>`;
    write('assets/app-abc.js', js);
    write('index.html', html);
    write('assets/tiny-abc.css', 'a{color:red}');
    write('.vite/manifest.json', JSON.stringify({ big: 'x'.repeat(5000) }));
    write('assets/logo-abc.png', Buffer.alloc(5000, 7));

    await precompressDir(dir);

    for (const [path, text] of [['assets/app-abc.js', js], ['index.html', html]] as const) {
      const br = readFileSync(join(dir, `${path}.br`));
      const gz = readFileSync(join(dir, `${path}.gz`));
      expect(brotliDecompressSync(br).toString('utf8')).toBe(text);
      expect(gunzipSync(gz).toString('utf8')).toBe(text);
      expect(br.length).toBeLessThan(gz.length);
    }
    expect('a{color:red}'.length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
    for (const path of ['assets/tiny-abc.css', '.vite/manifest.json', 'assets/logo-abc.png']) {
      expect(existsSync(join(dir, `${path}.br`))).toBe(false);
      expect(existsSync(join(dir, `${path}.gz`))).toBe(false);
    }
  });
});
