// Text -> first audio and mouth shapes ready, with the built-in engine (espeak-ng), as the
// avatar's next question would be spoken. Issue 19's 1.5 s target is for the whole turn from
// the end of an answer to the next question heard; this prints the synthesis part of it.
// Needs `npm run build` (reads apps/server/dist). Prints figures; asserts nothing.
import { EspeakSynthesizer } from '../apps/server/dist/platform/speech/synthesizer.js';
import {
  alignVisemes,
  espeakPhonemes,
  phonemesToVisemes,
  voicedStretches,
} from '../apps/server/dist/platform/speech/visemes.js';

const QUESTIONS = [
  'Tell me about yourself.',
  'Can you walk me through a project you led from the first idea to its release?',
  'That is interesting. What would you do differently if you started that project again today, and why?',
  'Describe a time you disagreed with a colleague about a technical decision. How did you resolve it, what did you learn, and how has it changed the way you work with others since then?',
];
const ROUNDS = 7;
const engine = new EspeakSynthesizer();

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];

console.log('words  audio-s  synth-ms(median/p95)  +visemes-ms(median/p95)  cues  real-time-x');
for (const q of QUESTIONS) {
  const synth = [];
  const total = [];
  let audioMs = 0;
  let cues = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    // As the server does it: phonemes and audio in parallel, then the alignment.
    const phonemes = espeakPhonemes(q, 'en');
    const audio = await engine.synthesize(q, { language: 'en', gender: 'female' });
    const t1 = performance.now();
    const v = alignVisemes(phonemesToVisemes(await phonemes), voicedStretches(audio));
    const t2 = performance.now();
    synth.push(t1 - t0);
    total.push(t2 - t0);
    audioMs = audio.durationMs;
    cues = v.length;
  }
  const words = q.split(/\s+/).length;
  console.log(
    [
      String(words).padStart(5),
      (audioMs / 1000).toFixed(1).padStart(8),
      `${pct(synth, 0.5).toFixed(0)}/${pct(synth, 0.95).toFixed(0)}`.padStart(22),
      `${pct(total, 0.5).toFixed(0)}/${pct(total, 0.95).toFixed(0)}`.padStart(25),
      String(cues).padStart(5),
      (audioMs / pct(total, 0.5)).toFixed(0).padStart(12),
    ].join(' '),
  );
}
console.log(
  '\nThe clip plays when it is whole (no streaming): time to first audio = the +visemes column.',
);
