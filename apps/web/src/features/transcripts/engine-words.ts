import type { AsrEngineInfo } from '@parley/contracts';

export interface EngineWords {
  /** Which engine, in a reader's words. */
  label: string;
  /** How good to expect it to be. */
  expect: string;
  /** Whether a better engine would help most (the basic offline one). */
  basic: boolean;
}

/**
 * The speech-to-text engine as a reader understands it (issue 23 item 9): the stored record
 * names the program and its model file, which says nothing to someone reading a transcript.
 */
export function engineWords(engine: AsrEngineInfo): EngineWords {
  const name = engine.name.toLowerCase();
  if (name === 'pocketsphinx') {
    return {
      label: 'Basic offline transcription',
      expect: 'Expect many wrong words, most of all names, accents and noisy rooms.',
      basic: true,
    };
  }
  if (name.startsWith('whisper')) {
    return {
      label: `Whisper speech recognition (${engine.model})`,
      expect: 'Good on clear speech; larger models make fewer mistakes.',
      basic: false,
    };
  }
  if (name === 'openai-compatible') {
    return {
      label: 'Your organization’s speech-to-text service',
      expect: 'Accuracy depends on the service’s model.',
      basic: false,
    };
  }
  return { label: `${engine.name} ${engine.model}`, expect: engine.quality, basic: false };
}

/** What makes transcripts better, said to whoever reads one. */
export const BETTER_TRANSCRIPTS =
  'Your administrator can give Parley a better speech model: a Whisper model installed on the server, or a speech-to-text service.';
