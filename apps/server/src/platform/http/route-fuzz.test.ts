import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesFor } from '../../test/fuzz-inputs.js';
import {
  allRoutes,
  answerProblem,
  fuzzWorld,
  inFuzzOrder,
  sendAs,
  type FuzzWorld,
} from '../../test/fuzz-kit.js';

/**
 * The route fuzzer: every route of every contract gets the same fixed set of hostile inputs
 * (NUL bytes, lone surrogates, 1e308, very long strings, wrong types, odd bodies) in its body,
 * query and path, sent by the point of contact of an organisation that has every feature and a
 * processed meeting with a transcript, so handlers run as far as the input lets them. No answer
 * may be a 5xx, and every 4xx must be the one error shape. Inputs generated from the contracts
 * (valid, boundary and invalid, with a check that refused calls change no data) are the
 * property-based fuzzer's, in route-properties.test.ts.
 */

let world: FuzzWorld;

beforeAll(async () => {
  world = await fuzzWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('route fuzzer', () => {
  it('walks every route of the contracts', () => {
    const routes = allRoutes();
    // A floor, so a change that hides the contracts from the walk cannot pass silently.
    expect(routes.length).toBeGreaterThanOrEqual(137);
    expect(routes.some((r) => r.path === '/highlights' && r.method === 'POST')).toBe(true);
  });

  it('answers hostile input with a 4xx in the one error shape, never a 5xx', async () => {
    const { ctx, models, poc, meetingId } = world;
    const fx = { meetingId, email: 'user@acme.parley.local', url: `${models.url}/v1` };
    const failures: string[] = [];
    let sent = 0;
    for (const route of inFuzzOrder(allRoutes())) {
      for (const c of casesFor(route, fx)) {
        const { status, body } = await sendAs(ctx, poc.accessToken, c);
        sent++;
        const p = answerProblem(status, body);
        if (p) failures.push(`${route.method} ${route.path} [${c.name}] ${p}`);
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 300_000);
});
