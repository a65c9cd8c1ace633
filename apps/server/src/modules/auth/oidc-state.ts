import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { deriveKey } from '../../platform/crypto.js';

export const OIDC_PROVIDERS = ['google', 'microsoft'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number];

export const OIDC_STATE_COOKIE = 'parley_oidc';
/** How long a user has at the provider between "Continue with …" and the callback. */
export const OIDC_STATE_TTL_MS = 10 * 60_000;

const payloadSchema = z.object({
  provider: z.enum(OIDC_PROVIDERS),
  codeVerifier: z.string().min(43),
  state: z.string().min(1),
  nonce: z.string().min(1),
  returnTo: z.string().optional(),
  expiresAt: z.number(),
});

/** What the browser carries from the start of a sign-in to its callback. */
export type OidcFlowState = z.infer<typeof payloadSchema>;

export type OpenResult =
  { ok: true; flow: OidcFlowState } | { ok: false; reason: 'invalid' | 'expired' };

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The cookie is encrypted (AES-256-GCM), not only signed: the PKCE verifier and nonce must
 * stay secret from anything that can read the browser's cookies or logs in between, and
 * GCM's tag also makes any change to it detectable.
 */
export function createOidcStateSealer(appSecret: string) {
  const key = deriveKey(appSecret, 'oidc-state-cookie');
  const aad = Buffer.from(OIDC_STATE_COOKIE);

  return {
    seal(flow: OidcFlowState): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad);
      const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },

    /**
     * The expiry inside the payload is what counts: a cookie's max-age is only a request
     * to the browser, and an old cookie copied elsewhere must not work either.
     */
    open(value: string | undefined, now: number): OpenResult {
      if (!value) return { ok: false, reason: 'expired' };
      const raw = Buffer.from(value, 'base64url');
      if (raw.length <= IV_BYTES + TAG_BYTES) return { ok: false, reason: 'invalid' };
      let text: string;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(aad);
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        text = Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return { ok: false, reason: 'invalid' };
      }
      const parsed = payloadSchema.safeParse(json);
      if (!parsed.success) return { ok: false, reason: 'invalid' };
      if (parsed.data.expiresAt <= now) return { ok: false, reason: 'expired' };
      return { ok: true, flow: parsed.data };
    },
  };
}

/**
 * Only same-site paths are kept as a place to return to, so the sign-in cannot be used to
 * send someone to another site (`//evil.example` and `/\evil.example` are both off-site).
 */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 512) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined;
  // Control characters are never needed in a path and could confuse URL parsers.
  for (const ch of value)
    if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return undefined;
  return value;
}
