import { DataCipher } from '../../crypto/data-cipher.js';

/**
 * ID numbers at rest (docs/decisions/0004-applications-lifecycle.md): the shared AES-256-GCM data
 * cipher (crypto/data-cipher.ts) with the application's id bound in, so a ciphertext copied onto
 * another row does not decrypt.
 */

export { resolveDataKey } from '../../crypto/data-cipher.js';

export class IdNumberCipher {
  private readonly cipher: DataCipher;

  constructor(key: Buffer) {
    this.cipher = new DataCipher(key);
  }

  encrypt(plain: string, applicationId: string): string {
    return this.cipher.encrypt(plain, `application:${applicationId}`);
  }

  /** Throws when the value was not made by this key for this application (tampered, moved or foreign). */
  decrypt(stored: string, applicationId: string): string {
    return this.cipher.decrypt(stored, `application:${applicationId}`);
  }
}
