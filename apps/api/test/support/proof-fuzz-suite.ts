/**
 * The fuzz-everything suite: `runs` generated malformed requests per operation (test/proof-fuzz.test.ts
 * runs it at 1,000). The operations come from the app itself
 * (support/proof-route-registry.ts); the calling file must mock Fastify with `recordingFastify`.
 *
 * Per operation: no 5xx, the envelope on /v1, no malformed request succeeds, and afterwards every
 * table of the database and every uploaded file is exactly as before.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, opsPaths } from '@qgw/contracts';
import { type Caller, catalog, inputOf } from './proof-catalog.js';
import { statePrint } from './proof-db.js';
import { casesFor, checkAnswer, describeCase, type FuzzTarget, injectCase, type Kind } from './proof-fuzz.js';
import { type Method, type Operation, operationsOf } from './proof-route-registry.js';
import { createProofWorld, type ProofWorld } from './proof-world.js';

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/** The caller who gets furthest into an operation of each access class. */
const fuzzCaller: Record<string, Caller> = {
  public: 'visitor',
  session: 'owner',
  owner: 'owner',
  files: 'owner',
  lookup: 'owner',
  signin: 'admin',
  console: 'admin',
  assigned: 'admin',
  reviewing: 'reviewer',
  admin: 'admin',
};

/** Operations of the app with no catalog entry, catalog entries with no operation, API paths with no route. */
export function coverageProblems(ops: Operation[]): string[] {
  const problems: string[] = [];
  const keys = new Set(ops.map((o) => o.key));
  for (const o of ops) if (!catalog[o.key]) problems.push(`unclassified operation: ${o.key}`);
  for (const [key, e] of Object.entries(catalog)) if (!keys.has(key) && !e.optional) problems.push(`catalog names a missing operation: ${key}`);
  const urls = ops.map((o) => o.url);
  const under = (url: string, p: string) => url === p || url.startsWith(`${p}/`);
  for (const [name, p] of Object.entries({ ...apiPaths, ...opsPaths })) {
    if (!urls.some((u) => under(u, p))) problems.push(`API path ${name} (${p}) has no route`);
  }
  for (const u of urls.filter((x) => x.startsWith('/v1/'))) {
    if (!Object.values(apiPaths).some((p) => under(u, p))) problems.push(`route ${u} is not among the contracts' API paths`);
  }
  return problems;
}

export interface FuzzSuiteOptions {
  /** generated requests per operation */
  runs: number;
}

export async function defineFuzzSuite({ runs }: FuzzSuiteOptions): Promise<void> {
  const w: ProofWorld = await createProofWorld();
  afterAll(() => w.close());
  const ops = operationsOf(w.t.app);
  const sent = new Map<string, Partial<Record<Kind, number>>>();
  const timings = new Map<string, number>();

  describe('coverage', () => {
    it('every operation the app routes is classified, every API path is routed', () => {
      expect(ops.length).toBeGreaterThan(100);
      expect(coverageProblems(ops)).toEqual([]);
    });
  });

  describe(`${runs} generated malformed requests per operation: no 5xx, nothing written`, () => {
    for (const op of ops) {
      it(op.key, async () => {
        const entry = catalog[op.key];
        if (!entry) throw new Error(`${op.key} is not in support/proof-catalog.ts`);
        const target: FuzzTarget = {
          op,
          entry,
          input: inputOf(op.key, op.method),
          token: w.tokens[fuzzCaller[entry.access] as Caller],
          pathMethods: METHODS.filter((m) => w.t.app.hasRoute({ method: m, url: op.url })),
          bodyLimit: op.bodyLimit ?? w.t.config.bodyLimitBytes,
          ownUploadId: w.uploadId,
        };
        const counts: Partial<Record<Kind, number>> = {};
        const before = await statePrint(w.t);
        const started = performance.now();
        await fc.assert(
          fc.asyncProperty(casesFor(target), async (c) => {
            const res = await injectCase(w.t.app, c);
            counts[c.kind] = (counts[c.kind] ?? 0) + 1;
            const problem = checkAnswer(c, res);
            if (problem) throw new Error(`${op.key}: ${problem}\n${describeCase(c)}`);
          }),
          { numRuns: runs },
        );
        timings.set(op.key, performance.now() - started);
        sent.set(op.key, counts);
        const after = await statePrint(w.t);
        expect(after, `${op.key} changed stored data`).toEqual(before);
        // a thousand requests; an answer as large as the API reference takes a while on a busy machine
      }, 120_000);
    }
  });

  describe('summary', () => {
    it(`every operation got at least ${runs} generated requests`, () => {
      const short = ops.filter((o) => Object.values(sent.get(o.key) ?? {}).reduce((a, b) => a + b, 0) < runs).map((o) => o.key);
      expect(short).toEqual([]);
      const total = [...sent.values()].reduce((n, c) => n + Object.values(c).reduce((a, b) => a + b, 0), 0);
      const byKind: Record<string, number> = {};
      for (const c of sent.values()) for (const [k, n] of Object.entries(c)) byKind[k] = (byKind[k] ?? 0) + n;
      const ms = [...timings.values()].reduce((a, b) => a + b, 0);
      const slowest = [...timings.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k} ${Math.round(v)} ms`);
      console.info(`[proof-fuzz] ${ops.length} operations, ${total} requests in ${Math.round(ms)} ms (${(ms / total).toFixed(2)} ms each); by kind ${JSON.stringify(byKind)}; slowest: ${slowest.join(', ')}`);
    });
  });
}
