import * as client from 'openid-client';
import { z } from 'zod';
import type { OidcClientConfig } from '../../config.js';
import type { OidcProviderName } from './oidc-state.js';

export const PROVIDER_LABEL: Record<OidcProviderName, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
};

/** Short enough that a user clicking "Continue with …" is not left waiting on a dead IdP. */
const DISCOVERY_TIMEOUT_SECONDS = 10;

export interface OidcDiscovery {
  /** The provider's metadata and our client, fetched once per process. */
  get(provider: OidcProviderName): Promise<client.Configuration>;
}

/**
 * Discovery runs on first use, not at start-up, so the server starts while an IdP is down.
 * A success is kept for the life of the process; a failure is forgotten so the next click
 * tries again instead of repeating a cached error.
 */
export function createOidcDiscovery(
  clients: Partial<Record<OidcProviderName, OidcClientConfig>>,
  allowHttp: boolean,
): OidcDiscovery {
  const cache = new Map<OidcProviderName, Promise<client.Configuration>>();
  return {
    get(provider) {
      const cached = cache.get(provider);
      if (cached) return cached;
      const settings = clients[provider];
      if (!settings) return Promise.reject(new Error(`${provider} is not configured`));
      const pending = client
        .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
          // Plain-http issuers exist only in development and tests (OIDC_ALLOW_HTTP=true).
          execute: allowHttp ? [client.allowInsecureRequests] : [],
          timeout: DISCOVERY_TIMEOUT_SECONDS,
        })
        .catch((err: unknown) => {
          cache.delete(provider);
          throw err;
        });
      cache.set(provider, pending);
      return pending;
    },
  };
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email());

function asEmail(value: unknown): string | null {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The address the provider vouches for, or null. An explicit `email_verified: false` is
 * refused (some IdPs send it as a string). Microsoft omits `email_verified` and often
 * `email` itself for work accounts, where the sign-in name (`preferred_username`, the UPN)
 * is the address.
 */
export function verifiedEmail(
  provider: OidcProviderName,
  claims: Record<string, unknown>,
): string | null {
  const verified = claims.email_verified;
  if (verified === false || verified === 'false') return null;
  const email = asEmail(claims.email);
  if (email) return email;
  return provider === 'microsoft' ? asEmail(claims.preferred_username) : null;
}

/**
 * Claims from the ID token, completed from the UserInfo endpoint when the token carries
 * no address: providers may keep scope claims out of the ID token when an access token
 * is issued (oidc-provider does so by default, Microsoft does for some accounts).
 */
export async function identityClaims(
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<Record<string, unknown>> {
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('the provider returned no ID token');
  const claims: Record<string, unknown> = { ...idClaims };
  const hasAddress =
    typeof claims.email === 'string' || typeof claims.preferred_username === 'string';
  if (hasAddress || !config.serverMetadata().userinfo_endpoint) return claims;
  const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
  return { ...claims, ...info };
}
