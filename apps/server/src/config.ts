import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { envSchema, type Env } from './config-env.js';

export type { Env };

export interface OidcClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface CrmClientConfig {
  clientId: string;
  clientSecret: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The SDK's host, port and protocol, from STRIPE_API_BASE. */
  api: { host: string; port: number; protocol: 'http' | 'https' };
}

export interface AppConfig {
  env: Env;
  production: boolean;
  /** Fastify's trustProxy: which peers' X-Forwarded-For is believed. */
  trustProxy: boolean | string;
  dataDir: string;
  /** Root of the local media store (MEDIA_DIR or DATA_DIR/media). */
  mediaDir: string;
  publicUrl: string;
  appSecret: string;
  /** APP_SECRET_PREVIOUS during a rotation: opens sealed values, never seals. */
  previousAppSecrets: string[];
  oidc: { google?: OidcClientConfig; microsoft?: OidcClientConfig; allowHttp: boolean };
  /** The CRMs this server can connect (client id and secret set), with their origins. */
  crm: {
    hubspot?: CrmClientConfig & { authOrigin: string; apiOrigin: string };
    salesforce?: CrmClientConfig & { loginOrigin: string };
    /** Between automatic imports of a connection; 0: none. */
    importEveryMs: number;
  };
  /** The calendars this server can connect (client id and secret set), with their origins. */
  calendars: {
    google?: CrmClientConfig & { authOrigin: string; tokenOrigin: string; apiOrigin: string };
    microsoft?: CrmClientConfig & { loginOrigin: string; tenant: string; graphOrigin: string };
    /** Between automatic syncs of a connection; 0: none. */
    syncEveryMs: number;
  };
  zoom: { oauthOrigin: string };
  seedEmails: {
    superadmin: string;
    poc: string;
    user: string;
    manager: string;
    rep: string;
    seeker: string;
  };
  /** Whether the serving process seeds the demo accounts (SEED, else outside production). */
  seedDemo: boolean;
  /** Whether the first start adds the sample content (SEED_SAMPLES, else with the demo seed). */
  seedSamples: boolean;
  /** Whether the development outbox route exists (DEV_OUTBOX=true, checked at start). */
  devOutbox: boolean;
  /** SEED_DEMO_BUNDLES: the demo plan's bundles; null keeps the default (Essentials, Sales Suite). */
  demoBundles: string[] | null;
  /** CURRENCY: what prices are in. */
  currency: string;
  /** Card payment, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set. */
  stripe: StripeConfig | null;
  /** The outside bot service (BOT_PROVIDER with its URL, key and webhook secret), or null. */
  botService: BotServiceConfig | null;
  botName: string;
}

export interface BotServiceConfig {
  provider: 'attendee' | 'recall';
  /** Without a trailing slash. */
  url: string;
  key: string;
  webhookSecret: string;
}

/** A bot service needs all three: its address, its key, and the secret of its webhooks. */
function botServiceConfig(env: Env): BotServiceConfig | null {
  if (env.BOT_PROVIDER === 'none') return null;
  const { BOT_SERVICE_URL: url, BOT_SERVICE_KEY: key, BOT_WEBHOOK_SECRET: secret } = env;
  if (!url || !key || !secret) {
    throw new Error(
      `BOT_PROVIDER=${env.BOT_PROVIDER} needs BOT_SERVICE_URL, BOT_SERVICE_KEY and BOT_WEBHOOK_SECRET`,
    );
  }
  return { provider: env.BOT_PROVIDER, url: url.replace(/\/$/, ''), key, webhookSecret: secret };
}

/**
 * A key without the webhook secret would take money whose confirmation Parley then refuses to
 * read: both or neither.
 */
function stripeConfig(env: Env): StripeConfig | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (!secretKey && !webhookSecret) return null;
  if (!secretKey || !webhookSecret) {
    throw new Error('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: set both or neither');
  }
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const port = base.port ? Number(base.port) : protocol === 'http' ? 80 : 443;
  return { secretKey, webhookSecret, api: { host: base.hostname, port, protocol } };
}

/**
 * Without APP_SECRET a development install keeps a generated one in DATA_DIR so tokens and
 * encrypted values survive restarts; production refuses to start without one.
 */
function resolveSecret(env: Env, dataDir: string): string {
  if (env.APP_SECRET) return env.APP_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new Error('APP_SECRET (at least 32 characters) is required when NODE_ENV=production');
  }
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function oidcClient(
  issuer: string,
  clientId: string | undefined,
  clientSecret: string | undefined,
): OidcClientConfig | undefined {
  return clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
}

/** Whether cookies are sent only over HTTPS: COOKIE_SECURE when set, else PUBLIC_URL's scheme. */
export function cookiesSecure(config: Pick<AppConfig, 'env' | 'publicUrl'>): boolean {
  return config.env.COOKIE_SECURE ?? config.publicUrl.startsWith('https://');
}

/** 127.0.0.0/8, ::1 (also as ::ffff:127.x) or localhost: reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIPv4(v4) && v4.startsWith('127.');
}

/** Settings that would hand out sign-in codes or drop them: refused before anything starts. */
function checkSignInDelivery(env: Env): void {
  const production = env.NODE_ENV === 'production';
  if (env.DEV_OUTBOX && production) {
    throw new Error('DEV_OUTBOX=true is not allowed when NODE_ENV=production');
  }
  if (env.DEV_OUTBOX && !isLoopbackHost(env.HOST)) {
    throw new Error(
      `DEV_OUTBOX=true needs a loopback HOST (127.0.0.1), not ${env.HOST}: the outbox shows ` +
        'anyone the sign-in code of any account. Unset DEV_OUTBOX (codes then appear in the ' +
        'server log) or configure mail with SMTP_URL.',
    );
  }
  if (production && !env.SMTP_URL) {
    throw new Error(
      'SMTP_URL is required when NODE_ENV=production: sign-in codes are sent by e-mail. ' +
        'Configure mail, e.g. SMTP_URL=smtp://user:pass@mail.example.com:587 and MAIL_FROM.',
    );
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  checkSignInDelivery(env);
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env,
    production: env.NODE_ENV === 'production',
    trustProxy:
      env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY,
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    appSecret: resolveSecret(env, dataDir),
    previousAppSecrets: env.APP_SECRET_PREVIOUS ? [env.APP_SECRET_PREVIOUS] : [],
    oidc: {
      google: oidcClient(env.GOOGLE_ISSUER, env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
      microsoft: oidcClient(
        env.MICROSOFT_ISSUER,
        env.MICROSOFT_CLIENT_ID,
        env.MICROSOFT_CLIENT_SECRET,
      ),
      allowHttp: env.OIDC_ALLOW_HTTP ?? false,
    },
    crm: {
      hubspot:
        env.HUBSPOT_CLIENT_ID && env.HUBSPOT_CLIENT_SECRET
          ? {
              clientId: env.HUBSPOT_CLIENT_ID,
              clientSecret: env.HUBSPOT_CLIENT_SECRET,
              authOrigin: env.HUBSPOT_AUTH_ORIGIN.replace(/\/$/, ''),
              apiOrigin: env.HUBSPOT_API_ORIGIN.replace(/\/$/, ''),
            }
          : undefined,
      salesforce:
        env.SALESFORCE_CLIENT_ID && env.SALESFORCE_CLIENT_SECRET
          ? {
              clientId: env.SALESFORCE_CLIENT_ID,
              clientSecret: env.SALESFORCE_CLIENT_SECRET,
              loginOrigin: env.SALESFORCE_LOGIN_ORIGIN.replace(/\/$/, ''),
            }
          : undefined,
      importEveryMs: env.CRM_IMPORT_EVERY_MINUTES * 60_000,
    },
    calendars: calendarsConfig(env),
    zoom: { oauthOrigin: env.ZOOM_OAUTH_ORIGIN.replace(/\/$/, '') },
    seedEmails: {
      superadmin: env.SEED_SUPERADMIN_EMAIL.toLowerCase(),
      poc: env.SEED_POC_EMAIL.toLowerCase(),
      user: env.SEED_USER_EMAIL.toLowerCase(),
      manager: env.SEED_MANAGER_EMAIL.toLowerCase(),
      rep: env.SEED_REP_EMAIL.toLowerCase(),
      seeker: env.SEED_SEEKER_EMAIL.toLowerCase(),
    },
    seedDemo: env.SEED ?? env.NODE_ENV !== 'production',
    seedSamples: env.SEED_SAMPLES ?? env.SEED ?? env.NODE_ENV !== 'production',
    devOutbox: env.DEV_OUTBOX ?? false,
    currency: env.CURRENCY,
    stripe: stripeConfig(env),
    botService: botServiceConfig(env),
    botName: env.BOT_NAME,
    demoBundles: env.SEED_DEMO_BUNDLES
      ? env.SEED_DEMO_BUNDLES.split(',')
          .map((b) => b.trim())
          .filter(Boolean)
      : null,
  };
}

const origin = (url: string) => url.replace(/\/$/, '');

/** A calendar provider is set up when its client id and secret are (or the sign-in app's). */
function calendarsConfig(env: Env): AppConfig['calendars'] {
  const googleId = env.GOOGLE_CALENDAR_CLIENT_ID ?? env.GOOGLE_CLIENT_ID;
  const googleSecret = env.GOOGLE_CALENDAR_CLIENT_SECRET ?? env.GOOGLE_CLIENT_SECRET;
  const msId = env.MICROSOFT_CALENDAR_CLIENT_ID ?? env.MICROSOFT_CLIENT_ID;
  const msSecret = env.MICROSOFT_CALENDAR_CLIENT_SECRET ?? env.MICROSOFT_CLIENT_SECRET;
  return {
    google:
      googleId && googleSecret
        ? {
            clientId: googleId,
            clientSecret: googleSecret,
            authOrigin: origin(env.GOOGLE_OAUTH_ORIGIN),
            tokenOrigin: origin(env.GOOGLE_TOKEN_ORIGIN),
            apiOrigin: origin(env.GOOGLE_CALENDAR_API_ORIGIN),
          }
        : undefined,
    microsoft:
      msId && msSecret
        ? {
            clientId: msId,
            clientSecret: msSecret,
            loginOrigin: origin(env.MICROSOFT_LOGIN_ORIGIN),
            tenant: env.MICROSOFT_TENANT,
            graphOrigin: origin(env.MICROSOFT_GRAPH_ORIGIN),
          }
        : undefined,
    syncEveryMs: env.CALENDAR_SYNC_EVERY_MINUTES * 60_000,
  };
}
