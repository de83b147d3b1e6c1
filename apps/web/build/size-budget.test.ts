import { describe, expect, test } from 'vitest';
import { type BudgetChunk, ENTRY_ROUTE_BUDGET_BYTES, entryRouteWeights, overBudget } from './size-budget.js';

const chunk = (fileName: string, gzipBytes: number, over: Partial<BudgetChunk> = {}): BudgetChunk => ({
  fileName, gzipBytes, isEntry: false, facadeModuleId: null, imports: [], ...over,
});

/** entry (lazily → app → vendor); home screen → shared → vendor; login screen → shared; a console chunk nobody first needs */
const bundle = (homeBytes = 10_000): BudgetChunk[] => [
  chunk('index.js', 2_000, { isEntry: true, dynamicImports: ['boot.js'] }),
  chunk('boot.js', 18_000, { imports: ['vendor.js'], dynamicImports: ['home.js', 'login.js', 'console.js'] }),
  chunk('vendor.js', 90_000),
  chunk('shared.js', 5_000, { imports: ['vendor.js'] }),
  chunk('home.js', homeBytes, { facadeModuleId: '/app/apps/web/src/routes/home.tsx', imports: ['shared.js'] }),
  chunk('login.js', 3_000, { facadeModuleId: '/app/apps/web/src/routes/login.tsx', imports: ['shared.js'] }),
  chunk('console.js', 400_000, { facadeModuleId: '/app/apps/web/src/routes/console-home.tsx', imports: ['vendor.js'] }),
];

describe('entry-route JavaScript budget', () => {
  test('a route weighs the entry, the app, its screen and their static imports, each file once; lazy chunks of other screens not', () => {
    const [home, login] = entryRouteWeights(bundle());
    expect(home).toEqual({
      route: 'home',
      gzipBytes: 2_000 + 18_000 + 90_000 + 5_000 + 10_000,
      files: ['boot.js', 'home.js', 'index.js', 'shared.js', 'vendor.js'],
    });
    expect(login?.gzipBytes).toBe(2_000 + 18_000 + 90_000 + 5_000 + 3_000);
    expect(overBudget(entryRouteWeights(bundle()))).toEqual([]);
  });

  test('a route over the budget is named with its weight and files', () => {
    const heavy = entryRouteWeights(bundle(ENTRY_ROUTE_BUDGET_BYTES));
    const over = overBudget(heavy);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatch(/^home: \d+\.\d KB gzip of entry-route JavaScript, over the 150\.0 KB budget \(boot\.js, home\.js, index\.js/);
  });

  test('a missing screen chunk, app chunk or entry is an error, not a pass', () => {
    expect(() => entryRouteWeights(bundle().filter((c) => c.fileName !== 'boot.js'))).toThrow(/not in the bundle/);
    expect(() => entryRouteWeights(bundle().filter((c) => c.fileName !== 'login.js'))).toThrow(/no chunk for the login screen/);
    expect(() => entryRouteWeights(bundle().map((c) => ({ ...c, isEntry: false })))).toThrow(/no entry chunk/);
  });
});
