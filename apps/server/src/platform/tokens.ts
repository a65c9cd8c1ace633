import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@parley/contracts';
import { deriveKey } from './crypto.js';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  organizationId: string;
  role: Role;
}

export interface TokenService {
  sign(claims: AccessClaims): Promise<string>;
  verify(token: string): Promise<AccessClaims | null>;
}

const ISSUER = 'parley';
/** More verified tokens than this and the list starts over (memory stays bounded). */
const VERIFIED_MAX = 10_000;

/**
 * Issue and expiry follow the app's clock (`now`), the same one sessions and codes use.
 * A token verified once is believed for `verifiedMs` more (never past its expiry): a token's
 * claims cannot change, and checking its signature was a twentieth of an authenticated read's
 * time under load (issue 20). Whether its session is still live is checked on every call.
 */
export function createTokenService(
  appSecret: string,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
  verifiedMs = 0,
): TokenService {
  const key = deriveKey(appSecret, 'access-token');
  const verified = new Map<string, { claims: AccessClaims; until: number }>();
  return {
    async sign(c) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: c.sessionId, org: c.organizationId, role: c.role })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(c.userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const at = now().getTime();
      const known = verified.get(token);
      if (known && known.until > at) return known.claims;
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          currentDate: now(),
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.org !== 'string' ||
          typeof payload.role !== 'string'
        ) {
          return null;
        }
        const claims: AccessClaims = {
          userId: payload.sub,
          sessionId: payload.sid,
          organizationId: payload.org,
          role: payload.role as Role,
        };
        if (verifiedMs > 0 && typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_MAX) verified.clear();
          verified.set(token, { claims, until: Math.min(at + verifiedMs, payload.exp * 1000) });
        }
        return claims;
      } catch {
        return null;
      }
    },
  };
}
