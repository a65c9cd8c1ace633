import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import { signIn, test } from './support';
import { deleteMeeting, type AnalysedMeeting } from './meeting-support';
import { analysisJourney } from './meeting-page/analysis';
import { highlightsJourney } from './meeting-page/highlights';
import { insightsJourney } from './meeting-page/insights';
import { searchJourney } from './meeting-page/search';
import { workbenchJourney } from './meeting-page/workbench';
import { zaiJourney } from './meeting-page/zai';

/**
 * The journeys that read an analysed meeting: the analysis itself, highlights, insights,
 * search, Zai and the prompt workbench. The recording is analysed once, by the first journey,
 * instead of once per journey (each analysis is most of a journey's time); a journey that
 * runs alone uploads it itself. It is deleted after the last, so the other journeys find
 * Acme's library as seeded.
 */
const meeting: AnalysedMeeting = { name: 'journeys-talking-face', url: null };

test.use({ viewport: { width: 1440, height: 900 } });

test.afterAll(async ({ browser }) => {
  if (!meeting.url) return;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'poc@acme.parley.local');
  await deleteMeeting(page, meeting.url).catch(() => {});
  await context.close();
  meeting.url = null;
});

test('an uploaded recording is analysed: transcript, search, seek and charts', async ({ page }) => {
  test.setTimeout(300_000);
  await analysisJourney(page, meeting);
});

test('library categories; a highlight from a transcript selection, on the seek bar, edited and deleted', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await highlightsJourney(page, browser, meeting);
});

test('a processed meeting shows action items and the Candidate Analysis; moments seek', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await insightsJourney(page, meeting);
});

test('a word searched from the library opens its meeting at the moment it was said', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await searchJourney(page, meeting);
});

test('Zai answers from a processed meeting and its citation opens the moment', async ({ page }) => {
  test.setTimeout(300_000);
  await zaiJourney(page, meeting);
});

test.describe('the prompt workbench', () => {
  test.use({ viewport: { width: 1440, height: 1000 } });
  let server: ProviderTestServer;
  test.beforeAll(async () => {
    // Chunks 40 ms apart, so the answer visibly arrives piece by piece.
    server = await startOpenAiServer({ models: ['gpt-4o-mini'], streamChunkDelayMs: 40 });
  });
  test.afterAll(async () => server?.close());

  test('connect a local OpenAI server, run two models side by side, save the prompt', async ({
    page,
  }) => {
    test.setTimeout(360_000);
    await workbenchJourney(page, meeting, server);
  });
});
