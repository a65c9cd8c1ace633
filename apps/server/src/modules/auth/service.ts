import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  OTP_MAX_WRONG_TRIES,
  OTP_TTL_MINUTES,
  POSITIONS,
  type AuthProvider,
  type AuthSuccess,
} from '@parley/contracts';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import {
  deriveKey,
  hmacHex,
  randomToken,
  safeEqualHex,
  sha256Hex,
  sixDigitCode,
} from '../../platform/crypto.js';
import { conflict, notFound, tooManyRequests, unauthorized } from '../../platform/errors.js';
import type { Mailer, MailMessage } from '../../platform/mail.js';
import type { TokenService } from '../../platform/tokens.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { UsersService } from '../users/index.js';
import type { AuthRepo, CodePurpose } from './repo.js';
import { codeMail, noAccountMail } from './code-mail.js';
import { createRefreshTokens } from './refresh-tokens.js';
import type { Caller } from '../../platform/http/caller.js';
import type { AccessCache } from '../../platform/access-cache.js';

export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

export interface SignupRequest {
  email: string;
  firstName: string;
  lastName: string;
  accountType: 'team' | 'individual';
  organizationName?: string;
}

const signupPayload = z.object({
  firstName: z.string(),
  lastName: z.string(),
  accountType: z.enum(['team', 'individual']),
  organizationName: z.string().optional(),
});

/** What a sign-in hands back: the body for the client and the cookie for the browser. */
export interface SessionGrant {
  body: AuthSuccess;
  sessionId: string;
  /** null: keep the browser's cookie (a racing refresh already set the newest one). */
  refreshCookie: string | null;
}

export const AUTH_TEXT = {
  noAccount: 'No account uses this e-mail. Check the address or sign up.',
  accountExists: 'An account with this e-mail already exists. Sign in instead.',
  tooManyCodes: (minutes: number) =>
    `Too many codes requested for this address. You can request a new one in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  noCode: 'There is no valid code for this address. Please request a new one.',
  expired: 'This code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new code.',
  wrongCode: (left: number) =>
    `That code is not right. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  sessionMissing: 'Please log in again',
  codeRequested: (email: string) => `If an account uses ${email}, we sent a six-digit code to it.`,
} as const;

export interface AuthServiceDeps {
  config: AppConfig;
  repo: AuthRepo;
  users: UsersService;
  organizations: OrganizationsService;
  mailer: Mailer;
  tokens: TokenService;
  now: () => Date;
  /** The session and access of a caller, kept for a few seconds (platform/access-cache.ts). */
  access: AccessCache;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { config, repo, users, organizations, mailer, tokens, now } = deps;
  const codeKey = deriveKey(config.appSecret, 'one-time-code');
  const sessionTtlMs = config.env.SESSION_TTL_DAYS * 24 * 3600 * 1000;
  const refreshTokens = createRefreshTokens(repo, now, sessionTtlMs);
  const hashCode = (email: string, purpose: CodePurpose, code: string) =>
    hmacHex(codeKey, `${purpose}:${email}:${code}`);

  /**
   * Rate-limits, stores a code and mails it. `deliver: false` (an address without an account)
   * does the same database work with a code nobody receives and mails `instead`.
   */
  async function sendCode(
    email: string,
    purpose: CodePurpose,
    ip: string,
    opts: { payload?: unknown; instead?: MailMessage } = {},
  ) {
    const at = now();
    const windowStart = new Date(at.getTime() - config.env.AUTH_RATE_WINDOW_MINUTES * 60_000);
    const asked = await repo.codesRequestedSince(email, windowStart);
    if (asked.count >= config.env.AUTH_CODE_REQUESTS_PER_ADDRESS) {
      // The window frees a request when its first one falls out of it.
      const freedAt = (asked.first ?? at).getTime() + config.env.AUTH_RATE_WINDOW_MINUTES * 60_000;
      const seconds = Math.max(1, Math.ceil((freedAt - at.getTime()) / 1000));
      throw tooManyRequests(AUTH_TEXT.tooManyCodes(Math.ceil(seconds / 60)), seconds);
    }
    const code = sixDigitCode();
    await repo.issueCode({
      email,
      purpose,
      codeHash: hashCode(email, purpose, code),
      expiresAt: new Date(at.getTime() + OTP_TTL_MINUTES * 60_000),
      payload: opts.payload,
      requestIp: ip,
      now: at,
    });
    await mailer.send(opts.instead ?? codeMail(email, code, purpose));
  }

  /** Checks a code and uses it up; every failure says what the user can do next. */
  async function consumeCode(email: string, purpose: CodePurpose, code: string) {
    const row = await repo.latestOpenCode(email, purpose);
    if (!row) throw unauthorized(AUTH_TEXT.noCode);
    if (row.expiresAt.getTime() <= now().getTime()) throw unauthorized(AUTH_TEXT.expired);
    if (row.attempts >= OTP_MAX_WRONG_TRIES) throw unauthorized(AUTH_TEXT.tooManyTries);
    if (!safeEqualHex(row.codeHash, hashCode(email, purpose, code))) {
      const tries = await repo.countWrongTry(row.id, OTP_MAX_WRONG_TRIES);
      const left = OTP_MAX_WRONG_TRIES - (tries ?? OTP_MAX_WRONG_TRIES);
      throw unauthorized(left > 0 ? AUTH_TEXT.wrongCode(left) : AUTH_TEXT.tooManyTries);
    }
    if (!(await repo.consumeCode(row.id, now()))) throw unauthorized(AUTH_TEXT.noCode);
    return row;
  }

  async function grant(
    userId: string,
    sessionId: string,
    refreshCookie: string | null,
    provider: AuthProvider,
  ): Promise<SessionGrant> {
    const user = await users.sessionUser(userId);
    const accessToken = await tokens.sign({
      userId,
      sessionId,
      organizationId: user.organizationId,
      role: user.role,
    });
    return {
      body: { accessToken, user, authProvider: provider },
      sessionId,
      refreshCookie,
    };
  }

  async function startSession(userId: string, provider: AuthProvider, meta: ClientMeta) {
    const at = now();
    const token = randomToken();
    const session = await repo.replaceSession({
      id: randomUUID(),
      userId,
      refreshTokenHash: sha256Hex(token),
      provider,
      ip: meta.ip,
      userAgent: meta.userAgent,
      now: at,
      expiresAt: new Date(at.getTime() + sessionTtlMs),
    });
    return grant(userId, session.id, `${session.id}.${token}`, provider);
  }

  return {
    /**
     * Same answer, same work (lookup, rate limit, stored code, one e-mail) for every address,
     * so it tells nobody who has an account; the plan is for signed-in users (verify, /auth/me).
     */
    async requestSignin(email: string, meta: ClientMeta): Promise<{ message: string }> {
      const user = await users.byEmail(email);
      const known = user?.status === 'active';
      await sendCode(email, 'signin', meta.ip, {
        instead: known ? undefined : noAccountMail(email, `${config.publicUrl}/signup`),
      });
      return { message: AUTH_TEXT.codeRequested(email) };
    },

    async verifySignin(email: string, code: string, meta: ClientMeta): Promise<SessionGrant> {
      await consumeCode(email, 'signin', code);
      const user = await users.byEmail(email);
      if (!user || user.status !== 'active') throw unauthorized(AUTH_TEXT.noAccount);
      return startSession(user.id, 'plain', meta);
    },

    async requestSignup(req: SignupRequest, meta: ClientMeta): Promise<{ message: string }> {
      if (await users.byEmail(req.email)) throw conflict(AUTH_TEXT.accountExists);
      const { email, ...payload } = req;
      await sendCode(email, 'signup', meta.ip, { payload });
      return { message: `We sent a six-digit code to ${email}.` };
    },

    async verifySignup(email: string, code: string, meta: ClientMeta): Promise<SessionGrant> {
      const row = await consumeCode(email, 'signup', code);
      if (await users.byEmail(email)) throw conflict(AUTH_TEXT.accountExists);
      const details = signupPayload.parse(row.payload);
      const individual = details.accountType === 'individual';
      const org = individual
        ? await organizations.talentPool()
        : await organizations.createTeam(
            details.organizationName?.trim() || `${details.firstName}'s team`,
          );
      const user = await users.create({
        organizationId: org.id,
        email,
        firstName: details.firstName,
        lastName: details.lastName,
        role: individual ? 'talentPoolUser' : 'poc',
        position: individual ? POSITIONS.b2cUser : null,
      });
      return startSession(user.id, 'plain', meta);
    },

    /** Single sign-on lands here once the provider vouched for the address. */
    async signInVerifiedEmail(email: string, provider: AuthProvider, meta: ClientMeta) {
      const user = await users.byEmail(email);
      if (!user || user.status !== 'active') throw notFound(AUTH_TEXT.noAccount);
      return startSession(user.id, provider, meta);
    },

    /** A new access token and a rotated refresh cookie; a reused old cookie ends the session. */
    async refresh(userId: string, cookie: string | undefined): Promise<SessionGrant> {
      const found = await refreshTokens.live(cookie);
      if (!found || found.session.userId !== userId) throw unauthorized(AUTH_TEXT.sessionMissing);
      const rotation = await refreshTokens.rotate(found, cookie);
      if (rotation === 'revoked') throw unauthorized(AUTH_TEXT.sessionMissing);
      return grant(userId, found.session.id, rotation.cookie, found.session.provider);
    },

    /**
     * Ends the session of the cookie (current or retired token: either proves it) and of the
     * bearer token; with a userId, only the cookie's session of that user.
     */
    async endSession(
      cookie: string | undefined,
      opts: { userId?: string; bearer?: Caller | null } = {},
    ): Promise<void> {
      const found = await refreshTokens.find(cookie);
      if (found && opts.userId && found.session.userId !== opts.userId) {
        throw unauthorized(AUTH_TEXT.sessionMissing);
      }
      if (found) await repo.deleteSession(found.session.id);
      if (opts.bearer?.sessionId) await repo.deleteSession(opts.bearer.sessionId);
    },

    async checkSession(email: string, cookie: string | undefined): Promise<{ active: true }> {
      const found = await refreshTokens.live(cookie);
      const user = found ? await users.byId(found.session.userId) : null;
      if (!user || user.email !== email) throw unauthorized(MESSAGES.sessionEnded);
      return { active: true };
    },

    /** Bearer check for every protected route: a valid token of a session that still exists. */
    async authenticate(bearer: string | undefined): Promise<Caller | null> {
      if (!bearer) return null;
      const claims = await tokens.verify(bearer);
      if (!claims) return null;
      // The session, and the role and permissions as they stand now (not as they were when
      // the token was signed), in one read.
      const { found: access } = await deps.access.read(
        'session',
        claims.userId,
        async () => ({
          sessionId: claims.sessionId,
          found: await users.accessInSession(claims.userId, claims.sessionId),
        }),
        // The user's one session is another than the token's: read whether the token's is live.
        (cached) => cached.sessionId === claims.sessionId,
      );
      if (!access) return null;
      if (access.sessionExpiresAt.getTime() <= now().getTime()) return null;
      return {
        ...claims,
        role: access.role,
        organizationId: access.organizationId,
        permissions: access.permissions,
      };
    },

    sessionTtlMs,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
