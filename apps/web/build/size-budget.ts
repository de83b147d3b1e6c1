import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * The JavaScript a phone must download before a first screen shows — the entry chunk, the route's
 * lazily loaded screen chunk and everything either imports statically — gzipped, per route. A build
 * whose entry routes go over the budget fails: the budget is a property of the product, not advice.
 */

/** gzip bytes of entry-route JavaScript each first screen may need at most */
export const ENTRY_ROUTE_BUDGET_BYTES = 150 * 1024;

/** The first screens a person lands on: the default route (programme home) and login. */
export const ENTRY_ROUTES = {
  home: 'src/routes/home.tsx',
  login: 'src/routes/login.tsx',
} as const satisfies Record<string, string>;

/** What the budget needs of a bundle's chunk. */
export interface BudgetChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  /** static imports (chunk file names) */
  imports: string[];
  /**
   * dynamic imports (chunk file names); only an entry's count: the entry shows the prerendered first
   * screen and then starts the app by importing it (src/main.tsx)
   */
  dynamicImports?: string[];
  gzipBytes: number;
}

export interface RouteWeight {
  route: string;
  gzipBytes: number;
  files: string[];
}

/** The chunk and every chunk it imports statically, transitively. */
function closure(start: BudgetChunk, byFile: Map<string, BudgetChunk>, into: Set<string>): void {
  if (into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const f of start.imports) {
    const c = byFile.get(f);
    if (c) closure(c, byFile, into);
  }
}

/**
 * The gzip weight of each entry route: entry + what the entry imports (the app, src/app/boot.tsx) +
 * screen chunk + their static imports, each file once.
 */
export function entryRouteWeights(chunks: BudgetChunk[], routes: Record<string, string> = ENTRY_ROUTES): RouteWeight[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entries = chunks.filter((c) => c.isEntry);
  if (entries.length === 0) throw new Error('size budget: the bundle has no entry chunk');
  const started = entries.flatMap((e) => e.dynamicImports ?? []).map((f) => byFile.get(f));
  if (started.some((c) => c === undefined)) throw new Error('size budget: an entry imports a chunk that is not in the bundle');
  return Object.entries(routes).map(([route, moduleSuffix]) => {
    const screen = chunks.find((c) => !c.isEntry && c.facadeModuleId?.replaceAll('\\', '/').endsWith(moduleSuffix));
    if (!screen) throw new Error(`size budget: no chunk for the ${route} screen (${moduleSuffix})`);
    const files = new Set<string>();
    for (const e of [...entries, ...(started as BudgetChunk[])]) closure(e, byFile, files);
    closure(screen, byFile, files);
    const list = [...files].sort();
    return { route, files: list, gzipBytes: list.reduce((n, f) => n + (byFile.get(f)?.gzipBytes ?? 0), 0) };
  });
}

/** The routes over `budget`, as messages; empty when every route fits. */
export function overBudget(weights: RouteWeight[], budget = ENTRY_ROUTE_BUDGET_BYTES): string[] {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return weights
    .filter((w) => w.gzipBytes > budget)
    .map((w) => `${w.route}: ${kb(w.gzipBytes)} gzip of entry-route JavaScript, over the ${kb(budget)} budget (${w.files.join(', ')})`);
}

/** The Vite plugin: measures after the bundle is generated, fails the build when a route is over. */
export function sizeBudget(opts: { budget?: number; report?: (weights: RouteWeight[]) => void } = {}): Plugin {
  return {
    name: 'qgw-size-budget',
    apply: 'build',
    generateBundle: {
      // after Vite's own generateBundle work, which writes each lazy import's preload list into the
      // chunks: the measured code is the code shipped
      order: 'post',
      handler(_options, bundle) {
        const chunks: BudgetChunk[] = [];
        for (const out of Object.values(bundle)) {
          if (out.type !== 'chunk') continue;
          chunks.push({
            fileName: out.fileName,
            isEntry: out.isEntry,
            facadeModuleId: out.facadeModuleId,
            imports: out.imports,
            dynamicImports: out.dynamicImports,
            gzipBytes: gzipSync(out.code, { level: 9 }).length,
          });
        }
        const weights = entryRouteWeights(chunks);
        opts.report?.(weights);
        const over = overBudget(weights, opts.budget);
        if (over.length > 0) this.error(`JavaScript size budget exceeded:\n${over.join('\n')}`);
      },
    },
  };
}
