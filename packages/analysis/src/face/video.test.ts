// The face pipeline on the real recordings in fixtures/video. Figures are printed and asserted
// not worse than what was measured when the test was written.
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../test-fixtures.js';
import { analyzeFaces, type VideoFaceAnalysis } from './analyze.js';
import { detectFacesInImage } from './image.js';
import { sampleFrames } from './frames.js';
import { detectRaw } from './human.js';
import type { Frame } from './types.js';
import { GAZE_MAX_X, GAZE_MAX_Y, HEAD_POSE_CLASSES } from './pose.js';
import { LIP_SYNC_LIVE_MIN_FRAMES, type LipSyncWindow } from './lipsync-windows.js';
import { faceSkinTrace } from './skin.js';
import { compareFaces, faceTemplateFromVideo, type FaceTemplate } from './verify.js';

const talking = fixture('video/talking-face.mp4');
let video: VideoFaceAnalysis;
let template: FaceTemplate;
/** Live lip-sync windows, with how many frames had been analysed when each arrived. */
const windows: (LipSyncWindow & { framesDone: number })[] = [];

beforeAll(async () => {
  let framesDone = 0;
  video = await analyzeFaces(talking, {
    fps: 2,
    onFrame: () => framesDone++,
    onLipSyncWindow: (w) => windows.push({ ...w, framesDone }),
  });
  // The speaker's template from everything after the first 3 s.
  template = await faceTemplateFromVideo(talking, { fps: 1, from: 3 });
}, 120_000);

describe('analyzeFaces on talking-face.mp4 (33.6 s, one speaker)', () => {
  it('tracks the one face in at least 90 % of the sampled frames', () => {
    const person = video.persons[0]!;
    console.log(
      `talking-face: ${video.framesAnalysed} frames at 2 fps, ${video.persons.length} person(s), presence ${person.presence}`,
    );
    expect(video.framesAnalysed).toBe(68);
    expect(video.persons.map((p) => p.personId)).toEqual(['person_01']);
    expect(person.presence).toBeGreaterThanOrEqual(0.9);
    expect(video.frames.every((f) => f.faces.length <= 1)).toBe(true);
  });

  it('gives head pose classes and angles, and gaze points on the 310 x 210 canvas', () => {
    for (const { faces } of video.frames)
      for (const f of faces) {
        expect(HEAD_POSE_CLASSES).toContain(f.headPose.class);
        for (const a of [f.headPose.pitch, f.headPose.yaw, f.headPose.roll])
          expect(Math.abs(a)).toBeLessThanOrEqual(90);
        expect(f.gaze.x_cord).toBeGreaterThanOrEqual(0);
        expect(f.gaze.x_cord).toBeLessThanOrEqual(GAZE_MAX_X);
        expect(f.gaze.y_cord).toBeGreaterThanOrEqual(0);
        expect(f.gaze.y_cord).toBeLessThanOrEqual(GAZE_MAX_Y);
        expect(f.gaze).toMatchObject({ intensity: 50, subject_name: 'person_01' });
      }
    const shares = video.headPose.persons[0]!.shares;
    console.log(
      'talking-face head pose shares',
      shares,
      'gaze classes',
      countBy(video.gaze.points.map((p) => p.class_value)),
    );
    expect(Object.values(shares).reduce((s, v) => s + v, 0)).toBeCloseTo(1, 2);
    // The speaker faces the camera throughout.
    expect(shares.center).toBeGreaterThanOrEqual(0.95);
    expect(video.gaze).toMatchObject({ max_x: 310, max_y: 210 });
    expect(video.gaze.heatMap.length).toBe(video.framesWithFaces);
    expect(video.gaze.heatMap.every((p) => p.value === 50)).toBe(true);
  });

  it('averages 7 emotions and estimates age and gender, and says race is not estimated', () => {
    const e = video.emotions.persons[0]!;
    expect(Object.keys(e.averages).sort()).toEqual([
      'angry',
      'disgust',
      'fear',
      'happy',
      'neutral',
      'sad',
      'surprise',
    ]);
    expect(Object.values(e.averages).reduce((s, v) => s + v, 0)).toBeGreaterThan(0.9);
    const age = video.demographics.age[0]!.estimate!;
    const gender = video.demographics.gender[0]!.estimate!;
    console.log('talking-face emotions', e.averages, 'age', age, 'gender', gender);
    expect(age.years).toBeGreaterThan(15);
    expect(age.years).toBeLessThan(60);
    expect(gender.confidence).toBeGreaterThan(0);
    expect(gender.label).toBe('female'); // the woman filmed; confidence 0.81 when written
    expect(video.demographics.race).toEqual({
      estimated: false,
      reason: expect.stringMatching(/no race/i),
    });
  });

  it("finds the speaker's lips moving with the voice", () => {
    const lips = video.lipSync.persons[0]!;
    console.log(`talking-face lip sync agreement ${lips.agreement} over ${lips.frames} frames`);
    expect(video.lipSync.available).toBe(true);
    expect(lips.agreement).toBeGreaterThanOrEqual(0.23);
    expect(lips.status).toBe('in_sync');
  });

  it('gives live lip-sync windows while the frames are analysed, not after', () => {
    console.log(
      'talking-face live lip sync',
      windows.map((w) => `${w.start}-${w.end}s ${w.agreement} (${w.frames} frames)`).join(', '),
    );
    // 10 s windows every 2 s over 33.6 s: ends 10, 12, ... 32.
    expect(windows.map((w) => w.end)).toEqual(Array.from({ length: 12 }, (_, i) => 10 + 2 * i));
    for (const w of windows) {
      expect(w).toMatchObject({ personId: 'person_01', end: w.start + 10 });
      // Given out when the frame at its end is read (2 fps: frame number end × 2), not later.
      expect(w.framesDone).toBe(w.end * 2);
      expect(w.frames).toBeGreaterThanOrEqual(LIP_SYNC_LIVE_MIN_FRAMES);
      expect(w.frames).toBeLessThanOrEqual(20);
      expect(Math.abs(w.agreement!)).toBeLessThanOrEqual(1);
    }
    const mean = windows.reduce((s, w) => s + w.agreement!, 0) / windows.length;
    expect(mean).toBeGreaterThanOrEqual(LIVE_MEAN_AGREEMENT);
  });

  it('raises no proctoring alert for one candidate facing the camera', () => {
    const p = video.proctoring;
    expect(p.windows.length).toBe(7);
    expect(p).toMatchObject({ alert_threshold: 10, threshold_crossed: false, templateUsed: false });
    expect(p.cumulative_alerts).toMatchObject({ no_face: 0, multiple_faces: 0, face_mismatch: 0 });
    expect(p.cumulative_alerts_count).toBeLessThanOrEqual(1);
  });

  it('scores truthfulness per 10 s window, labelled experimental', () => {
    const t = video.truthfulness;
    console.log(
      'talking-face truthfulness',
      t.windows.map((w) => [w.start_time, w.truthfullness]),
    );
    expect(t.experimental).toBe(true);
    expect(t.note).toMatch(/not of lying/);
    expect(t.windows.map((w) => w.start_time)).toEqual([0, 10, 20, 30]);
    for (const w of t.windows) {
      expect(w).toMatchObject({ subject_name: 'person_01', video_fps: 2, activity_duration: 10 });
      expect(w.truthfullness).toBeGreaterThanOrEqual(0);
      expect(w.truthfullness).toBeLessThanOrEqual(100);
      expect(w.cues.gazeAversion).toBeLessThanOrEqual(1);
    }
  });
});

describe('face verification', () => {
  it('accepts a frame of the speaker against a template of the rest, and rejects someone else', async () => {
    let first: number[] | undefined;
    for await (const frame of sampleFrames(talking, { fps: 1 })) {
      first = (await detectRaw(frame.rgb, frame.width, frame.height))[0]?.embedding;
      break;
    }
    const same = await compareFaces(first!, template);
    const photo = (await detectFacesInImage(fixture('faces/fairface/fairface_0005.jpg'))).faces[0]!;
    const other = await compareFaces(photo.embedding, template);
    console.log(
      `verification: same person ${same.similarity}, other person ${other.similarity} (threshold ${same.threshold})`,
    );
    expect(template.faces).toBe(20);
    expect(same.samePerson).toBe(true);
    expect(same.similarity).toBeGreaterThanOrEqual(SAME_SIMILARITY);
    expect(other.samePerson).toBe(false);
    expect(other.similarity).toBeLessThanOrEqual(OTHER_SIMILARITY);
  });

  it('raises face_mismatch when the registered face is not the one on camera', async () => {
    const wide = await analyzeFaces(fixture('video/small-face-wide-shot.mp4'), {
      fps: 1,
      template,
      proctoringWindowSec: 1,
    });
    const p = wide.proctoring;
    console.log(
      'small-face-wide-shot proctoring against the talking-face template',
      p.cumulative_alerts,
    );
    expect(p.templateUsed).toBe(true);
    // Measured: 10 of 11 one-second windows. Since faces are also looked for in a padded second
    // pass, the small face at 8 s is found and scores 0.44 against the 0.43 threshold: a false
    // accept of another person at the edge of the threshold, which this test records, not hides.
    const flagged = p.windows.filter(
      (w) => w.current_alerts.includes('face_mismatch') || w.current_alerts.includes('no_face'),
    ).length;
    expect(flagged).toBeGreaterThanOrEqual(p.windows.length - 1);
    expect(p.cumulative_alerts.face_mismatch).toBeGreaterThanOrEqual(MISMATCH_WINDOWS);
    expect(p.threshold_crossed).toBe(p.cumulative_alerts_count >= 10);
  });
});

describe('analyzeFaces with emotion inference off', () => {
  it('runs no emotion model and gives no emotion, the other signals as usual', async () => {
    const off = await analyzeFaces(talking, { fps: 0.5, emotions: false });
    console.log(`emotions off: ${off.framesWithFaces} of ${off.framesAnalysed} frames with a face`);
    expect(off.framesWithFaces).toBeGreaterThan(0);
    expect(off.emotions).toMatchObject({ computed: false, persons: [] });
    for (const frame of off.frames)
      for (const face of frame.faces) {
        expect(face.emotions).toBeNull();
        expect(face.emotion).toBeNull();
      }
    expect(off.persons[0]).toMatchObject({ emotions: null, dominantEmotion: null });
    expect(off.persons[0]!.age).not.toBeNull();
    // Human itself gives no emotion when the model is switched off in its configuration.
    let frame: Frame | undefined;
    for await (const f of sampleFrames(talking, { fps: 1 })) {
      frame = f;
      break;
    }
    if (!frame) throw new Error('no frame');
    const [face] = await detectRaw(frame.rgb, frame.width, frame.height, { emotions: false });
    expect(face!.emotions).toEqual({});
    const [withScores] = await detectRaw(frame.rgb, frame.width, frame.height);
    expect(Object.keys(withScores!.emotions).length).toBeGreaterThan(0);
  }, 120_000);
});

describe('faceSkinTrace (for physiology)', () => {
  it('gives the mean skin colour of the tracked face per frame', async () => {
    const trace = await faceSkinTrace(talking, { fps: 1 });
    const [person] = trace.persons;
    console.log(
      `skin trace: ${person?.samples.length} samples at 1 fps, first`,
      person?.samples[0],
    );
    expect(trace.fps).toBe(1);
    expect(trace.persons.length).toBe(1);
    expect(person!.samples.length).toBeGreaterThanOrEqual(31); // 90 % of 34 frames
    for (const s of person!.samples) {
      expect(s.pixels).toBeGreaterThan(500);
      expect(s.regions).toHaveLength(3); // forehead, left cheek, right cheek for the estimator
      // Skin: red above green above blue, whatever the complexion under white light.
      expect(s.r).toBeGreaterThan(s.g);
      expect(s.g).toBeGreaterThan(s.b);
    }
  }, 120_000);
});

function countBy(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}

// Measured when the test was written: same person 0.8, other person 0.33; the wide shot's small
// face is found in 6 of its 10 one-second windows, each flagged as not the registered face.
const SAME_SIMILARITY = 0.8;
const OTHER_SIMILARITY = 0.33;
const MISMATCH_WINDOWS = 6;
// The speaker's 12 live lip-sync windows averaged 0.17 (9 of them above 0), the whole
// recording 0.235: 10 s of speech is a noisier sample than 34 s.
const LIVE_MEAN_AGREEMENT = 0.15;
