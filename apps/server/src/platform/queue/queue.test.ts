import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { waitFor } from '../../test/media.js';
import { failureReason, startQueue, type JobQueue } from './index.js';

/** pg-boss through our executor, on the project's database (PGlite or PostgreSQL). */
let ctx: TestContext;
const log = { error: () => {} };
const settings = { pollSeconds: 0.5, maintenanceSeconds: 60 };

const stateOf = async (queue: JobQueue, name: string, id: string) =>
  (await queue.boss.getJobById(name, id))?.state;

beforeAll(async () => {
  ctx = await createTestContext({ seed: false, env: { ROLE: 'api' } });
});
afterAll(async () => ctx?.close());

describe('the job queue', () => {
  it('runs a job once, and a duplicate singleton key collapses while the first waits', async () => {
    const queue = await startQueue(ctx.database, settings, [{ name: 'test-once' }], log);
    try {
      const first = await queue.send('test-once', { n: 1 }, { singletonKey: 'k' });
      expect(first).toMatch(/^[0-9a-f-]{36}$/);
      expect(await queue.send('test-once', { n: 2 }, { singletonKey: 'k' })).toBeNull();
      const seen: unknown[] = [];
      await queue.work('test-once', async (job) => {
        seen.push(job.data);
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
    const queue = await startQueue(ctx.database, settings, [{ name: 'test-grace' }], log);
    let started = false;
    let finished = false;
    await queue.work('test-grace', async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 1500));
      finished = true;
    });
    const id = (await queue.send('test-grace', {})) ?? '';
    await waitFor(async () => (started ? true : undefined), 10_000, 'the job to start');
    await queue.stop(10);
    expect(finished).toBe(true);
    const check = await startQueue(ctx.database, settings, [{ name: 'test-grace' }], log);
    expect(await stateOf(check, 'test-grace', id)).toBe('completed');
    await check.stop(1);
  });

  it('hands a job that outlives the grace period back to the queue as a failed attempt', async () => {
    const queue = await startQueue(ctx.database, settings, [{ name: 'test-late' }], log);
    let started = false;
    await queue.work('test-late', async () => {
      started = true;
      await new Promise((r) => setTimeout(r, 4000));
    });
    const id = (await queue.send('test-late', {}, { retryLimit: 2, retryDelaySeconds: 0 })) ?? '';
    await waitFor(async () => (started ? true : undefined), 10_000, 'the job to start');
    await queue.stop(1);
    const check = await startQueue(ctx.database, settings, [{ name: 'test-late' }], log);
    expect(await stateOf(check, 'test-late', id)).toBe('retry');
    await check.stop(1);
    // Let the abandoned handler end before the database closes.
    await new Promise((r) => setTimeout(r, 3500));
  });

  it('returns jobs left active by a dead process to the queue', async () => {
    const queue = await startQueue(ctx.database, settings, [{ name: 'test-orphan' }], log);
    const id = (await queue.send('test-orphan', {})) ?? '';
    // Fetched (now 'active') by a process that then died without a word.
    const [job] = await queue.boss.fetch('test-orphan');
    expect(job?.id).toBe(id);
    expect(await stateOf(queue, 'test-orphan', id)).toBe('active');
    expect(await queue.requeueOrphans(['test-orphan'])).toBe(1);
    expect(await stateOf(queue, 'test-orphan', id)).toBe('retry');
    await queue.stop(1);
  });

  it('counts a job left active by a dead process as an attempt, and dead-letters it when none is left', async () => {
    const queues = [
      { name: 'test-crashy-dead' },
      { name: 'test-crashy', deadLetter: 'test-crashy-dead' },
    ];
    const queue = await startQueue(ctx.database, settings, queues, log);
    const id =
      (await queue.send('test-crashy', { n: 1 }, { retryLimit: 1, retryDelaySeconds: 0 })) ?? '';
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
    const queue = await startQueue(ctx.database, settings, [{ name: 'test-throws' }], {
      error: (obj, msg) => logged.push({ obj, msg }),
    });
    const id = (await queue.send('test-throws', {}, { retryLimit: 0 })) ?? '';
    await queue.work('test-throws', async () => {
      throw new Error(
        "ENOENT: no such file or directory, open '/tmp/parley-media-x/thumbnail.jpg'",
      );
    });
    const failed = await waitFor(
      async () => {
        const job = await queue.boss.getJobById('test-throws', id);
        return job?.state === 'failed' ? job : undefined;
      },
      10_000,
      'the job to fail',
    );
    expect(failureReason(failed.output)).toBe(
      "ENOENT: no such file or directory, open 'thumbnail.jpg'",
    );
    expect(JSON.stringify(failed.output)).not.toMatch(/\/tmp\/|\n\s+at /);
    const entry = logged.find((l) => l.msg === 'job failed');
    expect(entry?.obj).toMatchObject({ queue: 'test-throws', jobId: id, attempt: 1 });
    expect(String((entry?.obj as { err?: Error }).err?.message)).toContain('/tmp/parley-media-x/');
    await queue.stop(1);
  });

  it("keeps a job's expiry under pg-boss's 24-hour ceiling, however long the recording", async () => {
    const queue = await startQueue(ctx.database, settings, [{ name: 'test-long' }], log);
    // 2,147,483 s × 5 s per media second: pg-boss refuses anything from 24 h up.
    const id = await queue.send('test-long', {}, { expireInSeconds: 10_737_415 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await queue.stop(1);
  });
});
