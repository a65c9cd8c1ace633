import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from './pipeline.js';
import { clipOf, fixture } from './test-fixtures.js';

// Runs the source with tsx so the test does not depend on a fresh build of dist/.
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
const analyze = (...args: string[]) =>
  spawnSync(process.execPath, [tsx, cli, ...args], { encoding: 'utf8' });

describe('npm run analyze', () => {
  it('prints one JSON document for jfk.wav', () => {
    const run = analyze(fixture('speech/jfk.wav'));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as AnalysisResult;
    expect(doc.engine).toMatchObject({ name: 'pocketsphinx', model: expect.any(String) });
    expect(doc.durationSec).toBeCloseTo(11, 1);
    expect(doc.words.length).toBeGreaterThan(10);
    for (const w of doc.words) {
      expect(w).toEqual({
        word: expect.any(String),
        start: expect.any(Number),
        end: expect.any(Number),
        speaker: 'speaker_00',
        confidence: expect.any(Number),
      });
      expect(w.start).toBeLessThanOrEqual(w.end);
    }
    expect(doc.speakerCount).toEqual({ value: 1, source: 'estimated' });
    expect(doc.turns.length).toBeGreaterThan(0);
    expect(doc.turns[0]).toEqual({
      speaker: 'speaker_00',
      start: expect.any(Number),
      end: expect.any(Number),
    });
    const a = doc.analytics;
    expect(a.audioLengthSec).toBeCloseTo(11, 1);
    expect(a.talkTimeSec.speaker_00).toBeGreaterThan(7);
    expect(a.talkTimePercent.speaker_00).toBe(100);
    expect(a.longestMonologueSec).toBeGreaterThan(7);
    expect(a.wordsPerMinute.speaker_00).toBeGreaterThan(60);
    expect(Array.isArray(a.fillerWords)).toBe(true);
    // Whatever pocketsphinx hears, the list and the per-speaker count agree.
    expect(Array.isArray(a.questions)).toBe(true);
    expect(a.questionsPerSpeaker).toEqual({ speaker_00: a.questions.length });
    // Conversation analytics on the real recording's words (one speaker, as diarized).
    expect(a.sentiment.turns.length).toBeGreaterThan(0);
    for (const t of a.sentiment.turns) {
      expect(t.compound).toBeGreaterThanOrEqual(-1);
      expect(t.compound).toBeLessThanOrEqual(1);
      expect(['positive', 'neutral', 'negative']).toContain(t.label);
    }
    // An 11 s clip is cut into 10 s buckets (bucketSecFor).
    expect(a.sentiment.overTime.map((b) => [b.start, b.end])).toEqual([
      [0, 10],
      [10, expect.closeTo(11, 0)],
    ]);
    expect(a.interactivity).toEqual({ speakerSwitches: 0, switchesPerMinute: 0 });
    expect(a.speakingRateOverTime.speaker_00![0]!.wpm).toBeGreaterThan(60);
    expect(a.engagement.components.balance.score).toBe(0);
    expect(a.engagement.score).toBeGreaterThanOrEqual(0);
    expect(a.engagement.score).toBeLessThanOrEqual(100);
    expect(a.engagement.method).toMatch(/heuristic/i);
  }, 120_000);

  it('takes --speakers as the bound: two voices stay two when three participants are given', () => {
    const given = analyze('--speakers', '3', fixture('diarization/two-speakers.wav'));
    expect(given.status).toBe(0);
    const doc = JSON.parse(given.stdout) as AnalysisResult;
    expect(doc.speakerCount).toEqual({ value: 2, source: 'participants' });
    expect(new Set(doc.turns.map((t) => t.speaker))).toEqual(new Set(['speaker_00', 'speaker_01']));
    expect(Object.keys(doc.analytics.questionsPerSpeaker).sort()).toEqual([
      'speaker_00',
      'speaker_01',
    ]);
    expect(analyze('--speakers', 'many', fixture('speech/jfk.wav')).stderr).toMatch(/whole number/);
  }, 120_000); // a real CLI run (ffmpeg, Silero, pocketsphinx), slow on a busy 2-core machine

  it('prints the faces of a photo with --image', () => {
    const run = analyze('--image', fixture('faces/multi/2008_002506.jpg'));
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as { faces: Record<string, unknown>[] };
    expect(doc.faces.length).toBe(3);
    expect(doc.faces[0]).toEqual({
      box: {
        x: expect.any(Number),
        y: expect.any(Number),
        width: expect.any(Number),
        height: expect.any(Number),
      },
      age: expect.any(Number),
      gender: expect.stringMatching(/^(male|female)$/),
      genderConfidence: expect.any(Number),
      emotion: expect.any(String),
      emotions: expect.objectContaining({ happy: expect.any(Number), neutral: expect.any(Number) }),
      confidence: expect.any(Number),
    });
  }, 60_000);

  it('adds a video section for a video, and leaves it out with --no-video', () => {
    const file = fixture('video/small-face-wide-shot.mp4');
    const run = analyze('--fps', '1', file);
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as AnalysisResult & { video: Record<string, unknown> };
    expect(doc.words.length).toBeGreaterThan(0);
    expect(Object.keys(doc.video)).toEqual(
      expect.arrayContaining([
        'frames',
        'persons',
        'headPose',
        'gaze',
        'emotions',
        'demographics',
        'proctoring',
        'lipSync',
        'truthfulness',
      ]),
    );
    expect(doc.video).toMatchObject({
      fps: 1,
      framesAnalysed: 11, // t = 0, 1 ... 10 s
      gaze: { max_x: 310, max_y: 210 },
    });
    // What is left out is the same for any length: the first 3 s of the same recording.
    const quick = analyze('--no-video', clipOf('video/small-face-wide-shot.mp4', 3));
    expect(quick.status).toBe(0);
    expect(JSON.parse(quick.stdout)).not.toHaveProperty('video');
  }, 180_000);

  it('fails with a message on stderr for a missing file or no argument', () => {
    const missing = analyze('/nonexistent/meeting.mp4');
    expect(missing.status).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/file not found: \/nonexistent\/meeting.mp4/);
    expect(analyze().status).toBe(1);
  });

  it('tells someone who gives a photo as a recording to use --image, in one line', () => {
    const photo = fixture('faces/expressions/Steffi_Graf_0001.jpg');
    const run = analyze(photo);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const first = run.stderr.split('\n')[0];
    expect(first).toBe(
      `analyze: ${photo} is a still image, not a recording: use npm run analyze -- --image ${photo}`,
    );
  });

  it('says a declared language the engine cannot transcribe, instead of a transcript', () => {
    const run = analyze('--language', 'fr', '--no-video', fixture('speech/jfk.wav'));
    expect(run.status).toBe(0);
    const doc = JSON.parse(run.stdout) as AnalysisResult;
    expect(doc.words).toEqual([]);
    expect(doc.notice).toMatchObject({ kind: 'unsupported_language', language: 'fr' });
    expect(analyze('--language', 'french!', fixture('speech/jfk.wav')).stderr).toMatch(
      /--language needs a language code/,
    );
  }, 60_000);
});
