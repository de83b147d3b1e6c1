import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { mfaPolicy } from '@qgw/contracts';

/**
 * RFC 6238 time-based codes (SHA-1, 30 s, 6 digits: what every authenticator app supports) and the
 * recovery codes that stand in when the phone is lost.
 */

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: mfaPolicy.issuer,
    label,
    algorithm: mfaPolicy.algorithm,
    digits: mfaPolicy.digits,
    period: mfaPolicy.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** otpauth://totp/<issuer>:<label>?secret=…&issuer=… for authenticator apps. */
export const otpauthUrl = (secretBase32: string, label: string): string => totpOf(secretBase32, label).toString();

/** The URL as a QR code, a PNG data URL an <img> can show. */
export const qrDataUrl = async (url: string): Promise<string> => {
  // needed once per enrolment: loaded then, not at start
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
};

/** The time step a timestamp falls in. */
export const stepAt = (nowMs: number): number => TOTP.counter({ period: mfaPolicy.periodSeconds, timestamp: nowMs });

/** The code of a secret at a time (demo banner, tests). */
export const totpCodeAt = (secretBase32: string, nowMs: number): string =>
  totpOf(secretBase32, '').generate({ timestamp: nowMs });

/**
 * The step `code` belongs to, within mfaPolicy.window steps of now, or null. Compared in constant
 * time by otpauth. The caller refuses steps at or before the last one accepted (replays).
 */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totpOf(secretBase32, '').validate({ token: code, timestamp: nowMs, window: mfaPolicy.window });
  return delta === null ? null : stepAt(nowMs) + delta;
}

// ---- recovery codes ---------------------------------------------------------------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 80 random bits as XXXX-XXXX-XXXX-XXXX (base32, no look-alike 0/1/8/9). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out.match(/.{4}/g)!.join('-');
}

/** Case, spaces and dashes do not matter when a code is typed back (same rule as ZRecoveryCode). */
export const normalizeRecoveryCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();
