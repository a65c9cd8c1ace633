import { decodeAll } from './decode.js';
import { blockFeatures, BLOCK_SEC, DIM } from './diarize/features.js';
import { fit, poolOf, logLikelihood } from './diarize/gaussian.js';
import { readRttm } from './test-fixtures.js';
const pcm = await decodeAll('/work/wt/analysis/fixtures/diarization/two-speakers.wav');
const blocks = blockFeatures(pcm);
const ref = readRttm('diarization/two-speakers.rttm');
const lab = (b: {index:number}) => { const c=(b.index+0.5)*BLOCK_SEC; const s = ref.filter(r=>r.start<=c&&c<r.end); return s.length===1? s[0]!.speaker: null; };
const A = blocks.filter(b=>lab(b)==='speaker90' && b.n>0), B = blocks.filter(b=>lab(b)==='speaker91'&& b.n>0);
console.log('blocks', A.length, B.length);
const pa = poolOf(A), pb = poolOf(B); const ma = fit(pa), mb = fit(pb);
console.log('f0', Math.exp(ma.f0Mean), Math.sqrt(ma.f0Variance), Math.exp(mb.f0Mean), Math.sqrt(mb.f0Variance), 'voiced', ma.voicedRate, mb.voicedRate);
// block-level accuracy with oracle models
for (const W of [1,2,4,6]) { let ok=0, n=0; const win=(bs: typeof A, i:number)=>poolOf(bs.slice(Math.max(0,i-(W>>1)), Math.max(0,i-(W>>1))+W)); A.forEach((_, i) => { const b=win(A,i); n++; if (logLikelihood(ma,b)>logLikelihood(mb,b)) ok++; }); B.forEach((_, i) => { const b=win(B,i); n++; if (logLikelihood(mb,b)>logLikelihood(ma,b)) ok++; });
console.log('oracle block acc W', W, ok/n); }
// block-mean fisher
const bm = (bs: typeof A, d: number) => bs.map(b=>b.sum[d]!/b.n);
const mv = (x:number[]) => { const m = x.reduce((a,b)=>a+b,0)/x.length; return [m, x.reduce((a,b)=>a+(b-m)**2,0)/x.length]; };
const f2=[]; for (let d=0; d<DIM; d++){ const [m1,v1]=mv(bm(A,d)); const [m2,v2]=mv(bm(B,d)); f2.push(((m1!-m2!)**2/(v1!+v2!)).toFixed(2)); }
console.log('fisher block-mean', f2.join(' '));
const pf = (bs: typeof A) => bs.filter(b=>b.voiced>0).map(b=>b.f0Sum/b.voiced);
const [m1,v1]=mv(pf(A)); const [m2,v2]=mv(pf(B)); console.log('pitch block fisher', ((m1!-m2!)**2/(v1!+v2!)).toFixed(2));
{
  const lab2 = (b: {index:number}) => { const c=(b.index+0.5)*BLOCK_SEC; const s = ref.filter(r=>r.start<=c&&c<r.end); return s.length? s[0]!.speaker: null; };
  const items = blocks.filter(b => b.n > 0 && lab2(b));
  const labs = items.map(b => lab2(b));
  const mA = fit(poolOf(items.filter((_, i) => labs[i] === 'speaker90'))), mB = fit(poolOf(items.filter((_, i) => labs[i] === 'speaker91')));
  const all = fit(poolOf(items));
  let s2 = 0, s1 = 0, sw = 0;
  items.forEach((b, i) => { s2 += logLikelihood(labs[i] === 'speaker90' ? mA : mB, b); s1 += logLikelihood(all, b); if (i && labs[i] !== labs[i-1]) sw++; });
  const N = items.reduce((a, b) => a + b.n, 0);
  console.log('oracle LL2', s2.toFixed(0), 'LL1', s1.toFixed(0), 'gain', (s2 - s1).toFixed(0), 'switches', sw, 'bic pen per model', (0.5 * 93 * Math.log(N)).toFixed(0), 'N', N);
}
