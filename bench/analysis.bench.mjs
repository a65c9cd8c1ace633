// Real-time factor (processing time / audio time; below 1 is faster than real time) of each
// analysis step on a ~2-minute recording made by concatenating the speech fixtures.
// Needs `npm run build`. Prints figures; asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  decodeAll,
  decodePcm,
  detectSpeech,
  PocketsphinxEngine,
  SAMPLE_RATE,
} from '../packages/analysis/dist/index.js';
import { fixture, joinFixtures, timed } from './recording.mjs';

const sources = ['speech/jfk.wav', 'speech/fleurs-en-000.ogg', 'diarization/two-speakers.wav'].map(
  fixture,
);

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-analysis-'));
try {
  const file = path.join(dir, 'meeting.wav');
  const joined = joinFixtures(file, 120, sources);
  const decodeStream = await timed(async () => {
    let n = 0;
    for await (const f of decodePcm(file)) n += f.length;
    return n;
  });
  const audioSec = decodeStream.value / SAMPLE_RATE;
  const pcm = await decodeAll(file);
  const vad = await timed(() => detectSpeech(pcm));
  const engine = new PocketsphinxEngine();
  const asrParallel = await timed(() => engine.transcribe(pcm, { speech: vad.value }));
  const asrSerial = await timed(() =>
    engine.transcribe(pcm, { speech: vad.value, concurrency: 1 }),
  );

  const rtf = (s) => (s / audioSec).toFixed(3);
  console.log(
    `audio: ${audioSec.toFixed(1)} s (${joined} fixtures joined), cores: ${os.availableParallelism()}`,
  );
  console.log(
    `decode (ffmpeg, streamed):   ${decodeStream.sec.toFixed(2)} s  RTF ${rtf(decodeStream.sec)}`,
  );
  console.log(
    `VAD (Silero):                ${vad.sec.toFixed(2)} s  RTF ${rtf(vad.sec)}  (${vad.value.length} segments)`,
  );
  console.log(
    `ASR pocketsphinx, parallel:  ${asrParallel.sec.toFixed(2)} s  RTF ${rtf(asrParallel.sec)}  (${asrParallel.value.words.length} words)`,
  );
  console.log(
    `ASR pocketsphinx, 1 at once: ${asrSerial.sec.toFixed(2)} s  RTF ${rtf(asrSerial.sec)}`,
  );
  console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
