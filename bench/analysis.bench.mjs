// Real-time factor (processing time / audio time; below 1 is faster than real time) of each
// analysis step on a ~2-minute recording made by concatenating the speech fixtures.
// Needs `npm run build`. Prints figures; asserts nothing.
import { execFileSync } from 'node:child_process';
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

const root = path.resolve(import.meta.dirname, '..');
const sources = ['speech/jfk.wav', 'speech/fleurs-en-000.ogg', 'diarization/two-speakers.wav'].map(
  (f) => path.join(root, 'fixtures', f),
);
// jfk + fleurs + two-speakers is ≈ 51 s; three rounds less the last two-speakers give ≈ 2 min.
const playlist = [...sources, ...sources, ...sources].slice(0, 8);

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-analysis-'));
try {
  const file = path.join(dir, 'meeting.wav');
  // Inputs differ in rate and codec, so resample each before the concat filter joins them.
  const filters = playlist
    .map((_, i) => `[${i}:a]aresample=44100,aformat=channel_layouts=stereo[a${i}]`)
    .join(';');
  const joined = playlist.map((_, i) => `[a${i}]`).join('');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    ...playlist.flatMap((f) => ['-i', f]),
    '-filter_complex',
    `${filters};${joined}concat=n=${playlist.length}:v=0:a=1[out]`,
    '-map',
    '[out]',
    file,
  ]);

  const time = async (fn) => {
    const t = performance.now();
    const value = await fn();
    return { value, sec: (performance.now() - t) / 1000 };
  };
  const decodeStream = await time(async () => {
    let n = 0;
    for await (const f of decodePcm(file)) n += f.length;
    return n;
  });
  const audioSec = decodeStream.value / SAMPLE_RATE;
  const pcm = await decodeAll(file);
  const vad = await time(() => detectSpeech(pcm));
  const engine = new PocketsphinxEngine();
  const asrParallel = await time(() => engine.transcribe(pcm, { speech: vad.value }));
  const asrSerial = await time(() => engine.transcribe(pcm, { speech: vad.value, concurrency: 1 }));

  const rtf = (s) => (s / audioSec).toFixed(3);
  console.log(
    `audio: ${audioSec.toFixed(1)} s (${playlist.length} fixtures joined), cores: ${os.availableParallelism()}`,
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
