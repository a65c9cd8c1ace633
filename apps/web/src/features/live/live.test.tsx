import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { liveRoutes, REALTIME, type LiveAnalytics, type LiveSegment } from '@parley/contracts';
import { fakeServer, json } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { fakeSocket } from '../../test/socket';
import { LiveMeetingPanels } from '.';

const MEETING = '4f1c2b3a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const SLOW = { timeout: 5000 };

const kept: LiveSegment = {
  id: 'p-ana-0',
  name: 'Ana',
  content: 'ask not what your country can do for you',
  timeStamps: { start: 0.3, end: 3 },
  isFinal: true,
};

const analytics: LiveAnalytics = {
  meetingId: MEETING,
  elapsedSec: 12,
  speakers: [
    {
      name: 'Ana',
      talkTimeSec: 8,
      talkTimePercent: 66.7,
      wordsPerMinute: 142,
      fillerWords: 1,
      questions: 1,
      sentiment: { compound: 0.4, label: 'positive' },
    },
    {
      name: 'You',
      talkTimeSec: 4,
      talkTimePercent: 33.3,
      wordsPerMinute: 120,
      fillerWords: 0,
      questions: 0,
      sentiment: null,
    },
  ],
  fillerWords: [{ word: 'um', start: 1, speaker: 'Ana' }],
  questions: [{ text: 'what is the budget', start: 2, speaker: 'Ana' }],
  sentiment: { compound: 0.31, label: 'positive' },
  engagement: { score: 57, method: 'Heuristic, not a validated measure.' },
  updatedAt: '2026-01-01T00:00:12.000Z',
};

function serve(segments: LiveSegment[] = [kept], live = true) {
  return fakeServer()
    .on(liveRoutes.transcript, { meetingId: MEETING, live, segments })
    .on(liveRoutes.tag, { meetingId: MEETING, tags: [], analytics: null, zai: null });
}

const segmentEvent = (s: LiveSegment) => ({ meetingId: MEETING, ...s });

setUpPageTests();

describe('live transcript and cards', { timeout: 20_000 }, () => {
  it('shows what was said before the page opened, then the room’s segments by the spec’s rules', async () => {
    signInWith(['Base']);
    serve();
    const s = fakeSocket();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<LiveMeetingPanels meetingId={MEETING} connect={s.connect} />);
    const transcript = await screen.findByRole('list', { name: 'Live transcript' }, SLOW);
    expect(transcript.textContent).toContain('ask not what your country can do for you');
    s.fire('connect');
    expect(s.emitted).toEqual([[REALTIME.joinRoom, { meetingId: MEETING }]]);

    // Ana keeps talking: an interim in italics, then its final merges with her previous one.
    act(() =>
      s.fire(
        REALTIME.liveSegment,
        segmentEvent({
          id: 'p-ana-1',
          name: 'Ana',
          content: 'ask what',
          timeStamps: { start: 4, end: 5 },
          isFinal: false,
        }),
      ),
    );
    expect(within(transcript).getByText(/ask what/).className).toContain('italic');
    act(() =>
      s.fire(
        REALTIME.liveSegment,
        segmentEvent({
          id: 'p-ana-1',
          name: 'Ana',
          content: 'ask what you can do',
          timeStamps: { start: 4, end: 6 },
          isFinal: true,
        }),
      ),
    );
    const items = () => within(transcript).getAllByRole('listitem');
    expect(items()).toHaveLength(1);
    expect(items()[0]!.textContent).toContain(
      'ask not what your country can do for you ask what you can do',
    );

    // A participant without a name is 'You'; a nameless segment never shows.
    act(() =>
      s.fire(
        REALTIME.liveSegment,
        segmentEvent({
          id: 'p-me-0',
          name: '',
          content: 'thank you',
          timeStamps: { start: 7, end: 8 },
          isFinal: true,
        }),
      ),
    );
    act(() =>
      s.fire(
        REALTIME.liveSegment,
        segmentEvent({
          id: 'x-0',
          name: null,
          content: 'ghost',
          timeStamps: { start: 9, end: 10 },
          isFinal: true,
        }),
      ),
    );
    expect(items()).toHaveLength(2);
    expect(items()[1]!.textContent).toMatch(/^You00:00:07thank you/);
    expect(transcript.textContent).not.toContain('ghost');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/without a name/));
    // Another meeting's events are not this one's.
    act(() =>
      s.fire(REALTIME.liveSegment, {
        ...segmentEvent({ ...kept, id: 'o-0', content: 'elsewhere' }),
        meetingId: 'other',
      }),
    );
    expect(transcript.textContent).not.toContain('elsewhere');
    warn.mockRestore();
  });

  it('fills the cards from the analytics event and Zai’s prompts, with a countdown', async () => {
    signInWith(['Base']);
    serve([]);
    const s = fakeSocket();
    renderWithProviders(<LiveMeetingPanels meetingId={MEETING} connect={s.connect} />);
    expect(await screen.findByText('Waiting for someone to speak', {}, SLOW)).toBeTruthy();
    const cards = screen.getByLabelText('Live analytics');
    expect(within(cards).getAllByText('Appears once someone has spoken.').length).toBe(6);

    act(() => s.fire(REALTIME.liveAnalytics, analytics));
    expect(within(cards).getByText('00:00:08 · 66.7%')).toBeTruthy();
    expect(within(cards).getByText('142 wpm')).toBeTruthy();
    expect(within(cards).getByText('what is the budget')).toBeTruthy();
    expect(within(cards).getByText('57')).toBeTruthy();
    expect(within(cards).getByText('You: no words yet')).toBeTruthy();

    const nextAt = new Date(Date.now() + 90_000).toISOString();
    act(() =>
      s.fire(REALTIME.liveZai, {
        meetingId: MEETING,
        keyQuestions: ['Ana: what is the budget'],
        questionsToAsk: ['When do you need it live?'],
        customerIntent: 'Roll out before June',
        model: 'parley-local',
        generatedAt: new Date().toISOString(),
        nextAt,
      }),
    );
    expect(within(cards).getByText('When do you need it live?')).toBeTruthy();
    expect(within(cards).getByText('Roll out before June')).toBeTruthy();
    expect(within(cards).getByText(/parley-local · next in 01:(29|30)/)).toBeTruthy();

    act(() => s.fire(REALTIME.liveEnded, { meetingId: MEETING }));
    expect(screen.getByText('Call ended')).toBeTruthy();
  });

  it('says so when the transcript cannot be loaded, and loads it again on retry', async () => {
    signInWith(['Base']);
    let fail = true;
    fakeServer()
      .on(liveRoutes.transcript, () =>
        fail
          ? json({ statusCode: 500, error: 'x', message: 'boom' }, 500)
          : { meetingId: MEETING, live: true, segments: [kept] },
      )
      .on(liveRoutes.tag, { meetingId: MEETING, tags: [], analytics: null, zai: null });
    renderWithProviders(<LiveMeetingPanels meetingId={MEETING} connect={fakeSocket().connect} />);
    const retry = await screen.findByRole('button', { name: 'Try again' }, SLOW);
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText(kept.content!, {}, SLOW)).toBeTruthy();
  });
});
