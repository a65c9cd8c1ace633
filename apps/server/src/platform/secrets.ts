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
  /** Always under the current APP_SECRET. */
  seal(value: unknown, context?: string): string;
  /**
   * The JSON value sealed, under the current APP_SECRET or a previous one still listed
   * (APP_SECRET_PREVIOUS, during a rotation); throws SecretOpenError if it was altered or sealed
   * under a key no longer known.
   */
  open(sealed: string, context?: string): unknown;
  /** The same value sealed again under the current key (rotate-secrets). */
  reseal(sealed: string, context?: string): string;
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

/**
 * `previous` are the secrets a rotation moves away from: values sealed under them still open,
 * nothing new is sealed with them, and `npm run rotate-secrets` re-seals every stored value so
 * they can then be dropped.
 */
export function createSecretBox(appSecret: string, previous: readonly string[] = []): SecretBox {
  const key = deriveKey(appSecret, KEY_PURPOSE);
  const keys = [key, ...previous.map((s) => deriveKey(s, KEY_PURPOSE))];
  const box: SecretBox = {
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
      const body = Buffer.from(bodyText, 'base64url');
      for (const k of keys) {
        const plain = tryOpen(k, iv, tag, body, context);
        if (plain) return JSON.parse(plain.toString('utf8')) as unknown;
      }
      // GCM's tag check: tampering, another key or another context all end here.
      throw new SecretOpenError('authentication failed');
    },
    reseal(sealed, context = '') {
      return box.seal(box.open(sealed, context), context);
    },
  };
  return box;
}

function tryOpen(key: Buffer, iv: Buffer, tag: Buffer, body: Buffer, context: string) {
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    return null;
  }
}
