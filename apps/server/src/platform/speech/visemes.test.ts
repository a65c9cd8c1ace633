import { describe, expect, it } from 'vitest';
import { toneWordsWav } from '../../test/speech-stand-in.js';
import { EspeakSynthesizer, wavDurationMs } from './synthesizer.js';
import { alignVisemes, espeakPhonemes, phonemesToVisemes, voicedStretches } from './visemes.js';

const audioOf = (wav: Buffer) => ({ wav, ...wavDurationMs(wav) });

describe('visemes estimated over the voiced audio', () => {
  it('maps espeak-ng phonemes to mouth shapes in order', async () => {
    const phonemes = await espeakPhonemes('Maybe five', 'en');
    expect(phonemesToVisemes(phonemes)).toEqual([
      'MBP',
      'E',
      'I',
      'MBP',
      'I',
      'FV',
      'A',
      'I',
      'FV',
    ]);
  });

  it('finds the bursts of sound and keeps the mouth at rest in the gaps', () => {
    // Three 250 ms bursts, 120 ms silences before, between and after.
    const stretches = voicedStretches(audioOf(toneWordsWav(3)));
    expect(stretches).toHaveLength(3);
    stretches.forEach(([a, b], i) => {
      expect(a).toBeCloseTo(120 + i * 370, -1);
      expect(b - a).toBeGreaterThan(230);
    });
    const cues = alignVisemes(['A', 'MBP', 'O', 'S', 'E', 'U'], stretches);
    for (const c of cues.filter((x) => x.v !== 'rest')) {
      expect(stretches.some(([a, b]) => c.t >= a && c.t < b)).toBe(true);
    }
    expect(cues.filter((c) => c.v === 'rest')).toHaveLength(3);
    expect(cues.map((c) => c.v).filter((v) => v !== 'rest')).toEqual([
      'A',
      'MBP',
      'O',
      'S',
      'E',
      'U',
    ]);
  });

  it('gives nothing for silence rather than a made-up mouth', () => {
    expect(voicedStretches(audioOf(toneWordsWav(0)))).toEqual([]);
    expect(alignVisemes(['A'], [])).toEqual([]);
  });

  it('follows espeak-ng’s own audio: shapes from the first sound to the last', async () => {
    const audio = await new EspeakSynthesizer().synthesize('Hello, how are you today?', {
      language: 'en',
    });
    const stretches = voicedStretches(audio);
    const cues = alignVisemes(
      phonemesToVisemes(await espeakPhonemes('Hello, how are you today?', 'en')),
      stretches,
    );
    expect(cues[0]?.t).toBeGreaterThanOrEqual(stretches[0]?.[0] ?? 0);
    expect(cues.at(-1)).toEqual({ t: stretches.at(-1)?.[1], v: 'rest' });
    expect(cues.at(-1)?.t).toBeLessThanOrEqual(audio.durationMs);
  });
});
