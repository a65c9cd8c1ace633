import { MOCK_RUN_LIMITS } from '@parley/contracts';
import type { AnswerStreamer } from './answer-streamer';
import { createSliceUploader, type SliceUploader } from './slice-uploader';

/** The first container the browser records in (WebM in Chromium and Firefox, MP4 in Safari). */
function recorderType(kinds: readonly string[]): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return kinds.find((k) => MediaRecorder.isTypeSupported(k));
}

const VIDEO_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg', 'audio/mp4'];

/** Why the camera could not be used: refused by the person, or missing/broken. */
export type MediaProblem = 'refused' | 'unavailable';

export async function openCamera(): Promise<MediaStream | MediaProblem> {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  } catch (err) {
    const name = err instanceof DOMException ? err.name : '';
    return name === 'NotAllowedError' || name === 'SecurityError' ? 'refused' : 'unavailable';
  }
}

/**
 * The whole interview's recording: camera and microphone, cut into a slice every ~2 s that
 * goes straight to the server.
 */
export function startRecording(
  stream: MediaStream,
  firstIndex: number,
  send: (index: number, slice: Blob) => Promise<unknown>,
): { uploader: SliceUploader; stop(): Promise<void>; elapsedMs(): number } {
  const uploader = createSliceUploader({ firstIndex, send });
  const type = recorderType(VIDEO_TYPES);
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  recorder.ondataavailable = (e) => uploader.push(e.data);
  recorder.start(MOCK_RUN_LIMITS.sliceMs);
  const startedAt = performance.now();
  return {
    uploader,
    /**
     * Where the recording is now, in ms from its start: the moment an answer's feedback
     * points at. A resumed run's earlier slices count as a slice's length each (an estimate).
     */
    elapsedMs: () =>
      Math.round(firstIndex * MOCK_RUN_LIMITS.sliceMs + performance.now() - startedAt),
    stop: () =>
      new Promise<void>((resolve) => {
        if (recorder.state === 'inactive') return resolve();
        // The last slice comes with the stop event.
        recorder.addEventListener('stop', () => resolve(), { once: true });
        recorder.stop();
      }),
  };
}

/**
 * One answer's audio, recorded beside the interview's recording for its transcript. Its slices
 * go to `streamer` as they are made (the server transcribes while the person talks); the whole
 * audio, those slices joined, is what stop() gives for the answer call.
 */
export function recordAnswer(
  stream: MediaStream,
  streamer?: AnswerStreamer,
): { stop(): Promise<Blob>; cancel(): void } {
  const audio = new MediaStream(stream.getAudioTracks());
  const type = recorderType(AUDIO_TYPES);
  const recorder = new MediaRecorder(audio, type ? { mimeType: type } : undefined);
  const parts: Blob[] = [];
  recorder.ondataavailable = (e) => {
    if (!e.data.size) return;
    parts.push(e.data);
    if (recorder.state === 'recording') streamer?.push(e.data);
  };
  recorder.start(streamer ? MOCK_RUN_LIMITS.answerSliceMs : undefined);
  return {
    stop: () =>
      new Promise<Blob>((resolve) => {
        const done = () => {
          // The last slice rides with the answer call; nothing more is streamed.
          streamer?.close();
          resolve(new Blob(parts, { type: recorder.mimeType || 'audio/webm' }));
        };
        if (recorder.state === 'inactive') return done();
        recorder.addEventListener('stop', done, { once: true });
        recorder.stop();
      }),
    cancel: () => {
      streamer?.close();
      if (recorder.state !== 'inactive') recorder.stop();
      parts.length = 0;
    },
  };
}
