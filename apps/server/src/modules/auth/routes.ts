import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX, MESSAGES, authRoutes } from '@parley/contracts';
import { cookiesSecure, type AppConfig } from '../../config.js';
import { registerRoute } from '../../platform/http/route.js';
import type { AuthService, ClientMeta, SessionGrant } from './service.js';

export const REFRESH_COOKIE = 'parley_refresh';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService, config: AppConfig) {
  const cookiePath = `${API_PREFIX}/auth`;
  const secure = cookiesSecure(config);
  const rateLimit = {
    max: config.env.AUTH_REQUESTS_PER_IP,
    timeWindow: config.env.AUTH_RATE_WINDOW_MINUTES * 60_000,
  };

  const meta = (request: FastifyRequest): ClientMeta => ({
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const cookieOf = (request: FastifyRequest) => request.cookies[REFRESH_COOKIE];

  function setSession(reply: FastifyReply, request: FastifyRequest, grant: SessionGrant) {
    if (grant.refreshCookie) {
      reply.setCookie(REFRESH_COOKIE, grant.refreshCookie, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: Math.floor(auth.sessionTtlMs / 1000),
      });
    }
    // Sign-ins are recorded in the activity log like authenticated calls.
    request.auth = {
      userId: grant.body.user.id,
      organizationId: grant.body.user.organizationId,
      role: grant.body.user.role,
      permissions: grant.body.user.permissions,
      sessionId: grant.sessionId,
    };
    return grant.body;
  }
  const clearSession = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: cookiePath,
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    return auth.authenticate(bearer);
  });

  registerRoute(
    app,
    authRoutes.requestSignin,
    ({ body, request }) => auth.requestSignin(body.email, meta(request)),
    { rateLimit },
  );
  registerRoute(
    app,
    authRoutes.requestSignup,
    ({ body, request }) => auth.requestSignup(body, meta(request)),
    { rateLimit },
  );
  // Both code checks (sign-in, sign-up) take the same body and answer with the session opened.
  const verifyCode =
    (verify: AuthService['verifySignin']) =>
    async (call: {
      body: { email: string; code: string };
      request: FastifyRequest;
      reply: FastifyReply;
    }) =>
      setSession(
        call.reply,
        call.request,
        await verify(call.body.email, call.body.code, meta(call.request)),
      );
  registerRoute(app, authRoutes.verifySignin, verifyCode(auth.verifySignin), { rateLimit });
  registerRoute(app, authRoutes.verifySignup, verifyCode(auth.verifySignup), { rateLimit });
  registerRoute(app, authRoutes.refreshCredentials, async ({ body, request, reply }) =>
    setSession(reply, request, await auth.refresh(body.userId, cookieOf(request))),
  );
  registerRoute(app, authRoutes.revokeCredentials, async ({ body, request, reply }) => {
    await auth.endSession(cookieOf(request), { userId: body.userId });
    clearSession(reply);
    return { message: 'Credentials revoked' };
  });
  for (const route of [
    authRoutes.removeSession,
    authRoutes.removeGoogleSession,
    authRoutes.removeMicrosoftSession,
    authRoutes.logout,
  ]) {
    registerRoute(app, route, async ({ request, reply }) => {
      // Logging out ends the bearer token's session too: an API client may have no cookie.
      const bearer = await app.authenticate(request);
      if (bearer) request.auth = bearer;
      await auth.endSession(cookieOf(request), { bearer });
      clearSession(reply);
      return { message: MESSAGES.loggedOut };
    });
  }
  registerRoute(app, authRoutes.checkSession, ({ body, request }) =>
    auth.checkSession(body.email, cookieOf(request)),
  );
  registerRoute(app, authRoutes.providers, async () => ({
    google: Boolean(config.oidc.google),
    microsoft: Boolean(config.oidc.microsoft),
  }));

  return { setSession };
}
