import { writeFileSync } from 'node:fs';
import { decodeAll } from '../src/decode.js';
import { detectSpeech } from '../src/vad.js';
const names = ['dev00','dev01','trn01','trn03','trn05','trn07','trn08','trn09'];
for (const n of names) {
  const pcm = await decodeAll(`/work/wt-speakers/fixtures/diarization/ami/${n}.wav`);
  const speech = await detectSpeech(pcm);
  writeFileSync(`/tmp/spk/${n}.json`, JSON.stringify({ speech }));
  console.log(n, speech.length);
}
