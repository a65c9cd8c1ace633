import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptSearchResult } from '@parley/contracts';
import { interviews, jobs, meetings, transcriptSegments } from '../../platform/db/schema.js';
import { call, json } from '../../test/context.js';
import {
  ctx,
  edit,
  insertMeeting,
  manager,
  name,
  orgId,
  outsider,
  outsiderUser,
  owner,
  ownerId,
  poc,
  rep,
  saveTranscript,
  seeker,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';
import { createSearchRepo } from './repo.js';
import { createSearchService } from './service.js';

useTranscriptsKit();

/**
 * When a word is really spoken in fixtures/diarization/two-speakers.wav: its reference turn
 * (two-speakers.stm, hand-timed) placed by the word's character position in the turn's text,
 * read speech being close to even-paced within a few seconds.
 */
function referenceTime(word: string): number {
  const stm = readFileSync(
    path.resolve(import.meta.dirname, '../../../../../fixtures/diarization/two-speakers.stm'),
    'utf8',
  );
  for (const line of stm.split('\n')) {
    const [, , , start, end, ...rest] = line.split(' ');
    const text = rest.join(' ');
    const at = text.toLowerCase().indexOf(word.toLowerCase());
    if (at >= 0) return Number(start) + (at / text.length) * (Number(end) - Number(start));
  }
  throw new Error(`${word} is not in the reference`);
}

/** Indexes a meeting's stored transcript, as the speech step's subscription does. */
const index = (meetingId: string) =>
  createSearchService({
    repo: createSearchRepo(ctx.database.db),
    log: { info() {}, warn() {} },
  }).reindex(meetingId);

async function transcribed(
  organizationId: string,
  userId: string,
  meetingName: string,
  values: Partial<typeof meetings.$inferInsert> = {},
): Promise<string> {
  const id = await insertMeeting(ctx, organizationId, userId, meetingName, values);
  await saveTranscript(ctx, id, organizationId);
  await index(id);
  return id;
}

const search = async (token: string, query: Record<string, string | number>) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await call(ctx, 'GET', `/search/transcripts?${qs}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return json<TranscriptSearchResult>(res);
};
const meetingsOf = (r: TranscriptSearchResult) => [...new Set(r.data.map((m) => m.meetingId))];

describe('search across every conversation', () => {
  let call1: string;
  let call2: string;
  let theirs: string;
  let jobId: string;

  beforeAll(async () => {
    call1 = await transcribed(orgId, ownerId, 'Chicago call', {
      startTime: new Date('2026-03-02T10:00:00Z'),
    });
    call2 = await transcribed(orgId, ownerId, 'Texas interview', {
      startTime: new Date('2026-04-10T10:00:00Z'),
      stage: 'discovery_stage',
    });
    theirs = await transcribed(outsiderUser.organizationId, outsiderUser.id, 'Elsewhere call');
    const [job] = await ctx.database.db
      .insert(jobs)
      .values({ organizationId: orgId, title: 'Support engineer' })
      .returning();
    jobId = job!.id;
    await ctx.database.db
      .insert(interviews)
      .values({ meetingId: call2, organizationId: orgId, jobId, round: 1 });
  });

  it('cuts the transcript into short moments of one speaker', async () => {
    const rows = await ctx.database.db
      .select()
      .from(transcriptSegments)
      .where(eq(transcriptSegments.meetingId, call1));
    expect(rows.length).toBeGreaterThan(4);
    for (const r of rows) {
      expect(Number(r.endSec) - Number(r.startSec)).toBeLessThanOrEqual(9);
      expect(r.text.split(' ')).toHaveLength(r.wordStartsMs.length);
    }
  });

  it('finds a spoken word at its moment, within 0.5 s of when it is said', async () => {
    const r = await search(owner, { q: 'Sheila' });
    expect(r.count).toBe(2);
    expect(r.meetingCount).toBe(2);
    const [first] = r.data;
    expect(first).toMatchObject({ speaker: 'Speaker 2', isInterview: true });
    // Newest meeting first among equal ranks.
    expect(first?.meetingId).toBe(call2);
    expect(Math.abs((first?.start ?? 0) - referenceTime('Sheila'))).toBeLessThan(0.5);
    expect(first?.start).toBeGreaterThanOrEqual(first?.segmentStart ?? 0);
    const [from, to] = first!.matches[0]!;
    expect(first!.text.slice(from, to)).toBe('sheila');
    expect(r.data[1]).toMatchObject({ meetingId: call1, meetingName: 'Chicago call' });
    expect(r.data[1]?.isInterview).toBe(false);
  });

  it('reads the search box as words, phrases and exclusions, stemmed', async () => {
    expect((await search(owner, { q: '"dead man"' })).count).toBe(2);
    expect((await search(owner, { q: '"man dead"' })).count).toBe(0);
    expect((await search(owner, { q: 'friend' })).count).toBe(2);
    expect((await search(owner, { q: 'dead -friends' })).count).toBe(0);
    expect((await search(owner, { q: 'dead -xylophone' })).count).toBe(2);
    expect((await search(owner, { q: 'xylophone or commie' })).count).toBe(2);
    const r = await search(owner, { q: 'xylophone' });
    expect(r).toEqual({ data: [], count: 0, meetingCount: 0 });
    // Only stop words: a valid search that matches nothing.
    expect((await search(owner, { q: 'the' })).count).toBe(0);
  });

  it('pages the moments', async () => {
    const q = 'sheila or friends or chair or charity';
    const all = await search(owner, { q, size: 50 });
    expect(all.count).toBeGreaterThan(4);
    const page1 = await search(owner, { q, size: 1, page: 1 });
    expect(page1.count).toBe(all.count);
    expect(page1.data).toEqual([all.data[1]]);
  });

  it("finds only meetings the caller may see: not another organisation's, not an unshared one", async () => {
    expect(meetingsOf(await search(owner, { q: 'Sheila' }))).not.toContain(theirs);
    const other = await search(outsider, { q: 'Sheila' });
    expect(meetingsOf(other)).toEqual([theirs]);
    expect((await search(seeker, { q: 'Sheila' })).count).toBe(0);
    // Same organisation, meetings neither theirs nor shared with them.
    expect((await search(rep, { q: 'Sheila' })).count).toBe(0);
    expect((await search(manager, { q: 'Sheila' })).count).toBe(0);
    // The point of contact sees the whole organisation.
    expect(meetingsOf(await search(poc, { q: 'Sheila' })).sort()).toEqual([call1, call2].sort());
  });

  it('filters by job, stage, date and speaker name', async () => {
    expect(meetingsOf(await search(owner, { q: 'Sheila', jobId }))).toEqual([call2]);
    expect(meetingsOf(await search(owner, { q: 'Sheila', stage: 'discovery_stage' }))).toEqual([
      call2,
    ]);
    expect(meetingsOf(await search(owner, { q: 'Sheila', stage: 'basic_meeting' }))).toEqual([
      call1,
    ]);
    expect(meetingsOf(await search(owner, { q: 'Sheila', to: '2026-03-02' }))).toEqual([call1]);
    expect(meetingsOf(await search(owner, { q: 'Sheila', from: '2026-03-03' }))).toEqual([call2]);
    // "sheila" is said by the second speaker; named on one meeting only.
    expect((await search(owner, { q: 'Sheila', speaker: 'speaker 1' })).count).toBe(0);
    await name(owner, call1, { speaker_01: 'Sheila Moss' });
    const named = await search(owner, { q: 'Sheila', speaker: 'moss' });
    expect(meetingsOf(named)).toEqual([call1]);
    expect(named.data[0]?.speaker).toBe('Sheila Moss');
    expect(meetingsOf(await search(owner, { q: 'Sheila', speaker: 'Speaker 2' }))).toEqual([call2]);
  });

  it('refuses an empty search and bad filters with clear messages', async () => {
    const res = await call(ctx, 'GET', '/search/transcripts?q=%20', { token: owner });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Type a word or phrase to search for');
    const bad = await call(ctx, 'GET', '/search/transcripts?q=a&from=yesterday', { token: owner });
    expect(bad.statusCode).toBe(400);
    // Days of the right shape that no calendar has (the route fuzzer's 0000-00-00 was a 500).
    for (const day of ['0000-00-00', '2026-02-30', '2026-13-01']) {
      const res = await call(ctx, 'GET', `/search/transcripts?q=a&to=${day}`, { token: owner });
      expect(res.statusCode, day).toBe(400);
      expect(res.body).toContain('Use a date such as 2026-01-31');
    }
  });

  it('follows corrections of the transcript', async () => {
    // Word 11 of the fixture is "sheila" (14.71 s).
    const res = await edit(owner, call1, [{ index: 11, word: 'Shirley' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(meetingsOf(await search(owner, { q: 'Sheila' }))).toEqual([call2]);
    const r = await search(owner, { q: 'shirley' });
    expect(meetingsOf(r)).toEqual([call1]);
    expect(r.data[0]?.start).toBeCloseTo(14.71, 2);
  });

  it('gives transcripts stored before search their segments', async () => {
    const id = await insertMeeting(ctx, orgId, ownerId, 'Old call');
    await saveTranscript(ctx, id, orgId);
    expect(meetingsOf(await search(owner, { q: 'Sheila' }))).not.toContain(id);
    const service = createSearchService({
      repo: createSearchRepo(ctx.database.db),
      log: { info() {}, warn() {} },
    });
    expect(await service.backfill()).toBeGreaterThanOrEqual(1);
    expect(meetingsOf(await search(owner, { q: 'Sheila' }))).toContain(id);
    expect(await service.backfill()).toBe(0);
  });
});
