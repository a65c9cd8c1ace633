import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, screen, within } from '@testing-library/react';
import type { LipSyncWindowEvent } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { signInWith } from '../../test/sign-in';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { createLiveLipSyncFeed, useLiveLipSync, type LiveLipSyncFeed } from './live-lip-sync';
import { LiveLipSyncCard, sparklineBound } from './LiveLipSyncCard';
import { VideoSignals } from './VideoSignals';

const ID = 'c3d0e1f2-0a1b-4c2d-8e3f-112233445566';
/** The windows the video step sends: 10 s every 2 s; person_02 appears from the 5th. */
const windowAt = (i: number, personId = 'person_01'): LipSyncWindowEvent => ({
  kind: 'window',
  meetingId: ID,
  personId,
  start: 2 * i,
  end: 2 * i + 10,
  score: Math.round((0.1 + 0.02 * i) * 100) / 100,
  status: 'out_of_sync',
  frames: 20,
  threshold: 0.2,
});

const scores = () => screen.queryAllByTestId('live-lip-sync-score').map((e) => e.textContent);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  setAuthFailed();
  localStorage.clear();
});

describe('the live lip-sync card', () => {
  it('waits for 10 readings, then shows one every 900 ms', () => {
    const feed = createLiveLipSyncFeed(ID);
    renderWithProviders(<LiveLipSyncCard feed={feed} />);
    act(() => {
      for (let i = 0; i < 9; i++) feed.push(windowAt(i));
    });
    const waiting = screen.getByTestId('live-lip-sync-waiting');
    expect(waiting.textContent).toContain('Waiting for 10 readings');
    expect(waiting.textContent).toContain('9 of 10 received');
    expect(screen.getByRole('progressbar', { name: 'Readings received' })).toBeTruthy();

    act(() => feed.push(windowAt(9)));
    expect(screen.queryByTestId('live-lip-sync-waiting')).toBeNull();
    expect(scores()).toEqual(['0.10']);
    expect(screen.getByText('00:00–00:10 · 20 frames')).toBeTruthy();
    // Words, not colour alone.
    expect(screen.getByText('Out of sync')).toBeTruthy();
    expect(screen.getByTestId('live-lip-sync-counts').textContent).toBe(
      '10 received · 9 waiting to be shown',
    );

    act(() => vi.advanceTimersByTime(899));
    expect(scores()).toEqual(['0.10']);
    act(() => vi.advanceTimersByTime(1));
    expect(scores()).toEqual(['0.12']);
    expect(
      screen.getByRole('img', { name: 'Person 1: last 2 readings, from 0.10 to 0.12' }),
    ).toBeTruthy();
  });

  it('scales the bars to ±0.5 unless a reading goes beyond', () => {
    expect(sparklineBound([0.11, -0.21], 0.2)).toBe(0.5);
    expect(sparklineBound([0.3, -0.62], 0.2)).toBe(1);
    expect(sparklineBound([], 0.2)).toBe(0.5);
  });

  it('gives each person a row, and ignores summaries and other meetings', () => {
    const feed = createLiveLipSyncFeed(ID);
    renderWithProviders(<LiveLipSyncCard feed={feed} />);
    act(() => {
      feed.push({ kind: 'summary', meetingId: ID, lipSync: { available: true, persons: [] } });
      feed.push({ ...windowAt(0), meetingId: 'another-meeting' });
      feed.push({ ...windowAt(1), score: 7 }); // not a correlation
      for (let i = 0; i < 10; i++) feed.push(windowAt(i, i % 2 ? 'person_02' : 'person_01'));
    });
    expect(feed.store.get().arrived).toBe(10);
    act(() => vi.advanceTimersByTime(900));
    const rows = screen.getAllByTestId('live-lip-sync-person');
    expect(rows.map((r) => within(r).getByText(/^Person \d$/).textContent)).toEqual([
      'Person 1',
      'Person 2',
    ]);
  });

  it('starts over when the page leaves the meeting', () => {
    const { result, rerender, unmount } = renderHook(({ id }) => useLiveLipSync(id), {
      initialProps: { id: ID as string | undefined },
    });
    const first: LiveLipSyncFeed = result.current;
    act(() => {
      for (let i = 0; i < 12; i++) first.push(windowAt(i));
    });
    expect(first.store.get().persons[0]?.readings).toHaveLength(1);
    rerender({ id: 'other-meeting' });
    expect(result.current).not.toBe(first);
    expect(first.store.get()).toEqual({ arrived: 0, queued: 0, persons: [] });
    // Nothing of the old meeting is released later.
    act(() => vi.advanceTimersByTime(10_000));
    expect(first.store.get().persons).toEqual([]);
    const second = result.current;
    act(() => {
      for (let i = 0; i < 10; i++) second.push({ ...windowAt(i), meetingId: 'other-meeting' });
    });
    expect(second.store.get().persons[0]?.readings).toHaveLength(1);
    unmount();
    expect(second.store.get().arrived).toBe(0);
  });
});

describe('lip sync in the video signals', () => {
  it('shows the live card while the meeting is analysed, the summary once processed', () => {
    signInWith(['Lip Sync'], { isB2C: false });
    // The processed meeting's summary stays loading: this test is about which card shows.
    fakeServer({ unmatched: 'pending' });
    const feed = createLiveLipSyncFeed(ID);
    const signals = (inferenceStatus: 'analysing' | 'processed') => (
      <VideoSignals meeting={{ id: ID, inferenceStatus }} onSeek={() => {}} liveLipSync={feed} />
    );
    const { rerender } = renderWithProviders(signals('analysing'));
    expect(screen.getByTestId('live-lip-sync-card')).toBeTruthy();
    expect(screen.queryByTestId('lip-sync-card')).toBeNull();
    rerender(signals('processed'));
    expect(screen.queryByTestId('live-lip-sync-card')).toBeNull();
    expect(screen.getByLabelText('Loading Lip sync')).toBeTruthy();
  });

  it('shows no live card without the Lip Sync feature, naming it among the locked ones', () => {
    signInWith(['Head Pose'], { isB2C: false });
    renderWithProviders(
      <VideoSignals
        meeting={{ id: ID, inferenceStatus: 'analysing' }}
        onSeek={() => {}}
        liveLipSync={createLiveLipSyncFeed(ID)}
      />,
    );
    expect(screen.queryByTestId('live-lip-sync-card')).toBeNull();
    expect(within(screen.getByTestId('locked-features')).getByText('Lip Sync')).toBeTruthy();
  });
});
