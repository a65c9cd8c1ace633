// The mock interview's streamed recogniser (packages/analysis pocketsphinx-stream.ts) under
// pocketsphinx options that could shorten a turn (issue 19: the last utterance's decoding after
// the answer ends dominates it): for each option set, the speech fixtures are fed as the page
// streams them (0.5 s slices in real time, WebM/Opus) and it prints the ms from end() to the
// words, and the word error rate against the fixtures' reference text. The ms are only worth
// comparing when the recogniser keeps up in real time (load average well under the cores);
// the word error rate does not depend on load. Needs `npm run build -w packages/analysis`.
// Option sets as JSON on the command line, else the ones below.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openPocketsphinxStream, wordErrorRate } from '../packages/analysis/dist/index.js';
import { fixture } from './recording.mjs';
const work = mkdtempSync(path.join(tmpdir(), 'parley-asr-options-'));
const SOURCES = ['speech/jfk.wav', ...[0, 1, 2, 3, 4].map((i) => `speech/fleurs-en-00${i}.ogg`)];
const answers = SOURCES.map((s, i) => {
  const out = path.join(work, `a-${i}.webm`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', fixture(s), '-c:a', 'libopus', out]);
  const seconds = Number(
    execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', out],
      { encoding: 'utf8' },
    ),
  );
  return {
    bytes: readFileSync(out),
    seconds,
    ref: readFileSync(fixture(s.replace(/\.\w+$/, '.txt')), 'utf8'),
  };
});
const sleep = (ms) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const sets = process.argv[2]
  ? JSON.parse(process.argv[2])
  : {
      default: [],
      'vad_postspeech 25': ['-vad_postspeech', '25'],
      'pl_window 10': ['-pl_window', '10'],
      'fwdflat no': ['-fwdflat', 'no'],
      'bestpath no': ['-bestpath', 'no'],
      'ds 2': ['-ds', '2'],
    };
for (const [name, args] of Object.entries(sets)) {
  const lat = [];
  let errs = 0;
  let words = 0;
  for (const a of answers) {
    const s = openPocketsphinxStream({ args });
    const slices = Math.ceil(a.seconds / 0.5);
    const began = performance.now();
    for (let i = 0; i < slices; i++) {
      if (i === slices - 1) await sleep(began + a.seconds * 1000 - performance.now());
      else await sleep(began + (i + 1) * 500 - performance.now());
      s.write(
        a.bytes.subarray(
          Math.floor((a.bytes.length * i) / slices),
          Math.floor((a.bytes.length * (i + 1)) / slices),
        ),
      );
    }
    const t0 = performance.now();
    const w = await s.end();
    lat.push(performance.now() - t0);
    const hyp = w.map((x) => x.word).join(' ');
    const n = a.ref.split(/\s+/).filter(Boolean).length;
    errs += wordErrorRate(a.ref, hyp) * n;
    words += n;
  }
  lat.sort((x, y) => x - y);
  console.log(
    `${name}: after end ms ${lat.map((x) => x.toFixed(0)).join(' ')}  WER ${((errs / words) * 100).toFixed(1)}%  load ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
  );
}
rmSync(work, { recursive: true, force: true });
