import type { Transcription } from '@parley/contracts';

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
    ...['Hello', 'there,', 'thanks', 'for', 'joining.'].map((word, i) => ({
      index: i,
      speaker: 'speaker_00',
      word,
      startTime: 0.4 + i * 0.44,
      endTime: 0.8 + i * 0.44,
      confidence: 0.9,
    })),
    ...['Happy', 'to', 'be', 'here.', 'What', 'is', '(the)', 'plan?'].map((word, i) => ({
      index: 5 + i,
      speaker: 'speaker_01',
      word,
      startTime: 3.1 + i * 0.38,
      endTime: 3.4 + i * 0.38,
      confidence: 0.88,
    })),
    ...['The', 'plan', 'is', 'simple:', 'say', 'hello.'].map((word, i) => ({
      index: 13 + i,
      speaker: 'speaker_00',
      word,
      startTime: 3725 + i * 0.5,
      endTime: 3725.4 + i * 0.5,
      confidence: 0.91,
    })),
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
