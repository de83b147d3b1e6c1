import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { makesSchemas, NEXT_TASK } from './schemas-in-own-tasks.js';

const contracts = (file: string) => `/app/packages/contracts/src/${file}`;
/** the repository's root, wherever the tests run from */
const root = ((dir: string): string => {
  while (!existsSync(join(dir, 'packages/contracts/src'))) {
    if (dirname(dir) === dir) throw new Error('packages/contracts not found');
    dir = dirname(dir);
  }
  return dir;
})(process.cwd());
const source = (file: string) => readFileSync(join(root, 'packages/contracts/src', file), 'utf8');

describe('which modules wait for a task of their own', () => {
  test("the contract's modules that make zod schemas, and no others", () => {
    expect(makesSchemas(contracts('applications-api.ts'), source('applications-api.ts'))).toBe(true);
    expect(makesSchemas(contracts('accounts.ts'), source('accounts.ts'))).toBe(true);
    // no zod at all, or only its types: nothing to make
    expect(makesSchemas(contracts('routes.ts'), source('routes.ts'))).toBe(false);
    expect(makesSchemas(contracts('x.ts'), "import type { z } from 'zod';\nexport type X = z.infer<never>;")).toBe(false);
    // the app's own modules and the contract's tests are left as they are
    expect(makesSchemas('/app/apps/web/src/lib/request.ts', "import { z } from 'zod';")).toBe(false);
    expect(makesSchemas(contracts('accounts.test.ts'), "import { z } from 'zod';")).toBe(false);
    expect(makesSchemas(`${contracts('accounts.ts')}?v=1`, "import { z } from 'zod';")).toBe(true);
  });
});

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A module graph like a screen's, run by Node (whose ES modules wait as a browser's do): `first` runs
 * first and schedules a task (a tap waiting to be answered); `a` and `b` stand for two schema
 * modules; `screen` imports all three. Returns the order in which things ran.
 */
function evaluationOrder(prefix: string): string[] {
  dir = mkdtempSync(join(tmpdir(), 'qgw-tasks-'));
  const push = (what: string) => `globalThis.taskLog.push(${JSON.stringify(what)});\n`;
  writeFileSync(join(dir, 'first.mjs'), `${push('first')}setTimeout(() => { ${push('a tap')} }, 0);\n`);
  writeFileSync(join(dir, 'a.mjs'), `${prefix}${push('schemas a')}export const a = 1;\n`);
  writeFileSync(join(dir, 'b.mjs'), `${prefix}${push('schemas b')}export const b = 2;\n`);
  writeFileSync(join(dir, 'screen.mjs'), `import './first.mjs';\nimport { a } from './a.mjs';\nimport { b } from './b.mjs';\n${push('screen')}globalThis.taskLog.push('screen sees ' + (a + b));\n`);
  writeFileSync(join(dir, 'run.mjs'), `globalThis.taskLog = [];\nawait import('./screen.mjs');\nconsole.log(JSON.stringify(globalThis.taskLog));\n`);
  const run = spawnSync(process.execPath, [join(dir, 'run.mjs')], { encoding: 'utf8' });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as string[];
}

describe('schema modules evaluated in tasks of their own', () => {
  test('without the wait, the schemas are made in the same task as the rest of the screen, before a waiting tap', () => {
    expect(evaluationOrder('')).toEqual(['first', 'schemas a', 'schemas b', 'screen', 'screen sees 3']);
  });

  test('with it, the tap is answered before the schemas are made, and the screen still runs after them', () => {
    expect(evaluationOrder(NEXT_TASK)).toEqual(['first', 'a tap', 'schemas a', 'schemas b', 'screen', 'screen sees 3']);
  });
});
