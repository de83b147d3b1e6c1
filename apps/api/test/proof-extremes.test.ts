/**
 * The right caller's valid request for every operation (support/proof-requests.ts, the matrix's
 * requests) with one field of its body or query at a time replaced by an extreme value — integers
 * past 32 bits, the largest safe integer, negative numbers, 10,000 characters, characters outside
 * the BMP, a lone surrogate, bidi controls, full-width digits, null, arrays and objects where
 * strings belong: whatever the request does, it never answers 5xx, on either database.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { allowed, catalog } from './support/proof-catalog.js';
import { ops, type Req, send, setUpMatrixWorld, specs, w } from './support/proof-requests.js';

vi.mock('fastify', async (importOriginal) => (await import('./support/proof-route-registry.js')).recordingFastify(await importOriginal()));

beforeAll(() => setUpMatrixWorld(), 120_000);
afterAll(() => w.close());

it('valid requests with one field replaced by an extreme value never answer 5xx', async () => {
  const extremes: unknown[] = [2 ** 31, 2 ** 53 - 1, -1, 1e308, '', 'x'.repeat(10_000), '𠜎\ud800\u202e', 'ａｂｃ１２３', null, [{}]];
  const faults: string[] = [];
  const took: Array<[string, number]> = [];
  let sent = 0;
  // the destructive ones (password change, disabling an account) last, as in the matrix
  const ordered = [...ops].sort((a, b) => (specs[a.key]!.order ?? 0) - (specs[b.key]!.order ?? 0) || a.key.localeCompare(b.key));
  for (const op of ordered) {
    const spec = specs[op.key]!;
    const entry = catalog[op.key]!;
    const base = await spec.req();
    const token = spec.as ? await spec.as() : w.tokens[allowed[entry.access].includes('owner') ? 'owner' : allowed[entry.access][0]!];
    const variants: Req[] = [];
    if (base.body && typeof base.body === 'object' && !Array.isArray(base.body)) {
      for (const key of Object.keys(base.body)) for (const v of extremes) variants.push({ ...base, body: { ...(base.body as object), [key]: v } });
    }
    if (base.query) {
      for (const key of Object.keys(base.query)) for (const v of extremes) if (typeof v === 'string' || typeof v === 'number') variants.push({ ...base, query: { ...base.query, [key]: String(v) } });
    }
    const started = performance.now();
    for (const r of variants) {
      const a = await send(op, r, token);
      sent++;
      if (a.status >= 500) faults.push(`${op.key} ${JSON.stringify(r.body ?? r.query).slice(0, 200)} → ${a.status}`);
    }
    took.push([op.key, performance.now() - started]);
  }
  expect(faults).toEqual([]);
  const slowest = took.sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, ms]) => `${k} ${Math.round(ms)} ms`);
  console.info(`[proof-extremes] ${sent} valid requests with an extreme field, 0 answered 5xx; slowest: ${slowest.join(', ')}`);
}, 180_000);
