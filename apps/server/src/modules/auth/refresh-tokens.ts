import { z } from 'zod';
import { randomToken, safeEqualHex, sha256Hex } from '../../platform/crypto.js';
import type { AuthRepo } from './repo.js';

/**
 * How long a refresh token that was just rotated away still gets an access token (never a
 * new refresh token). Two tabs, or a reload racing a refresh, can send the same cookie before
 * the first answer has replaced it in the browser; without this they would end the session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

type Session = NonNullable<Awaited<ReturnType<AuthRepo['sessionById']>>>;

/** A refresh cookie matched to its live session: its token is the current one or a retired one. */
export interface CookieSession {
  session: Session;
  tokenHash: string;
  /** When the session rotated away from this token; null for its current token. */
  retiredAt: Date | null;
}

/** A rotation's outcome: the new cookie value, or null when a racing refresh already rotated. */
export type Rotation = { cookie: string | null } | 'revoked';

/**
 * Refresh cookies are `sessionId.token`; the database keeps hashes only. Every refresh
 * rotates the token; presenting a retired one after the grace ends the session.
 */
export function createRefreshTokens(repo: AuthRepo, now: () => Date, sessionTtlMs: number) {
  async function find(cookie: string | undefined): Promise<CookieSession | null> {
    if (!cookie) return null;
    const dot = cookie.indexOf('.');
    if (dot <= 0) return null;
    const id = cookie.slice(0, dot);
    if (!z.uuid().safeParse(id).success) return null;
    const session = await repo.sessionById(id);
    if (!session || session.expiresAt.getTime() <= now().getTime()) return null;
    const tokenHash = sha256Hex(cookie.slice(dot + 1));
    if (safeEqualHex(session.refreshTokenHash, tokenHash)) {
      return { session, tokenHash, retiredAt: null };
    }
    // Anything else is a forgery unless this session really issued it once.
    const retiredAt = await repo.retiredAt(session.id, tokenHash);
    return retiredAt ? { session, tokenHash, retiredAt } : null;
  }

  /** A retired token past the grace: someone else has a copy, so the whole session ends. */
  async function revokeIfReused(found: CookieSession): Promise<boolean> {
    if (!found.retiredAt) return false;
    if (now().getTime() - found.retiredAt.getTime() <= REFRESH_REUSE_GRACE_MS) return false;
    await repo.deleteSession(found.session.id);
    return true;
  }

  /** The cookie's live session; a reused retired token ends it and answers null. */
  async function live(cookie: string | undefined): Promise<CookieSession | null> {
    const found = await find(cookie);
    if (!found || (await revokeIfReused(found))) return null;
    return found;
  }

  return {
    live,
    /** The cookie's session even through a retired token (logging out needs only proof of it). */
    find,

    /** Replaces a current token with a new one; a token within its grace gets no new one. */
    async rotate(found: CookieSession, cookie: string | undefined): Promise<Rotation> {
      if (found.retiredAt) return { cookie: null };
      const next = randomToken();
      const at = now();
      const rotated = await repo.rotateRefreshToken({
        id: found.session.id,
        fromHash: found.tokenHash,
        toHash: sha256Hex(next),
        now: at,
        expiresAt: new Date(at.getTime() + sessionTtlMs),
      });
      if (rotated) return { cookie: `${found.session.id}.${next}` };
      // A racing refresh with the same cookie won: it is retired now, within its grace.
      const again = await live(cookie);
      return again?.retiredAt ? { cookie: null } : 'revoked';
    },
  };
}
export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
