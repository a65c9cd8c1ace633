import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import {
  LIP_SYNC_EVENT,
  analysisRoutes,
  REALTIME,
  videoEvent,
  type Meeting,
  type OfflineStatus,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import type { Connect } from '../../lib/realtime';
import { meetingKeys, useMeeting } from '../meetings';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders, testQueryClient } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { TRANSCRIPTION } from '../../test/transcription';
import { createLiveLipSyncFeed, type LiveLipSyncFeed } from '../video-signals';
import { useHasZai, useTranscription } from './api';
import { useAnalysisStatus } from './use-analysis-status';
import { fakeSocket } from '../../test/socket';

const ID = 'c3d0e1f2-0a1b-4c2d-8e3f-112233445566';

const status = (
  inferenceStatus: OfflineStatus['inferenceStatus'],
  progress: number,
): OfflineStatus => ({
  meetingId: ID,
  inferenceStatus,
  statusReason: null,
  runId: 'r1',
  progress,
  steps: [],
  engine: null,
});

/** A query client that already holds the meeting, mid-analysis (as the meeting page would). */
function clientWithMeetingAnalysing() {
  const client = testQueryClient();
  client.setQueryData(meetingKeys.detail(ID), {
    id: ID,
    inferenceStatus: 'analysing',
    statusReason: null,
    additionalDetails: {},
  } as Partial<Meeting>);
  return client;
}

function Page({ connect, lipSync }: { connect: Connect; lipSync?: LiveLipSyncFeed }) {
  const meeting = useMeeting(ID);
  const s = useAnalysisStatus(meeting.data, { connect, lipSync });
  const transcript = useTranscription(meeting.data, useHasZai());
  return (
    <p>
      <span data-testid="status">{meeting.data?.inferenceStatus}</span>
      <span data-testid="progress">{s.data?.progress}</span>
      <span data-testid="blocks">{transcript.data?.data.length ?? 'none'}</span>
    </p>
  );
}

describe('useAnalysisStatus', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
    localStorage.clear();
  });

  it('follows the realtime status and loads the transcript once processed, without a reload', async () => {
    signInWith(['Essentials', 'Zai Intelligence']);
    let current = status('analysing', 30);
    const { fetch } = fakeServer()
      .on(analysisRoutes.status, () => current)
      .on(analysisRoutes.transcription, TRANSCRIPTION);
    const client = clientWithMeetingAnalysing();
    const socket = fakeSocket();
    renderWithProviders(<Page connect={socket.connect} />, { client });
    await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('30'));
    // While analysing, the transcript so far is read (the speech step stores it in pieces)...
    await waitFor(() => expect(screen.getByTestId('blocks').textContent).toBe('3'));
    const reads = () =>
      fetch.mock.calls.filter(([u]) => String(u).endsWith(`/transcription/${ID}`)).length;
    const before = reads();
    // ...and read again when the step announces a longer start of it.
    act(() =>
      socket.fire(REALTIME.transcriptProgress, {
        meetingId: ID,
        transcribedSec: 30,
        durationSec: 90,
        words: 12,
      }),
    );
    await waitFor(() => expect(reads()).toBeGreaterThan(before));

    current = status('analysing', 60);
    socket.fire(REALTIME.status, { ...current, progress: 60 });
    await waitFor(() => expect(screen.getByTestId('progress').textContent).toBe('60'));

    current = status('processed', 100);
    socket.fire(REALTIME.status, current);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('processed'));
    await waitFor(() => expect(screen.getByTestId('blocks').textContent).toBe('3'));
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith(`/transcription/${ID}`))).toBe(true);
  });

  it('hands the live lip-sync windows to the feed on the same connection', () => {
    signInWith(['Essentials', 'Lip Sync']);
    fakeServer({ unmatched: 'pending' });
    const client = clientWithMeetingAnalysing();
    const socket = fakeSocket();
    const connect = vi.fn(socket.connect);
    const feed = createLiveLipSyncFeed(ID);
    renderWithProviders(<Page connect={connect} lipSync={feed} />, { client });
    const window = (i: number) => ({
      kind: 'window',
      meetingId: ID,
      personId: 'person_01',
      start: 2 * i,
      end: 2 * i + 10,
      score: 0.3,
      status: 'in_sync',
      frames: 20,
      threshold: 0.2,
    });
    act(() => {
      socket.fire(videoEvent('lip sync', 'started'), { meetingId: ID });
      for (let i = 0; i < 10; i++) socket.fire(LIP_SYNC_EVENT, window(i));
    });
    expect(feed.store.get()).toMatchObject({ arrived: 10, queued: 9 });
    expect(feed.store.get().persons[0]?.readings).toEqual([window(0)]);
    // A new video pass (re-analysis) starts the queue over.
    act(() => socket.fire(videoEvent('lip sync', 'started'), { meetingId: ID }));
    expect(feed.store.get()).toEqual({ arrived: 0, queued: 0, persons: [] });
    expect(connect).toHaveBeenCalledTimes(1);
    feed.reset();
  });
});
