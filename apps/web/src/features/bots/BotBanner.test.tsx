import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { BOT_MESSAGES, REALTIME, botRoutes, type MeetingBotView } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { fakeSocket } from '../../test/socket';
import { BotBanner } from './BotBanner';
import { LiveBotBadge } from './BotStateBadge';

const MEETING = '11111111-1111-4111-8111-111111111111';
const bot = (over: Partial<MeetingBotView> = {}): MeetingBotView => ({
  id: '22222222-2222-4222-8222-222222222222',
  meetingId: MEETING,
  provider: 'attendee',
  state: 'joining',
  reason: null,
  allowRecording: true,
  recordingStoppedAt: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  ...over,
});

afterEach(() => {
  cleanup();
  setAuthFailed();
});

const banner = () => screen.findByTestId('bot-banner');
/** The meeting's banner as the meeting page shows it, before the recording has arrived. */
const bannerOf = (connect = fakeSocket().connect, recordingArrived = false) => (
  <BotBanner meetingId={MEETING} live recordingArrived={recordingArrived} connect={connect} />
);

describe('the bot banner', () => {
  it('follows the bot from joining through the lobby to recording, live', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.ofMeeting, { data: bot() });
    const socket = fakeSocket();
    renderWithProviders(bannerOf(socket.connect));
    expect((await banner()).dataset.state).toBe('joining');
    // The channel joins the meeting's room when it connects.
    act(() => socket.fire('connect'));
    expect(socket.emitted).toContainEqual([REALTIME.joinRoom, { meetingId: MEETING }]);

    act(() => socket.fire(REALTIME.botState, bot({ state: 'waiting_in_lobby' })));
    await waitFor(async () => expect((await banner()).dataset.state).toBe('waiting_in_lobby'));
    expect(screen.getByText('Bot waiting in lobby')).toBeTruthy();
    // Another meeting's event, or one that is not a bot's, changes nothing.
    act(() => socket.fire(REALTIME.botState, { ...bot({ state: 'failed' }), meetingId: 'x' }));
    act(() => socket.fire(REALTIME.botState, { state: 'failed' }));
    expect((await banner()).dataset.state).toBe('waiting_in_lobby');

    act(() => socket.fire(REALTIME.botState, bot({ state: 'recording' })));
    expect(await screen.findByRole('button', { name: 'Stop recording' })).toBeTruthy();
  });

  it('stops recording when asked, and says nothing after is kept', async () => {
    signInWith(['Base']);
    const server = fakeServer()
      .on(botRoutes.ofMeeting, { data: bot({ state: 'recording' }) })
      .on(botRoutes.consent, ({ body }) =>
        bot({
          state: 'recording',
          allowRecording: (body as { allowRecording: boolean }).allowRecording,
          recordingStoppedAt: '2026-11-27T10:05:00.000Z',
        }),
      );
    renderWithProviders(bannerOf());
    fireEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
    await screen.findByText(/Recording stopped at a participant’s request/);
    expect((await banner()).dataset.recording).toBe('stopped');
    expect(screen.getByText('Recording stopped')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop recording' })).toBeNull();
    const [[, init]] = server.calls(botRoutes.consent) as [[unknown, RequestInit]];
    expect(JSON.parse(init.body as string)).toEqual({ allowRecording: false });
  });

  it('shows the reason when stopping fails, and keeps the button', async () => {
    signInWith(['Base']);
    fakeServer()
      .on(botRoutes.ofMeeting, { data: bot({ state: 'recording' }) })
      .on(botRoutes.consent, () =>
        json({ statusCode: 404, error: 'Not Found', message: BOT_MESSAGES.notFound }, 404),
      );
    renderWithProviders(bannerOf());
    fireEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
    expect((await screen.findByRole('alert')).textContent).toContain(BOT_MESSAGES.notFound);
    expect(screen.getByRole('button', { name: 'Stop recording' })).toBeTruthy();
  });

  it('shows a failure with its reason and no stop button', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.ofMeeting, {
      data: bot({ state: 'failed', reason: 'The bot was not let in from the waiting room' }),
    });
    renderWithProviders(bannerOf());
    expect((await banner()).dataset.state).toBe('failed');
    expect(screen.getByTestId('bot-banner-text').textContent).toBe(
      'The bot was not let in from the waiting room',
    );
    expect(screen.queryByRole('button', { name: 'Stop recording' })).toBeNull();
  });

  it('says the bot left and its recording is on the way, then that it is the meeting’s media', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.ofMeeting, { data: bot({ state: 'left' }) });
    const { rerender } = renderWithProviders(bannerOf());
    expect((await banner()).dataset.state).toBe('left');
    expect(screen.getByTestId('bot-banner-text').textContent).toMatch(/analyzed once it arrives/);
    rerender(bannerOf(fakeSocket().connect, true));
    expect(screen.getByTestId('bot-banner-text').textContent).toMatch(/this meeting’s media/);
  });

  it('shows nothing for a meeting no bot was sent to', async () => {
    signInWith(['Base']);
    const server = fakeServer().on(botRoutes.ofMeeting, { data: null });
    renderWithProviders(bannerOf());
    await waitFor(() => expect(server.calls(botRoutes.ofMeeting).length).toBe(1));
    expect(screen.queryByTestId('bot-banner')).toBeNull();
  });
});

describe('the library badge', () => {
  it('changes with the realtime event', async () => {
    signInWith(['Base']);
    fakeServer().on(botRoutes.ofMeeting, { data: bot() });
    const socket = fakeSocket();
    renderWithProviders(<LiveBotBadge meetingId={MEETING} connect={socket.connect} />);
    const badge = await screen.findByTestId('bot-state-badge');
    expect(badge.textContent).toBe('Bot joining');
    act(() => socket.fire(REALTIME.botState, bot({ state: 'recording' })));
    await waitFor(() =>
      expect(screen.getByTestId('bot-state-badge').textContent).toBe('Bot recording'),
    );
    act(() =>
      socket.fire(REALTIME.botState, bot({ state: 'failed', reason: 'Meeting not started' })),
    );
    await waitFor(() =>
      expect(screen.getByTestId('bot-state-badge').getAttribute('title')).toBe(
        'Meeting not started',
      ),
    );
  });
});
