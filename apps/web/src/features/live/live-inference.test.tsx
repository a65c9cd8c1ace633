import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  LIVE_INFERENCE_EVENTS as E,
  biometricsRoutes,
  liveInferenceRoutes,
  liveRoutes,
  type LiveBiometricResult,
  type LivePhysiologyEstimate,
  type LivePhysiologyRun,
} from '@parley/contracts';
import { fakeServer, json } from '../../test/fake-server';
import { setUpPageTests } from '../../test/page-setup';
import { renderWithProviders } from '../../test/render';
import { signInWith } from '../../test/sign-in';
import { fakeSocket } from '../../test/socket';
import type { Connect } from '../../lib/realtime';
import { toastStore } from '../../lib/toast';
import { LiveMeetingPanels, LivePhysiologyRuns, useLivePhysiology } from '.';
import { liveFailure } from './LiveBiometricCard';
import { meanColour, skinSample } from './skin-colour';

const MEETING = '4f1c2b3a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const RUN = '9a1c2b3a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const SLOW = { timeout: 5000 };

const run: LivePhysiologyRun = {
  inferenceId: RUN,
  meetingId: MEETING,
  subjectName: 'Ada Lovelace',
  physiologyStatus: 'running',
  startedAt: '2026-01-01T00:00:00.000Z',
  stoppedAt: null,
  samples: 0,
  summary: null,
};
const estimate = (over: Partial<LivePhysiologyEstimate>): LivePhysiologyEstimate => ({
  meetingId: MEETING,
  inferenceId: RUN,
  estimate: true,
  note: 'estimated from the colour of your face in your camera (rPPG); not a medical measurement',
  status: 'estimate',
  reason: null,
  windowSec: 30,
  fps: 15,
  heartRate: { bpm: 72.4, snrDb: 6, qualityIndex: 0.9, quality: 'good' },
  hrv: { sdnnMs: null, quality: 'none' },
  respiration: { breathsPerMinute: null, quality: 'none' },
  at: '2026-01-01T00:00:30.000Z',
  ...over,
});

function Panels({ connect }: { connect: Connect }) {
  const physiology = useLivePhysiology(MEETING, { connect });
  return <LiveMeetingPanels meetingId={MEETING} connect={connect} physiology={physiology} />;
}

function serve() {
  return fakeServer()
    .on(liveRoutes.transcript, { meetingId: MEETING, live: true, segments: [] })
    .on(liveRoutes.tag, { meetingId: MEETING, tags: [], analytics: null, zai: null })
    .on(liveRoutes.status, {
      meetingId: MEETING,
      status: 'live',
      startedAt: new Date().toISOString(),
      speakers: 1,
    })
    .on(biometricsRoutes.list, [
      {
        participantId: 'p1',
        email: 'ana@example.com',
        name: 'Ana',
        meetingId: MEETING,
        isHr: false,
        applicantId: null,
        participantRegistrationStatus: 'processed',
        faceRegistered: true,
        voiceRegistered: true,
        invitedAt: '2026-01-01T00:00:00.000Z',
        registeredAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
}

setUpPageTests();

describe('skin colour of a face box', () => {
  it('averages each skin region of the frame and their mean', () => {
    // 10x10 RGBA: the top half red-ish (forehead), the bottom half green-ish (cheeks).
    const rgba = new Uint8ClampedArray(10 * 10 * 4);
    for (let y = 0; y < 10; y++)
      for (let x = 0; x < 10; x++)
        rgba.set(y < 5 ? [200, 100, 50, 255] : [100, 200, 50, 255], (y * 10 + x) * 4);
    expect(meanColour(rgba, 10, 10, { x: 0, y: 0, width: 10, height: 5 })).toEqual({
      r: 200,
      g: 100,
      b: 50,
    });
    expect(meanColour(rgba, 10, 10, { x: 20, y: 20, width: 5, height: 5 })).toBeNull();
    const s = skinSample(rgba, 10, 10, { x: 0, y: 0, width: 10, height: 10 }, 1.5)!;
    expect(s.t).toBe(1.5);
    expect(s.regions).toHaveLength(3);
    expect(s.regions![0]).toEqual({ r: 200, g: 100, b: 50 });
    expect(s.regions![1]).toEqual({ r: 100, g: 200, b: 50 });
    expect(s.g).toBeCloseTo((100 + 200 + 200) / 3);
  });
});

describe('live physiology and verification cards', { timeout: 20_000 }, () => {
  it('starts a capture, shows estimates labelled as such, and not enough signal', async () => {
    signInWith(['Interview Intelligence', 'Physiology Analytics', 'Biometrics']);
    serve()
      .on(liveInferenceRoutes.startPhysiology, run)
      .on(liveInferenceRoutes.stopPhysiology, {
        ...run,
        physiologyStatus: 'done',
        stoppedAt: '2026-01-01T00:01:00.000Z',
        summary: estimate({
          status: 'not_enough_signal',
          reason: 'not enough signal: the pulse is too weak',
          heartRate: { bpm: null, snrDb: 1, qualityIndex: 0.3, quality: 'none' },
        }),
      });
    const s = fakeSocket();
    renderWithProviders(<Panels connect={s.connect} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start physiology' }, SLOW));
    await screen.findByRole('button', { name: 'Stop physiology' }, SLOW);
    act(() => s.fire(E.physiologyData, estimate({})));
    expect(await screen.findByText('72')).toBeTruthy();
    expect(screen.getByText('Estimate')).toBeTruthy();
    // Another capture's estimates are not this person's.
    act(() =>
      s.fire(
        E.physiologyData,
        estimate({
          inferenceId: 'other',
          heartRate: { bpm: 99, snrDb: 6, qualityIndex: 1, quality: 'good' },
        }),
      ),
    );
    expect(screen.queryByText('99')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Stop physiology' }));
    expect(await screen.findByText('Not enough signal')).toBeTruthy();
    expect(screen.getByText('the pulse is too weak')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start physiology' })).toBeTruthy();
  });

  it('says the spec’s toast when a start fails', async () => {
    signInWith(['Physiology Analytics']);
    serve().on(liveInferenceRoutes.startPhysiology, () =>
      json({ statusCode: 409, error: 'Conflict', message: 'The call is not live' }, 409),
    );
    const s = fakeSocket();
    renderWithProviders(<Panels connect={s.connect} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Start physiology' }, SLOW));
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.title)).toContain(
        'Start/Stop Offline/Online Physiology Failed',
      ),
    );
  });

  it('waits for verification, then shows a match with its similarity', async () => {
    signInWith(['Biometrics']);
    const result: LiveBiometricResult = {
      meetingId: MEETING,
      inferenceId: MEETING,
      subjectId: 'p1',
      subjectName: 'Ana',
      status: 'verified',
      verificationMessage:
        "Verified: the face in the call matches Ana's registration (similarity 0.71).",
      face: { similarity: 0.71, threshold: 0.43, samePerson: true },
      voice: null,
      voiceTimeStamp: 3,
      voiceSeconds: 0,
      verifiedAt: '2026-01-01T00:00:03.000Z',
    };
    let sent: unknown;
    serve().on(liveInferenceRoutes.verifyBiometrics, ({ body }) => {
      sent = body;
      return result;
    });
    const s = fakeSocket();
    renderWithProviders(<LiveMeetingPanels meetingId={MEETING} connect={s.connect} />);
    expect(await screen.findByText('Waiting for verification...', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start physiology' })).toBeNull();
    const select = await screen.findByRole('combobox', { name: 'Participant' });
    await act(async () => {
      fireEvent.click(select);
      fireEvent.keyDown(select, { key: 'Enter' });
    });
    fireEvent.click(await screen.findByRole('option', { name: 'Ana' }, SLOW));
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Match', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(/similarity 0\.71 \(threshold 0\.43\)/)).toBeTruthy();
    expect(sent).toMatchObject({ subjectId: 'p1', subjectName: 'Ana', meetingId: MEETING });
  });

  it('shows a live failure with its status and message', () => {
    expect(liveFailure(new Error('boom'))).toBe('500: Error verifying biometric: boom');
  });
});

describe('live physiology on the meeting page after the call', () => {
  it('lists each capture with its last estimate, or why there was not enough signal', async () => {
    signInWith(['Interview Intelligence', 'Physiology Analytics']);
    fakeServer().on(liveInferenceRoutes.physiology, {
      meetingId: MEETING,
      runs: [
        {
          ...run,
          physiologyStatus: 'done',
          stoppedAt: '2026-01-01T00:02:00.000Z',
          samples: 1800,
          summary: estimate({}),
        },
        {
          ...run,
          inferenceId: 'second',
          subjectName: 'Grace Hopper',
          physiologyStatus: 'done',
          stoppedAt: '2026-01-01T00:00:20.000Z',
          summary: estimate({
            status: 'not_enough_signal',
            reason: 'not enough signal: the capture is shorter than 15 s',
            heartRate: { bpm: null, snrDb: 0, qualityIndex: 0, quality: 'none' },
          }),
        },
      ],
    });
    renderWithProviders(<LivePhysiologyRuns meetingId={MEETING} />);
    const card = await screen.findByTestId('live-physiology-runs', {}, SLOW);
    expect(card.textContent).toContain('Ada Lovelace · captured for 2 minutes');
    expect(card.textContent).toContain('72bpm heart rate');
    expect(card.textContent).toContain('Estimate');
    expect(card.textContent).toContain('Grace Hopper · captured for 20 seconds');
    expect(card.textContent).toContain('Not enough signal');
    expect(card.textContent).toContain('the capture is shorter than 15 s');
  });

  it('shows nothing for a meeting without captures', async () => {
    signInWith(['Interview Intelligence', 'Physiology Analytics']);
    const server = fakeServer().on(liveInferenceRoutes.physiology, {
      meetingId: MEETING,
      runs: [],
    });
    const { container } = renderWithProviders(<LivePhysiologyRuns meetingId={MEETING} />);
    await waitFor(() => expect(server.calls(liveInferenceRoutes.physiology)).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
