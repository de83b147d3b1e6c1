import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, compressed
 * once at the highest levels; the server sends them as they are (`preCompressed` in
 * apps/api/src/plugins/web.ts). Compressing each answer on the fly (Brotli at quality 4, what the
 * server's compression plugin affords per request) spent server CPU on every file of every visit
 * and sent 14 % more: 731 KB against 626 KB for the whole build (decision 0035).
 *
 * node:zlib does the compressing; this only chooses the files. It runs when the bundle is closed,
 * after every plugin (the prerendered screens in index.html among them) has written its output.
 */
const TEXT = /\.(?:js|css|html|svg|json|txt|webmanifest)$/;
/** below this a compressed answer saves too little to be worth a file (the server's own threshold) */
export const PRECOMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Every file under `dir` that is worth compressing: text, not a dotfile's (Vite's manifest is never served). */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.'))
      .map(async (e) => (e.isDirectory() ? textFiles(join(dir, e.name)) : TEXT.test(e.name) ? [join(dir, e.name)] : [])),
  );
  return nested.flat();
}

/** Compresses one file both ways; a copy that would not be smaller than the file is not written. */
export async function precompressFile(path: string): Promise<void> {
  const bytes = await readFile(path);
  if (bytes.length < PRECOMPRESS_MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < bytes.length ? writeFile(`${path}.br`, br) : undefined,
    gz.length < bytes.length ? writeFile(`${path}.gz`, gz) : undefined,
  ]);
}

export async function precompressDir(dir: string): Promise<void> {
  // all at once: zlib works on libuv's thread pool, so the files are compressed side by side
  await Promise.all((await textFiles(dir)).map(precompressFile));
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'qgw-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
