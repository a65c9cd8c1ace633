import { describe, expect, it } from 'vitest';
import { decodePcm, type DecodeReport } from './decode.js';
import { languageNotice, readoutNotice } from './media-notice.js';
import { runSpeechStep } from './pipeline.js';
import { cutInHalf, damagedInTheMiddle } from './test-damaged.js';
import { fixture } from './test-fixtures.js';

const TALKING_FACE = fixture('video/talking-face.mp4'); // 33.6 s, one speaker

describe('what the analysis says about a recording it cannot wholly read', () => {
  it('a recording cut in half: analysed as far as it goes, its duration is what was read, with a notice', async () => {
    const r = await runSpeechStep(cutInHalf(fixture('speech/jfk.wav')), { language: 'en' });
    // Measured: 5.5 s of the declared 11.0 s decode.
    expect(r.durationSec).toBeGreaterThan(4.5);
    expect(r.durationSec).toBeLessThan(6.5);
    expect(r.notice).toMatchObject({ kind: 'truncated', declaredSec: 11 });
    expect(r.notice?.analysedSec).toBeCloseTo(r.durationSec, 1);
    expect(r.notice?.message).toMatch(/^Only [4-6]\.\d s of 11\.0 s could be read/);
    expect(r.words.length).toBeGreaterThan(3);
    expect(Math.max(...r.words.map((w) => w.end))).toBeLessThanOrEqual(r.durationSec + 0.1);
  }, 120_000);

  it('a damaged middle: decode errors are counted and the gap stays on the timeline as silence', async () => {
    const report: DecodeReport = { decodeErrors: 0 };
    let samples = 0;
    for await (const f of decodePcm(damagedInTheMiddle(TALKING_FACE), { report }))
      samples += f.length;
    // Measured: 160 damaged packets; 33.6 s decoded (without filling the gap: 30.3 s).
    expect(report.decodeErrors).toBeGreaterThan(50);
    expect(samples / 16_000).toBeCloseTo(33.6, 0);

    const intact: DecodeReport = { decodeErrors: 0 };
    for await (const _ of decodePcm(TALKING_FACE, { report: intact }));
    expect(intact.decodeErrors).toBe(0);
  }, 60_000);

  it('judges a shortfall by a margin, and a damaged part by its skipped packets', () => {
    expect(readoutNotice({ declaredSec: 33.6, decodedSec: 33.5, decodeErrors: 0 })).toBeNull();
    // 2 s (or 2 % of a long recording) is the least shortfall worth a warning.
    expect(readoutNotice({ declaredSec: 33.6, decodedSec: 32, decodeErrors: 0 })).toBeNull();
    expect(readoutNotice({ declaredSec: 1800, decodedSec: 1770, decodeErrors: 0 })).toBeNull();
    expect(readoutNotice({ declaredSec: 1800, decodedSec: 1700, decodeErrors: 0 })).toMatchObject({
      kind: 'truncated',
      analysedSec: 1700,
      declaredSec: 1800,
    });
    expect(readoutNotice({ declaredSec: 33.6, decodedSec: 33.6, decodeErrors: 3 })).toMatchObject({
      kind: 'unreadable_part',
      message: expect.stringMatching(/3 pieces of audio could not be decoded/),
    });
  });

  it('a language the engine cannot transcribe gets a sentence instead of a transcript', async () => {
    const pocketsphinx = { name: 'pocketsphinx', model: 'en-us' };
    expect(languageNotice(pocketsphinx, 'en')).toBeNull();
    expect(languageNotice(pocketsphinx, 'en-GB')).toBeNull();
    expect(languageNotice(pocketsphinx, 'fr')).toMatchObject({
      kind: 'unsupported_language',
      language: 'fr',
      message: expect.stringMatching(
        /^The recording is in French, .*pocketsphinx, which knows only English/,
      ),
    });
    expect(languageNotice({ name: 'whisper', model: 'ggml-base.en.bin' }, 'de')).not.toBeNull();
    expect(languageNotice({ name: 'whisper', model: 'ggml-small.bin' }, 'de')).toBeNull();
    // A remote engine does not say what it knows: it is trusted.
    expect(languageNotice({ name: 'openai', model: 'whisper-1' }, 'de')).toBeNull();

    const r = await runSpeechStep(fixture('speech/jfk.wav'), { language: 'fr' });
    expect(r.words).toEqual([]);
    expect(r.notice).toMatchObject({ kind: 'unsupported_language', language: 'fr' });
    // Speakers are found without words.
    expect(r.turns.length).toBeGreaterThan(0);
  }, 60_000);
});
