import { createHash, createHmac, randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { type AltchaChallenge, altchaHeader, Code, ZAltchaPayload } from '@qgw/contracts';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import { AppError } from '../../plugins/errors.js';
import type { FailureCounter } from '../accounts/accounts.module.js';
import { challengeStrings as s } from './challenge.strings.js';

/**
 * Proof-of-work challenges (ALTCHA, docs/decisions/0021-lockout-without-denial-of-service.md).
 *
 * Instead of refusing an address that sends far more than usual, or an account that has had many
 * wrong passwords, the server asks for a solved challenge: a few seconds of a phone's work, cheap
 * for one person, costly for someone sending thousands. Challenges are made here (GET
 * /v1/altcha/challenge), signed with an HMAC key, and checked here; nothing is stored for a
 * challenge until its solution is used, and then only its nonce, until it expires, so that each
 * solution is good once (on every instance, when the store is Redis).
 */

export interface ChallengeSettings {
  /** PBKDF2 iterations per counter value */
  cost: number;
  counterMin: number;
  counterMax: number;
  ttlMs: number;
  /** requests per address per minute to a guarded scope past which each needs a solution */
  perAddressPerMinute: number;
}

export type Redeemed = 'ok' | 'missing' | 'invalid';

const ALGORITHM = 'PBKDF2/SHA-256';

/** What a solution must look like before any HMAC is computed over it. */
const ZSolutionPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({ nonce: z.string().regex(/^[0-9a-f]{1,128}$/), expiresAt: z.number().positive() }),
    signature: z.string().max(256),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256) }),
});

function decodePayload(raw: string) {
  try {
    return ZSolutionPayload.safeParse(JSON.parse(Buffer.from(raw, 'base64').toString('utf8'))).data;
  } catch {
    return undefined;
  }
}

const hashed = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 40);

/** The solution a request carries: the `X-Altcha` header, or an `altcha` field of its body. */
export function solutionOf(request: FastifyRequest): string | undefined {
  const header = request.headers[altchaHeader];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const body = request.body as { altcha?: unknown } | null | undefined;
  const fromBody = body && typeof body === 'object' && typeof body.altcha === 'string' ? body.altcha : undefined;
  const raw = (fromBody ?? fromHeader)?.trim();
  if (!raw) return undefined;
  // one too long to be a solution is sent, but no good
  return ZAltchaPayload.safeParse(raw).data ?? '';
}

export class Challenges {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;

  constructor(
    key: Buffer,
    private readonly settings: ChallengeSettings,
    /** nonces of solutions already used, until their challenge expires */
    private readonly used: FailureCounter,
    /** requests per address and scope, per minute */
    private readonly pressure: FailureCounter,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.signatureSecret = createHmac('sha256', key).update('altcha challenge signature').digest('hex');
    this.keySignatureSecret = createHmac('sha256', key).update('altcha derived key signature').digest('hex');
  }

  /**
   * A fresh challenge. The server knows its answer (the counter), so checking a solution is one HMAC
   * (the derived key is signed), whatever the work it took to find it.
   */
  async create(): Promise<AltchaChallenge> {
    const { cost, counterMin, counterMax, ttlMs } = this.settings;
    const challenge = await createChallenge({
      algorithm: ALGORITHM,
      cost,
      counter: randomInt(counterMin, counterMax + 1),
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
      expiresAt: Math.floor((this.clock() + ttlMs) / 1000),
    });
    return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' };
  }

  /** Checks a solution and spends it: 'ok' once, 'invalid' when forged, expired or used before. */
  async redeem(raw: string | undefined): Promise<Redeemed> {
    if (raw === undefined) return 'missing';
    const payload = raw ? decodePayload(raw) : undefined;
    if (!payload) return 'invalid';
    const { parameters } = payload.challenge;
    const expiresAtMs = parameters.expiresAt * 1000;
    if (expiresAtMs <= this.clock()) return 'invalid';
    let verified = false;
    try {
      const result = await verifySolution({
        // shaped just enough to be looked at: the signature check decides whether it is one of ours
        challenge: payload.challenge as unknown as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: this.signatureSecret,
        hmacKeySignatureSecret: this.keySignatureSecret,
      });
      // only challenges made here with a signed answer: a signed challenge without one would make
      // the check derive keys at a cost the sender chose
      verified = result.verified && typeof parameters.keySignature === 'string';
    } catch {
      verified = false;
    }
    if (!verified) return 'invalid';
    // spent: the first use counts 1, a replay (here or on another instance) more
    const uses = await this.used.increment(hashed(`altcha:${parameters.nonce}`), Math.max(1000, expiresAtMs - this.clock() + 60_000));
    return uses === 1 ? 'ok' : 'invalid';
  }

  /**
   * Goes on when `raw` is a valid, unused solution; otherwise refuses with HTTP 428
   * CHALLENGE_REQUIRED, saying `why` when no solution came, or that the one sent is no good.
   */
  async require(raw: string | undefined, why: string): Promise<void> {
    const result = await this.redeem(raw);
    if (result === 'ok') return;
    if (result === 'invalid') this.log.info({ event: 'challenge.refused' }, 'challenge solution refused');
    throw new AppError(Code.CHALLENGE_REQUIRED, result === 'missing' ? why : s.invalid, 428);
  }

  /**
   * Counts a request of `scope` from `address` and answers whether the address is past the
   * per-minute threshold. A store failure lets the request through (as the per-IP limits do).
   */
  async busy(scope: string, address: string): Promise<boolean> {
    try {
      return (await this.pressure.increment(hashed(`${scope}\n${address}`), 60_000)) > this.settings.perAddressPerMinute;
    } catch (err) {
      this.log.warn({ err }, 'challenge threshold store failed; request let through');
      return false;
    }
  }

  /**
   * A preValidation hook for any route that must ask busy addresses for a challenge before doing
   * its work (sending an SMS code, for one): past the threshold of `scope`, a request without a
   * valid, unused solution (the `X-Altcha` header or an `altcha` body field) is answered 428
   * CHALLENGE_REQUIRED. Runs before the route's schema, so a body field the schema does not name
   * is still seen.
   */
  whenBusy(scope: string): preValidationAsyncHookHandler {
    return async (request) => {
      if (!(await this.busy(scope, request.ip))) return;
      await this.require(solutionOf(request), s.busyAddress);
    };
  }
}
