import { decodeAll } from './decode.js';
import { YIN } from 'pitchfinder';
const pcm = await decodeAll('/work/wt/analysis/fixtures/diarization/two-speakers.wav');
for (const [th, pt, win] of [[0.1,0.1,512],[0.2,0.1,512],[0.3,0.1,512],[0.2,0.1,1024]] as const) {
  const y = YIN({sampleRate:16000, threshold: th, probabilityThreshold: pt});
  let v=0,n=0; const fs:number[]=[];
  for (let i=6.7*16000;i+win<29*16000;i+=400){ n++; const f=y(pcm.slice(i,i+win)); if(f!==null&&f>=60&&f<=400){v++; fs.push(f);} }
  fs.sort((a,b)=>a-b);
  console.log(th,pt,win,'voiced',(v/n).toFixed(2),'median',fs[fs.length>>1]);
}
