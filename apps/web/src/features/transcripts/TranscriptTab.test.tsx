import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { analysisRoutes, type Meeting, type OfflineStatus } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { useHasZai } from '../analysis';
import { fakeServer } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { TRANSCRIPTION } from '../../test/transcription';
import { TranscriptTab } from './TranscriptTab';

const meeting = { id: 'm1', inferenceStatus: 'processed' as const, additionalDetails: {} };

function Tab({
  target = meeting,
  status,
}: {
  target?: Pick<Meeting, 'id' | 'inferenceStatus' | 'additionalDetails'>;
  status?: OfflineStatus;
}) {
  const hasZai = useHasZai();
  return (
    <TranscriptTab
      meeting={target}
      status={status}
      hasZai={hasZai}
      currentTime={0}
      onSeek={() => {}}
    />
  );
}

function renderTab() {
  renderWithProviders(<Tab />);
}

describe('TranscriptTab', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
    localStorage.clear();
    vi.useRealTimers();
  });

  it('locks the transcript without Zai Intelligence and does not ask for it', async () => {
    const { fetch } = fakeServer();
    vi.useFakeTimers();
    signInWith(['Base']);
    renderTab();
    expect(screen.getByText('Not available in your current plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(fetch).not.toHaveBeenCalled();
    // The hover card opens after 700 ms (spec 2 §2).
    const lock = screen.getByLabelText('No Zai Intelligence available');
    fireEvent.pointerEnter(lock, { pointerType: 'mouse' });
    fireEvent.pointerMove(lock, { pointerType: 'mouse' });
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    expect(screen.queryByText('No Zai Intelligence available')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByText('No Zai Intelligence available')).toBeTruthy();
  });

  it('loads the transcript and names its engine with Zai Intelligence', async () => {
    const { fetch } = fakeServer().on(analysisRoutes.transcription, TRANSCRIPTION);
    signInWith(['Essentials', 'Zai Intelligence']);
    renderTab();
    expect(await screen.findByText('thanks')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/v1\/transcription\/m1$/);
    expect(screen.getByTestId('asr-engine').textContent).toContain(
      'Whisper speech recognition (base.en)',
    );
    expect(screen.getByRole('button', { name: 'Search transcript' })).toBeTruthy();
    // A transcript stored before languages were recorded shows no language.
    expect(screen.queryByTestId('transcript-language')).toBeNull();
  });

  it('shows the detected language beside the engine, and an assumed one as assumed', async () => {
    fakeServer().on(analysisRoutes.transcription, {
      ...TRANSCRIPTION,
      language: { code: 'de', source: 'detected' },
    });
    signInWith(['Essentials', 'Zai Intelligence']);
    renderTab();
    const badge = await screen.findByTestId('transcript-language');
    expect(badge.textContent).toBe('Germandetected');
    expect(badge.getAttribute('title')).toMatch(/^German, detected from the speech/);
    cleanup();

    fakeServer().on(analysisRoutes.transcription, {
      ...TRANSCRIPTION,
      language: { code: 'en', source: 'default' },
    });
    renderTab();
    const assumed = await screen.findByTestId('transcript-language');
    expect(assumed.textContent).toBe('Englishassumed');
    expect(assumed.getAttribute('title')).toMatch(
      /knows only this language, so it was not detected/,
    );
  });

  it('shows the lines transcribed so far while the speech step runs, and says more are coming', async () => {
    fakeServer().on(analysisRoutes.transcription, TRANSCRIPTION);
    signInWith(['Essentials', 'Zai Intelligence']);
    const analysing = { ...meeting, inferenceStatus: 'analysing' as const };
    const status = {
      meetingId: 'm1',
      inferenceStatus: 'analysing',
      statusReason: null,
      runId: 'r1',
      progress: 20,
      engine: null,
      steps: [
        {
          step: 'speech',
          label: 'Speech',
          state: 'running',
          progress: 40,
          attempts: 1,
          error: null,
        },
      ],
    } as OfflineStatus;
    renderWithProviders(<Tab target={analysing} status={status} />);
    expect(await screen.findByText('thanks')).toBeTruthy();
    expect(screen.getByTestId('transcribing').textContent).toMatch(/later lines appear/);
    expect(screen.queryByTestId('asr-engine')).toBeNull();
  });
});
