import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  BIOMETRIC_EVENTS,
  PARTICIPANT_MESSAGES as P,
  REALTIME,
  biometricsRoutes,
  type BiometricResult,
  type BiometricRun,
  type Participant,
} from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import type { Connect } from '../../lib/realtime';
import { fakeServer, json } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { BiometricCard } from './BiometricCard';
import { fakeSocket } from '../../test/socket';

const ID = 'c3d0e1f2-0a1b-4c2d-8e3f-112233445566';

const run = (over: Partial<BiometricRun>): BiometricRun => ({
  meetingId: ID,
  runId: '7f000000-0000-4000-8000-000000000001',
  status: 'running',
  stage: 'faceRecognition',
  progress: 40,
  attempts: 1,
  error: null,
  subjectId: null,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  ...over,
});

const PERSON: Participant = {
  participantId: 'p1',
  email: 'pat@example.com',
  name: 'Pat Doe',
  meetingId: ID,
  isHr: false,
  applicantId: null,
  participantRegistrationStatus: 'processed',
  faceRegistered: true,
  voiceRegistered: true,
  invitedAt: '2026-01-01T00:00:00.000Z',
  registeredAt: '2026-01-01T00:00:00.000Z',
};

const VERIFIED: BiometricResult = {
  meetingId: ID,
  inferenceId: ID,
  subjectId: 'p1',
  subjectName: 'Pat Doe',
  speaker: 'speaker_00',
  status: 'verified',
  registrationCheck: 1,
  verificationMessage: 'Verified: the face in the video matches Pat Doe’s registration.',
  videoTimeStamp: 3,
  face: { similarity: 0.9, threshold: 0.43, samePerson: true },
  voice: null,
  image: null,
  audio: null,
  mismatchedEvents: [],
  verifiedAt: '2026-01-01T00:01:00.000Z',
};

/** The server: status, results and participants as the test sets them; start answers `started`. */
function serve(state: { run: BiometricRun; results: BiometricResult[]; started?: BiometricRun }) {
  return fakeServer()
    .on(biometricsRoutes.status, () => state.run)
    .on(biometricsRoutes.startBiometric, () => json(state.started ?? state.run, 202))
    .on(biometricsRoutes.data, () => state.results)
    .on(biometricsRoutes.list, [PERSON]).fetch;
}

function renderCard(connect: Connect) {
  renderWithProviders(
    <BiometricCard meetingId={ID} onSeek={() => {}} canVerify connect={connect} />,
  );
}

describe('BiometricCard', () => {
  afterEach(() => {
    cleanup();
    setAuthFailed();
    localStorage.clear();
  });

  it('shows a run already under way (a page opened mid-run), follows its progress live, then its results', async () => {
    signInWith(['Biometrics']);
    const state = { run: run({}), results: [] as BiometricResult[] };
    const fetch = serve(state);
    const socket = fakeSocket();
    renderCard(socket.connect);

    const progress = await screen.findByTestId('biometric-progress');
    expect(within(progress).getByText('40%')).toBeTruthy();
    expect(within(progress).getByText('Comparing faces with the video')).toBeTruthy();
    expect(
      within(progress)
        .getByRole('progressbar', { name: 'Verification progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    expect(
      screen.getByRole('button', { name: /Verify participants/ }).hasAttribute('disabled'),
    ).toBe(true);
    expect(socket.opened()).toBe(1);

    socket.fire(BIOMETRIC_EVENTS.status, run({ stage: 'imagesAndAudio', progress: 95 }));
    await waitFor(() => expect(within(progress).getByText('95%')).toBeTruthy());
    expect(within(progress).getByText('Collecting images and audio')).toBeTruthy();
    // The meeting's analysis finishing does not end the verification's channel.
    socket.fire(REALTIME.processed, { meetingId: ID });
    // Another meeting's run is not this one.
    socket.fire(BIOMETRIC_EVENTS.status, run({ meetingId: 'other', progress: 5 }));

    state.results = [VERIFIED];
    state.run = run({ status: 'done', stage: null, progress: 100 });
    socket.fire(BIOMETRIC_EVENTS.status, state.run);
    await waitFor(() => expect(screen.queryByTestId('biometric-progress')).toBeNull());
    const result = await screen.findByTestId('biometric-result');
    expect(within(result).getByText('Verified')).toBeTruthy();
    expect(
      fetch.mock.calls.filter(([u]) => String(u).includes('/get-biometrics-data/')).length,
    ).toBe(2);
  });

  it('shows the spec’s failure message with the reason, and tries again', async () => {
    signInWith(['Biometrics']);
    const state = {
      run: run({
        status: 'failed',
        stage: 'faceRecognition',
        error: 'the recording is unreadable',
      }),
      results: [] as BiometricResult[],
      started: run({ status: 'queued', stage: null, progress: 0, attempts: 0 }),
    };
    const fetch = serve(state);
    const socket = fakeSocket();
    renderCard(socket.connect);

    const alert = await screen.findByTestId('biometric-failed');
    expect(within(alert).getByText(P.verificationFailed)).toBeTruthy();
    expect(within(alert).getByText('the recording is unreadable')).toBeTruthy();
    expect(socket.opened()).toBe(0);

    fireEvent.click(within(alert).getByRole('button', { name: /Try again/ }));
    const progress = await screen.findByTestId('biometric-progress');
    expect(within(progress).getByText('Waiting to start')).toBeTruthy();
    expect(screen.queryByTestId('biometric-failed')).toBeNull();
    expect(
      fetch.mock.calls.some(
        ([u, init]) => String(u).includes('/offline/start-biometric') && init?.method === 'POST',
      ),
    ).toBe(true);
    await waitFor(() => expect(socket.opened()).toBe(1));
  });
});
