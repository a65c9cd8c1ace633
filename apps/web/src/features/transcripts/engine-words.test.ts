import { describe, expect, it } from 'vitest';
import { engineWords } from './engine-words';

describe('the transcript engine in a reader’s words', () => {
  it('calls the offline fallback basic and says what to expect of it', () => {
    const w = engineWords({
      name: 'pocketsphinx',
      model: 'cmusphinx-en-us (Debian pocketsphinx-en-us)',
      quality: 'Offline fallback; low accuracy (about 60 % word error rate on clear read speech).',
    });
    expect(w).toEqual({
      label: 'Basic offline transcription',
      expect: 'Expect many wrong words, most of all names, accents and noisy rooms.',
      basic: true,
    });
  });

  it('names a Whisper model and a connected service without program names', () => {
    expect(engineWords({ name: 'whisper.cpp', model: 'ggml-small.bin', quality: '' }).label).toBe(
      'Whisper speech recognition (ggml-small.bin)',
    );
    const remote = engineWords({ name: 'openai-compatible', model: 'whisper-1', quality: '' });
    expect(remote.label).toBe('Your organization’s speech-to-text service');
    expect(remote.basic).toBe(false);
  });
});
