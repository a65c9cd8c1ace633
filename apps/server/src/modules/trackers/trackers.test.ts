import { describe, expect, it } from 'vitest';
import type {
  MeetingTrackerHits,
  Tracker,
  TrackerMeetingCounts,
  TrackerWeeklyCounts,
} from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';
import { waitFor } from '../../test/media.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';

/**
 * Trackers over the two-speaker fixture (transcripts-kit), whose words include "opera" and
 * "new chair" (speaker_00, at 8.34 s and 13.12 s), "major theme" (speaker_00, 20.29 s),
 * "friends" (speaker_01, 23.51 s) and "charity" (speaker_00, 29.28 s).
 */
let member: SignedIn;
let poc: SignedIn;
let manager: SignedIn;
let rep: SignedIn;
let outsider: SignedIn;
let meetingId: string;

useTestApp(async ({ as }) => {
  member = await as('member');
  poc = await as('poc');
  manager = await as('manager');
  rep = await as('rep');
  outsider = await as('outsider');
  const org = member.user.organizationId;
  meetingId = await insertMeeting(ctx, org, member.user.id, 'trackers-call', {
    startTime: new Date('2026-11-18T10:00:00Z'),
  });
  await saveTranscript(ctx, meetingId, org);
});

const token = (who: SignedIn) => who.accessToken;
const create = (who: SignedIn, body: unknown) =>
  call(ctx, 'POST', '/trackers', { token: token(who), payload: body });
const change = (who: SignedIn, id: string, body: unknown) =>
  call(ctx, 'PATCH', `/trackers/${id}`, { token: token(who), payload: body });
const hitsOf = async (who: SignedIn, id = meetingId) =>
  json<MeetingTrackerHits>(
    await call(ctx, 'GET', `/trackers/meeting/${id}`, { token: token(who) }),
  );
/** The phrases found for a tracker, with start time, speaker and side, in time order. */
const found = async (trackerId: string) =>
  (await hitsOf(member)).hits
    .filter((h) => h.trackerId === trackerId)
    .map((h) => `${h.phrase}@${h.start} ${h.speaker} ${h.side}`);

/** Waits for the background re-count to show what is expected. */
const eventually = (trackerId: string, expected: string[]) =>
  waitFor(
    async () => {
      const now = await found(trackerId);
      return JSON.stringify(now) === JSON.stringify(expected) ? now : undefined;
    },
    20_000,
    `tracker hits ${expected.join(', ')}`,
  );

describe('trackers', () => {
  let music: Tracker;

  it('counts a new tracker in the transcripts already there, in the background', async () => {
    const res = await create(poc, {
      name: 'Music',
      phrases: ['opera', 'Major theme', 'friend', 'new chair'],
    });
    expect(res.statusCode).toBe(201);
    music = json<Tracker>(res);
    expect(music).toMatchObject({
      name: 'Music',
      phrases: ['opera', 'Major theme', 'friend', 'new chair'],
    });

    await eventually(music.id, [
      'opera@8.34 speaker_00 unknown',
      'new chair@13.12 speaker_00 unknown',
      'Major theme@20.29 speaker_00 unknown',
      'friend@23.51 speaker_01 unknown',
    ]);
    const hits = (await hitsOf(member)).hits.filter((h) => h.trackerId === music.id);
    expect(hits[1]).toMatchObject({
      wordStart: 8,
      wordEnd: 9,
      end: 13.8,
      speakerName: 'Speaker 1',
    });
  });

  it('counts a speaker named after a member as ours once the speakers are named', async () => {
    const fullName = `${member.user.firstName} ${member.user.lastName}`.trim();
    const res = await call(ctx, 'PATCH', '/meeting/participant', {
      token: token(member),
      payload: { meetingId, additionalDetails: { speaker_00: fullName, speaker_01: 'A buyer' } },
    });
    expect(res.statusCode).toBe(200);
    expect(await found(music.id)).toEqual([
      'opera@8.34 speaker_00 ours',
      'new chair@13.12 speaker_00 ours',
      'Major theme@20.29 speaker_00 ours',
      // Not a member's name: nothing says whose side, so it is not guessed.
      'friend@23.51 speaker_01 unknown',
    ]);
    expect((await hitsOf(member)).hits[0]?.speakerName).toBe(fullName);
  });

  it('counts a corrected transcript again at once', async () => {
    const res = await call(ctx, 'PATCH', `/transcription/zai-insights-dashboard/${meetingId}`, {
      token: token(member),
      payload: {
        words: [
          { index: 3, word: 'ballet' },
          { index: 54, word: 'opera,' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await found(music.id)).toEqual([
      'new chair@13.12 speaker_00 ours',
      'Major theme@20.29 speaker_00 ours',
      'friend@23.51 speaker_01 unknown',
      'opera@29.28 speaker_00 ours',
    ]);
  });

  it('counts a changed tracker again over old meetings', async () => {
    const res = await change(manager, music.id, { name: 'Music', phrases: ['ballet', 'dead man'] });
    expect(res.statusCode).toBe(200);
    await eventually(music.id, [
      'ballet@8.34 speaker_00 ours',
      'dead man@22.35 speaker_01 unknown',
    ]);
  });

  it('charts the counts per week and per meeting, over the meetings the caller sees', async () => {
    const weekly = json<TrackerWeeklyCounts>(
      await call(ctx, 'GET', '/trackers/counts/weekly', { token: token(member) }),
    );
    expect(weekly.trackers).toContainEqual({ id: music.id, name: 'Music' });
    // 18 November 2026 is a Wednesday: its week starts on Monday the 16th.
    expect(weekly.weeks.filter((w) => w.trackerId === music.id)).toEqual([
      { weekStart: '2026-11-16', trackerId: music.id, ours: 1, theirs: 0, unknown: 1, total: 2 },
    ]);
    const outside = json<TrackerWeeklyCounts>(
      await call(ctx, 'GET', '/trackers/counts/weekly?from=2026-11-19', { token: token(member) }),
    );
    expect(outside.weeks).toEqual([]);

    const perMeeting = json<TrackerMeetingCounts>(
      await call(ctx, 'GET', `/trackers/counts/meetings?trackerId=${music.id}`, {
        token: token(member),
      }),
    );
    expect(perMeeting.meetings).toEqual([
      {
        meetingId,
        meetingName: 'trackers-call',
        startTime: '2026-11-18T10:00:00.000Z',
        counts: [{ trackerId: music.id, ours: 1, theirs: 0, unknown: 1, total: 2 }],
      },
    ]);

    // The rep does not see the member's meeting, so its mentions are not theirs to count.
    const repWeekly = json<TrackerWeeklyCounts>(
      await call(ctx, 'GET', '/trackers/counts/weekly', { token: token(rep) }),
    );
    expect(repWeekly.weeks).toEqual([]);
    const pocWeekly = json<TrackerWeeklyCounts>(
      await call(ctx, 'GET', '/trackers/counts/weekly', { token: token(poc) }),
    );
    expect(pocWeekly.weeks.filter((w) => w.trackerId === music.id)[0]?.total).toBe(2);
  });

  it('refuses a second tracker of the same name and a phrase without a word', async () => {
    const dup = await create(poc, { name: 'Music', phrases: ['jazz'] });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe('A tracker with this name exists already');
    const empty = await create(poc, { name: 'Punctuation', phrases: ['?!'] });
    expect(empty.statusCode).toBe(400);
  });

  it('lets members read trackers but only managers and the point of contact change them', async () => {
    const list = json<Tracker[]>(await call(ctx, 'GET', '/trackers', { token: token(rep) }));
    expect(list.map((t) => t.name)).toContain('Music');
    expect((await create(rep, { name: 'Pricing', phrases: ['price'] })).statusCode).toBe(403);
    expect((await create(member, { name: 'Pricing', phrases: ['price'] })).statusCode).toBe(403);
    expect((await change(member, music.id, { name: 'X', phrases: ['x'] })).statusCode).toBe(403);
    expect((await create(manager, { name: 'Pricing', phrases: ['price'] })).statusCode).toBe(201);
  });

  it('keeps another organisation out: its trackers, this meeting and this tracker are not found', async () => {
    const theirs = json<Tracker[]>(await call(ctx, 'GET', '/trackers', { token: token(outsider) }));
    expect(theirs).toEqual([]);
    expect(
      (await call(ctx, 'GET', `/trackers/meeting/${meetingId}`, { token: token(outsider) }))
        .statusCode,
    ).toBe(404);
    expect((await change(outsider, music.id, { name: 'Mine', phrases: ['x'] })).statusCode).toBe(
      404,
    );
    expect(
      (await call(ctx, 'DELETE', `/trackers/${music.id}`, { token: token(outsider) })).statusCode,
    ).toBe(404);
    const counts = json<TrackerWeeklyCounts>(
      await call(ctx, 'GET', '/trackers/counts/weekly', { token: token(outsider) }),
    );
    expect(counts).toEqual({ trackers: [], weeks: [] });
    // Nothing of Acme's changed.
    expect(await found(music.id)).toHaveLength(2);
  });

  it('deletes a tracker with its mentions', async () => {
    const res = await call(ctx, 'DELETE', `/trackers/${music.id}`, { token: token(poc) });
    expect(res.statusCode).toBe(200);
    const after = await hitsOf(member);
    expect(after.trackers.map((t) => t.name)).toEqual(['Pricing']);
    expect(after.hits.filter((h) => h.trackerId === music.id)).toEqual([]);
  });
});
