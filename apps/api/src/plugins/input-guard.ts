import type { FastifyInstance } from 'fastify';
import { Code } from '@qgw/contracts';
import { routedToApi } from './api-route.js';
import { AppError } from './errors.js';
import { httpStrings } from './http.strings.js';

/**
 * A NUL character is never valid input, and PostgreSQL can neither store nor compare text holding
 * one: a look-up by an id like `a\u0000b` failed there with a 500 while SQLite answered "not
 * found". Any request whose query, path parameters or JSON body hold one — in a value or a key, at
 * any depth — is refused as bad input before validation, on either database.
 */
export function holdsNul(input: unknown): boolean {
  // iterative: a body may nest arrays as deep as its size allows
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const x of v) stack.push(x);
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/** On /v1 (the operational endpoints outside it answer their own shape and take no input). */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!routedToApi(request)) return;
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      // a HEAD answer has no body to say "refused" in: its status has to
      throw new AppError(Code.BAD_REQUEST, httpStrings.badRequest, request.method === 'HEAD' ? 400 : 200);
    }
  });
}
