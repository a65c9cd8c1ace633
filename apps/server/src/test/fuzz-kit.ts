import * as contracts from '@parley/contracts';
import { collectRoutes, MEDIA, type RouteContract } from '@parley/contracts';
import { z } from 'zod';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import {
  createTestContext,
  LOCAL_STAND_INS,
  signIn,
  type SignedIn,
  type TestContext,
} from './context.js';
import { startStripeStandIn, stripeEnv, type StripeStandIn } from './stripe-stand-in.js';
import { processedMeeting } from './workbench-kit.js';
import { startZoomStandIn, type ZoomStandIn } from './zoom-stand-in.js';

/**
 * What the two route fuzzers share (platform/http/route-fuzz.test.ts with its fixed hostile
 * inputs, route-properties.test.ts with inputs generated from the contracts): the routes they
 * walk, the order they walk them in, the organisation they call as, and the one error shape.
 */

/**
 * The media route is described by MEDIA rather than a route contract (it streams bytes); it
 * takes hostile input like the rest.
 */
export const MEDIA_ROUTE: RouteContract = {
  method: 'GET',
  path: MEDIA.path,
  summary: 'media',
  tags: [],
  auth: false,
  query: z.object({ token: z.string(), exp: z.string(), sub: z.string() }),
  response: z.unknown(),
};

/** Every route contract exported by @parley/contracts, and the media route. */
export const allRoutes = (): RouteContract[] => [...collectRoutes(contracts), MEDIA_ROUTE];

/**
 * Calls that end the caller's session or delete what later routes look at go last, so the
 * routes before them still run their handlers with a live session and an existing meeting.
 */
const ENDS_SOMETHING = /^\/auth\/(logout|remove-session|remove\w+Session|revoke-credentials)$/;
export const endsSomething = (r: RouteContract): boolean =>
  r.method === 'DELETE' || ENDS_SOMETHING.test(r.path);
/** The routes in the order a fuzzer sends to them: everything else, then what ends something. */
export const inFuzzOrder = (routes: RouteContract[]): RouteContract[] =>
  [...routes].sort((a, b) => Number(endsSomething(a)) - Number(endsSomething(b)));

/** Why an answer breaks the rules (a 5xx, or a 4xx outside the one error shape), or null. */
export function answerProblem(status: number, body: unknown): string | null {
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

/** The fuzzers' organisation: every feature, a processed meeting, a point of contact signed in. */
export interface FuzzWorld {
  ctx: TestContext;
  /** A local model server: URL fields point here, so a provider check fails fast, offline. */
  models: ProviderTestServer;
  /**
   * Card payment and Zoom answer locally, so their routes run all the way instead of stopping
   * at "not set up" (503) or at a network these tests do not have.
   */
  stripe: StripeStandIn;
  zoom: ZoomStandIn;
  poc: SignedIn;
  meetingId: string;
  close(): Promise<void>;
}

export async function fuzzWorld(): Promise<FuzzWorld> {
  const stripe = await startStripeStandIn();
  const zoom = await startZoomStandIn();
  const ctx = await createTestContext({
    // Every feature, so feature gates let the requests through to the handlers.
    env: {
      SEED_DEMO_BUNDLES: 'Essentials,Sales Suite,Interview Intelligence',
      // Sign-up cases use new addresses; the per-address code limit would answer 429 before
      // the body is looked at.
      AUTH_CODE_REQUESTS_PER_ADDRESS: '100000',
      ...stripeEnv(stripe),
      ZOOM_OAUTH_ORIGIN: zoom.origin,
      // The stand-ins and the model server listen on 127.0.0.1.
      ...LOCAL_STAND_INS,
      // Jobs are queued but not run: the fuzzers test the HTTP surface, and a job working
      // through the single PGlite session (an analysis a valid upload queued) would stall the
      // requests behind it and change data while a refused call is being fingerprinted.
      ROLE: 'api',
    },
  });
  const models = await startOpenAiServer();
  const poc = await signIn(ctx, 'poc@acme.parley.local');
  const meetingId = await processedMeeting(ctx, poc.user.organizationId, poc.user.id, 'Fuzzed');
  return {
    ctx,
    models,
    stripe,
    zoom,
    poc,
    meetingId,
    async close() {
      await ctx.close();
      await models.close();
      await stripe.close();
      await zoom.close();
    },
  };
}

/** One request under /api/v1 with this bearer token (none: null); the body as JSON when it is one. */
export async function sendAs(
  ctx: TestContext,
  token: string | null,
  req: { method: RouteContract['method']; url: string; payload?: string },
): Promise<{ status: number; body: unknown }> {
  const res = await ctx.app.inject({
    method: req.method,
    url: `/api/v1${req.url}`,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(req.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
  let body: unknown = null;
  try {
    body = res.json();
  } catch {
    body = res.body.slice(0, 200);
  }
  return { status: res.statusCode, body };
}
