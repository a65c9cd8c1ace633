// Diarization on real meetings: the eight 30 s AMI excerpts in fixtures/diarization/ami and
// two-speakers.wav. Per file: true and estimated speaker count, DER without collar and with
// NIST's 0.25 s collar, its parts (missed, false alarm, confusion, seconds), the floor (what
// a perfect single-voice labelling of the detected speech would score: the VAD's misses and
// the overlapped speech), and the same run with the true count given as the upper bound.
// Needs `npm run build`. Prints figures; asserts nothing.
import { readFileSync } from 'node:fs';
import {
  blockFeatures,
  decodeAll,
  detectSpeech,
  diarizationErrorRate,
  diarize,
  parseRttm,
  singleVoiceOracle,
} from '../packages/analysis/dist/index.js';
import { fixture } from './recording.mjs';

const files = [
  ...['dev00', 'dev01', 'trn01', 'trn03', 'trn05', 'trn07', 'trn08', 'trn09'].map(
    (n) => `diarization/ami/${n}`,
  ),
  'diarization/two-speakers',
];

const pad = (s, n) => String(s).padEnd(n);
const f3 = (x) => x.toFixed(3);
const f1 = (x) => x.toFixed(1);
console.log(
  [
    pad('file', 26),
    'true',
    'est',
    pad('DER', 6),
    pad('DER.25', 6),
    pad('miss s', 6),
    pad('FA s', 5),
    pad('conf s', 6),
    pad('ref s', 5),
    pad('floor', 6),
    'ovl',
    pad('given: est', 10),
    'DER',
    'ms',
  ].join(' '),
);
const totals = { strict: 0, collar: 0, floor: 0, given: 0, right: 0, ami: 0 };
for (const name of files) {
  const pcm = await decodeAll(fixture(`${name}.wav`));
  const speech = await detectSpeech(pcm);
  const blocks = blockFeatures(pcm);
  const reference = parseRttm(readFileSync(fixture(`${name}.rttm`), 'utf8'));
  const trueCount = new Set(reference.map((r) => r.speaker)).size;
  const t = performance.now();
  const run = diarize(blocks, speech);
  const ms = performance.now() - t;
  const given = diarize(blocks, speech, { speakers: trueCount });
  const strict = diarizationErrorRate(reference, run.turns, 0);
  const collar = diarizationErrorRate(reference, run.turns, 0.25);
  const floor = diarizationErrorRate(reference, singleVoiceOracle(reference, speech), 0).der;
  const givenDer = diarizationErrorRate(reference, given.turns, 0).der;
  console.log(
    [
      pad(name.replace('diarization/', ''), 26),
      pad(trueCount, 4),
      pad(run.speakerCount, 3),
      pad(f3(strict.der), 6),
      pad(f3(collar.der), 6),
      pad(f1(strict.missed), 6),
      pad(f1(strict.falseAlarm), 5),
      pad(f1(strict.confusion), 6),
      pad(f1(strict.reference), 5),
      pad(f3(floor), 6),
      pad(run.turns.filter((x) => x.overlap).length, 3),
      pad(given.speakerCount, 10),
      f3(givenDer),
      ms.toFixed(0),
    ].join(' '),
  );
  if (name.includes('/ami/')) {
    totals.ami++;
    totals.strict += strict.der;
    totals.collar += collar.der;
    totals.floor += floor;
    totals.given += givenDer;
    if (run.speakerCount === trueCount) totals.right++;
  }
}
const n = totals.ami;
console.log(
  `AMI (${n} excerpts): count right on ${totals.right} of ${n}; mean DER ${f3(totals.strict / n)} ` +
    `without collar, ${f3(totals.collar / n)} with 0.25 s; single-voice floor ${f3(totals.floor / n)}; ` +
    `mean DER with the true count given as the bound ${f3(totals.given / n)}`,
);
