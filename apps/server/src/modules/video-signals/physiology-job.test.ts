import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES, type PhysiologyStatus } from '@parley/contracts';
import { meetings, meetingVideoSignals } from '../../platform/db/schema.js';
import { failureReason, sqlExecutorFor, startQueue } from '../../platform/queue/index.js';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import { createMediaContext, waitFor } from '../../test/media.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { physiologyJob } from './jobs.js';

/**
 * start-physiology's job lives the analysis steps' life (issue 22): a failing attempt is
 * retried, the last one is dead-lettered and its reason shown, and a payload that fits no
 * schema fails at once into the dead letter. Before, physiology was never retried and a job
 * that never came back left it 'running' for ever. The app's own workers run the jobs.
 */
let ctx: TestContext & { mediaDir: string };
let token: string;
let owner: { id: string; organizationId: string };

interface JobRow {
  state: string;
  retry_count: number;
  output: unknown;
}

/** The jobs of a queue whose payload holds `data` (a job queued by a request also names its id), oldest first. */
async function jobsOf(queue: string, data: object): Promise<JobRow[]> {
  const { rows } = await sqlExecutorFor(ctx.database).executeSql(
    'SELECT state, retry_count, output FROM pgboss.job WHERE name = $1 AND data @> $2::jsonb ORDER BY created_on',
    [queue, JSON.stringify(data)],
  );
  return rows as JobRow[];
}

beforeAll(async () => {
  // One retry: two attempts, then the dead letter.
  ctx = await createMediaContext({ env: { ANALYSIS_RETRY_LIMIT: '1' } });
  const s = await signIn(ctx, 'user@acme.parley.local');
  token = s.accessToken;
  owner = s.user;
  await grantInterviewIntelligence(ctx, s.user.organizationId);
});
afterAll(async () => ctx?.close());

describe("the physiology job's lifecycle", () => {
  it('retries physiology that keeps failing, then shows it failed with the reason', async () => {
    // The video step ran on this recording once; since then it has gone from storage.
    const [meeting] = await ctx.database.db
      .insert(meetings)
      .values({
        organizationId: owner.organizationId,
        ownerId: owner.id,
        meetingName: 'Gone',
        meetingCode: 'gone.mp4',
        sourceKey: 'recordings/gone.mp4',
        durationSec: 30,
      })
      .returning();
    if (!meeting) throw new Error('no meeting');
    await ctx.database.db.insert(meetingVideoSignals).values({
      meetingId: meeting.id,
      organizationId: meeting.organizationId,
      engine: 'test',
      model: 'test',
    });

    const start = await call(ctx, 'POST', '/offline/start-physiology', {
      token,
      payload: { meetingId: meeting.id },
    });
    expect(json(start)).toMatchObject({ physiologyStatus: 'running' });
    const failed = await waitFor(
      async () => {
        const res = await call(ctx, 'GET', `/meeting/physiology/status/${meeting.id}`, { token });
        const status = json<PhysiologyStatus>(res);
        return status.physiologyStatus === 'failed' ? status : undefined;
      },
      30_000,
      'physiology to fail',
    );
    expect(failed.error).toBe('the recording is no longer in storage');

    const [job] = await jobsOf(QUEUES.physiology, { meetingId: meeting.id });
    expect(job).toMatchObject({ state: 'failed', retry_count: 1 });
    const dead = await jobsOf(QUEUES.physiologyDeadLetter, { meetingId: meeting.id });
    // Its handler is what marked physiology failed: the last attempt only kept the error.
    expect(dead.map((d) => d.state)).toEqual(['completed']);
  }, 60_000);

  it('fails a physiology job whose payload is bad at its first attempt, into its dead letter', async () => {
    // A second handle on the same queues sends past the types, as an older release might have.
    const sender = await startQueue(
      ctx.database,
      {
        pollSeconds: 0.5,
        maintenanceSeconds: 60,
        retry: { limit: 3, delaySeconds: 0, expireMinSeconds: 60, expirePerMediaSecond: 1 },
      },
      [physiologyJob],
      { error: () => {} },
    );
    const bad = { meetingId: 'not-a-meeting' };
    try {
      await sender.boss.send(QUEUES.physiology, bad, { retryLimit: 3 });
    } finally {
      await sender.stop(1);
    }
    const [job] = await waitFor(
      async () => {
        const rows = await jobsOf(QUEUES.physiology, bad);
        return rows[0]?.state === 'failed' ? rows : undefined;
      },
      30_000,
      'the bad job to fail',
    );
    expect(job?.retry_count).toBe(0);
    expect(failureReason(job?.output)).toMatch(/^invalid payload \(meetingId: /);
    const dead = await waitFor(
      async () => {
        const rows = await jobsOf(QUEUES.physiologyDeadLetter, bad);
        return rows.length ? rows : undefined;
      },
      10_000,
      'the dead letter',
    );
    expect(dead).toHaveLength(1);
  }, 60_000);
});
