import { readFileSync } from 'node:fs';
import path from 'node:path';
import { derived, ffmpeg, fixture } from './media.js';

/** What the mock interview tests share: a set-up body and the answers' media. */
export const SPEECH = path.resolve(import.meta.dirname, '../../../../fixtures/speech');

/** A ready interview of three Medium software-engineering questions, no resume. */
export function interviewSetup(
  settings: Partial<{
    questionCount: number;
    thinkSeconds: number;
    answerSeconds: number;
    retakes: number;
  }> = {},
) {
  return {
    useResume: false,
    companyName: 'Google',
    jobRole: 'Software engineer',
    level: 'Medium',
    skills: ['Python'],
    jobDescription: '',
    settings: { questionCount: 3, thinkSeconds: 5, answerSeconds: 30, retakes: 1, ...settings },
  };
}

/** The talking-face fixture as the browser's MediaRecorder makes it: WebM, VP8 and Opus. */
export const interviewRecording = () =>
  readFileSync(
    derived('mock-run-talking-face.webm', (out) =>
      ffmpeg([
        ...['-i', fixture('talking-face.mp4'), '-t', '8'],
        ...['-c:v', 'libvpx', '-b:v', '300k', '-c:a', 'libopus', out],
      ]),
    ),
  );

/** One second of a spoken sentence: an answer too short to stand on its own. */
export const shortAnswer = () =>
  readFileSync(
    derived('mock-run-short-answer.webm', (out) =>
      ffmpeg(['-i', path.join(SPEECH, 'jfk.wav'), '-t', '1.2', '-c:a', 'libopus', out]),
    ),
  );
