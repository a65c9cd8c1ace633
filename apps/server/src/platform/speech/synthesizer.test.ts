import { describe, expect, it } from 'vitest';
import { EspeakSynthesizer, SpeechSynthesisError, wavDurationMs } from './synthesizer.js';

describe('EspeakSynthesizer', () => {
  const engine = new EspeakSynthesizer();

  it('speaks a sentence as a WAV whose length grows with the text', async () => {
    const short = await engine.synthesize('Hello.', { language: 'en-us' });
    const long = await engine.synthesize(
      'Hello, I am the Parley Notetaker. This call is being recorded for the meeting notes.',
      { language: 'en-us', gender: 'female' },
    );
    expect(short.wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(short.sampleRate).toBe(22050);
    expect(short.durationMs).toBeGreaterThan(200);
    expect(long.durationMs).toBeGreaterThan(short.durationMs * 3);
  });

  it('speaks faster when asked', async () => {
    const text = 'Tell me about a project you are proud of.';
    const normal = await engine.synthesize(text, { language: 'en' });
    const fast = await engine.synthesize(text, { language: 'en', speed: 1.5 });
    expect(fast.durationMs).toBeLessThan(normal.durationMs * 0.85);
  });

  it('reads text beginning with a dash as words, not options', async () => {
    const audio = await engine.synthesize('-v xx --help', { language: 'en' });
    expect(audio.durationMs).toBeGreaterThan(300);
  });

  it('refuses empty text and reports a missing engine plainly', async () => {
    await expect(engine.synthesize('   ', { language: 'en' })).rejects.toThrow(
      'There is no text to speak.',
    );
    const missing = new EspeakSynthesizer('/nonexistent/espeak-ng');
    await expect(missing.synthesize('Hi', { language: 'en' })).rejects.toBeInstanceOf(
      SpeechSynthesisError,
    );
  });

  it('rejects audio that is not a WAV file', () => {
    expect(() =>
      wavDurationMs(Buffer.from('not audio at all, certainly not a wav header.')),
    ).toThrow('not a WAV file');
  });
});
