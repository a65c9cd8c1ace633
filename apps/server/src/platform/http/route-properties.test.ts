import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '@parley/contracts';
import { SEEDED_ACCOUNTS } from '../../test/app-kit.js';
import { signIn } from '../../test/context.js';
import { callerOf, paramSource, refusedAtGate, type Caller } from '../../test/fuzz-callers.js';
import { fuzzSessions, type Session } from '../../test/fuzz-sessions.js';
import {
  changedTables,
  fingerprinter,
  type Fingerprint,
  type Fingerprinter,
} from '../../test/db-fingerprint.js';
import {
  allRoutes,
  answerProblem,
  fuzzWorld,
  endsSomething,
  sendAs,
  type FuzzWorld,
} from '../../test/fuzz-kit.js';
import {
  contractRefusal,
  onWire,
  requestsFor,
  type FuzzFixtures,
  type GeneratedRequest,
} from '../../test/fuzz-requests.js';

/**
 * The property-based route fuzzer: for every route of every contract, fast-check generates path
 * parameters, query and body from the route's zod schemas (valid ones with lengths, numbers and
 * enum members at their edges, and ones spoiled here and there: a value one past a limit, a key
 * missing, a wrong type, text PostgreSQL cannot store) and sends them as a caller the
 * authorisation rows permit (test/fuzz-callers.ts: the point of contact of an organisation with
 * every feature, the talent pool's seeker, the super admin, or no one signed in), with path
 * parameters drawn from that caller's real rows (and, spoiled, random ones). For every request:
 *  - no 5xx, and every 4xx in the one error shape;
 *  - what the contract refuses (its zod schema, or the input guard) is not accepted: a 4xx;
 *  - a refused call to a method that can change data changes none (a fingerprint of every
 *    application table before and after; the activity log records refused calls by design).
 *
 * A fixed seed and a bounded count per route, so CI runs the same requests every time; set
 * FUZZ_SEED and FUZZ_RUNS to explore further locally. A failure prints the route, the seed and
 * the (shrunk) request; keep it as a regression case in REGRESSIONS below once fixed.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 2005);
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** Only the routes whose "METHOD /path" matches (a local aid; CI runs them all). */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;

/**
 * Requests this fuzzer once found breaking a property, sent before the generated ones (by
 * "METHOD /path"). Ids come from the fixtures, so they exist in every run.
 */
const REGRESSIONS: Record<string, ((fx: FuzzFixtures) => GeneratedRequest)[]> = {
  'POST /prompt/create': [
    (fx) => ({
      params: {},
      query: undefined,
      body: {
        prompt: '!',
        promptName: 'm',
        meetingId: fx.meetingId,
        meetingCode: '',
        featureId: fx.meetingId,
        model: 'M'.repeat(200),
        access: 'Private',
        result: '',
        bundleId: fx.meetingId,
        index: 0,
        presencePenalty: -5e-324,
      },
    }),
  ],
  'GET /search/transcripts': [
    () => ({ params: {}, query: { q: 'M'.repeat(200), to: '0000-00-00' }, body: undefined }),
  ],
  'GET /meeting/user/sales': [
    () => ({ params: {}, query: { minScore: '5e-324' }, body: undefined }),
  ],
  'GET /meeting/manager/sales': [
    () => ({ params: {}, query: { maxScore: '5e-324' }, body: undefined }),
  ],
  // Year 0 and the day after 9999-12-31 (year 10000): dates PostgreSQL cannot read.
  'GET /meeting/user/reports': [
    () => ({ params: {}, query: { from: '0000-01-01' }, body: undefined }),
  ],
  'GET /meeting/callIntelligence': [
    () => ({ params: {}, query: { to: '9999-12-31' }, body: undefined }),
  ],
  'GET /trackers/counts/weekly': [
    () => ({ params: {}, query: { to: '0000-01-01' }, body: undefined }),
  ],
  'POST /configuration/zoom': [
    (fx) => ({
      params: {},
      query: undefined,
      body: { accountId: '!', clientId: fx.meetingId, clientSecret: '!', secretToken: '!' },
    }),
  ],
};

/** Tables a refused call changes by design. */
const WRITTEN_BY_EVERY_CALL = ['activity_log'];
/** Tables a refused call to these routes changes by design. */
const REFUSALS_THAT_WRITE: Record<string, string[]> = {
  // A wrong code counts against the code's attempts: the limit on guessing.
  'POST /auth/verify-signin': ['one_time_codes'],
  'POST /auth/verify-signup': ['one_time_codes'],
};

let world: FuzzWorld;
let prints: Fingerprinter;
let realParams: Awaited<ReturnType<typeof paramSource>>;
/** The fixtures common to every caller; the caller's own are laid over them per route. */
let shared: Omit<FuzzFixtures, 'params'>;
/** The fingerprint after the last refused call, while nothing else has run since. */
let current: Fingerprint | null = null;

let sessions: ReturnType<typeof fuzzSessions>;

interface RouteStats {
  caller: Caller;
  sent: number;
  accepted: number;
  /** Requests answered by the handler rather than refused by the gate (refusedAtGate). */
  reached: number;
  /** The gate's last refusal, for the summary of routes never reached. */
  refusal?: string;
  refusedByContract: number;
  statuses: Map<number, number>;
}
const stats = new Map<string, RouteStats>();
/** Milliseconds spent sending requests and taking fingerprints, for the summary. */
const spent = { sending: 0, fingerprints: 0, footing: 0 };
const timed = async <T>(key: keyof typeof spent, work: () => Promise<T>): Promise<T> => {
  const start = performance.now();
  try {
    return await work();
  } finally {
    spent[key] += performance.now() - start;
  }
};

beforeAll(async () => {
  world = await fuzzWorld();
  const member = await signIn(world.ctx, SEEDED_ACCOUNTS.member, '10.0.0.2');
  shared = {
    meetingId: world.meetingId,
    organizationId: world.poc.user.organizationId,
    memberId: member.user.id,
    memberEmail: member.user.email,
    newEmail: 'newcomer@fuzz.example',
    url: world.models.url,
  };
  sessions = fuzzSessions(world, () => {
    current = null;
  });
  prints = await fingerprinter(world.ctx.database, WRITTEN_BY_EVERY_CALL);
  realParams = await paramSource(world.ctx.database);
});
afterAll(async () => {
  await world?.close();
});

/** Why one generated request breaks a property, or null. */
async function judge(
  route: RouteContract,
  req: GeneratedRequest,
  session: Session | null,
): Promise<string | null> {
  const wire = onWire(route, req);
  const refusal = wire.exact ? contractRefusal(route, req) : null;
  const mutating = route.method !== 'GET';
  const before = mutating ? (current ?? (await timed('fingerprints', () => prints.take()))) : null;
  current = null;
  const { status, body } = await timed('sending', () =>
    sendAs(world.ctx, session?.token ?? null, wire),
  );
  const s = statsOf(route);
  s.sent++;
  if (status < 400) s.accepted++;
  if (!refusedAtGate(route, status, body)) s.reached++;
  else s.refusal = `${status} ${(body as { message?: string } | null)?.message ?? ''}`;
  if (refusal) s.refusedByContract++;
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);

  if ((mutating && status < 400) || status === 401) sessions.shake();

  const problem = answerProblem(status, body);
  if (problem) return problem;
  if (refusal && status < 400) return `accepted (${status}) what its contract refuses: ${refusal}`;
  if (before && status >= 400) {
    const after = await timed('fingerprints', () => prints.take());
    const allowed = REFUSALS_THAT_WRITE[`${route.method} ${route.path}`] ?? [];
    const changed = changedTables(before, after).filter((t) => !allowed.includes(t));
    if (changed.length) return `refused (${status}) but changed ${changed.join(', ')}`;
    current = after;
  }
  return null;
}

function statsOf(route: RouteContract): RouteStats {
  const key = `${route.method} ${route.path}`;
  let s = stats.get(key);
  if (!s) {
    s = {
      caller: callerOf(route),
      sent: 0,
      accepted: 0,
      reached: 0,
      refusedByContract: 0,
      statuses: new Map(),
    };
    stats.set(key, s);
  }
  return s;
}

/** A stable seed per route, so adding a route does not change the requests of the others. */
function seedOf(route: RouteContract): number {
  let h = SEED;
  for (const ch of `${route.method} ${route.path}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

async function fuzz(route: RouteContract) {
  const caller = callerOf(route);
  const session = await timed('footing', () => sessions.restore(caller));
  const scope = session?.scope ?? (await sessions.of('poc')).scope;
  const fx: FuzzFixtures = {
    ...shared,
    meetingId: scope.meetingId,
    organizationId: scope.organizationId,
    params: await realParams(route, scope),
  };
  const examples = (REGRESSIONS[`${route.method} ${route.path}`] ?? []).map((make) => make(fx));
  const property = fc.asyncProperty(requestsFor(route, fx), async (req) => {
    const problem = await judge(route, req, session);
    if (problem)
      throw new Error(
        `${route.method} ${route.path}: ${problem}\n${JSON.stringify(onWire(route, req))}`,
      );
  });
  await fc.assert(property, {
    seed: seedOf(route),
    numRuns: RUNS,
    examples: examples.map((e) => [e]),
    // A shrink replays requests against a server whose data the earlier ones changed; a few
    // hundred steps are plenty to make a failing request readable.
    interruptAfterTimeLimit: 60_000,
  });
}

/**
 * Creating calls (a POST on a path without parameters) go first, so the rows they create give
 * the routes after them real ids to act on; then the rest; then the super admin's changes to
 * the endpoint, bundle and feature catalogues, which can change the permission a route requires
 * or take a feature from the organisation (with real ids they do), so the routes before them
 * are still called as their rows say; then what ends something.
 */
const creates = (r: RouteContract) => r.method === 'POST' && !r.path.includes(':');
const changesPermissions = (r: RouteContract) =>
  r.method === 'PATCH' && ['/endpoint/:id', '/bundle/:id', '/feature/:id'].includes(r.path);
const rank = (r: RouteContract) =>
  endsSomething(r) ? 3 : changesPermissions(r) ? 2 : creates(r) ? 0 : 1;
const routesInOrder = [...allRoutes()].sort((a, b) => rank(a) - rank(b));

describe('route properties', () => {
  for (const route of routesInOrder) {
    if (ONLY && !ONLY.test(`${route.method} ${route.path}`)) continue;
    it(`${route.method} ${route.path}`, () => fuzz(route), 120_000);
  }

  it('reached the handlers: nearly every route is answered past the permission check', async () => {
    // The fingerprints compared above are running sums kept by triggers: they must still be
    // what summing every table gives, or a change could have gone unseen.
    expect(await prints.take()).toEqual(await prints.scan());
    const all = [...stats.entries()];
    const sent = all.reduce((n, [, s]) => n + s.sent, 0);
    const accepted = all.filter(([, s]) => s.accepted > 0).length;
    const reached = all.filter(([, s]) => s.reached > 0).length;
    const refused = all.reduce((n, [, s]) => n + s.refusedByContract, 0);
    const byCaller = new Map<Caller, number>();
    for (const [, s] of all) byCaller.set(s.caller, (byCaller.get(s.caller) ?? 0) + 1);
    const unreached = all.filter(([, s]) => s.reached === 0);
    console.info(
      `route properties: ${sent} requests to ${all.length} routes (seed ${SEED}, ${RUNS} runs each), ` +
        `as ${[...byCaller].map(([c, n]) => `${c} ${n}`).join(', ')}; ` +
        `${reached} routes reached past the permission check, ${accepted} accepted at least one, ` +
        `${refused} requests refused by their contract; seconds sending ` +
        `${(spent.sending / 1000).toFixed(1)}, fingerprinting ${(spent.fingerprints / 1000).toFixed(1)}, ` +
        `restoring footing ${(spent.footing / 1000).toFixed(1)}` +
        (unreached.length
          ? `\nnot reached: ${unreached.map(([k, s]) => `${k} as ${s.caller} (${s.refusal ?? ''})`).join('; ')}`
          : ''),
    );
    if (process.env.FUZZ_VERBOSE) {
      for (const [key, s] of all.filter(([, s]) => s.accepted === 0)) {
        const statuses = [...s.statuses].map(([st, n]) => `${st}x${n}`).join(' ');
        console.info(`never accepted: ${key} as ${s.caller}: ${statuses}`);
      }
    }
    if (ONLY) return; // a local run of some routes: the summary only
    expect(all.length).toBeGreaterThanOrEqual(400);
    expect(refused).toBeGreaterThan(sent / 10);
    // Floors from the measured run (406 of 406 reached, 243 accepted), so a caller chosen
    // wrongly or generators that stop producing valid requests cannot pass silently.
    expect(reached).toBeGreaterThanOrEqual(all.length - 5);
    expect(accepted).toBeGreaterThanOrEqual(230);
  });
});
