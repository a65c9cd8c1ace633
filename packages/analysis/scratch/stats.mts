import { readFileSync } from 'node:fs';
import { readRttm } from '../src/test-fixtures.js';
const names = ['dev00','dev01','trn01','trn03','trn05','trn07','trn08','trn09'];
for (const n of names) {
  const ref = readRttm(`diarization/ami/${n}.rttm`);
  const { speech } = JSON.parse(readFileSync(`/tmp/spk/${n}.json`, 'utf8'));
  const grid = new Uint8Array(3000), vad = new Uint8Array(3000);
  const per: Record<string, number> = {};
  for (const r of ref) { per[r.speaker] = (per[r.speaker] ?? 0) + r.end - r.start; for (let i = Math.round(r.start*100); i < Math.round(r.end*100) && i < 3000; i++) grid[i]++; }
  for (const s of speech) for (let i = Math.round(s.start*100); i < Math.round(s.end*100) && i<3000; i++) vad[i] = 1;
  let tot=0, ov=0, vadMissSingle=0, fa=0, overlapExtra=0;
  for (let i=0;i<3000;i++){ tot+=grid[i]; if(grid[i]>1){ov++; overlapExtra+=grid[i]-1;} if(grid[i]>0&&!vad[i]) vadMissSingle+=grid[i]; if(!grid[i]&&vad[i]) fa++; }
  console.log(n, 'ref', (tot/100).toFixed(1), 'overlap', (ov/100).toFixed(1), 'vadmiss', (vadMissSingle/100).toFixed(1), 'vadFA', (fa/100).toFixed(1), 'floor(1spk)', ((overlapExtra + vadMissSingle + fa)/tot).toFixed(3), JSON.stringify(Object.fromEntries(Object.entries(per).map(([k,v])=>[k,+v.toFixed(1)]))), speech.map((s:any)=>`${s.start}-${s.end}`).join(' '));
}
