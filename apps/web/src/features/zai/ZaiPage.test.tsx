import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { searchRoutes, zaiRoutes, availableModelsRoute, type ZaiFinal } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import ZaiPage from './ZaiPage';

const MEETINGS = {
  count: 2,
  data: [
    {
      id: 'm1',
      meetingName: 'Weekly sync',
      date: '2026-11-20T10:00:00.000Z',
      durationSec: 30,
      speakers: ['Diane', 'Sheila'],
    },
    {
      id: 'm2',
      meetingName: 'Science reading',
      date: '2026-11-19T10:00:00.000Z',
      durationSec: 40,
      speakers: ['speaker_00'],
    },
  ],
};

const FOUND: ZaiFinal = {
  answer: 'Sheila is originally from Chicago [00:00:14].',
  citations: [
    {
      meetingId: 'm1',
      meetingName: 'Weekly sync',
      start: 14.44,
      end: 17.77,
      speaker: 'Sheila',
      quote: 'And I’m Sheila in Texas, originally from Chicago.',
    },
  ],
  notFound: false,
  model: 'parley-local',
  provider: 'local',
  usage: { inputTokens: 120, outputTokens: 12 },
};

const sse = (event: string, data: unknown) =>
  new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);

/** A server whose prompt/siri answer the test writes chunk by chunk. */
function stubServer() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const bodies: unknown[] = [];
  const { fetch } = fakeServer()
    .on(zaiRoutes.meetings, MEETINGS)
    .on(availableModelsRoute, {
      data: [
        {
          model: 'parley-local',
          provider: 'local',
          label: 'Parley local',
          connected: true,
          isDefault: true,
        },
      ],
    })
    .on(zaiRoutes.ask, ({ body: sent }) => {
      bodies.push(sent);
      const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    });
  return { fetch, streams, bodies };
}

function renderPage() {
  renderWithProviders(<ZaiPage />);
}

async function askAboutWeeklySync(question: string) {
  fireEvent.click(await screen.findByRole('checkbox', { name: /Weekly sync/ }));
  const box = screen.getByRole('textbox', { name: 'Ask Zai' });
  fireEvent.change(box, { target: { value: question } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

/** Signed in with Zai, a question about Weekly sync is asked: the answer's stream is open. */
async function askedAboutWeeklySync(question: string) {
  const server = stubServer();
  signInWith(['Essentials', 'Zai Intelligence']);
  renderPage();
  await askAboutWeeklySync(question);
  await waitFor(() => expect(server.streams).toHaveLength(1));
  return server;
}

describe('ZaiPage', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
    localStorage.clear();
  });

  it('streams the answer, then shows citation chips linking to the moment', async () => {
    const server = await askedAboutWeeklySync('Where is Sheila from?');
    expect(server.bodies[0]).toMatchObject({
      userPrompt: 'Where is Sheila from?',
      meetingIds: ['m1'],
    });
    const stream = server.streams[0];
    if (!stream) throw new Error('no stream');
    // Pending: the typing indicator and Stop until the first words arrive.
    expect(screen.getByRole('status', { name: 'Zai is answering' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    await act(async () => stream.enqueue(sse('delta', { text: 'Sheila is originally ' })));
    expect(await screen.findByText(/Sheila is originally/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();

    await act(async () => {
      stream.enqueue(sse('delta', { text: 'from Chicago [00:00:14].' }));
      stream.enqueue(sse('final', FOUND));
      stream.close();
    });
    const sources = await screen.findByRole('list', { name: 'Sources' });
    const chip = within(sources).getByRole('link');
    expect(chip.textContent).toBe('Weekly sync·00:00:14');
    expect(chip.getAttribute('href')).toBe('/library/m1?t=14');
    // The answer's own [HH:MM:SS] marker links to the same moment.
    const inline = screen.getByRole('link', { name: 'Weekly sync at 00:00:14' });
    expect(inline.getAttribute('href')).toBe('/library/m1?t=14');
    expect(inline.parentElement?.textContent).toBe('Sheila is originally from Chicago [00:00:14].');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('says plainly when the meetings do not contain the answer', async () => {
    const server = await askedAboutWeeklySync('What was the quarterly revenue?');
    const notFound = 'The selected meetings do not contain the answer to this question.';
    await act(async () => {
      server.streams[0]?.enqueue(sse('delta', { text: notFound }));
      server.streams[0]?.enqueue(
        sse('final', { ...FOUND, answer: notFound, citations: [], notFound: true }),
      );
      server.streams[0]?.close();
    });
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(notFound);
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });

  it('shows the error event’s message and asks again on Retry', async () => {
    const server = await askedAboutWeeklySync('Where is Sheila from?');
    await act(async () => {
      server.streams[0]?.enqueue(
        sse('error', {
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Chat Gpt Key is expired!',
        }),
      );
      server.streams[0]?.close();
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Chat Gpt Key is expired!');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.streams).toHaveLength(2));
    expect(server.bodies[1]).toMatchObject({
      userPrompt: 'Where is Sheila from?',
      meetingIds: ['m1'],
    });
  });

  it('points to the library when there are no processed meetings', async () => {
    fakeServer()
      .on(zaiRoutes.meetings, { data: [], count: 0 })
      .on(availableModelsRoute, { data: [] });
    signInWith(['Essentials', 'Zai Intelligence']);
    renderPage();
    expect(await screen.findByText('No processed meetings yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to library' }).getAttribute('href')).toBe(
      '/library',
    );
  });

  it('asks over all meetings matching a search, saying how many it read', async () => {
    const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
    const bodies: unknown[] = [];
    fakeServer()
      .on(zaiRoutes.meetings, MEETINGS)
      .on(availableModelsRoute, { data: [] })
      .on(searchRoutes.transcripts, { data: [], count: 61, meetingCount: 40 })
      .on(zaiRoutes.ask, ({ body: sent }) => {
        bodies.push(sent);
        const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      });
    signInWith(['Essentials', 'Zai Intelligence']);
    renderWithProviders(<ZaiPage />, { path: '/zai?search=chicago' });
    expect(
      await screen.findByText('40 meetings match; Zai reads the 25 most relevant.'),
    ).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Ask Zai' });
    fireEvent.change(box, { target: { value: 'Where is Sheila from?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(bodies[0]).toEqual({
      userPrompt: 'Where is Sheila from?',
      search: { q: 'chicago' },
      history: [],
    });
    await act(async () => {
      streams[0]?.enqueue(sse('final', { ...FOUND, scope: { matched: 40, used: 25 } }));
      streams[0]?.close();
    });
    expect(
      await screen.findByText('Answered from the 25 most relevant of 40 matching meetings'),
    ).toBeTruthy();
  });
});
