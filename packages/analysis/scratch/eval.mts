import { readFileSync } from 'node:fs';
import { decodeAll } from '../src/decode.js';
import { diarizationErrorRate } from '../src/der.js';
import { readRttm } from '../src/test-fixtures.js';
import { blockFeatures } from '../src/diarize/features.js';
import { diarize } from '../src/diarize/diarize.js';
const names = ['dev00','dev01','trn01','trn03','trn05','trn07','trn08','trn09'];
const given = process.argv.includes('--given');
let sum = 0, right = 0;
for (const n of names) {
  const pcm = await decodeAll(`/work/wt-speakers/fixtures/diarization/ami/${n}.wav`);
  const { speech } = JSON.parse(readFileSync(`/tmp/spk/${n}.json`, 'utf8'));
  const ref = readRttm(`diarization/ami/${n}.rttm`);
  const trueCount = new Set(ref.map((r) => r.speaker)).size;
  const t = performance.now();
  const res = diarize(blockFeatures(pcm), speech, { ...(given ? { speakers: trueCount } : {}), bicLambda: Number(process.env.L ?? 4), switchPenalty: Number(process.env.P ?? 150) });
  const ms = performance.now() - t;
  const d0 = diarizationErrorRate(ref, res.turns, 0);
  const d25 = diarizationErrorRate(ref, res.turns, 0.25);
  sum += d0.der; if (res.speakerCount === trueCount) right++;
  console.log(n, trueCount, res.speakerCount, d0.der.toFixed(3), d25.der.toFixed(3), `miss ${d0.missed.toFixed(1)} fa ${d0.falseAlarm.toFixed(1)} conf ${d0.confusion.toFixed(1)} ref ${d0.reference.toFixed(1)}`, `${ms.toFixed(0)}ms`, res.turns.filter(t=>t.overlap).length);
}
console.log('mean DER', (sum / names.length).toFixed(3), 'count right', right);
