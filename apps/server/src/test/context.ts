import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { AuthSuccess } from '@parley/contracts';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { createPglite, openPostgres, wrapPglite, type Database } from '../platform/db/client.js';
import type { Mailer, MailMessage, OutboxEntry } from '../platform/mail.js';
import { seed } from '../modules/seed/index.js';
import type { AiProviderResolver } from '../modules/ai-providers/index.js';
import { databaseUrl } from './global-setup.js';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  clock: TestClock;
  mail: MailMessage[];
  /** The code in the latest message sent to an address. */
  lastCode(email: string): string;
  close(): Promise<void>;
}

/** A throwaway database of the kind this test project runs on: PGlite or PostgreSQL. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.PARLEY_TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const name = `parley_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const database = openPostgres(databaseUrl(adminUrl, name));
    // Already migrated by the template: this only confirms the journal is complete.
    await database.migrate();
    return {
      database,
      drop: async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        // pool.end() resolves before its connections have closed; let them go before forcing.
        for (let i = 0; i < 100; i++) {
          const { rows } = await c.query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  const client = await createPglite({ loadDataDir: new Blob([dump]) });
  return { database: wrapPglite(client), drop: async () => {} };
}

function recordingMailer(sink: MailMessage[]): Mailer {
  const latest = new Map<string, OutboxEntry>();
  return {
    async send(message) {
      sink.push(message);
      latest.set(message.to.toLowerCase(), { ...message, sentAt: new Date() });
    },
    latest: (to) => latest.get(to.toLowerCase()),
    close() {},
  };
}

/**
 * Configuration for tests whose stand-ins (AI protocol servers, s3rver, Azurite) listen on
 * 127.0.0.1, which the app refuses to connect to unless told (ALLOW_PRIVATE_ENDPOINTS).
 */
export const LOCAL_STAND_INS = { ALLOW_PRIVATE_ENDPOINTS: 'true' } as const;

/**
 * A seeded app on a fresh database, driven through fastify.inject. `env` overrides
 * configuration the way environment variables would. Mail is recorded in `mail` unless
 * `realMailer` is set, in which case `mail` stays empty.
 */
export async function createTestContext(
  opts: {
    env?: Record<string, string>;
    mailer?: Mailer;
    /** Let the app build its own mailer from config (SMTP_URL or the dev outbox) instead of recording. */
    realMailer?: boolean;
    /** Extra routes inside /api/v1, e.g. to exercise platform mechanisms. */
    routes?: (api: FastifyInstance) => void | Promise<void>;
    /** false leaves the database empty (migrated only). */
    seed?: boolean;
    /** How modules reach language models; the app's default is the built-in engine. */
    ai?: AiProviderResolver;
    /** A built web app to serve besides the API. */
    webDist?: string;
    /** What the calendars' auto-join calls at an event's start (the bots' startBot). */
    autoJoiner?: AppOptions['autoJoiner'];
    /** Where live calls' audio goes (a recording sink in tests). */
    liveAudio?: AppOptions['liveAudio'];
    /** The bot that records Parley rooms (null: none). */
    roomBot?: AppOptions['roomBot'];
    /** Shorter avatar time-outs than spec 3 §9's (the time-out tests). */
    avatarTimeouts?: AppOptions['avatarTimeouts'];
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: '/nonexistent-parley-test',
    LOG_LEVEL: 'silent',
    AUTH_REQUESTS_PER_IP: '1000',
    // Workers pick jobs up quickly and failed steps retry at once, so pipeline tests are short.
    QUEUE_POLL_SECONDS: '0.5',
    ANALYSIS_RETRY_DELAY_SECONDS: '0',
    // A test's database is thrown away: closing need not wait long for a job in flight.
    SHUTDOWN_GRACE_SECONDS: '2',
    // Tests change plans, roles and sessions behind the app's back (kits writing rows): the
    // cache would answer the old ones. Its own tests turn it on (access-cache.test.ts).
    ACCESS_CACHE_MS: '0',
    ...opts.env,
  });
  const { database, drop } = await freshDatabase();
  if (opts.seed !== false) await seed(database.db, config);
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
  const mail: MailMessage[] = [];
  const app = await buildApp({
    config,
    database,
    mailer: opts.realMailer ? undefined : (opts.mailer ?? recordingMailer(mail)),
    now: clock.now,
    logger: false,
    routes: opts.routes,
    ai: opts.ai,
    webDist: opts.webDist,
    autoJoiner: opts.autoJoiner,
    ...(opts.liveAudio ? { liveAudio: opts.liveAudio } : {}),
    ...(opts.roomBot !== undefined ? { roomBot: opts.roomBot } : {}),
    ...(opts.avatarTimeouts ? { avatarTimeouts: opts.avatarTimeouts } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    mail,
    lastCode(email) {
      const m = [...mail].reverse().find((x) => x.to === email.toLowerCase());
      if (!m?.code) throw new Error(`no code was mailed to ${email}`);
      return m.code;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** The call was refused with this status and the spec's message (the error shape's fields). */
export function expectRefusal(res: LightMyRequestResponse, statusCode: number, message: string) {
  expect(json(res)).toMatchObject({ statusCode, message });
}

/**
 * request-<flow>, then verify-<flow> with the code it mailed; returns the access token, the user
 * and the refresh cookie the verify answers with.
 */
async function withCode(
  ctx: TestContext,
  flow: 'signin' | 'signup',
  payload: { email: string } & Record<string, unknown>,
  ip: string,
) {
  const req = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/auth/request-${flow}`,
    payload,
    remoteAddress: ip,
  });
  if (req.statusCode !== 200) throw new Error(`request-${flow} ${req.statusCode}: ${req.body}`);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/auth/verify-${flow}`,
    payload: { email: payload.email, code: ctx.lastCode(payload.email) },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`verify-${flow} ${res.statusCode}: ${res.body}`);
  const body = json<AuthSuccess>(res);
  const cookie = res.cookies.find((c) => c.name === 'parley_refresh');
  if (!cookie) throw new Error('no refresh cookie');
  return { ...body, cookie: `parley_refresh=${cookie.value}`, setCookie: cookie };
}

/** Requests a code and verifies it; returns the access token, the user and the refresh cookie. */
export const signIn = (ctx: TestContext, email: string, ip = '10.0.0.1') =>
  withCode(ctx, 'signin', { email }, ip);

export type SignedIn = Awaited<ReturnType<typeof signIn>>;

/** Creates an account through request-signup and verify-signup; returns what signIn returns. */
export const signUp = (
  ctx: TestContext,
  email: string,
  details: {
    firstName?: string;
    lastName?: string;
    accountType?: 'team' | 'individual';
    organizationName?: string;
  } = {},
  ip = '10.0.0.1',
) =>
  withCode(
    ctx,
    'signup',
    { email, firstName: 'Test', lastName: 'User', accountType: 'team', ...details },
    ip,
  );

/** One API call under /api/v1 with the usual extras: bearer token, refresh cookie, client address. */
export function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  opts: { payload?: unknown; token?: string; cookie?: string; ip?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  return ctx.app.inject({
    method,
    url: `/api/v1${path}`,
    headers,
    ...(opts.payload === undefined ? {} : { payload: opts.payload as Record<string, unknown> }),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}
