/**
 * Entry-route JavaScript of a finished web build, read from apps/web/dist: Vite's manifest gives the
 * chunk graph, every file is gzipped (level 9) as the build's budget plugin does, and the same
 * function and budget as the build's (apps/web/build/size-budget.ts) weigh each first screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BudgetChunk, ENTRY_ROUTE_BUDGET_BYTES, entryRouteWeights } from '../apps/web/build/size-budget.js';

/** One record of Vite's .vite/manifest.json (keys are source paths or `_name-hash.js` for shared chunks). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface EntryWeights {
  /** gzip bytes per first screen (entry + screen chunk + their static imports) */
  routes: Record<string, number>;
  /** the heaviest first screen: what the budget is held against */
  maxGzipBytes: number;
  budgetBytes: number;
}

/** The budget's view of a build's chunks, from the manifest; `gzip` measures one file of `dist`. */
export function chunksFromManifest(manifest: Record<string, ManifestChunk>, gzip: (file: string) => number): BudgetChunk[] {
  return Object.values(manifest)
    .filter((c) => c.file.endsWith('.js'))
    .map((c) => ({
      fileName: c.file,
      isEntry: c.isEntry === true,
      facadeModuleId: c.src ?? null,
      imports: (c.imports ?? []).map((key) => manifest[key]?.file).filter((f): f is string => f !== undefined),
      dynamicImports: (c.dynamicImports ?? []).map((key) => manifest[key]?.file).filter((f): f is string => f !== undefined),
      gzipBytes: gzip(c.file),
    }));
}

export function entryJavaScript(webDist: string): EntryWeights {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const chunks = chunksFromManifest(manifest, (file) => gzipSync(readFileSync(join(webDist, file)), { level: 9 }).length);
  const weights = entryRouteWeights(chunks);
  return {
    routes: Object.fromEntries(weights.map((w) => [w.route, w.gzipBytes])),
    maxGzipBytes: Math.max(...weights.map((w) => w.gzipBytes)),
    budgetBytes: ENTRY_ROUTE_BUDGET_BYTES,
  };
}
