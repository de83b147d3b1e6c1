/**
 * Builds the server for `npm start`: one ES module bundle of the app's own code (and the shared
 * contracts, which are TypeScript source) in apps/api/dist, every npm package left external and
 * loaded from node_modules as usual. Running it needs plain Node, no TypeScript loader in memory:
 * the idle server is about 40 MB smaller than under tsx (docs/decisions/0010-server-build.md).
 * dist/ sits at the same depth as src/, so paths the code resolves from its own location hold.
 */
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const api = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${api}dist`;

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [`${api}src/server.ts`],
  outdir,
  bundle: true,
  // lazily imported modules (spreadsheet export, archives, QR codes) stay lazy: their own chunks
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  packages: 'external',
  alias: { '@qgw/contracts': fileURLToPath(new URL('../../../packages/contracts/src/index.ts', import.meta.url)) },
  logLevel: 'warning',
  // Node keeps each module's source text in memory. One character outside ASCII makes V8 hold the
  // whole text at two bytes a character: the Chinese strings are written as \u escapes instead,
  // and what is left outside ASCII is in comments (§, —), spelt as escapes too below.
  charset: 'ascii',
});

for (const file of readdirSync(outdir).filter((f) => f.endsWith('.js'))) {
  const path = `${outdir}/${file}`;
  const text = readFileSync(path, 'utf8');
  // with charset ascii, esbuild leaves non-ASCII only in comments, where an escape means the same
  const ascii = text.replace(/[^\t\n\r\x20-\x7e]/gu, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
  if (ascii !== text) writeFileSync(path, ascii);
}
