import { readFileSync } from 'node:fs';
import { Matrix, EigenvalueDecomposition } from 'ml-matrix';
import { decodeAll } from '../src/decode.js';
import { readRttm } from '../src/test-fixtures.js';
import { blockFeatures } from '../src/diarize/features.js';
import { speechBlocks, windowsOf, embed, cmvnOf } from '../src/diarize/diarize.js';
import { fit, poolOf } from '../src/diarize/gaussian.js';
const names = ['dev00','dev01','trn01','trn03','trn05','trn07','trn08','trn09', 'two'];
function nme(embs: number[][], maxK: number) {
  const n = embs.length;
  // standardise dims
  const dim = embs[0].length;
  const m = new Array(dim).fill(0), sd = new Array(dim).fill(0);
  for (const e of embs) e.forEach((v, d) => (m[d] += v / n));
  for (const e of embs) e.forEach((v, d) => (sd[d] += (v - m[d]) ** 2 / n));
  const z = embs.map((e) => { const u = e.map((v, d) => (v - m[d]) / Math.sqrt(sd[d] + 1e-9)); const l = Math.hypot(...u); return u.map((v) => v / l); });
  const A = z.map((a) => z.map((b) => a.reduce((s, v, i) => s + v * b[i], 0)));
  let best = { r: Infinity, k: 1, p: 0, gaps: [] as number[] };
  for (let p = 2; p <= Math.max(2, Math.floor(n / 4)); p++) {
    const B = A.map((row) => { const th = [...row].sort((x, y) => y - x)[p - 1]; return row.map((v) => (v >= th ? 1 : 0)); });
    const S = B.map((row, i) => row.map((v, j) => (v + B[j][i]) / 2));
    const L = S.map((row, i) => row.map((v, j) => (i === j ? row.reduce((a, b) => a + b, 0) - v : -v)));
    const ev = new EigenvalueDecomposition(new Matrix(L)).realEigenvalues.sort((a, b) => a - b);
    const gaps = ev.slice(1, maxK + 1).map((v, i) => v - ev[i]);
    let k = 0; for (let i = 1; i < gaps.length; i++) if (gaps[i] > gaps[k]) k = i;
    const r = p / (gaps[k] / (ev[ev.length - 1] + 1e-9) + 1e-9);
    if (r < best.r) best = { r, k: k + 1, p, gaps };
  }
  return best;
}
for (const n of names) {
  const path = n === 'two' ? '/work/wt-speakers/fixtures/diarization/two-speakers.wav' : `/work/wt-speakers/fixtures/diarization/ami/${n}.wav`;
  const pcm = await decodeAll(path);
  const speech = n === 'two' ? await (await import('../src/vad.js')).detectSpeech(pcm) : JSON.parse(readFileSync(`/tmp/spk/${n}.json`, 'utf8')).speech;
  const ref = readRttm(n === 'two' ? 'diarization/two-speakers.rttm' : `diarization/ami/${n}.rttm`);
  const items = speechBlocks(blockFeatures(pcm), speech);
  const g = fit(poolOf(items.map((x) => x.block)));
  const cm = cmvnOf(poolOf(items.map((x) => x.block)));
  const ws = windowsOf(items);
  const embs = ws.map((w) => embed(poolOf(items.slice(w.from, w.to).map((x) => x.block)), cm, g));
  const b = nme(embs, 8);
  console.log(n, new Set(ref.map((r) => r.speaker)).size, 'windows', ws.length, 'eig k', b.k, 'p', b.p, b.gaps.map((x) => x.toFixed(2)).join(' '));
}
