#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in order —
 *   1. unit tests (contracts, web),
 *   2. the server suite on the embedded SQLite database,
 *   3. the server suite again on PostgreSQL when TEST_DATABASE_URL is set,
 *   4. the production artefact: built and started as the Dockerfile does, deployment files checked,
 *   5. the browser journeys (Playwright, Chromium) against a freshly built app.
 * Every stage runs even when an earlier one fails; the exit code is non-zero if any failed.
 * The last line is the totals: "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'qgw-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- unit api` (stages: unit, api, prod, e2e)
const want = (stage) => only.length === 0 || only.includes(stage);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
// The names of failed tests, repeated at the end: a log read from its tail still says what failed.
const failedTests = [];
console.log(`node ${process.version}`);

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) failedStages.push(name);
  return r.status === 0;
}

function addVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests ?? 0;
  totals.failed += j.numFailedTests ?? 0;
  totals.skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  for (const file of j.testResults ?? []) {
    const at = file.name.replace(root, '');
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed') failedTests.push(`${at} › ${t.fullName}: ${(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedTests.push(`${at}: ${(file.message || 'failed outside its tests without a message (an unhandled error or a failed connection: see the stage log above)').split('\n')[0].slice(0, 300)}`);
    }
  }
}

function vitest(name, projects, env = {}) {
  const out = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  run(name, 'npx', args, env);
  addVitest(out);
}

if (want('unit')) vitest('unit (contracts, web)', ['contracts', 'web']);
if (want('api')) vitest('server suite on SQLite', ['api'], { TEST_DATABASE_URL: '' });
if (want('api') && process.env.TEST_DATABASE_URL) {
  vitest('server suite on PostgreSQL', ['api'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
} else if (want('api')) {
  console.log('\n(TEST_DATABASE_URL not set: the server suite ran on SQLite only)');
}
if (want('prod')) vitest('production artefact', ['production']);
if (want('e2e')) {
  if (run('build web app', 'npm', ['run', 'build', '-w', 'apps/web'])) {
    const out = join(tmp, 'playwright.json');
    run('browser journeys (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
      totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
      totals.failed += s.unexpected ?? 0;
      totals.skipped += s.skipped ?? 0;
      collectPlaywrightFailures(JSON.parse(readFileSync(out, 'utf8')).suites ?? []);
    }
  }
}

function collectPlaywrightFailures(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') {
          const err = t.results?.at(-1)?.error?.message ?? '';
          failedTests.push(`${spec.file}:${spec.line} › ${spec.title}: ${err.split('\n')[0].slice(0, 300)}`);
        }
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}

rmSync(tmp, { recursive: true, force: true });
if (failedTests.length) console.log(`\nfailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
if (failedStages.length) console.log(`\nfailed stages: ${failedStages.join(', ')}`);
if (failedStages.length && totals.failed === 0) totals.failed = failedStages.length; // a stage that crashed before counting
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failedStages.length ? 1 : 0);
