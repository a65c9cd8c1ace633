// Real-time factor (processing time / audio time; below 1 is faster than real time) of each
// step of the speech and text steps, and of the whole, on a 10-minute recording made by
// concatenating the fixtures (two-speakers.wav, jfk.wav, the FLEURS clips and the sound of
// video/talking-face.mp4, repeated). Prints peak RSS of the whole run, measured before the
// step-by-step timings (which hold the PCM in memory) can raise it.
//
// PIPELINE_BENCH_MINUTES changes the length (default 10). PIPELINE_BENCH_MEMORY_MINUTES=120
// instead runs only the speech step on a recording that long with speech-to-text left out (an
// engine that returns no words), to measure the memory of decode, VAD, features and
// diarization for a two-hour meeting in minutes rather than an hour of pocketsphinx.
// Needs `npm run build`. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  blockFeatures,
  decodeAll,
  decodePcm,
  detectSpeech,
  diarize,
  PocketsphinxEngine,
  runSpeechStep,
  runTextStep,
  SAMPLE_RATE,
} from '../packages/analysis/dist/index.js';
import { fixture, joinFixtures, loopMedia, mb, peakRss, timed } from './recording.mjs';

const minutes = Number(process.env.PIPELINE_BENCH_MINUTES ?? 10);
const memoryMinutes = Number(process.env.PIPELINE_BENCH_MEMORY_MINUTES ?? 0);
const sources = [
  'diarization/two-speakers.wav',
  'speech/jfk.wav',
  ...[0, 1, 2, 3, 4].map((i) => `speech/fleurs-en-00${i}.ogg`),
  'video/talking-face.mp4',
].map(fixture);

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-pipeline-'));
try {
  const file = path.join(dir, 'meeting.wav');
  const joined = joinFixtures(file, minutes * 60, sources);
  if (memoryMinutes > 0) await memoryRun(file);
  else await timings(file, joined);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

async function timings(file, joined) {
  const engine = new PocketsphinxEngine();

  // 1. The whole speech step and text step, as the job worker runs them.
  const rssBefore = peakRss();
  let progressEvents = 0;
  const whole = await timed(async () => {
    const speech = await runSpeechStep(file, { engine, onProgress: () => progressEvents++ });
    const analytics = runTextStep({ ...speech, audioLengthSec: speech.durationSec });
    return { speech, analytics };
  });
  const wholePeak = peakRss();
  const audioSec = whole.value.speech.durationSec;
  const rtf = (s) => (s / audioSec).toFixed(3);

  // 2. Each step on its own (holding the PCM in memory, unlike the speech step).
  const decode = await timed(async () => {
    let n = 0;
    for await (const f of decodePcm(file)) n += f.length;
    return n;
  });
  const vadStreamed = await timed(() => detectSpeech(decodePcm(file)));
  const pcm = await decodeAll(file);
  const vad = await timed(() => detectSpeech(pcm));
  const asr = await timed(() => engine.transcribe(pcm, { speech: vad.value }));
  const features = await timed(() => blockFeatures(pcm));
  const diarization = await timed(() => diarize(features.value, vad.value));
  const text = await timed(() =>
    runTextStep({ ...whole.value.speech, audioLengthSec: whole.value.speech.durationSec }),
  );

  const row = (label, sec, extra = '') =>
    console.log(`${label.padEnd(34)} ${sec.toFixed(2).padStart(7)} s  RTF ${rtf(sec)}${extra}`);
  console.log(
    `audio: ${audioSec.toFixed(1)} s (${joined} fixture files joined), cores: ${os.availableParallelism()}, engine: pocketsphinx`,
  );
  row(
    'decode (ffmpeg, streamed)',
    decode.sec,
    `  (${(decode.value / SAMPLE_RATE).toFixed(1)} s of samples)`,
  );
  row('VAD (Silero, in memory)', vad.sec, `  (${vad.value.length} segments)`);
  row('decode + VAD streamed', vadStreamed.sec);
  row('ASR (pocketsphinx, parallel)', asr.sec, `  (${asr.value.words.length} words)`);
  row('voice features (MFCC, deltas, YIN)', features.sec, `  (${features.value.length} blocks)`);
  row(
    'diarization (clustering, Viterbi)',
    diarization.sec,
    `  (${diarization.value.speakerCount} speakers, ${diarization.value.turns.length} turns)`,
  );
  row('text analytics (runTextStep)', text.sec, `  (${text.value.questions.length} questions)`);
  row(
    'whole: runSpeechStep + runTextStep',
    whole.sec,
    `  (${whole.value.speech.speakerCount.value} speakers, ${whole.value.speech.words.length} words, ${progressEvents} progress events)`,
  );
  console.log(
    `peak RSS: ${mb(wholePeak)} after the whole run (${mb(rssBefore)} before it), ${mb(peakRss())} after the step-by-step timings`,
  );
}

async function memoryRun(file) {
  const long = path.join(dir, 'long.wav');
  loopMedia(file, long, memoryMinutes * 60);
  const silentEngine = {
    name: 'none',
    model: 'none',
    quality: 'bench: speech-to-text left out',
    transcribe: async () => ({ words: [] }),
  };
  const before = peakRss();
  let progressEvents = 0;
  const run = await timed(() =>
    runSpeechStep(long, { engine: silentEngine, onProgress: () => progressEvents++ }),
  );
  console.log(
    `${memoryMinutes} min without ASR: runSpeechStep ${run.sec.toFixed(1)} s (RTF ${(run.sec / run.value.durationSec).toFixed(3)}), ` +
      `${run.value.speakerCount.value} speakers, ${run.value.turns.length} turns, ${progressEvents} progress events; ` +
      `peak RSS ${mb(peakRss())} (${mb(before)} before; the recording as Float32 PCM alone would be ${mb(run.value.durationSec * SAMPLE_RATE * 4)})`,
  );
}
