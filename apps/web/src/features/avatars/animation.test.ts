import { describe, expect, it } from 'vitest';
import { blinkAt, headAt, poseAt, runAvatarDriver, visemeAt, type AvatarPose } from './animation';

const cues = [
  { t: 120, v: 'MBP' },
  { t: 180, v: 'A' },
  { t: 300, v: 'I' },
  { t: 420, v: 'rest' },
  { t: 560, v: 'O' },
  { t: 700, v: 'rest' },
];

describe('the avatar animation driver', () => {
  it('finds the mouth shape at each moment of the clip', () => {
    expect(visemeAt(cues, 0)).toBe('rest');
    expect(visemeAt(cues, 119)).toBe('rest');
    expect(visemeAt(cues, 120)).toBe('MBP');
    expect(visemeAt(cues, 250)).toBe('A');
    expect(visemeAt(cues, 450)).toBe('rest');
    expect(visemeAt(cues, 600)).toBe('O');
    expect(visemeAt(cues, 5000)).toBe('rest');
    expect(visemeAt([], 100)).toBe('rest');
  });

  it('advances the visemes with the audio’s time, frame by frame, and rests when it ends', () => {
    const clock = { currentTime: 0, paused: false, ended: false };
    const frames: (() => void)[] = [];
    const poses: AvatarPose[] = [];
    let wall = 0;
    const stop = runAvatarDriver({
      clip: () => ({ cues, clock }),
      onPose: (p) => poses.push(p),
      now: () => wall,
      frame: (cb) => frames.push(cb),
      cancel: () => undefined,
    });
    // The audio runs at its own pace: 0.13 s, 0.25 s, 0.6 s, then ends.
    for (const [t, w] of [
      [0.13, 16],
      [0.25, 32],
      [0.6, 48],
    ] as const) {
      clock.currentTime = t;
      wall = w;
      frames.shift()?.();
    }
    clock.ended = true;
    frames.shift()?.();
    expect(poses.map((p) => p.viseme)).toEqual(['rest', 'MBP', 'A', 'O', 'rest']);
    stop();
    const before = poses.length;
    frames.shift()?.();
    expect(poses.length).toBe(before);
  });

  it('holds the mouth at rest while the audio is paused (an interrupt)', () => {
    const pose = poseAt(1000, { cues, clock: { currentTime: 0.25, paused: true, ended: false } });
    expect(pose.viseme).toBe('rest');
  });

  it('blinks briefly every few seconds and sways more while speaking', () => {
    const shut = Array.from({ length: 20000 }, (_, ms) => blinkAt(ms)).filter(
      (b) => b > 0.5,
    ).length;
    // Four to six blinks of ~70 ms half-closed time in 20 s.
    expect(shut).toBeGreaterThan(150);
    expect(shut).toBeLessThan(600);
    const sway = (speaking: boolean) =>
      Math.max(...Array.from({ length: 100 }, (_, i) => Math.abs(headAt(i * 100, speaking).tilt)));
    expect(sway(true)).toBeGreaterThan(sway(false));
    expect(sway(true)).toBeLessThan(3);
    expect(poseAt(3300, null, true)).toEqual({ viseme: 'rest', blink: 0, tilt: 0, nod: 0 });
  });
});
