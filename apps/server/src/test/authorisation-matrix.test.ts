import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contracts from '@parley/contracts';
import {
  collectRoutes,
  featureUnavailableMessage,
  routeKey,
  type RouteContract,
} from '@parley/contracts';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import { OUTSIDER, SEEDED_ACCOUNTS } from './app-kit.js';
import { AUTHORISATION_MATRIX, PUBLIC, type Account } from './authorisation-matrix.js';
import {
  call,
  createTestContext,
  json,
  LOCAL_STAND_INS,
  signIn,
  signUp,
  type TestContext,
} from './context.js';
import { grantInterviewIntelligence } from './plans-kit.js';
import { processedMeeting } from './workbench-kit.js';

/**
 * Issue 12 item 6: every route of the contracts × the six seeded roles × a user of another
 * organisation × no token, against the hand-kept table in authorisation-matrix.ts; then one of
 * each resource in Acme, which the other organisation's user must not reach (404).
 *
 * Bodies are left empty: the permission check runs on request, before validation, so a refused
 * caller gets 403 (or 401) whatever the body; an allowed one gets anything else (400 for the
 * empty body, 404 for the made-up ids), which is all this test asks of it.
 */

const routes = collectRoutes(contracts);
const ACCOUNTS = Object.keys(SEEDED_ACCOUNTS) as Account[];

/** A value for each path parameter: made-up ids, so no allowed call touches a real row. */
function sampleUrl(route: RouteContract): string {
  const values: Record<string, string> = {
    email: 'nobody@example.com',
    token: 'no-such-token',
    tag: 'no-such-tag',
    meetingCode: 'no-such-meeting.mp4',
    range: '2026-01-01,2026-01-02',
    dashboard: 'transcript',
  };
  return route.path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? randomUUID());
}

let ctx: TestContext;
let models: ProviderTestServer;
const tokens = {} as Record<Account | 'outsider', string>;
let acme: { orgId: string; pocId: string; memberEmail: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: LOCAL_STAND_INS });
  models = await startOpenAiServer();
  let poc: { id: string; organizationId: string } | undefined;
  for (const account of ACCOUNTS) {
    const session = await signIn(ctx, SEEDED_ACCOUNTS[account]);
    tokens[account] = session.accessToken;
    if (account === 'poc') poc = session.user;
  }
  if (!poc) throw new Error('no point of contact');
  const outsider = await signUp(ctx, OUTSIDER.email, {
    organizationName: OUTSIDER.organizationName,
  });
  tokens.outsider = outsider.accessToken;
  acme = { orgId: poc.organizationId, pocId: poc.id, memberEmail: SEEDED_ACCOUNTS.member };
  // Participants are behind Biometrics: both organisations get it, so the answer the outsider
  // gets is about tenancy, not about a feature their plan lacks.
  await grantInterviewIntelligence(ctx, acme.orgId);
  await grantInterviewIntelligence(ctx, outsider.user.organizationId);
}, 60_000);
afterAll(async () => {
  await models?.close();
  await ctx?.close();
});

describe('the authorisation matrix', () => {
  it('has a row for every route in the contracts, and one only for routes that exist', () => {
    const keys = routes.map(routeKey);
    const missing = keys.filter((k) => !(k in AUTHORISATION_MATRIX));
    expect(missing, 'routes without a row in test/authorisation-rows/').toEqual([]);
    const stale = Object.keys(AUTHORISATION_MATRIX).filter((k) => !keys.includes(k));
    expect(stale, 'rows in test/authorisation-rows/ for routes that do not exist').toEqual([]);
    const publicMismatch = routes
      .filter((r) => (AUTHORISATION_MATRIX[routeKey(r)] === PUBLIC) === r.auth)
      .map(routeKey);
    expect(publicMismatch, 'public in the table but auth: true, or the other way').toEqual([]);
  });

  it('answers each caller as the table says', { timeout: 120_000 }, async () => {
    const differences: string[] = [];
    for (const route of routes) {
      const expected = AUTHORISATION_MATRIX[routeKey(route)];
      if (!route.auth || expected === undefined || expected === PUBLIC) continue;
      const url = sampleUrl(route);
      const anonymous = await call(ctx, route.method, url);
      if (anonymous.statusCode !== 401) {
        differences.push(`${routeKey(route)} without a token: ${anonymous.statusCode}, not 401`);
      }
      const callers = [...ACCOUNTS, 'outsider'] as const;
      for (const who of callers) {
        const res = await call(ctx, route.method, url, { token: tokens[who] });
        // The outsider is another organisation's point of contact: same role, same answer.
        const allowed = expected.includes(who === 'outsider' ? 'poc' : who);
        const refused =
          res.statusCode === 401 ||
          (res.statusCode === 403 &&
            !(route.feature && json(res).message === featureUnavailableMessage(route.feature)));
        if (allowed === refused) {
          const body = res.body.slice(0, 120);
          differences.push(
            `${routeKey(route)} as ${who}: ${res.statusCode} (${allowed ? 'allowed' : 'refused'} in the table) ${body}`,
          );
        }
      }
    }
    expect(differences).toEqual([]);
  });
});

describe("another organisation's user", () => {
  it('gets 404 for each of Acme’s resources (meeting, prompt, highlight, share, participant, AI provider, group, user, role), which stay as they were', async () => {
    const poc = tokens.poc;
    const outsider = tokens.outsider;
    const meetingId = await processedMeeting(ctx, acme.orgId, acme.pocId, 'Acme board call');

    const prompt = json<{ id: string }>(
      await call(ctx, 'POST', '/prompt/create', {
        token: poc,
        payload: {
          prompt: 'List the action items.',
          promptName: 'Acme actions',
          meetingId: '',
          meetingCode: '',
          featureId: 'zai',
          model: 'gpt-3.5-turbo',
          access: 'Public',
          result: '',
          bundleId: '',
          index: 0,
        },
      }),
    );
    const highlight = json<{ id: string }>(
      await call(ctx, 'POST', '/highlights', {
        token: poc,
        payload: { meetingId, startTime: 1, endTime: 2, title: 'Pricing' },
      }),
    );
    const shared = await call(ctx, 'POST', `/share/${meetingId}`, {
      token: poc,
      payload: { email: acme.memberEmail },
    });
    const participant = 'candidate@acme.example';
    const invited = await call(ctx, 'POST', '/invite-participant', {
      token: poc,
      payload: { email: participant, name: 'Pat Doe', meetingId },
    });
    const provider = await call(ctx, 'POST', '/chatgpt', {
      token: poc,
      payload: { apiKey: 'test-key', baseUrl: models.url },
    });
    const group = json<{ data: { id: string } }>(
      await call(ctx, 'POST', '/group', { token: poc, payload: { name: 'Acme closers' } }),
    ).data;
    const colleague = json<{ data: { id: string } }>(
      await call(ctx, 'POST', '/user', {
        token: poc,
        payload: { firstName: 'Casey', email: 'casey@acme.example', groupIds: [group.id] },
      }),
    ).data;
    const role = json<{ data: { id: string } }>(
      await call(ctx, 'POST', '/role', {
        token: poc,
        payload: { name: 'Acme viewer', permissions: ['meetings.read'] },
      }),
    ).data;
    expect([prompt.id, highlight.id, group.id, colleague.id, role.id]).toEqual(
      Array(5).fill(expect.any(String)),
    );
    expect([shared.statusCode, invited.statusCode, provider.statusCode]).toEqual([200, 201, 200]);

    const attempts: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', `/meeting/${meetingId}`],
      ['GET', `/offline/status/${meetingId}`],
      ['GET', `/voice-diaraization/${meetingId}`],
      ['GET', `/highlights/${meetingId}`],
      ['DELETE', `/meeting/${meetingId}`],
      ['GET', `/prompt/${prompt.id}`],
      ['PATCH', `/prompt/${prompt.id}`, { promptName: 'Taken' }],
      ['DELETE', `/prompt/${prompt.id}`],
      ['PATCH', `/highlights/${highlight.id}`, { startTime: 1, endTime: 3, title: 'Taken' }],
      ['DELETE', `/highlights/${highlight.id}`],
      ['GET', `/share/users/${meetingId}`],
      ['POST', `/share/revoke/${meetingId}`, { email: acme.memberEmail }],
      ['GET', `/invite-participant/${encodeURIComponent(participant)}`],
      ['PATCH', `/invite-participant/${encodeURIComponent(participant)}`, { name: 'Taken' }],
      ['DELETE', `/invite-participant/${encodeURIComponent(participant)}`],
      ['PATCH', '/chatgpt', { apiKey: 'test-key', baseUrl: models.url }],
      ['DELETE', '/chatgpt'],
      ['GET', `/zai-settings/${acme.orgId}`],
      ['PATCH', `/zai-settings/${acme.orgId}`, { defaultModel: null }],
      ['GET', `/userlog/organization/${acme.orgId}`],
      ['PATCH', `/group/${group.id}`, { name: 'Taken' }],
      ['DELETE', `/group/${group.id}`],
      ['GET', `/user/${colleague.id}`],
      ['PATCH', `/user/${colleague.id}`, { firstName: 'Taken' }],
      ['DELETE', `/user/${colleague.id}`],
      ['GET', `/user/organization/${acme.orgId}/all`],
      ['PATCH', `/role/${role.id}`, { name: 'Taken' }],
      ['DELETE', `/role/${role.id}`],
    ];
    const answers = [];
    for (const [method, path, payload] of attempts) {
      const res = await call(ctx, method, path, { token: outsider, payload });
      answers.push({ call: `${method} ${path}`, status: res.statusCode });
    }
    expect(answers).toEqual(attempts.map(([m, p]) => ({ call: `${m} ${p}`, status: 404 })));

    // Untouched for Acme.
    const reads = [
      `/meeting/${meetingId}`,
      `/prompt/${prompt.id}`,
      `/share/users/${meetingId}`,
      `/invite-participant/${encodeURIComponent(participant)}`,
      `/user/${colleague.id}`,
    ];
    for (const path of reads) {
      expect({ path, status: (await call(ctx, 'GET', path, { token: poc })).statusCode }).toEqual({
        path,
        status: 200,
      });
    }
    const highlights = json<{ id: string; title: string }[]>(
      await call(ctx, 'GET', `/highlights/${meetingId}`, { token: poc }),
    );
    expect(highlights.map((h) => h.title)).toEqual(['Pricing']);
    const providers = json<{ provider: string }[]>(
      await call(ctx, 'GET', '/ai/providers', { token: poc }),
    );
    expect(providers.map((p) => p.provider)).toEqual(['chatgpt']);
    const groups = json<{ data: { name: string }[] }>(
      await call(ctx, 'GET', '/group/all', { token: poc }),
    );
    expect(groups.data.map((g) => g.name)).toContain('Acme closers');
    const roles = json<{ data: { name: string }[] }>(
      await call(ctx, 'GET', '/role/organization', { token: poc }),
    );
    expect(roles.data.map((r) => r.name)).toEqual(['Acme viewer']);
  });
});
