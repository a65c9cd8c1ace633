import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomToken } from '../crypto.js';
import { badRequest, notFound } from '../errors.js';
import type { SecretBox } from '../secrets.js';
import type { Caller } from './caller.js';

/**
 * The OAuth 2 authorisation-code connect flow an organisation or a user goes through to link
 * an outside account (a CRM, a calendar): Connect returns the provider's consent URL and a
 * sealed flow the browser keeps in a cookie; the provider sends the browser back to a callback
 * that only accepts the state this browser was given, exchanges the code, and redirects to the
 * page the user came from with the outcome. The modules keep their own messages, saving and
 * follow-up work; this is the part that is the same for all of them.
 */

/** How long the user has at the provider between Connect and the callback. */
export const OAUTH_FLOW_TTL_MS = 10 * 60_000;

/** What the provider puts on the callback URL (RFC 6749 §4.1.2); each bounded. */
export const oauthCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof oauthCallbackQuery>;

export type ConnectOutcome = { ok: true } | { ok: false; message: string };

/** Who started connecting, and the state the callback must bring back. */
export interface OAuthFlow<P extends string> {
  provider: P;
  organizationId: string;
  userId: string;
  state: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** The part of a provider's client the flow uses. */
export interface OAuthCodeClient<T> {
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<T>;
}

/** The texts users read, in the module's own words. */
export interface OAuthConnectMessages<P extends string> {
  /** The user said no at the provider (`error=access_denied`). */
  cancelled(p: P): string;
  /** Any other refusal, a state or provider that does not match, a failed exchange or save. */
  failed(p: P): string;
  /** No flow cookie, one that does not open, or one older than the TTL. */
  expired(p: P): string;
  /** This server has no client id and secret for the provider. */
  notConfigured(p: P): string;
}

export interface OAuthConnectDeps<P extends string, C extends OAuthCodeClient<unknown>> {
  /** The providers the module knows; a sealed flow naming another one does not open. */
  providerSchema: z.ZodType<P>;
  /** The providers this server can connect (client id and secret configured). */
  clients: Partial<Record<P, C>>;
  secrets: SecretBox;
  /** Binds the sealed flow to its purpose: a sealed credential does not open as a flow. */
  sealContext: string;
  /** Where the provider sends the browser back to (PUBLIC_URL + API prefix + callback path). */
  redirectUri: (p: P) => string;
  messages: OAuthConnectMessages<P>;
  /** Starts the log lines ("CRM", "calendar"). */
  logLabel: string;
  log: { warn(obj: object, msg: string): void };
  /** Epoch ms; tests move it past the TTL. */
  clock?: () => number;
}

type TokensOf<C> = C extends OAuthCodeClient<infer T> ? T : never;

/** What the module's `save` is given once the callback's checks passed and the code is exchanged. */
export interface ExchangedConnect<P extends string, C> {
  flow: OAuthFlow<P>;
  client: C;
  tokens: TokensOf<C>;
}

export function createOAuthConnect<P extends string, C extends OAuthCodeClient<unknown>>(
  deps: OAuthConnectDeps<P, C>,
) {
  const { secrets, sealContext, messages: M, log } = deps;
  const clock = deps.clock ?? Date.now;
  const flowSchema = z.object({
    provider: deps.providerSchema,
    organizationId: z.string(),
    userId: z.string(),
    state: z.string().min(16),
    expiresAt: z.number(),
  });

  function clientOf(p: P): C {
    const client = deps.clients[p];
    if (!client) throw badRequest(M.notConfigured(p));
    return client;
  }

  return {
    /**
     * The provider's authorisation URL and the sealed flow the browser keeps in a cookie until
     * the callback.
     */
    start(caller: Caller, p: P): { url: string; flow: string } {
      const client = clientOf(p);
      const flow: OAuthFlow<P> = {
        provider: p,
        organizationId: caller.organizationId,
        userId: caller.userId,
        state: randomToken(24),
        expiresAt: clock() + OAUTH_FLOW_TTL_MS,
      };
      return {
        url: client.authorizeUrl({ state: flow.state, redirectUri: deps.redirectUri(p) }),
        flow: secrets.seal(flow, sealContext),
      };
    },

    /**
     * The callback's checks, then the code exchange and the module's `save`; a failed exchange
     * or save is logged and told as `failed`. On success the flow comes back for follow-up work
     * (a first sync or import) that the module does outside this net.
     */
    async complete<R>(
      p: P,
      sealedFlow: string | undefined,
      query: OAuthCallbackQuery,
      save: (done: ExchangedConnect<P, C>) => Promise<R>,
    ): Promise<{ ok: true; flow: OAuthFlow<P>; saved: R } | { ok: false; message: string }> {
      if (query.error === 'access_denied') return { ok: false, message: M.cancelled(p) };
      if (query.error) {
        log.warn({ provider: p, error: query.error }, `${deps.logLabel} authorisation refused`);
        return { ok: false, message: M.failed(p) };
      }
      let flow: OAuthFlow<P>;
      try {
        flow = flowSchema.parse(secrets.open(sealedFlow ?? '', sealContext));
      } catch {
        return { ok: false, message: M.expired(p) };
      }
      if (flow.expiresAt <= clock()) return { ok: false, message: M.expired(p) };
      if (flow.provider !== p || !query.state || query.state !== flow.state || !query.code) {
        return { ok: false, message: M.failed(p) };
      }
      const client = deps.clients[p];
      if (!client) return { ok: false, message: M.notConfigured(p) };
      try {
        const tokens = (await client.exchangeCode({
          code: query.code,
          redirectUri: deps.redirectUri(p),
        })) as TokensOf<C>;
        return { ok: true, flow, saved: await save({ flow, client, tokens }) };
      } catch (err) {
        log.warn({ err, provider: p }, `${deps.logLabel} connection failed`);
        return { ok: false, message: M.failed(p) };
      }
    },
  };
}
export type OAuthConnect<P extends string, C extends OAuthCodeClient<unknown>> = ReturnType<
  typeof createOAuthConnect<P, C>
>;

/**
 * The flow cookie: httpOnly, only sent to the module's own API path (the callback reads it),
 * SameSite=Lax so it still rides on the top-level GET back from the provider, single use.
 */
export function oauthFlowCookie(opts: { name: string; path: string; secure: boolean }) {
  const options = {
    path: opts.path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.secure,
  };
  return {
    name: opts.name,
    set(reply: FastifyReply, sealedFlow: string): void {
      reply.setCookie(opts.name, sealedFlow, { ...options, maxAge: OAUTH_FLOW_TTL_MS / 1000 });
    },
    /** The sealed flow this browser holds; cleared at once, whatever happens next. */
    take(request: FastifyRequest, reply: FastifyReply): string | undefined {
      const sealed = request.cookies[opts.name];
      reply.clearCookie(opts.name, options);
      return sealed;
    },
  };
}
export type OAuthFlowCookie = ReturnType<typeof oauthFlowCookie>;

export interface OAuthCallbackRoute<P extends string> {
  /** With a `:provider` segment, e.g. `/crm/:provider/callback`. */
  url: string;
  summary: string;
  tags: string[];
  providers: readonly P[];
  cookie: OAuthFlowCookie;
  complete(
    p: P,
    sealedFlow: string | undefined,
    query: OAuthCallbackQuery,
  ): Promise<ConnectOutcome>;
  /**
   * The page to go back to: `publicUrl + page` with `?<param>=<provider>` and
   * `<param>Result=connected` or `<param>Error=<message>`.
   */
  back: { publicUrl: string; page: string; param: string };
}

/** Where the callback sends the browser: every outcome is a redirect to the return page. */
export function oauthReturnUrl(
  back: OAuthCallbackRoute<string>['back'],
  provider: string,
  outcome: ConnectOutcome,
): string {
  const params = new URLSearchParams({
    [back.param]: provider,
    ...(outcome.ok
      ? { [`${back.param}Result`]: 'connected' }
      : { [`${back.param}Error`]: outcome.message }),
  });
  return `${back.publicUrl}${back.page}?${params.toString()}`;
}

/**
 * The callback: a browser navigation back from the provider, so apart from an unknown
 * provider (404) every outcome is a redirect to the return page.
 */
export function registerOAuthCallback<P extends string>(
  app: FastifyInstance,
  route: OAuthCallbackRoute<P>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    route.url,
    {
      schema: {
        summary: route.summary,
        tags: route.tags,
        params: z.object({ provider: z.string() }),
        querystring: oauthCallbackQuery,
      },
    },
    async (request, reply) => {
      const p = route.providers.find((x) => x === request.params.provider);
      if (!p) throw notFound();
      const sealed = route.cookie.take(request, reply);
      const outcome = await route.complete(p, sealed, request.query);
      return reply.redirect(oauthReturnUrl(route.back, p, outcome), 302);
    },
  );
}
