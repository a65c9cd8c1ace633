import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@parley/contracts';
import { collectRoutes, MEDIA, type RouteContract } from '@parley/contracts';
import { z } from 'zod';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import { createTestContext, signIn, type TestContext } from '../../test/context.js';
import { casesFor, type FuzzCase } from '../../test/fuzz-inputs.js';
import { processedMeeting } from '../../test/workbench-kit.js';

/**
 * The route fuzzer: every route of every contract gets the same fixed set of hostile inputs
 * (NUL bytes, lone surrogates, 1e308, very long strings, wrong types, odd bodies) in its body,
 * query and path, sent by the point of contact of an organisation that has every feature and a
 * processed meeting with a transcript, so handlers run as far as the input lets them. No answer
 * may be a 5xx, and every 4xx must be the one error shape.
 */

/**
 * The media route is described by MEDIA rather than a route contract (it streams bytes); it
 * takes hostile input like the rest.
 */
const MEDIA_ROUTE: RouteContract = {
  method: 'GET',
  path: MEDIA.path,
  summary: 'media',
  tags: [],
  auth: false,
  query: z.object({ token: z.string(), exp: z.string(), sub: z.string() }),
  response: z.unknown(),
};

/** Every route contract exported by @parley/contracts, and the media route. */
const allRoutes = (): RouteContract[] => [...collectRoutes(contracts), MEDIA_ROUTE];

/**
 * Calls that end the caller's session or delete what later routes look at go last, so the
 * routes before them still run their handlers with a live session and an existing meeting.
 */
const ENDS_SOMETHING = /^\/auth\/(logout|remove-session|remove\w+Session|revoke-credentials)$/;
const last = (r: RouteContract) => (r.method === 'DELETE' || ENDS_SOMETHING.test(r.path) ? 1 : 0);

let ctx: TestContext;
let models: ProviderTestServer;
let token: string;
let meetingId: string;

beforeAll(async () => {
  ctx = await createTestContext({
    // Every feature, so feature gates let the requests through to the handlers.
    env: {
      SEED_DEMO_BUNDLES: 'Essentials,Sales Suite,Interview Intelligence',
      // Sign-up cases all use one new address; its code limit would answer 429 before the body
      // is looked at.
      AUTH_CODE_REQUESTS_PER_ADDRESS: '100000',
    },
  });
  // URL fields point here: connecting a provider then fails fast (wrong key) instead of
  // waiting on a network this test does not have.
  models = await startOpenAiServer();
  const poc = await signIn(ctx, 'poc@acme.parley.local');
  token = poc.accessToken;
  meetingId = await processedMeeting(ctx, poc.user.organizationId, poc.user.id, 'Fuzzed');
});
afterAll(async () => {
  await ctx?.close();
  await models?.close();
});

async function send(c: FuzzCase) {
  const res = await ctx.app.inject({
    method: c.method,
    url: `/api/v1${c.url}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(c.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(c.payload === undefined ? {} : { payload: c.payload }),
  });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    body = res.body.slice(0, 200);
  }
  return { status: res.statusCode, body };
}

function problem(status: number, body: unknown): string | null {
  if (status >= 500) return `answered ${status}: ${JSON.stringify(body).slice(0, 200)}`;
  if (status < 400) return null;
  const b = body as Record<string, unknown> | null;
  const shaped =
    !!b &&
    typeof b === 'object' &&
    Object.keys(b).sort().join() === 'error,message,statusCode' &&
    b.statusCode === status &&
    typeof b.error === 'string' &&
    typeof b.message === 'string';
  return shaped ? null : `answered ${status} outside the error shape: ${JSON.stringify(body)}`;
}

describe('route fuzzer', () => {
  it('walks every route of the contracts', () => {
    const routes = allRoutes();
    // A floor, so a change that hides the contracts from the walk cannot pass silently.
    expect(routes.length).toBeGreaterThanOrEqual(137);
    expect(routes.some((r) => r.path === '/highlights' && r.method === 'POST')).toBe(true);
  });

  it('answers hostile input with a 4xx in the one error shape, never a 5xx', async () => {
    const routes = allRoutes().sort((a, b) => last(a) - last(b));
    const fx = { meetingId, email: 'user@acme.parley.local', url: `${models.url}/v1` };
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const c of casesFor(route, fx)) {
        const { status, body } = await send(c);
        sent++;
        const p = problem(status, body);
        if (p) failures.push(`${route.method} ${route.path} [${c.name}] ${p}`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 300_000);
});
