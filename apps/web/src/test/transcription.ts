import type { Transcription } from '@parley/contracts';

/** A block's words, the first at `start`–`end`, each next one `step` later; numbered from `first`. */
function timedWords(
  speaker: string,
  first: number,
  words: string[],
  at: { start: number; end: number; step: number; confidence: number },
) {
  return words.map((word, i) => ({
    index: first + i,
    speaker,
    word,
    startTime: at.start + i * at.step,
    endTime: at.end + i * at.step,
    confidence: at.confidence,
  }));
}

/** A realistic transcription answer: two speakers, three blocks, word timings (seconds). */
export const TRANSCRIPTION: Transcription = {
  data: [
    {
      value: 'Speaker 1: Hello there, thanks for joining.',
      speaker: 'speaker_00',
      speakerName: 'Speaker 1',
      text: 'Hello there, thanks for joining.',
      startTime: 0.4,
      endTime: 2.6,
      videoTime: '00:00:00',
      wordRange: [0, 4],
    },
    {
      value: 'Speaker 2: Happy to be here. What is (the) plan?',
      speaker: 'speaker_01',
      speakerName: 'Speaker 2',
      text: 'Happy to be here. What is (the) plan?',
      startTime: 3.1,
      endTime: 6.2,
      videoTime: '00:00:03',
      wordRange: [5, 12],
    },
    {
      value: 'Speaker 1: The plan is simple: say hello.',
      speaker: 'speaker_00',
      speakerName: 'Speaker 1',
      text: 'The plan is simple: say hello.',
      startTime: 3725,
      endTime: 3728,
      videoTime: '01:02:05',
      wordRange: [13, 18],
    },
  ],
  wordToWordTimestamps: [
    ...timedWords('speaker_00', 0, ['Hello', 'there,', 'thanks', 'for', 'joining.'], {
      start: 0.4,
      end: 0.8,
      step: 0.44,
      confidence: 0.9,
    }),
    ...timedWords('speaker_01', 5, ['Happy', 'to', 'be', 'here.', 'What', 'is', '(the)', 'plan?'], {
      start: 3.1,
      end: 3.4,
      step: 0.38,
      confidence: 0.88,
    }),
    ...timedWords('speaker_00', 13, ['The', 'plan', 'is', 'simple:', 'say', 'hello.'], {
      start: 3725,
      end: 3725.4,
      step: 0.5,
      confidence: 0.91,
    }),
  ],
  speakers: [
    { key: 'speaker_00', name: 'Speaker 1' },
    { key: 'speaker_01', name: 'Speaker 2' },
  ],
  engine: {
    name: 'Whisper',
    model: 'base.en',
    quality: 'about 10% word error rate on clear speech',
  },
  editedAt: null,
};
