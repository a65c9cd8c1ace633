import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { QueueName } from '@parley/contracts';
import { createTestContext, type TestContext } from '../../test/context.js';
import { waitFor } from '../../test/media.js';
import { currentRequestId, withRequestId } from '../observability/request-context.js';
import {
  defineDeadLetter,
  defineJob,
  failureReason,
  retryOverRecording,
  secondsOf,
  startQueue,
  type JobQueue,
  type RetryPolicy,
  type RetryRule,
} from './index.js';

/** pg-boss through our executor, on the project's database (PGlite or PostgreSQL). */
let ctx: TestContext;
const log = { error: () => {} };
const settings = {
  pollSeconds: 0.5,
  maintenanceSeconds: 60,
  retry: { limit: 1, delaySeconds: 0, expireMinSeconds: 60, expirePerMediaSecond: 5 },
};

const payload = z.object({ n: z.number() }).partial();
/** pg-boss's own defaults, which these tests ran with before jobs had definitions. */
const PG_BOSS_DEFAULTS: RetryPolicy = {
  limit: 2,
  delaySeconds: 0,
  backoff: true,
  expireInSeconds: 15 * 60,
};

/** A job on a queue of its own, failing into `<name>-dead` (test names are not in QUEUES). */
function testJob(
  name: string,
  opts: { retry?: Partial<RetryPolicy> | RetryRule; singletonKey?: string } = {},
) {
  return defineJob({
    queue: name as QueueName,
    schema: payload,
    retry: typeof opts.retry === 'function' ? opts.retry : { ...PG_BOSS_DEFAULTS, ...opts.retry },
    deadLetter: defineDeadLetter({ queue: `${name}-dead` as QueueName, schema: payload }),
    ...(opts.singletonKey ? { singletonKey: () => opts.singletonKey ?? '' } : {}),
  });
}

const stateOf = async (queue: JobQueue, name: string, id: string) =>
  (await queue.boss.getJobById(name, id))?.state;

beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { ROLE: 'api' } });
});
afterAll(async () => ctx?.close());

/** Waits until the job has failed, and answers it. */
const failedJob = (queue: Awaited<ReturnType<typeof startQueue>>, name: string, id: string) =>
  waitFor(
    async () => {
      const job = await queue.boss.getJobById(name, id);
      return job?.state === 'failed' ? job : undefined;
    },
    10_000,
    'the job to fail',
  );

describe('the job queue', () => {
  it('runs a job once, and a duplicate singleton key collapses while the first waits', async () => {
    const job = testJob('test-once', { singletonKey: 'k' });
    const queue = await startQueue(ctx.database, settings, [job], log);
    try {
      const first = await queue.send(job, { n: 1 });
      expect(first).toMatch(/^[0-9a-f-]{36}$/);
      expect(await queue.send(job, { n: 2 })).toBeNull();
      const seen: unknown[] = [];
      await queue.work(job, async (data) => {
        seen.push(data);
      });
      await waitFor(async () => (seen.length ? true : undefined), 10_000, 'the job');
      await waitFor(
        async () =>
          (await stateOf(queue, 'test-once', first ?? '')) === 'completed' ? true : undefined,
        10_000,
        'completion',
      );
      expect(seen).toEqual([{ n: 1 }]);
    } finally {
      await queue.stop(1);
    }
  });

  it('on stop, lets a job in flight finish within the grace period', async () => {
    const job = testJob('test-grace');
    const queue = await startQueue(ctx.database, settings, [job], log);
    let started = false;
    let finished = false;
    await queue.work(job, async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 1500));
      finished = true;
    });
    const id = (await queue.send(job, {})) ?? '';
    await waitFor(async () => (started ? true : undefined), 10_000, 'the job to start');
    await queue.stop(10);
    expect(finished).toBe(true);
    const check = await startQueue(ctx.database, settings, [job], log);
    expect(await stateOf(check, 'test-grace', id)).toBe('completed');
    await check.stop(1);
  });

  it('hands a job that outlives the grace period back to the queue as a failed attempt, telling it to stop', async () => {
    const job = testJob('test-late', { retry: { limit: 2, delaySeconds: 0 } });
    const queue = await startQueue(ctx.database, settings, [job], log);
    let started = false;
    let signal: AbortSignal | undefined;
    await queue.work(job, async (_payload, run) => {
      started = true;
      signal = run.signal;
      await new Promise((r) => setTimeout(r, 4000));
    });
    const id = (await queue.send(job, {})) ?? '';
    await waitFor(async () => (started ? true : undefined), 10_000, 'the job to start');
    expect(signal?.aborted).toBe(false);
    await queue.stop(1);
    // Given back: what the handler started elsewhere (speech engines) is to end now.
    expect(signal?.aborted).toBe(true);
    const check = await startQueue(ctx.database, settings, [job], log);
    expect(await stateOf(check, 'test-late', id)).toBe('retry');
    await check.stop(1);
    // Let the abandoned handler end before the database closes.
    await new Promise((r) => setTimeout(r, 3500));
  });

  it('tells an attempt that outlives its expiry to stop, so it does not run beside its retry', async () => {
    const job = testJob('test-expiry', { retry: { limit: 0, expireInSeconds: 2 } });
    const queue = await startQueue(ctx.database, settings, [job], log);
    let abortedAfter: number | undefined;
    await queue.work(job, async (_payload, run) => {
      const started = Date.now();
      await new Promise<void>((resolve) => {
        if (run.signal.aborted) return resolve();
        run.signal.addEventListener('abort', () => resolve(), { once: true });
        setTimeout(resolve, 10_000);
      });
      abortedAfter = run.signal.aborted ? Date.now() - started : undefined;
    });
    await queue.send(job, {});
    await waitFor(async () => (abortedAfter !== undefined ? true : undefined), 15_000, 'the abort');
    expect(abortedAfter).toBeGreaterThanOrEqual(1500);
    expect(abortedAfter).toBeLessThan(5000);
    await queue.stop(1);
  });

  it('reads a job expiry in either form the databases answer it', () => {
    expect(secondsOf({ hours: 1, minutes: 2, seconds: 3 })).toBe(3723);
    expect(secondsOf('00:15:00')).toBe(900);
    expect(secondsOf('23:59:00')).toBe(86_340);
    expect(secondsOf(null)).toBe(0);
    expect(secondsOf('soon')).toBe(0);
  });

  it('returns jobs left active by a dead process to the queue', async () => {
    const job = testJob('test-orphan');
    const queue = await startQueue(ctx.database, settings, [job], log);
    const id = (await queue.send(job, {})) ?? '';
    // Fetched (now 'active') by a process that then died without a word.
    const [fetched] = await queue.boss.fetch('test-orphan');
    expect(fetched?.id).toBe(id);
    expect(await stateOf(queue, 'test-orphan', id)).toBe('active');
    expect(await queue.requeueOrphans(['test-orphan'])).toBe(1);
    expect(await stateOf(queue, 'test-orphan', id)).toBe('retry');
    await queue.stop(1);
  });

  it('counts a job left active by a dead process as an attempt, and dead-letters it when none is left', async () => {
    const crashy = testJob('test-crashy', { retry: { limit: 1, delaySeconds: 0 } });
    const queue = await startQueue(ctx.database, settings, [crashy], log);
    const id = (await queue.send(crashy, { n: 1 })) ?? '';
    // Issue 21: a job whose every start killed the process came back at each restart for ever.
    for (const attempt of [1, 2]) {
      // A retry waits pg-boss's back-off (a second or two with no delay set).
      const job = await waitFor(
        async () => (await queue.boss.fetch('test-crashy', { includeMetadata: true }))[0],
        10_000,
        `attempt ${attempt}`,
      );
      expect(job.id).toBe(id);
      expect(job.retryCount).toBe(attempt - 1);
      expect(await queue.requeueOrphans(['test-crashy'])).toBe(1);
    }
    const after = await queue.boss.getJobById('test-crashy', id);
    expect(after?.state).toBe('failed');
    expect(failureReason(after?.output)).toBe(
      'the server stopped while it ran this job (the process ended or was killed)',
    );
    const [dead] = await queue.boss.fetch('test-crashy-dead', { includeMetadata: true });
    expect(dead?.data).toEqual({ n: 1 });
    expect(failureReason(dead?.output)).toMatch(/^the server stopped/);
    expect(await queue.boss.fetch('test-crashy')).toEqual([]);
    await queue.stop(1);
  });

  it("logs a handler's error in full and keeps only a path-free first line as the job's reason", async () => {
    const logged: { obj: object; msg: string }[] = [];
    const job = testJob('test-throws', { retry: { limit: 0 } });
    const queue = await startQueue(ctx.database, settings, [job], {
      error: (obj, msg) => logged.push({ obj, msg }),
    });
    const id = (await queue.send(job, {})) ?? '';
    await queue.work(job, async () => {
      throw new Error(
        "ENOENT: no such file or directory, open '/tmp/parley-media-x/thumbnail.jpg'",
      );
    });
    const failed = await failedJob(queue, 'test-throws', id);
    expect(failureReason(failed.output)).toBe(
      "ENOENT: no such file or directory, open 'thumbnail.jpg'",
    );
    // No stack line (JSON escapes its newline) and no server path in what pg-boss keeps.
    expect(JSON.stringify(failed.output)).not.toMatch(/\/tmp\/|\\n\s+at /);
    const entry = logged.find((l) => l.msg === 'job failed');
    expect(entry?.obj).toMatchObject({ queue: 'test-throws', jobId: id, attempt: 1 });
    expect(String((entry?.obj as { err?: Error }).err?.message)).toContain('/tmp/parley-media-x/');
    await queue.stop(1);
  });

  it("keeps a job's expiry under pg-boss's 24-hour ceiling, however long the recording", async () => {
    const job = testJob('test-long', { retry: retryOverRecording });
    const queue = await startQueue(ctx.database, settings, [job], log);
    // 2,147,483 s × 5 s per media second: pg-boss refuses anything from 24 h up.
    const id = await queue.send(job, {}, { durationSec: 2_147_483 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await queue.stop(1);
  });

  it('fails a job whose payload does not fit its schema at the first attempt, says why and dead-letters it', async () => {
    const logged: { obj: object; msg: string }[] = [];
    const job = testJob('test-bad-payload', { retry: { limit: 3, delaySeconds: 0 } });
    const queue = await startQueue(ctx.database, settings, [job], {
      error: (obj, msg) => logged.push({ obj, msg }),
    });
    const ran: unknown[] = [];
    await queue.work(job, async (data) => {
      ran.push(data);
    });
    // Past the types, as a job written by an older release or by hand would be.
    const id = (await queue.boss.send('test-bad-payload', { n: 'seven' })) ?? '';
    const failed = await failedJob(queue, 'test-bad-payload', id);
    // Not retried: no attempt can make the payload valid.
    expect(failed.retryCount).toBe(0);
    expect(ran).toEqual([]);
    expect(failureReason(failed.output)).toMatch(/^invalid payload \(n: .*number/);
    const entry = logged.find((l) => l.msg.startsWith('invalid payload'));
    expect(entry?.obj).toMatchObject({ queue: 'test-bad-payload', jobId: id, attempt: 1 });
    const [dead] = await queue.boss.fetch('test-bad-payload-dead', { includeMetadata: true });
    expect(dead?.data).toEqual({ n: 'seven' });
    expect(failureReason(dead?.output)).toMatch(/^invalid payload/);
    await queue.stop(1);
  });

  it('retries a job whose handler keeps failing, then hands it to its dead letter with the reason', async () => {
    const job = testJob('test-keeps-failing', { retry: { limit: 1, delaySeconds: 0 } });
    const queue = await startQueue(ctx.database, settings, [job], log);
    const attempts: number[] = [];
    await queue.work(job, async (_data, run) => {
      attempts.push(run.attempt);
      throw new Error('the store did not answer');
    });
    const deadLettered: { data: unknown; reason: string | null }[] = [];
    await queue.work(job.deadLetter, async (data, run) => {
      deadLettered.push({ data, reason: run.reason });
    });
    const id = (await queue.send(job, { n: 3 })) ?? '';
    await waitFor(async () => (deadLettered.length ? true : undefined), 20_000, 'the dead letter');
    expect(attempts).toEqual([1, 2]);
    expect(await stateOf(queue, 'test-keeps-failing', id)).toBe('failed');
    expect(deadLettered).toEqual([{ data: { n: 3 }, reason: 'the store did not answer' }]);
    await queue.stop(1);
  });

  it('lends a job the request id that queued it, and the jobs it queues the same one', async () => {
    const first = testJob('test-request-id');
    const next = testJob('test-request-id-next');
    const queue = await startQueue(ctx.database, settings, [first, next], log);
    try {
      const seen: { job: string; n: number | undefined; requestId: string | undefined }[] = [];
      await queue.work(first, async (data) => {
        seen.push({ job: 'first', n: data.n, requestId: currentRequestId() });
        await queue.send(next, { n: (data.n ?? 0) + 1 });
      });
      await queue.work(next, async (data) => {
        seen.push({ job: 'next', n: data.n, requestId: currentRequestId() });
      });
      await withRequestId('upload-42', () => queue.send(first, { n: 1 }));
      await waitFor(async () => (seen.length === 2 ? true : undefined), 20_000, 'two jobs');
      // Queued outside any request: no id to lend.
      await queue.send(first, { n: 10 });
      await waitFor(async () => (seen.length === 4 ? true : undefined), 20_000, 'four jobs');
      expect(seen.sort((a, b) => (a.n ?? 0) - (b.n ?? 0))).toEqual([
        { job: 'first', n: 1, requestId: 'upload-42' },
        { job: 'next', n: 2, requestId: 'upload-42' },
        { job: 'first', n: 10, requestId: undefined },
        { job: 'next', n: 11, requestId: undefined },
      ]);
    } finally {
      await queue.stop(1);
    }
  });
});
