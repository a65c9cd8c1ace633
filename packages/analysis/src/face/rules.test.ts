// The documented rules on their own: pose classes at the thresholds, the gaze sentinels,
// proctoring windows and the alert threshold, truthfulness against a person's own baseline.
import { describe, expect, it } from 'vitest';
import { gazePoint, headPose, sanitizeGazeCoordinate, type GazePoint } from './pose.js';
import { proctor, type ProctoringFrame } from './proctoring.js';
import { truthfulness, type BehaviourSample } from './truthfulness.js';
import { LipSyncWindower } from './lipsync-windows.js';

const deg = (d: number) => (d * Math.PI) / 180;
const pose = (pitch: number, yaw: number) =>
  headPose({ pitch: deg(pitch), yaw: deg(yaw), roll: 0 });
const centreGaze: GazePoint = {
  class_value: 'center',
  x_cord: 155,
  y_cord: 105,
  intensity: 50,
  time: 0,
  subject_name: 'person_01',
};

describe('head pose classes', () => {
  it('turns at 15° of yaw and 12° of pitch, the larger relative turn winning', () => {
    expect(pose(0, 0).class).toBe('center');
    expect(pose(11, 14).class).toBe('center');
    expect(pose(0, 16).class).toBe('left');
    expect(pose(0, -16).class).toBe('right');
    expect(pose(13, 0).class).toBe('bottom');
    expect(pose(-13, 0).class).toBe('top');
    expect(pose(20, 16).class).toBe('bottom'); // 20/12 > 16/15
    expect(pose(0, 30)).toMatchObject({ yaw: 30, pitch: 0, roll: 0 });
  });
});

describe('eye gaze on the 310 x 210 canvas', () => {
  it('draws no face at (0, 210) and treats 999 as 0', () => {
    expect(gazePoint(undefined, 1.5, 'person_01')).toEqual({
      class_value: 'no_gaze',
      x_cord: 0,
      y_cord: 210,
      intensity: 50,
      time: 1.5,
      subject_name: 'person_01',
    });
    expect(sanitizeGazeCoordinate(999)).toBe(0);
    expect(sanitizeGazeCoordinate(Number.NaN)).toBe(0);
    expect(sanitizeGazeCoordinate(120)).toBe(120);
  });
});

describe('proctoring', () => {
  const frames = (n: number, make: (i: number) => ProctoringFrame['faces']): ProctoringFrame[] =>
    Array.from({ length: n }, (_, i) => ({ t: i * 0.5, faces: make(i) }));

  it('counts one alert per kind per window and crosses the threshold at 10', () => {
    // 12 windows of 5 s (10 frames each) with no one on camera.
    const result = proctor(frames(120, () => []));
    expect(result.windows.length).toBe(12);
    expect(result.windows[8]).toMatchObject({
      current_alerts: ['no_face'],
      cumulative_alerts_count: 9,
      threshold_crossed: false,
      alert_threshold: 10,
    });
    expect(result.windows[9]).toMatchObject({
      cumulative_alerts_count: 10,
      threshold_crossed: true,
    });
    expect(result).toMatchObject({
      cumulative_alerts: { no_face: 12, multiple_faces: 0, looking_away: 0, face_mismatch: 0 },
      threshold_crossed: true,
    });
  });

  it('needs a condition in half the window: a glance away or a passer-by for one frame is not an alert', () => {
    const away = { pose: pose(0, 40), gaze: centreGaze };
    const ahead = { pose: pose(0, 0), gaze: centreGaze };
    const result = proctor(
      frames(20, (i) => (i === 3 ? [away, ahead] : i < 10 ? [ahead] : [away])),
    );
    expect(result.windows.map((w) => w.current_alerts)).toEqual([[], ['looking_away']]);
  });

  it('flags a face that is not the registered one', () => {
    const stranger = { pose: pose(0, 0), gaze: centreGaze, samePerson: false };
    const candidate = { ...stranger, samePerson: true };
    const result = proctor(
      frames(20, (i) => (i < 10 ? [candidate] : [stranger])),
      { templateUsed: true },
    );
    expect(result.windows.map((w) => w.current_alerts)).toEqual([[], ['face_mismatch']]);
  });
});

describe('truthfulness (experimental)', () => {
  it("scores a window that departs from the person's own baseline lower", () => {
    const samples: BehaviourSample[] = Array.from({ length: 80 }, (_, i) => {
      const t = i * 0.5;
      const restless = t >= 30; // the last 10 s: looking away and turning the head
      return {
        t,
        gazeClass: restless && i % 2 ? 'left' : 'center',
        angles: { pitch: 0, yaw: restless ? (i % 2) * 30 : 0, roll: 0 },
        ear: 0.3,
        dominantEmotion: 'neutral',
      };
    });
    const windows = truthfulness('person_01', samples, 2);
    expect(windows.map((w) => w.start_time)).toEqual([0, 10, 20, 30]);
    expect(windows.slice(0, 3).map((w) => w.truthfullness)).toEqual([100, 100, 100]);
    expect(windows[3]!.truthfullness).toBeLessThan(60);
    expect(windows[3]!.cues.gazeAversion).toBe(0.5);
  });
});

describe('live lip-sync windows', () => {
  // A voice that is loud on odd half-seconds: 1 there, 0.01 elsewhere.
  const voice = { rms: (start: number) => (Math.round((start + 0.1) * 2) % 2 ? 1 : 0.01) };
  const open = (t: number) => (Math.round(t * 2) % 2 ? 0.1 : 0.01);

  it('completes each window once a frame at its end is read, for the persons seen enough in it', () => {
    const w = new LipSyncWindower(voice);
    const given: string[] = [];
    for (let i = 0; i <= 28; i++) {
      const t = i * 0.5;
      w.add('person_01', { t, opening: open(t) }); // lips follow the voice
      w.add('person_02', { t, opening: open(t + 0.5) }); // lips against it
      if (t >= 11) w.add('person_03', { t, opening: open(t) }); // 3 s on screen: too little
      for (const x of w.advance(t)) given.push(`${x.personId} ${x.start}-${x.end} ${x.status}`);
    }
    expect(given).toEqual([
      'person_01 0-10 in_sync',
      'person_02 0-10 out_of_sync',
      'person_01 2-12 in_sync',
      'person_02 2-12 out_of_sync',
      'person_01 4-14 in_sync',
      'person_02 4-14 out_of_sync',
    ]);
    // After the last frame (14 s), the windows that end within the recording; person_03 is in
    // 7 frames of 6-16, still too few.
    expect(w.advance(14.2)).toEqual([]);
    expect(w.advance(16).map((x) => [x.personId, x.end, x.frames])).toEqual([
      ['person_01', 16, 17],
      ['person_02', 16, 17],
    ]);
  });
});
