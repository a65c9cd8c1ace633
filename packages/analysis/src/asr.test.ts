import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePocketsphinx, PocketsphinxEngine } from './asr/pocketsphinx.js';
import { decodeAll } from './decode.js';
import { fixture } from './test-fixtures.js';
import { detectSpeech } from './vad.js';
import { wordErrorRate } from './wer.js';

// Measured when this test was written (pocketsphinx 0.8+5prealpha+1-15, Debian en-us model,
// pieces peak-normalised and cut at Silero speech segments):
//   jfk.wav           WER 0.545 (12 errors in 22 words)
//   fleurs-en-000.ogg WER 0.526 (10 in 19; "25 to 30" is heard as "twenty five to thirty")
// The limits allow a small margin over those figures; a worse result is a regression.
const LIMITS: Record<string, number> = { 'speech/jfk.wav': 0.6, 'speech/fleurs-en-000.ogg': 0.58 };

describe('pocketsphinx engine', () => {
  const engine = new PocketsphinxEngine();

  it.each(Object.keys(LIMITS))('word error rate on %s', async (rel) => {
    const pcm = await decodeAll(fixture(rel));
    const { words } = await engine.transcribe(pcm, { speech: await detectSpeech(pcm) });
    const reference = readFileSync(fixture(rel.replace(/\.\w+$/, '.txt')), 'utf8');
    const wer = wordErrorRate(reference, words.map((w) => w.word).join(' '));
    console.log(
      `pocketsphinx WER on ${rel}: ${wer.toFixed(3)} — "${words.map((w) => w.word).join(' ')}"`,
    );
    expect(wer).toBeLessThanOrEqual(LIMITS[rel]!);
    expect(words.length).toBeGreaterThan(3);
    for (const w of words) {
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
    }
    expect(words.map((w) => w.start)).toEqual([...words.map((w) => w.start)].sort((a, b) => a - b));
  });

  it('ends its processes when the caller aborts, and answers with the abort', async () => {
    const pcm = await decodeAll(fixture('speech/jfk.wav'));
    const controller = new AbortController();
    const running = engine.transcribe(pcm, {
      speech: await detectSpeech(pcm),
      signal: controller.signal,
    });
    // Aborted once a recogniser runs (it takes seconds on 11 s of speech).
    await waitForChildren((n) => n > 0, 10_000);
    controller.abort(new Error('stopping'));
    await expect(running).rejects.toThrow();
    // Killed, not left to finish their pieces (seconds each).
    await waitForChildren((n) => n === 0, 500);
  });

  it('parses -time output: drops markers and fillers, strips alternates, offsets times', () => {
    const out = [
      'and i got',
      '<s> 0.210 0.290 0.999900',
      'and(2) 0.300 0.540 0.643489',
      '<sil> 1.280 1.320 0.48',
      '[NOISE] 1.4 1.5 0.3',
      'got 0.640 0.990 0.818794',
      '</s> 2.370 2.450 1.000000',
    ].join('\n');
    expect(parsePocketsphinx(out, 10)).toEqual([
      { word: 'and', start: 10.3, end: 10.54, confidence: 0.643489 },
      { word: 'got', start: 10.64, end: 10.99, confidence: 0.818794 },
    ]);
  });
});

/** Waits (`ms` at most) until this process's running pocketsphinx children satisfy `ok`. */
async function waitForChildren(ok: (n: number) => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (ok(pocketsphinxChildren())) return;
    if (Date.now() > end) throw new Error(`pocketsphinx children: ${pocketsphinxChildren()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function pocketsphinxChildren(): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const m = /^\d+ \((.*)\) (\S) (\d+)/.exec(stat);
      if (m?.[1]?.startsWith('pocketsphinx') && m[2] !== 'Z' && Number(m[3]) === process.pid) n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}
