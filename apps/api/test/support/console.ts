/**
 * Console sessions for tests: a user with a console role, an authenticator enrolled and activated
 * through the real endpoints, and a session that passed the second factor. The TOTP codes are
 * computed here from the secret the enrolment answered, the way an authenticator app would.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  apiPaths, type ConsoleMfaActivateResponse, type ConsoleMfaEnrollResponse, type ConsoleMfaVerifyResponse,
  type ConsoleRole, mfaPolicy,
} from '@qgw/contracts';
import { isoAt } from '../../src/clock.js';
import type { Database } from '../../src/db/schema.js';
import { totpCodeAt } from '../../src/modules/console-access/totp.js';
import { data, login, newUser, post, type TestUser } from './api.js';
import type { TestClock } from './test-app.js';

export interface ConsoleUser extends TestUser {
  /** base32 TOTP secret (as the authenticator app holds it) */
  secret: string;
  recoveryCodes: string[];
}

const stepMs = mfaPolicy.periodSeconds * 1000;

/** The code an authenticator shows now (or `steps` periods later). */
export const codeNow = (secret: string, clock: TestClock, steps = 0): string => totpCodeAt(secret, clock.now() + steps * stepMs);

/** Moves the clock to the next 30 s step, so a fresh code is not a replay of the last one used. */
export function nextStep(clock: TestClock): void {
  clock.advance(stepMs - (clock.now() % stepMs) + 1);
}

export async function grantRoles(db: Kysely<Database>, userId: string, roles: readonly ConsoleRole[]): Promise<void> {
  for (const role of roles) {
    await db.insertInto('user_roles').values({ user_id: userId, role, created_at: isoAt(Date.now()) }).execute();
  }
}

/** Enrols and activates an authenticator for an existing session; that session ends up verified. */
export async function enrollAndActivate(app: FastifyInstance, clock: TestClock, token: string) {
  const enrol = data(await post<ConsoleMfaEnrollResponse>(app, apiPaths.consoleMfaEnroll, {}, { token }));
  const activated = data(
    await post<ConsoleMfaActivateResponse>(app, apiPaths.consoleMfaActivate, { code: codeNow(enrol.secret, clock) }, { token }),
  );
  return { secret: enrol.secret, recoveryCodes: activated.recoveryCodes, enrol, activated };
}

/** A new user holding `roles`, enrolled, with a console-verified session. */
export async function newConsoleUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: TestClock,
  roles: readonly ConsoleRole[],
): Promise<ConsoleUser> {
  const u = await newUser(app);
  await grantRoles(db, u.id, roles);
  const { secret, recoveryCodes } = await enrollAndActivate(app, clock, u.token);
  return { ...u, secret, recoveryCodes };
}

/** A fresh session of an enrolled console user, verified with the next code (never a replay). */
export async function consoleLogin(app: FastifyInstance, clock: TestClock, u: ConsoleUser): Promise<string> {
  const { token } = await login(app, u.mobile, u.password);
  nextStep(clock);
  data(await post<ConsoleMfaVerifyResponse>(app, apiPaths.consoleMfaVerify, { code: codeNow(u.secret, clock) }, { token }));
  return token;
}
