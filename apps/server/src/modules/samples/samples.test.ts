import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDIT_MESSAGES, type CoachingItem, type Quiz } from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json } from '../../test/context.js';
import { grantBundle } from '../../test/plans-kit.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-samples-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// ROLE=api: the sample is queued for analysis, which no worker here picks up.
const who = useSignedInApp(
  ['admin', 'poc', 'rep', 'outsider'],
  async ({ ctx: app, who: w }) => {
    await grantBundle(app, w.outsider.user.organizationId, 'Sales Suite');
  },
  { env: { ROLE: 'api', DATA_DIR: dataDir } },
);

const prospecting = async (token: string) =>
  json<CoachingItem[]>(
    await call(ctx, 'POST', '/coaching/fetch', {
      token,
      payload: { stage: 'prospecting_stage', type: 'video' },
    }),
  ).filter((i) => i.title === 'Prospecting basics (sample)');

describe('sample content on a first start', () => {
  it('adds a default training video with its quiz that every organisation sees', async () => {
    expect(await ctx.app.samples.seed()).toEqual([
      'training/prospecting-basics',
      'meeting/discovery-call',
      'deals/sample-pipeline',
    ]);

    const [seen] = await prospecting(who.rep.accessToken);
    expect(seen).toMatchObject({ isDefault: true, type: 'video', stage: 'prospecting_stage' });
    expect(seen?.video).toMatchObject({ hasQuiz: true, inferenceStatus: 'queued' });
    // The outsider's organisation sees the same default.
    expect(await prospecting(who.outsider.accessToken)).toHaveLength(1);

    const res = await call(ctx, 'POST', '/quiz/fetch', {
      token: who.rep.accessToken,
      payload: { meetingId: seen?.meetingId },
    });
    const quiz = json<Quiz>(res);
    expect(quiz.questions.map((q) => q.text)).toContain(
      'How long should you spend researching an account before you call?',
    );
    expect(quiz.questions.every((q) => q.moment !== null)).toBe(true);
    // The answer key stays on the server.
    expect(res.body).not.toContain('correct');
  });

  it('adds it once, and a deleted sample stays deleted', async () => {
    expect(await ctx.app.samples.seed()).toEqual([]);
    const [item] = await prospecting(who.rep.accessToken);
    const removed = await call(ctx, 'POST', '/coaching/superAdminDelete', {
      token: who.admin.accessToken,
      payload: { id: item?.id },
    });
    expect(removed.statusCode).toBe(200);
    expect(await ctx.app.samples.seed()).toEqual([]);
    expect(await prospecting(who.rep.accessToken)).toEqual([]);
  });
});

describe('the sample meeting', () => {
  it('is the demo point of contact’s, a sales call queued for analysis, marked as a sample', async () => {
    const res = await call(ctx, 'GET', '/meeting/user?page=0&size=10', {
      token: who.poc.accessToken,
    });
    const sample = json<{
      data: { title: string | null; stage: string; inferenceStatus: string }[];
    }>(res).data.find((m) => m.title === 'Discovery call with Dana (sample)');
    expect(sample).toMatchObject({ stage: 'discovery_stage', inferenceStatus: 'queued' });
    // Another organisation never sees it.
    const theirs = await call(ctx, 'GET', '/meeting/user?page=0&size=10', {
      token: who.outsider.accessToken,
    });
    expect(JSON.stringify(json(theirs))).not.toContain('Discovery call with Dana');
  });
});

describe('the sample pipeline', () => {
  it('gives the demo rep an account with deals in three stages, the sample call on the first', async () => {
    interface Deal {
      id: string;
      name: string;
      stage: string;
      ownerId: string | null;
      accountName: string | null;
    }
    const res = await call(ctx, 'GET', '/sales/deals?page=0&size=10', {
      token: who.rep.accessToken,
    });
    const deals = json<{ data: Deal[] }>(res).data;
    expect(deals.map((d) => d.stage).sort()).toEqual([
      'discovery_stage',
      'negotiation_close_stage',
      'qualification_stage',
    ]);
    expect(deals.every((d) => d.ownerId === who.rep.user.id)).toBe(true);
    expect(deals.every((d) => d.accountName === 'Brightline Support (sample)')).toBe(true);

    const pilot = deals.find((d) => d.stage === 'discovery_stage');
    const calls = await call(ctx, 'GET', `/meeting/manager/sales?deal=${pilot?.id}`, {
      token: who.poc.accessToken,
    });
    expect(calls.body).toContain('Discovery call with Dana (sample)');
    const contacts = await call(ctx, 'GET', `/sales/deals/${pilot?.id}/contacts`, {
      token: who.rep.accessToken,
    });
    expect(contacts.body).toContain('dana@brightline.example');
    // Another organisation never sees them.
    const theirs = await call(ctx, 'GET', '/sales/deals?page=0&size=10', {
      token: who.outsider.accessToken,
    });
    expect(theirs.body).not.toContain('Brightline');
  });
});

describe('the platform organisation', () => {
  it('is never charged for what it analyses (it has no plan)', async () => {
    const res = await call(ctx, 'POST', '/credits/cutCreditsForOffline', {
      token: who.admin.accessToken,
      payload: { duration: 12 },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { message: CREDIT_MESSAGES.notCharged } });
  });

  it('has every feature, so the super admin is never asked to upgrade', async () => {
    expect(who.admin.user.organization?.isPlatform).toBe(true);
    // Sales Coaching is in no plan of the platform's: it has none.
    const res = await call(ctx, 'POST', '/coaching/fetch', {
      token: who.admin.accessToken,
      payload: { stage: 'prospecting_stage' },
    });
    expect(res.statusCode).toBe(200);
  });
});
