import { hkdfSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type AppConfig, ConfigError } from '../../config.js';
import { loadOrCreateKeyFile } from '../../crypto/key-file.js';

const KEY_FILE = 'altcha.key';

/**
 * The HMAC key challenges are signed with. ALTCHA_HMAC_KEY when set. Otherwise it is derived (HKDF)
 * from FILE_URL_SECRET, which production requires anyway and every instance behind one proxy
 * shares: no new secret to manage, and a challenge made by one instance is checked by another.
 * Without either, outside production one is generated once into DATA_DIR/altcha.key (owner-only),
 * as the other keys are; production refuses to start.
 */
export async function resolveChallengeKey(config: AppConfig): Promise<Buffer> {
  if (config.challenge.hmacKey) return Buffer.from(config.challenge.hmacKey, 'utf8');
  if (config.fileUrlSecret) return Buffer.from(hkdfSync('sha256', config.fileUrlSecret, 'qgw', 'altcha challenge hmac key', 32));
  if (config.isProduction) {
    throw new ConfigError('ALTCHA_HMAC_KEY (or FILE_URL_SECRET, from which it is derived) is required in production');
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
