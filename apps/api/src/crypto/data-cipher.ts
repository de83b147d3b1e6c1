import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { loadOrCreateKeyFile } from './key-file.js';
import { join } from 'node:path';
import { type AppConfig, ConfigError } from '../config.js';

/**
 * Personal data and secrets at rest (ID numbers, TOTP secrets): AES-256-GCM with a random 96-bit
 * nonce per value. The caller names what the value belongs to (e.g. `application:<id>`); that
 * context is bound in as associated data, so a ciphertext copied onto another row does not decrypt.
 * Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url) so that a later key or algorithm can sit
 * beside this one.
 */

const VERSION = 'v1';
const KEY_FILE = 'secret.key';

export class DataCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('DataCipher needs a 32-byte key');
  }

  encrypt(plain: string, context: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** Throws when the value was not made by this key for this context (tampered, moved or foreign). */
  decrypt(stored: string, context: string): string {
    const [version, nonce, tag, body] = stored.split('.');
    if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('unknown ciphertext format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

const decodeKey = (text: string): Buffer | null => {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]{43}=$/.test(trimmed)) return null;
  return Buffer.from(trimmed, 'base64');
};

/**
 * The data key: DATA_ENCRYPTION_KEY when set. Otherwise production refuses to start (a generated
 * key on one instance's disk would make every other instance's data unreadable), and elsewhere a
 * key is generated once and kept in DATA_DIR/secret.key, readable by the owner only.
 */
export async function resolveDataKey(config: AppConfig): Promise<Buffer> {
  if (config.dataEncryptionKey) return config.dataEncryptionKey;
  if (config.isProduction) {
    throw new ConfigError('DATA_ENCRYPTION_KEY is required in production (32 bytes, base64: `openssl rand -base64 32`)');
  }
  const file = join(config.dataDir, KEY_FILE);
  return loadOrCreateKeyFile(
    config.dataDir,
    file,
    () => randomBytes(32).toString('base64'),
    (text) => {
      const key = decodeKey(text);
      if (!key) throw new ConfigError(`${file} does not hold a base64 32-byte key`);
      return key;
    },
  );
}
