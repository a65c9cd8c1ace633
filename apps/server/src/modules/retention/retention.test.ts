import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { RetentionView } from '@parley/contracts';
import { meetingTranscripts, meetings } from '../../platform/db/schema.js';
import type { JobQueue } from '../../platform/queue/index.js';
import { singleStoreResolver } from '../../platform/storage/resolver.js';
import { createLocalStore } from '../../platform/storage/local.js';
import { call, json, signIn, type SignedIn } from '../../test/context.js';
import { createMediaContext } from '../../test/media.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';
import { derivedPrefix } from '../meetings/index.js';
import { createRetentionRepo } from './repo.js';
import { createRetentionService } from './service.js';

type Ctx = Awaited<ReturnType<typeof createMediaContext>>;
let ctx: Ctx;
let poc: SignedIn;
let member: SignedIn;
let other: SignedIn;

const DAY = 24 * 60 * 60 * 1000;

/** A meeting `ageDays` old with a source file, a derived file and a transcript. */
async function meeting(who: SignedIn, name: string, ageDays: number) {
  const org = who.user.organizationId;
  const id = await insertMeeting(ctx, org, who.user.id, name, {
    createdAt: new Date(ctx.clock.now().getTime() - ageDays * DAY),
  });
  const sourceKey = `${org}/uploads/${id}/source.webm`;
  const derived = `${derivedPrefix({ organizationId: org, id })}/audio.pcm`;
  for (const key of [sourceKey, derived]) {
    const file = path.join(ctx.mediaDir, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(name));
  }
  await ctx.database.db.update(meetings).set({ sourceKey }).where(eq(meetings.id, id));
  await saveTranscript(ctx, id, org);
  return { id, files: [sourceKey, derived].map((k) => path.join(ctx.mediaDir, ...k.split('/'))) };
}

const hasTranscript = async (id: string) =>
  (
    await ctx.database.db
      .select({ id: meetingTranscripts.meetingId })
      .from(meetingTranscripts)
      .where(eq(meetingTranscripts.meetingId, id))
  ).length === 1;

const sourceOf = async (id: string) =>
  (await ctx.database.db.select().from(meetings).where(eq(meetings.id, id)))[0]?.sourceKey ?? null;

/** The service as the worker runs it (the pass is called directly rather than through pg-boss). */
function pass() {
  const service = createRetentionService({
    repo: createRetentionRepo(ctx.database.db),
    resolveStore: singleStoreResolver(createLocalStore(ctx.mediaDir)),
    // Only registerWorker uses the queue; the pass is called directly here.
    queue: null as unknown as JobQueue,
    now: ctx.clock.now,
    log: { info() {}, warn() {} },
  });
  return service.dailyPass();
}

beforeAll(async () => {
  ctx = await createMediaContext();
  poc = await signIn(ctx, 'poc@acme.parley.local');
  member = await signIn(ctx, 'user@acme.parley.local');
  other = await signIn(ctx, 'seeker@parley.local');
}, 60_000);

afterAll(async () => ctx.close());

describe('retention settings', () => {
  it('are off by default and set by the organisation’s managers only', async () => {
    const initial = await call(ctx, 'GET', '/organization/retention', { token: poc.accessToken });
    expect(json<RetentionView>(initial)).toEqual({
      recordingsDays: null,
      transcriptsDays: null,
      runs: [],
    });
    const refused = await call(ctx, 'PATCH', '/organization/retention', {
      token: member.accessToken,
      payload: { recordingsDays: 30 },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await call(ctx, 'PATCH', '/organization/retention', {
      token: poc.accessToken,
      payload: { recordingsDays: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the daily retention pass', () => {
  it('deletes old recordings and transcripts of that organisation only, and logs the counts', async () => {
    const oldOne = await meeting(member, 'old-one', 40);
    const middle = await meeting(member, 'middle', 20);
    const recent = await meeting(member, 'recent', 2);
    const elsewhere = await meeting(other, 'elsewhere-old', 400);

    const set = await call(ctx, 'PATCH', '/organization/retention', {
      token: poc.accessToken,
      payload: { recordingsDays: 30, transcriptsDays: 10 },
    });
    expect(set.statusCode).toBe(200);
    expect(json<RetentionView>(set)).toMatchObject({ recordingsDays: 30, transcriptsDays: 10 });

    await pass();

    // Older than 30 days: files and transcript gone, the meeting itself kept.
    for (const f of oldOne.files) expect(existsSync(f)).toBe(false);
    expect(await sourceOf(oldOne.id)).toBeNull();
    expect(await hasTranscript(oldOne.id)).toBe(false);
    // 20 days: the recording stays, the transcript (over 10 days) goes.
    for (const f of middle.files) expect(existsSync(f)).toBe(true);
    expect(await sourceOf(middle.id)).not.toBeNull();
    expect(await hasTranscript(middle.id)).toBe(false);
    // Recent, and another organisation without retention: untouched.
    for (const m of [recent, elsewhere]) {
      for (const f of m.files) expect(existsSync(f)).toBe(true);
      expect(await hasTranscript(m.id)).toBe(true);
    }

    const after = json<RetentionView>(
      await call(ctx, 'GET', '/organization/retention', { token: poc.accessToken }),
    );
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toMatchObject({ recordingsDeleted: 1, transcriptsDeleted: 2 });

    // A second pass the same day finds nothing more and logs nothing.
    await pass();
    const again = json<RetentionView>(
      await call(ctx, 'GET', '/organization/retention', { token: poc.accessToken }),
    );
    expect(again.runs).toHaveLength(1);

    // Turned off: nothing more is deleted however old.
    await call(ctx, 'PATCH', '/organization/retention', {
      token: poc.accessToken,
      payload: { recordingsDays: null, transcriptsDays: null },
    });
    ctx.clock.advance(100 * DAY);
    await pass();
    for (const f of recent.files) expect(existsSync(f)).toBe(true);
    expect(await hasTranscript(recent.id)).toBe(true);
  }, 60_000);
});
