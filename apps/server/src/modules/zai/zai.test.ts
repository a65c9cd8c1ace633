import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZAI_MESSAGES, type ZaiMeeting } from '@parley/contracts';
import { activityLog } from '../../platform/db/schema.js';
import {
  addMeeting,
  introductionsCall,
  parseStream,
  scienceReading,
} from '../../test/assistant-kit.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json } from '../../test/context.js';

const tokens: Record<'user' | 'poc' | 'rep' | 'seeker' | 'outsider', string> = {
  user: '',
  poc: '',
  rep: '',
  seeker: '',
  outsider: '',
};
const ids = { intro: '', science: '', untranscribed: '', repsOwn: '', seekers: '' };
const INTRO_SEC = 30;

const ask = (token: string, payload: Record<string, unknown>) =>
  call(ctx, 'POST', '/prompt/siri', { token, payload });
const picker = (token: string, query = '') =>
  call(ctx, 'GET', `/meeting/user/zai${query}`, { token }).then((r) =>
    json<{ data: ZaiMeeting[]; count: number }>(r),
  );

useTestApp(async ({ as }) => {
  // The app's default resolver: the built-in parley-local engine for every organisation.
  const user = await as('member');
  const rep = await as('rep');
  const seeker = await as('seeker');
  tokens.user = user.accessToken;
  tokens.rep = rep.accessToken;
  tokens.seeker = seeker.accessToken;
  tokens.poc = (await as('poc')).accessToken;
  tokens.outsider = (await as('outsider')).accessToken;
  const day = (d: number) => new Date(Date.UTC(2026, 10, d, 9));
  ids.intro = await addMeeting(ctx, user.user, 'Introductions call', {
    utterances: introductionsCall(),
    names: { speaker_00: 'Diane', speaker_01: 'Sheila' },
    createdAt: day(3),
  });
  ids.science = await addMeeting(ctx, user.user, 'Science reading', {
    utterances: scienceReading(),
    createdAt: day(2),
  });
  ids.untranscribed = await addMeeting(ctx, user.user, 'Not transcribed yet', {
    createdAt: day(4),
  });
  ids.repsOwn = await addMeeting(ctx, rep.user, 'Rep pipeline review', {
    utterances: introductionsCall(),
    createdAt: day(1),
  });
  ids.seekers = await addMeeting(ctx, seeker.user, 'Mock interview', {
    utterances: scienceReading(),
  });
});

describe('GET meeting/user/zai', () => {
  it('lists the visible meetings that have a transcript, newest first, with speakers', async () => {
    const mine = await picker(tokens.user);
    expect(mine.count).toBe(2);
    expect(mine.data).toEqual([
      {
        id: ids.intro,
        meetingName: 'Introductions call',
        date: expect.any(String),
        durationSec: INTRO_SEC,
        speakers: ['Diane', 'Sheila'],
      },
      expect.objectContaining({ id: ids.science, speakers: ['Speaker 1'] }),
    ]);
    // The poc sees the organisation's meetings, the rep's own one included.
    const poc = await picker(tokens.poc);
    expect(poc.data.map((m) => m.meetingName)).toEqual([
      'Introductions call',
      'Science reading',
      'Rep pipeline review',
    ]);
    expect((await picker(tokens.user, '?search=science')).data.map((m) => m.id)).toEqual([
      ids.science,
    ]);
    const paged = await picker(tokens.poc, '?size=1&page=1');
    expect({ count: paged.count, names: paged.data.map((m) => m.meetingName) }).toEqual({
      count: 3,
      names: ['Science reading'],
    });
    // Another organisation's list holds only its own.
    expect((await picker(tokens.seeker)).data.map((m) => m.id)).toEqual([ids.seekers]);
  });
});

describe('POST prompt/siri', () => {
  it('streams deltas, then a final answer citing the moment inside the meeting', async () => {
    const res = await ask(tokens.user, {
      meetingId: ids.intro,
      userPrompt: 'Where is Sheila originally from?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    // The stream takes the reply over from Fastify and still carries the security headers.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const { deltas, final, error } = parseStream(res);
    expect(error).toBeUndefined();
    expect(deltas.length).toBeGreaterThan(1);
    expect(final).toMatchObject({ notFound: false, model: 'parley-local', provider: 'local' });
    expect(final?.answer).toBe(deltas.join(''));
    expect(final?.citations.length).toBeGreaterThan(0);
    for (const c of final?.citations ?? []) {
      expect(c).toMatchObject({ meetingId: ids.intro, meetingName: 'Introductions call' });
      expect(c.start).toBeGreaterThanOrEqual(0);
      expect(c.end).toBeLessThanOrEqual(INTRO_SEC);
    }
    const chicago = final?.citations.find((c) => c.quote.includes('Chicago'));
    expect(chicago?.speaker).toBe('Sheila');
    // Streamed replies are in the activity log like every authenticated call.
    // (The log is written once the reply has finished, which may be just after inject returns.)
    await expect
      .poll(async () =>
        (
          await ctx.database.db
            .select()
            .from(activityLog)
            .where(eq(activityLog.path, '/api/v1/prompt/siri'))
        ).map((r) => r.status),
      )
      .toContain(200);
    // "And I'm Sheila in Texas, originally from Chicago." is spoken from 14.4 s to 17.8 s.
    expect(chicago?.start).toBeGreaterThanOrEqual(14);
    expect(chicago?.start).toBeLessThan(18);
  });

  it('answers from the right meeting when two are chosen', async () => {
    const both = [ids.intro, ids.science];
    const science = parseStream(
      await ask(tokens.user, {
        meetingIds: both,
        userPrompt: 'What does the colour of cabbage juice depend on?',
      }),
    ).final;
    expect(science?.notFound).toBe(false);
    expect(science?.citations.map((c) => c.meetingId)).toEqual(
      science?.citations.map(() => ids.science),
    );
    expect(science?.citations.some((c) => /cabbage juice/.test(c.quote))).toBe(true);

    const intro = parseStream(
      await ask(tokens.user, { meetingIds: both, userPrompt: 'Who heard a beep?' }),
    ).final;
    expect(intro?.notFound).toBe(false);
    expect(new Set(intro?.citations.map((c) => c.meetingId))).toEqual(new Set([ids.intro]));
    expect(intro?.citations.some((c) => c.speaker === 'Diane' && /beep/.test(c.quote))).toBe(true);
  });

  it('summarises the meeting when asked to, with the built-in engine', async () => {
    const { final } = parseStream(
      await ask(tokens.user, { meetingIds: [ids.intro], userPrompt: 'Summarise this meeting' }),
    );
    expect(final?.notFound).toBe(false);
    expect(final?.answer).toMatch(/^Summary/);
    expect(final?.citations.length).toBeGreaterThan(0);
  });

  it('says plainly when the chosen meetings do not contain the answer', async () => {
    const { deltas, final } = parseStream(
      await ask(tokens.user, {
        meetingIds: [ids.intro, ids.science],
        userPrompt: 'What quarterly revenue target did the finance team agree?',
      }),
    );
    expect(final).toMatchObject({ notFound: true, citations: [], answer: ZAI_MESSAGES.notFound });
    expect(deltas.join('')).toBe(ZAI_MESSAGES.notFound);
  });

  it('is 404 for a meeting the caller cannot see, before reading anything', async () => {
    const notFound = { statusCode: 404, error: 'Not Found' };
    const cases = [
      ask(tokens.seeker, { meetingId: ids.intro, userPrompt: 'Where is Sheila from?' }),
      // A member sees only their own and shared meetings: a colleague's is not among them.
      ask(tokens.user, { meetingId: ids.repsOwn, userPrompt: 'Where is Sheila from?' }),
      // One hidden meeting among visible ones refuses the whole question.
      ask(tokens.user, {
        meetingIds: [ids.intro, ids.seekers],
        userPrompt: 'Where is Sheila from?',
      }),
      ask(tokens.user, { meetingId: crypto.randomUUID(), userPrompt: 'Where is Sheila from?' }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.headers['content-type']).toContain('application/json');
      expect(json(res)).toMatchObject(notFound);
    }
    // The poc sees the rep's meeting, so may ask about it.
    const poc = parseStream(
      await ask(tokens.poc, { meetingId: ids.repsOwn, userPrompt: 'Where is Sheila from?' }),
    );
    expect(poc.final?.citations[0]?.meetingId).toBe(ids.repsOwn);
  });

  it('is 404 for a visible meeting without a transcript', async () => {
    const res = await ask(tokens.user, { meetingId: ids.untranscribed, userPrompt: 'Anything?' });
    expect(res.statusCode).toBe(404);
  });

  it('needs Zai Intelligence for the picker and the question', async () => {
    const forbidden = {
      statusCode: 403,
      error: 'Forbidden',
      message: 'No Zai Intelligence available',
    };
    expect(json(await call(ctx, 'GET', '/meeting/user/zai', { token: tokens.outsider }))).toEqual(
      forbidden,
    );
    const res = await ask(tokens.outsider, { meetingId: ids.intro, userPrompt: 'Where from?' });
    expect(json(res)).toEqual(forbidden);
  });

  it('checks the request: one to ten meetings and a question', async () => {
    const eleven = Array.from({ length: 11 }, () => crypto.randomUUID());
    const cases: [Record<string, unknown>, string][] = [
      [{ meetingIds: eleven, userPrompt: 'Where?' }, 'Select at most 10 meetings'],
      [{ userPrompt: 'Where?' }, 'Select at least one meeting'],
      [
        { meetingId: ids.intro, meetingIds: [ids.science], userPrompt: 'Where?' },
        'Send meetingId or meetingIds, not both',
      ],
      [{ meetingId: ids.intro, userPrompt: '   ' }, 'Please enter a question'],
    ];
    for (const [payload, message] of cases) {
      expect(json(await ask(tokens.user, payload))).toMatchObject({ statusCode: 400, message });
    }
  });
});
