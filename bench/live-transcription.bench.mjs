// Live transcription on this machine (issue 18): N participants' audio streamed at the speed
// it is spoken (100 ms packets), each through its own LiveTranscriber with its own streaming
// pocketsphinx process (openPocketsphinxLive), as modules/live runs them with the built-in
// engine. LIVE_BENCH_MODE=windows runs the previous way instead: one pocketsphinx process per
// window, all sharing an engine limited to one window per core. Prints, per
// N, the delay from the end of an utterance's speech to its final text (p50, p95; it includes
// the pause that ends an utterance, 1.2 s by default), how long the finals took to drain after
// the audio ended, the API event loop's p99 delay, and the largest N that keeps up: every
// final within KEEP_UP_SEC of its speech and the backlog drained within KEEP_UP_SEC.
//
// The delays depend on what else the machine runs; the CPU time spent per second of audio
// (this process and the pocketsphinx processes it waited for) does not, and gives the
// estimate of how many streams the cores hold: cores / CPU seconds per audio second. The load
// average is printed with the figures.
//
// LIVE_BENCH_STREAMS="1,2,3,4" picks the counts (default 1,2,3,4,6), LIVE_BENCH_SECONDS the
// audio per stream (default 45). Needs `npm run build`. Prints figures; asserts nothing.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  createSpeechScorer,
  decodeAll,
  limitEngine,
  LiveTranscriber,
  openPocketsphinxLive,
  PocketsphinxEngine,
  SAMPLE_RATE,
} from '../packages/analysis/dist/index.js';
import { fixture } from './recording.mjs';

const counts = (process.env.LIVE_BENCH_STREAMS ?? '1,2,3,4,6').split(',').map(Number);
const seconds = Number(process.env.LIVE_BENCH_SECONDS ?? 45);
const streaming = process.env.LIVE_BENCH_MODE !== 'windows';
// An utterance is transcribed once it ends (a pause), and pocketsphinx reads at 0.3–0.6 of
// real time, so an 11 s utterance alone takes several seconds: keeping up means no backlog
// building, every final within this many seconds and the queue drained as soon after the end.
const KEEP_UP_SEC = 10;
const PACKET = SAMPLE_RATE / 10;

// A participant's talk: the speech fixtures one after another with 1.5 s of silence
// between them, repeated to `seconds`.
const sources = ['speech/jfk.wav', ...[0, 1, 2, 3, 4].map((i) => `speech/fleurs-en-00${i}.ogg`)];
const clips = await Promise.all(sources.map((s) => decodeAll(fixture(s))));
const talk = new Float32Array(seconds * SAMPLE_RATE);
for (let at = 0, i = 0; at < talk.length; i++) {
  const clip = clips[i % clips.length];
  talk.set(clip.subarray(0, Math.min(clip.length, talk.length - at)), at);
  at += clip.length + 1.5 * SAMPLE_RATE;
}

/** CPU seconds of this process and of its finished children (pocketsphinx), from /proc. */
function cpuSeconds() {
  const own = process.cpuUsage();
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // Fields 16 and 17 of stat (cutime, cstime) are the 14th and 15th after the name.
  const children = (Number(fields[13]) + Number(fields[14])) / 100;
  return (own.user + own.system) / 1e6 + children;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

async function run(n) {
  const engine = limitEngine(new PocketsphinxEngine(), availableParallelism());
  const cpu0 = cpuSeconds();
  const delays = [];
  let words = 0;
  let interims = 0;
  let t0 = 0;
  const streams = await Promise.all(
    Array.from({ length: n }, async (_, k) => {
      const t = new LiveTranscriber({
        speakerId: `s${k}`,
        ...(streaming
          ? { decoder: openPocketsphinxLive() }
          : { engine, interimAllowed: engine.idle }),
        scoreFrame: await createSpeechScorer(),
        onSegment: (u) => {
          if (!u.isFinal) return void interims++;
          // The end of the utterance's audio was pushed at t0 + u.end (real-time pushing).
          delays.push((performance.now() - t0) / 1000 - u.end);
          words += u.words.length;
        },
      });
      return t;
    }),
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  t0 = performance.now();
  // Packets on the audio clock: packet i goes out at t0 + i × 100 ms, whatever the lag.
  for (let i = 0; i * PACKET < talk.length; i++) {
    const wait = t0 + i * 100 - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const packet = talk.subarray(i * PACKET, (i + 1) * PACKET);
    for (const s of streams) s.push(packet);
  }
  const audioEnd = performance.now();
  await Promise.all(streams.map((s) => s.close()));
  const drainSec = (performance.now() - audioEnd) / 1000;
  loop.disable();
  const cpuPerAudioSec = (cpuSeconds() - cpu0) / (n * seconds);
  return {
    cpuPerAudioSec,
    n,
    finals: delays.length,
    interims,
    words,
    p50: pct(delays, 50),
    p95: pct(delays, 95),
    drainSec,
    loopP99Ms: loop.percentile(99) / 1e6,
  };
}

/**
 * The cost of the finals alone, independent of the machine's other load: one stream pushed as
 * fast as it is scored, no interim results, CPU seconds per second of audio.
 */
async function calibrate() {
  const cpu0 = cpuSeconds();
  const spans = [];
  const t = new LiveTranscriber({
    speakerId: 'c',
    ...(streaming ? { decoder: openPocketsphinxLive() } : { engine: new PocketsphinxEngine() }),
    scoreFrame: await createSpeechScorer(),
    interimAllowed: () => false,
    onSegment: (u) => spans.push(`${u.start.toFixed(1)}–${u.end.toFixed(1)}`),
  });
  for (let i = 0; i * PACKET < talk.length; i++)
    t.push(talk.subarray(i * PACKET, (i + 1) * PACKET));
  await t.close();
  return { cpuPerAudioSec: (cpuSeconds() - cpu0) / seconds, spans };
}

const cal = await calibrate();
console.log(
  `finals only: CPU ${cal.cpuPerAudioSec.toFixed(2)} s per audio s → ${availableParallelism()} cores hold ≈ ` +
    `${Math.floor(availableParallelism() / cal.cpuPerAudioSec)} streams at full load; utterances ${cal.spans.join(', ')} s`,
);
console.log(
  `live transcription: ${seconds} s of speech per stream, pocketsphinx ${streaming ? 'streaming, one process per speaker' : 'one process per window'}, ${availableParallelism()} cores`,
);
let best = 0;
for (const n of counts) {
  const r = await run(n);
  const keepsUp = r.p95 <= KEEP_UP_SEC && r.drainSec <= KEEP_UP_SEC;
  if (keepsUp) best = Math.max(best, n);
  console.log(
    `${String(n).padStart(2)} streams: speech-to-final p50 ${r.p50.toFixed(2)} s, p95 ${r.p95.toFixed(2)} s; ` +
      `drained ${r.drainSec.toFixed(1)} s after the audio; ${r.finals} finals, ${r.interims} interims, ${r.words} words; ` +
      `event loop p99 ${r.loopP99Ms.toFixed(0)} ms; CPU ${r.cpuPerAudioSec.toFixed(2)} s per audio s ` +
      `(${availableParallelism()} cores hold ≈ ${Math.floor(availableParallelism() / r.cpuPerAudioSec)} streams); ` +
      `load ${loadavg()[0].toFixed(1)} — ${keepsUp ? 'keeps up' : 'falls behind'}`,
  );
  if (!keepsUp) break;
}
console.log(`largest number of streams that keeps up (within ${KEEP_UP_SEC} s): ${best}`);
