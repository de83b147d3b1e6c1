import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { type Algorithm, hash, type Options, parseOptions, verify } from '@node-rs/argon2';

/**
 * Password storage (docs/security.md): argon2id at 12 MiB, 4 passes, 1 lane. OWASP lists 12 MiB ×
 * 3 passes as equal in strength to its 19 MiB × 2; a 12 MiB pass runs faster from the CPU's caches,
 * so a fourth pass keeps each hash's time where 19 MiB × 2 had it (measured: 13.5 vs 14.2 ms) while
 * two hashes at once hold 24 MiB instead of 38 MiB, most of what a burst of logins adds to memory.
 * Passwords are Unicode-normalised (NFKC, as NIST SP 800-63B suggests) so that the same characters
 * typed on different keyboards match, and are never truncated.
 */

/** `Algorithm.Argon2id`; the enum is declared `const` and cannot be read at runtime under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

export const argon2Options: Options = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 4, parallelism: 1 };

export const normalizePassword = (password: string): string => password.normalize('NFKC');

/**
 * Runs at most `limit` tasks at once; the rest wait their turn in order of arrival.
 */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    running--;
    waiting.shift()?.();
  };
  return async (task) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      next();
    }
  };
}

/**
 * One argon2id computation per core at the most. Each holds 12 MiB while it runs, on a libuv pool
 * thread; more at once than there are cores only adds memory and leaves the event loop fewer
 * cycles, and the thread pool's other users (file system, compression) a free thread.
 */
const argon2Turn = concurrencyLimit(Math.max(1, availableParallelism()));

export function hashPassword(password: string): Promise<string> {
  return argon2Turn(() => hash(normalizePassword(password), argon2Options));
}

/** False for a wrong password and for a stored hash that cannot be read; never throws. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await argon2Turn(() => verify(storedHash, normalizePassword(password)));
  } catch {
    return false;
  }
}

/** True when the stored hash was made with other parameters than today's, so it should be redone at the next login. */
export function needsRehash(storedHash: string): boolean {
  try {
    const p = parseOptions(storedHash);
    return (
      p.algorithm !== ARGON2ID ||
      p.memoryCost !== argon2Options.memoryCost ||
      p.timeCost !== argon2Options.timeCost ||
      p.parallelism !== argon2Options.parallelism
    );
  } catch {
    return true;
  }
}

/**
 * What an account made without a password (an admin's invitation) stores until its owner sets one
 * through a password reset: a well-formed argon2id hash with today's parameters whose salt and
 * output are random bytes. No password was ever hashed into it, so none verifies short of inverting
 * argon2id; and a login tried against it does the same work as against a real hash, so its timing
 * does not tell that the account has no password yet (a marker such as "!" fails to parse at once
 * and would). The column stays NOT NULL and every reader of it works unchanged.
 */
export function unusablePasswordHash(): string {
  const b64 = (n: number) => randomBytes(n).toString('base64').replace(/=+$/, '');
  const { memoryCost, timeCost, parallelism } = argon2Options;
  return `$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$${b64(16)}$${b64(32)}`;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification, for logins naming an unknown mobile: the answer and
 * its timing must not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hash(randomBytes(16).toString('hex'), argon2Options);
  await verifyPassword(await dummyHash, password);
  return false;
}

/**
 * The zxcvbn-ts common-password list (about 49 000 entries), lower-cased, held as one string with a
 * line per entry: about 0.4 MB where the package's array and a Set of it held about 3 MB for the
 * server's whole life. A check scans it (a fraction of a millisecond), which only a registration
 * or a password change does. The package's own array is read once and let go.
 */
const commonPasswords = (() => {
  const load = createRequire(import.meta.url);
  const id = load.resolve('@zxcvbn-ts/language-common/dist/passwords.json.js');
  const list = load(id) as string[];
  delete load.cache[id];
  return `\n${[...new Set(list.map((p) => p.toLowerCase()))].join('\n')}\n`;
})();

/** Whether the password is on the list, case-insensitively (no entry spans lines, so one that does is not). */
export const isCommonPassword = (password: string): boolean => {
  const p = normalizePassword(password).toLowerCase();
  return !p.includes('\n') && commonPasswords.includes(`\n${p}\n`);
};
