import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PhysiologyPerson, VideoSource } from '@parley/contracts';
import { setAuthFailed } from '../../lib/auth-store';
import { signInWith } from '../../test/sign-in';
import { renderWithProviders } from '../../test/render';
import { HeadPoseChart } from './HeadPoseChart';
import { heatCells } from './heat-map';
import { PhysiologyCharts } from './PhysiologyCharts';
import { ProctoringAlerts } from './ProctoringAlerts';
import { VideoSignals } from './VideoSignals';

const ready: VideoSource = {
  state: 'ready',
  fps: 2,
  durationSec: 30,
  framesAnalysed: 60,
  framesWithFaces: 58,
};
afterEach(() => {
  cleanup();
  setAuthFailed();
  localStorage.clear();
});

describe('gaze heat map scaling', () => {
  it('bins the 310x210 canvas, keeps edge points inside and reads 999 as 0', () => {
    const { cols, rows, cells } = heatCells([
      { x: 155, y: 105, value: 50 },
      { x: 157, y: 108, value: 50 },
      { x: 310, y: 210, value: 50 },
      { x: 999, y: 999, value: 50 },
    ]);
    expect([cols, rows]).toEqual([31, 21]);
    const at = (col: number, row: number) => cells.find((c) => c.col === col && c.row === row);
    expect(at(15, 10)).toMatchObject({ value: 100, intensity: 1 });
    expect(at(30, 20)).toMatchObject({ value: 50, intensity: 0.5 });
    expect(at(0, 0)).toMatchObject({ value: 50 });
    expect(cells).toHaveLength(3);
  });
});

describe('empty states', () => {
  const headpose = (video: VideoSource) => ({
    meetingId: 'm',
    video,
    yawThresholdDeg: 15,
    pitchThresholdDeg: 12,
    persons: [],
    series: [],
  });

  it('says an audio-only meeting has nothing to see', () => {
    renderWithProviders(
      <HeadPoseChart
        data={headpose({ ...ready, state: 'audio_only', framesAnalysed: 0, framesWithFaces: 0 })}
        loading={false}
      />,
    );
    expect(screen.getByText('Audio-only meeting')).toBeTruthy();
  });

  it('says when no face was found', () => {
    renderWithProviders(
      <HeadPoseChart data={headpose({ ...ready, framesWithFaces: 0 })} loading={false} />,
    );
    expect(screen.getByText('No face was found in this video')).toBeTruthy();
  });
});

describe('video signal cards', () => {
  it('labels stress, SpO2 and blood pressure as estimates', () => {
    const note = 'not clinically validated';
    const person: PhysiologyPerson = {
      personId: 'person_01',
      durationSec: 30,
      fps: 10,
      heartRate: { bpm: 72, snrDb: 3, quality: 'good', method: 'pos' },
      heartRateSeries: [
        { t: 5, bpm: 71, snrDb: 2 },
        { t: 7, bpm: 73, snrDb: -4 },
      ],
      hrv: { sdnnMs: 40, rmssdMs: 30, beats: 30, quality: 'low' },
      respiration: { breathsPerMinute: 14, source: 'trace', quality: 'low' },
      stress: { estimate: true, note, level: 'low', index: 20, basis: 'HRV', quality: 'low' },
      spo2: { estimate: true, note, percent: 97 },
      bloodPressure: { estimate: true, note, systolic: 118, diastolic: 76 },
    };
    renderWithProviders(
      <PhysiologyCharts
        data={{
          meetingId: 'm',
          video: ready,
          estimated: ['Systolic_BP', 'Diastolic_BP', 'Blood_Oxygen', 'Stress_Level'],
          averages: null,
          persons: [person],
        }}
        loading={false}
        onSeek={() => {}}
      />,
    );
    expect(screen.getAllByTestId('estimate-label')).toHaveLength(3);
    expect(screen.getByText('72')).toBeTruthy();
    expect(screen.getByText('118/76')).toBeTruthy();
  });

  it("shows 'insufficient signal' with the reason, not a number, when the rate is null", () => {
    const note = 'not clinically validated';
    const reason = 'insufficient signal: only 33% of the 10 s windows agree on one rate';
    const person: PhysiologyPerson = {
      personId: 'person_01',
      durationSec: 30,
      fps: 15,
      heartRate: {
        bpm: null,
        reason,
        snrDb: -7,
        qualityIndex: 0.33,
        quality: 'none',
        method: 'pos',
      },
      heartRateSeries: [{ t: 5, bpm: null, snrDb: -8 }],
      hrv: { sdnnMs: null, rmssdMs: null, beats: 0, quality: 'none' },
      respiration: { breathsPerMinute: null, source: null, quality: 'none' },
      stress: { estimate: true, note, level: null, index: null, basis: 'HRV', quality: 'none' },
      spo2: { estimate: true, note, percent: null },
      bloodPressure: { estimate: true, note, systolic: null, diastolic: null },
    };
    renderWithProviders(
      <PhysiologyCharts
        data={{
          meetingId: 'm',
          video: ready,
          estimated: ['Systolic_BP', 'Diastolic_BP', 'Blood_Oxygen', 'Stress_Level'],
          averages: null,
          persons: [person],
        }}
        loading={false}
        onSeek={() => {}}
      />,
    );
    expect(screen.getByTitle(reason).textContent).toBe('Insufficient signal');
    expect(
      screen.getByText(/only 33% of the 10 s windows agree on one rate\. Better light/),
    ).toBeTruthy();
    expect(screen.queryByText('none signal')).toBeNull();
  });

  it('seeks the video to a proctoring alert', () => {
    const onSeek = vi.fn();
    const counts = { no_face: 1, multiple_faces: 0, looking_away: 0, face_mismatch: 0 };
    renderWithProviders(
      <ProctoringAlerts
        data={{
          meetingId: 'm',
          video: ready,
          windowSec: 5,
          templateUsed: false,
          windows: [
            {
              start: 0,
              end: 5,
              current_alerts: [],
              cumulative_alerts: counts,
              cumulative_alerts_count: 0,
              threshold_crossed: false,
              alert_threshold: 10,
            },
            {
              start: 15,
              end: 20,
              current_alerts: ['no_face'],
              cumulative_alerts: counts,
              cumulative_alerts_count: 1,
              threshold_crossed: false,
              alert_threshold: 10,
            },
          ],
          current_alerts: [],
          cumulative_alerts: counts,
          cumulative_alerts_count: 1,
          threshold_crossed: false,
          alert_threshold: 10,
        }}
        loading={false}
        onSeek={onSeek}
      />,
    );
    const alerts = screen.getAllByTestId('proctoring-alert');
    expect(alerts).toHaveLength(1);
    fireEvent.click(alerts[0]!);
    expect(onSeek).toHaveBeenCalledWith(15);
  });

  it('links to the published accuracy of the signals', () => {
    signInWith(['Head Pose'], { isB2C: false });
    renderWithProviders(
      <VideoSignals meeting={{ id: 'm', inferenceStatus: 'analysing' }} onSeek={() => {}} />,
    );
    expect(screen.getByRole('link', { name: 'How accurate are these?' }).getAttribute('href')).toBe(
      '/about/analysis',
    );
  });

  it('names what the plan lacks in one compact card instead of a locked copy of each', () => {
    signInWith(['Head Pose'], { isB2C: false });
    renderWithProviders(
      <VideoSignals meeting={{ id: 'm', inferenceStatus: 'analysing' }} onSeek={() => {}} />,
    );
    const card = screen.getByTestId('locked-features');
    const locked = within(card)
      .getAllByRole('listitem')
      .map((e) => e.textContent);
    expect(locked).toEqual([
      'Focus Analytics',
      'Facial Emotions',
      'Physiology Analytics',
      'Proctoring',
      'Biometrics',
      'Lip Sync',
      'Truthfullness',
    ]);
    expect(
      within(card)
        .getByRole('link', { name: /Upgrade Plan/ })
        .getAttribute('href'),
    ).toBe('/pricing');
    // Only the card the plan has is drawn, and nothing blurred behind a lock.
    expect(screen.getAllByLabelText('Loading Head pose').length).toBe(1);
    expect(screen.queryByLabelText('Loading Lip sync')).toBeNull();
  });
});
