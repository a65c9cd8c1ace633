import { decodeAll } from '../src/decode.js';
import { detectSpeech } from '../src/vad.js';
import { readRttm } from '../src/test-fixtures.js';
const names = ['dev00','dev01','trn01','trn03','trn05','trn07','trn08','trn09'];
const pcms = await Promise.all(names.map((n) => decodeAll(`/work/wt-speakers/fixtures/diarization/ami/${n}.wav`)));
for (const th of [0.5, 0.35, 0.25, 0.15]) {
  let miss = 0, fa = 0, tot = 0; const per: string[] = [];
  for (const [i, n] of names.entries()) {
    const speech = await detectSpeech(pcms[i]!, { threshold: th });
    const ref = readRttm(`diarization/ami/${n}.rttm`);
    const g = new Uint8Array(3000), v = new Uint8Array(3000);
    for (const r of ref) for (let j = Math.round(r.start * 100); j < Math.min(3000, Math.round(r.end * 100)); j++) g[j] = 1;
    for (const s of speech) for (let j = Math.round(s.start * 100); j < Math.min(3000, Math.round(s.end * 100)); j++) v[j] = 1;
    let m = 0, f = 0, t = 0;
    for (let j = 0; j < 3000; j++) { t += g[j]!; if (g[j] && !v[j]) m++; if (!g[j] && v[j]) f++; }
    miss += m; fa += f; tot += t; per.push(`${n} ${(m / 100).toFixed(1)}/${(f / 100).toFixed(1)}`);
  }
  console.log(th, 'miss', (miss / 100).toFixed(1), 'fa', (fa / 100).toFixed(1), 'of', (tot / 100).toFixed(1), per.join(' | '));
}
