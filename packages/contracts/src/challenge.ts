import { z } from 'zod';
import { challengePolicy } from './limits.js';

/**
 * Proof-of-work challenges (ALTCHA, docs/decisions/0021-lockout-without-denial-of-service.md). The
 * server asks for one (HTTP 428, code CHALLENGE_REQUIRED) when an address sends far more than usual
 * or an account has had many wrong passwords; the client fetches a challenge, solves it and sends
 * the solution as `altcha` (a body field, or the `X-Altcha` header). Each solution is good once.
 */

/** The solution as the ALTCHA widget hands it over: base64 of `{challenge, solution}`. */
export const ZAltchaPayload = z.string().trim().min(1).max(challengePolicy.payloadMaxChars);

/** The request header that may carry the solution instead of the body field. */
export const altchaHeader = 'x-altcha';

/** GET /v1/altcha/challenge */
export const ZAltchaChallengeRequest = z.object({});

/** An ALTCHA (v2) challenge, signed by the server; handed to the widget as it is. */
export const ZAltchaChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof ZAltchaChallenge>;
