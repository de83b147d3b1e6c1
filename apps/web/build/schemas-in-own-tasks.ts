import type { Plugin } from 'vite';

/**
 * Builds the contract's validation schemas each in a task of its own (decision 0037).
 *
 * A screen's code arrives as one graph of modules, and the browser runs a graph's modules in a
 * single task. Among them are the contract's modules (packages/contracts/src), which make their zod
 * schemas as they are evaluated: on a slow phone the schemas of the calls and forms of one screen
 * took 30–45 ms, in the same task as the rest of the screen's code, during which the page could not
 * answer a tap.
 *
 * In the web build, each such module first waits for the next task (a top-level `await` of a zero
 * timer). The browser then evaluates what comes before it, lets the page answer input and paint, and
 * goes on with the module in a later task; modules that wait so and do not depend on each other each
 * resume in a task of their own. What imports a schema module still runs after it, as before: only
 * the moment changes. The server and the tests load the contract unchanged.
 */
export const NEXT_TASK = 'await new Promise((resolve) => setTimeout(resolve, 0));\n';

/** A module of the contract that makes zod schemas when it is evaluated (a value import of zod). */
export function makesSchemas(id: string, code: string): boolean {
  const path = id.replaceAll('\\', '/').split('?')[0]!;
  if (!/\/packages\/contracts\/src\/[^/]+\.ts$/.test(path) || /\.test\.ts$/.test(path)) return false;
  return /^import\s+(?!type\b)[^;]*\bfrom\s+['"]zod['"]/m.test(code);
}

export function schemasInOwnTasks(): Plugin {
  return {
    name: 'qgw-schemas-in-own-tasks',
    apply: 'build',
    transform(code, id, options) {
      if (options?.ssr || !makesSchemas(id, code)) return null;
      return { code: NEXT_TASK + code, map: null };
    },
  };
}
