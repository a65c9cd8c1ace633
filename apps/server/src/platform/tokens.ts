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

/** Issue and expiry follow the app's clock (`now`), the same one sessions and codes use. */
export function createTokenService(
  appSecret: string,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
): TokenService {
  const key = deriveKey(appSecret, 'access-token');
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
        return {
          userId: payload.sub,
          sessionId: payload.sid,
          organizationId: payload.org,
          role: payload.role as Role,
        };
      } catch {
        return null;
      }
    },
  };
}
