import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { z } from 'zod';
import { API_PREFIX } from '@parley/contracts';
import { cookiesSecure, type AppConfig } from '../../config.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { AuthService, SessionGrant } from './service.js';
import {
  PROVIDER_LABEL,
  createOidcDiscovery,
  identityClaims,
  verifiedEmail,
} from './oidc-client.js';
import {
  OIDC_PROVIDERS,
  OIDC_STATE_COOKIE,
  OIDC_STATE_TTL_MS,
  createOidcStateSealer,
  safeReturnTo,
  type OidcProviderName,
} from './oidc-state.js';

const SCOPE = 'openid email profile';

/** What the sign-in page shows; each says what the user can do next. */
export const OIDC_TEXT = {
  unavailable: (p: string) =>
    `${p} sign-in is unavailable right now. Please try again in a few minutes or sign in with an e-mail code.`,
  cancelled: (p: string) => `${p} sign-in was canceled. Try again or sign in with an e-mail code.`,
  expired: (p: string) =>
    `Your ${p} sign-in took too long or was started in another browser. Please try again.`,
  invalid: (p: string) => `This ${p} sign-in could not be verified. Please start again.`,
  noEmail: (p: string) =>
    `${p} did not share a verified e-mail address with Parley. Sign in with an e-mail code instead.`,
  noAccount: (p: string, email: string) =>
    `No Parley account uses ${email}. Check that you chose the right ${p} account, or sign up.`,
  failed: (p: string) => `${p} sign-in failed. Please try again or sign in with an e-mail code.`,
  notConfigured: 'This sign-in provider is not available on this server.',
} as const;

const providerParams = z.object({ provider: z.string() });

function queryParam(query: unknown, name: string): string | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const value = (query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Google and Microsoft sign-in through OpenID Connect: authorization code flow with PKCE,
 * state and nonce. These are browser navigations, so apart from an unknown provider (404)
 * every outcome is a redirect to the web app's sign-in page, never a JSON or error page.
 */
export async function registerOidcRoutes(
  app: FastifyInstance,
  auth: AuthService,
  config: AppConfig,
  setSession: (reply: FastifyReply, request: FastifyRequest, grant: SessionGrant) => unknown,
): Promise<void> {
  const sealer = createOidcStateSealer(config.appSecret);
  const discovery = createOidcDiscovery(
    { google: config.oidc.google, microsoft: config.oidc.microsoft },
    config.oidc.allowHttp,
  );
  const cookieOptions = {
    // Only the start and callback routes need to see the flow cookie.
    path: `${API_PREFIX}/auth/oidc`,
    httpOnly: true,
    // Lax still sends it on the top-level GET redirect back from the provider.
    sameSite: 'lax' as const,
    secure: cookiesSecure(config),
  };
  // Built from PUBLIC_URL, not the request, so it matches what is registered at the IdP
  // whatever Host header a proxy passes on.
  const redirectUri = (provider: OidcProviderName) =>
    `${config.publicUrl}${API_PREFIX}/auth/oidc/${provider}/callback`;

  const toSignin = (reply: FastifyReply, params: Record<string, string>) => {
    const query = Object.entries(params)
      .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
      .join('&');
    return reply.redirect(`${config.publicUrl}/signin?${query}`, 302);
  };

  function configured(name: string): OidcProviderName {
    const provider = OIDC_PROVIDERS.find((p) => p === name);
    if (!provider || !config.oidc[provider]) throw notFound(OIDC_TEXT.notConfigured);
    return provider;
  }

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/auth/oidc/:provider/start',
    {
      schema: {
        summary:
          'Start Google or Microsoft sign-in (browser navigation; redirects to the provider)',
        tags: ['auth'],
        params: providerParams,
      },
    },
    async (request, reply) => {
      const provider = configured(request.params.provider);
      const label = PROVIDER_LABEL[provider];
      let oidc: client.Configuration;
      try {
        oidc = await discovery.get(provider);
      } catch (err) {
        request.log.warn({ err, provider }, 'OpenID Connect discovery failed');
        return toSignin(reply, { ssoError: OIDC_TEXT.unavailable(label) });
      }
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(oidc, {
        redirect_uri: redirectUri(provider),
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const sealed = sealer.seal({
        provider,
        codeVerifier,
        state,
        nonce,
        returnTo: safeReturnTo(queryParam(request.query, 'returnTo')),
        expiresAt: Date.now() + OIDC_STATE_TTL_MS,
      });
      reply.setCookie(OIDC_STATE_COOKIE, sealed, {
        ...cookieOptions,
        maxAge: OIDC_STATE_TTL_MS / 1000,
      });
      return reply.redirect(url.href, 302);
    },
  );

  routes.get(
    '/auth/oidc/:provider/callback',
    {
      schema: {
        summary: 'Finish Google or Microsoft sign-in (redirects to /signin?sso=… or ?ssoError=…)',
        tags: ['auth'],
        params: providerParams,
      },
    },
    async (request, reply) => {
      const provider = configured(request.params.provider);
      const label = PROVIDER_LABEL[provider];
      const fail = (message: string, err?: unknown) => {
        if (err) request.log.warn({ err, provider }, 'single sign-on failed');
        return toSignin(reply, { ssoError: message });
      };

      const opened = sealer.open(request.cookies[OIDC_STATE_COOKIE], Date.now());
      // The flow cookie is single-use whatever happens next.
      reply.clearCookie(OIDC_STATE_COOKIE, cookieOptions);

      const idpError = queryParam(request.query, 'error');
      if (idpError === 'access_denied') return fail(OIDC_TEXT.cancelled(label));
      if (idpError) {
        const description = queryParam(request.query, 'error_description');
        return fail(OIDC_TEXT.failed(label), { error: idpError, description });
      }
      if (!opened.ok) {
        return fail(
          opened.reason === 'expired' ? OIDC_TEXT.expired(label) : OIDC_TEXT.invalid(label),
        );
      }
      const { flow } = opened;
      // openid-client checks state too; checking here first gives the clearer message.
      if (flow.provider !== provider || queryParam(request.query, 'state') !== flow.state) {
        return fail(OIDC_TEXT.invalid(label));
      }

      let oidc: client.Configuration;
      try {
        oidc = await discovery.get(provider);
      } catch (err) {
        return fail(OIDC_TEXT.unavailable(label), err);
      }

      // The token request must repeat the redirect_uri exactly; openid-client takes it from
      // this URL minus its query, so rebuild it from PUBLIC_URL with the raw query attached.
      const currentUrl = new URL(redirectUri(provider));
      const rawQuery = request.url.indexOf('?');
      currentUrl.search = rawQuery >= 0 ? request.url.slice(rawQuery) : '';

      let email: string | null;
      try {
        const tokens = await client.authorizationCodeGrant(oidc, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        email = verifiedEmail(provider, await identityClaims(oidc, tokens));
      } catch (err) {
        return fail(OIDC_TEXT.failed(label), err);
      }
      if (!email) return fail(OIDC_TEXT.noEmail(label));

      let grant: SessionGrant;
      try {
        grant = await auth.signInVerifiedEmail(email, provider, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) {
          return fail(OIDC_TEXT.noAccount(label, email));
        }
        if (err instanceof AppError && err.statusCode < 500) return fail(err.message);
        request.log.error({ err, provider }, 'single sign-on could not start a session');
        return fail(OIDC_TEXT.failed(label));
      }
      setSession(reply, request, grant);
      return toSignin(reply, {
        sso: provider,
        userId: grant.body.user.id,
        ...(flow.returnTo ? { returnTo: flow.returnTo } : {}),
      });
    },
  );
}
