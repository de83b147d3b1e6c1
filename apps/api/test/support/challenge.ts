/** Proof-of-work challenges as a client meets them: fetched from the server, solved, sent as `altcha`. */
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type AltchaChallenge, apiPaths } from '@qgw/contracts';
import { data, get } from './api.js';

/** The challenge's and solution's JSON in base64, as the ALTCHA widget hands it over. */
export const encodeSolution = (challenge: AltchaChallenge, solution: unknown): string =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/** A fresh challenge from the server (GET /v1/altcha/challenge). */
export async function fetchChallenge(app: FastifyInstance, ip?: string): Promise<AltchaChallenge> {
  return data(await get<AltchaChallenge>(app, apiPaths.altchaChallenge, {}, ip ? { ip } : {}));
}

/** Fetches a challenge and solves it, as the widget does: the `altcha` value to send. */
export async function solvedChallenge(app: FastifyInstance, ip?: string): Promise<string> {
  const challenge = await fetchChallenge(app, ip);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error('could not solve the challenge');
  return encodeSolution(challenge, solution);
}
