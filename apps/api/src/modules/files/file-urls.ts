import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { loadOrCreateKeyFile } from '../../crypto/key-file.js';
import { join } from 'node:path';
import { apiPaths } from '@qgw/contracts';
import type { Clock } from '../../clock.js';
import { type AppConfig, ConfigError } from '../../config.js';

/**
 * Signed file URLs (docs/decisions/0005-uploads.md): `/v1/files/<id>?exp=<unix>&sig=<viewer>.<mac>`,
 * mac = HMAC-SHA256(key, id, exp, viewer). An <img> or <video> element cannot send the session
 * header, so the URL itself carries the permission, for about an hour. The viewer it was issued to
 * is part of it: serving checks that this user is still allowed to see the file (owner, reviewer
 * or admin, account active), so a URL stops working when that permission ends.
 *
 * Signing is a plain function (applications build their views with it), so the key is registered
 * here when an app is built. One process normally runs one app; tests may run several, and
 * verification accepts the key of any app currently open in the process.
 */

/** Seconds a URL stays valid at least. */
export const FILE_URL_LIFETIME_S = 60 * 60;
/**
 * Expiry is rounded up to this step so that the same file gets the same URL for a few minutes:
 * re-rendered views then hit the browser's cache instead of downloading again.
 */
const EXPIRY_STEP_S = 5 * 60;

const KEY_FILE = 'file-url.key';
const VIEWER = /^[A-Za-z0-9_-]{1,64}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;

interface Signer {
  key: Buffer;
  clock: Clock;
}

const signers: Signer[] = [];

/** Makes `key` the signing key of this process until the returned function is called. */
export function registerFileUrlKey(key: Buffer, clock: Clock): () => void {
  const signer = { key, clock };
  signers.push(signer);
  return () => {
    const i = signers.indexOf(signer);
    if (i !== -1) signers.splice(i, 1);
  };
}

const mac = (key: Buffer, id: string, exp: number, viewerId: string) =>
  createHmac('sha256', key).update(`file\n${id}\n${exp}\n${viewerId}`).digest('base64url');

export const fileUrlPath = (id: string) => `${apiPaths.file}/${encodeURIComponent(id)}`;

/** file id → signed URL for this viewer. Synchronous; the caller has checked the viewer may see the files. */
export function signFileUrls(ids: string[], viewerId: string): Record<string, string> {
  const signer = signers.at(-1);
  if (!signer) throw new Error('signFileUrls: no file URL key registered (the app is not built)');
  if (!VIEWER.test(viewerId)) throw new Error('signFileUrls: invalid viewer id');
  const nowS = Math.floor(signer.clock() / 1000);
  const exp = Math.ceil((nowS + FILE_URL_LIFETIME_S) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
  const out: Record<string, string> = {};
  for (const id of ids) {
    out[id] = `${fileUrlPath(id)}?exp=${exp}&sig=${viewerId}.${mac(signer.key, id, exp, viewerId)}`;
  }
  return out;
}

export type FileUrlCheck = { ok: true; viewerId: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a URL's exp and sig for this file id at `nowMs`. */
export function verifyFileUrl(id: string, expRaw: string, sigRaw: string, nowMs: number): FileUrlCheck {
  const dot = sigRaw.lastIndexOf('.');
  const viewerId = sigRaw.slice(0, dot);
  const given = sigRaw.slice(dot + 1);
  if (dot <= 0 || !VIEWER.test(viewerId) || !MAC.test(given) || !/^\d{1,12}$/.test(expRaw)) {
    return { ok: false, reason: 'invalid' };
  }
  const exp = Number(expRaw);
  const givenBytes = Buffer.from(given);
  const valid = signers.some((s) => timingSafeEqual(Buffer.from(mac(s.key, id, exp, viewerId)), givenBytes));
  if (!valid) return { ok: false, reason: 'invalid' };
  // checked after the signature, so that an expired answer is only given for a genuine URL
  if (exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, viewerId };
}

/**
 * The signing key: FILE_URL_SECRET when set. Otherwise production refuses to start (instances
 * behind one proxy must share the key), and elsewhere one is generated once and kept in
 * DATA_DIR/file-url.key, readable by the owner only, so URLs survive a restart.
 */
export async function resolveFileUrlKey(config: AppConfig): Promise<Buffer> {
  if (config.fileUrlSecret) return Buffer.from(config.fileUrlSecret, 'utf8');
  if (config.isProduction) {
    throw new ConfigError('FILE_URL_SECRET is required in production (at least 32 characters: `openssl rand -base64 32`)');
  }
  const file = join(config.dataDir, KEY_FILE);
  return loadOrCreateKeyFile(
    config.dataDir,
    file,
    () => randomBytes(32).toString('base64url'),
    (raw) => {
      const text = raw.trim();
      if (text.length < 32) throw new ConfigError(`${file} does not hold a key of at least 32 characters`);
      return Buffer.from(text, 'utf8');
    },
  );
}
