import { expect, it } from 'vitest';
import { ZAI_MESSAGES } from '@parley/contracts';
import {
  addMeeting,
  introductionsCall,
  parseStream,
  scienceReading,
} from '../../test/assistant-kit.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, expectRefusal } from '../../test/context.js';
import { createSearchRepo } from './repo.js';
import { createSearchService } from './service.js';

const tokens = { user: '', poc: '' };
const ids = { intro: '', science: '', repsIntro: '' };

useTestApp(async ({ as }) => {
  const user = await as('member');
  const rep = await as('rep');
  tokens.user = user.accessToken;
  tokens.poc = (await as('poc')).accessToken;
  ids.intro = await addMeeting(ctx, user.user, 'Introductions call', {
    utterances: introductionsCall(),
    names: { speaker_00: 'Diane', speaker_01: 'Sheila' },
  });
  ids.science = await addMeeting(ctx, user.user, 'Science reading', {
    utterances: scienceReading(),
  });
  ids.repsIntro = await addMeeting(ctx, rep.user, 'Rep intro call', {
    utterances: introductionsCall(),
  });
  // The kit stores transcripts directly: give them their segments as start-up does.
  await createSearchService({
    repo: createSearchRepo(ctx.database.db),
    log: { info() {}, warn() {} },
  }).backfill();
});

const ask = (token: string, payload: Record<string, unknown>) =>
  call(ctx, 'POST', '/prompt/siri', { token, payload });

it('answers over every visible meeting matching a search, and says how many', async () => {
  const res = await ask(tokens.user, {
    userPrompt: 'Where is Sheila originally from?',
    search: { q: 'Chicago' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { final } = parseStream(res);
  expect(final?.notFound).toBe(false);
  expect(final?.answer).toMatch(/Chicago/);
  // The rep's call says Chicago too, but the member cannot see it.
  expect(final?.scope).toEqual({ matched: 1, used: 1 });
  expect(new Set(final?.citations.map((c) => c.meetingId))).toEqual(new Set([ids.intro]));

  const poc = parseStream(
    await ask(tokens.poc, { userPrompt: 'Where is Sheila from?', search: { q: 'Chicago' } }),
  );
  expect(poc.final?.scope).toEqual({ matched: 2, used: 2 });
});

it('refuses a search that matches nothing, and a search with chosen meetings', async () => {
  expectRefusal(
    await ask(tokens.user, { userPrompt: 'Anything?', search: { q: 'xylophone' } }),
    400,
    ZAI_MESSAGES.noSearchMatches('xylophone'),
  );
  const both = await ask(tokens.user, {
    userPrompt: 'Anything?',
    search: { q: 'Chicago' },
    meetingIds: [ids.science],
  });
  expect(both.statusCode).toBe(400);
  expect(both.body).toContain(ZAI_MESSAGES.searchOrMeetings);
});
