/**
 * Every operation of the API, taken from the app's own route table, gets generated malformed
 * requests (support/proof-fuzz.ts): no 5xx, the envelope on /v1, no malformed request succeeds,
 * and no table or uploaded file changes. A route missing from support/proof-catalog.ts fails the
 * coverage test. This suite runs on both databases in every CI run, at 1,000 requests per
 * operation (about 130,000 requests, 1.5 minutes on SQLite).
 */
import { vi } from 'vitest';
import { defineFuzzSuite } from './support/proof-fuzz-suite.js';

vi.mock('fastify', async (importOriginal) => (await import('./support/proof-route-registry.js')).recordingFastify(await importOriginal()));

// FUZZ_RUNS lowers it for a quick local run; CI runs the full thousand on both databases
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

await defineFuzzSuite({ runs: RUNS });
