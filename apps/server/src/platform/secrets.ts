import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './crypto.js';

/**
 * Seals small JSON values (integration credentials) for storage at rest with AES-256-GCM
 * under a key derived from APP_SECRET. The format carries a version so the algorithm or key
 * derivation can change later without guessing what an old row holds:
 *
 *   v1.<iv>.<tag>.<ciphertext>   (each base64url; 12-byte IV, 16-byte tag)
 *
 * `context` is bound as additional authenticated data (e.g. "<organizationId>:aws"), so a
 * sealed value copied to another organisation's or provider's row does not open there.
 */
export interface SecretBox {
  seal(value: unknown, context?: string): string;
  /** The JSON value sealed; throws SecretOpenError if it was altered or sealed under another key. */
  open(sealed: string, context?: string): unknown;
}

export class SecretOpenError extends Error {
  constructor(reason: string) {
    super(`sealed secret could not be opened: ${reason}`);
    this.name = 'SecretOpenError';
  }
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Changing this purpose string makes every sealed value unreadable: treat it as fixed. */
const KEY_PURPOSE = 'secrets-v1';

export function createSecretBox(appSecret: string): SecretBox {
  const key = deriveKey(appSecret, KEY_PURPOSE);
  return {
    seal(value, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const plain = Buffer.from(JSON.stringify(value), 'utf8');
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context = '') {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretOpenError('unknown format');
      const [, ivText, tagText, bodyText] = parts as [string, string, string, string];
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretOpenError('unknown format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      let plain: Buffer;
      try {
        plain = Buffer.concat([
          decipher.update(Buffer.from(bodyText, 'base64url')),
          decipher.final(),
        ]);
      } catch {
        // GCM's tag check: tampering, another key or another context all end here.
        throw new SecretOpenError('authentication failed');
      }
      return JSON.parse(plain.toString('utf8')) as unknown;
    },
  };
}
