import { describe, expect, it } from 'vitest';
import { createLocalEngine, LOCAL_MODEL } from '@parley/ai';
import { computeLiveAnalytics, topTerms, type FinalSegment } from './analytics.js';
import { runLiveZai } from './zai.js';

/** Finals as the live transcriber gives them: words spread evenly over the utterance. */
const final = (
  speakerName: string,
  startSec: number,
  endSec: number,
  content: string,
): FinalSegment => {
  const tokens = content.split(' ');
  const step = (endSec - startSec) / tokens.length;
  return {
    segmentId: `${speakerName}-${startSec}`,
    speakerName,
    content,
    startSec,
    endSec,
    words: tokens.map((word, i) => ({
      word,
      start: startSec + i * step,
      end: startSec + (i + 1) * step,
    })),
  };
};

const call: FinalSegment[] = [
  // Engines without punctuation: a question is recognised by its shape at an utterance's start.
  final('Ana', 0, 2, 'hi ben thanks for joining um'),
  final('Ana', 3, 6, 'what is the budget for the rollout this year'),
  final(
    'Ben',
    7,
    15,
    'we have about fifty thousand for the rollout and uh we need it live before june',
  ),
  final('Ana', 16, 17.5, 'great that works'),
  final('Ana', 18.5, 20, 'can we start the pilot next week'),
  final('', 21, 24, 'i love this plan it is wonderful'),
];

describe('live cards from the final segments', () => {
  it('talk time, rate, fillers, questions and sentiment per participant', () => {
    const a = computeLiveAnalytics('m1', call, new Date('2026-01-01T00:00:00Z'));
    const by = Object.fromEntries(a.speakers.map((s) => [s.name, s]));
    expect(by.Ana!.talkTimeSec).toBe(8);
    expect(by.Ben!.talkTimeSec).toBe(8);
    // The nameless participant is 'You' on the cards too.
    expect(by.You!.talkTimeSec).toBe(3);
    expect(by.Ben!.wordsPerMinute).toBe(Math.round(((16 * 60) / 8) * 10) / 10);
    expect(by.Ana!.fillerWords).toBe(1);
    expect(by.Ben!.fillerWords).toBe(1);
    expect(by.Ana!.questions).toBe(2);
    expect(a.questions.map((q) => q.text)).toContain(
      'what is the budget for the rollout this year',
    );
    expect(by.You!.sentiment?.label).toBe('positive');
    expect(a.elapsedSec).toBe(24);
    expect(a.engagement.score).toBeGreaterThan(0);
    expect(a.updatedAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('tags are the words said more than once, stop words left out', () => {
    expect(topTerms(call)).toEqual(['rollout']);
  });

  it("Zai's live prompts come from the built-in engine; customer intent only for a sales stage", async () => {
    const provider = createLocalEngine();
    const ai = { providerFor: async () => ({ provider, model: LOCAL_MODEL }) };
    const now = new Date('2026-01-01T00:02:00Z');
    const next = new Date('2026-01-01T00:04:00Z');
    const base = { meetingId: 'm1', organizationId: 'o1' };
    const meeting = await runLiveZai(ai, { ...base, stage: 'basic_meeting' }, call, now, next);
    expect(meeting.customerIntent).toBeNull();
    expect(meeting.keyQuestions.join(' ')).toMatch(/budget|pilot/);
    expect(meeting.model).toBe(LOCAL_MODEL);
    expect(meeting.nextAt).toBe(next.toISOString());
    const sales = await runLiveZai(ai, { ...base, stage: 'discovery_stage' }, call, now, next);
    expect(typeof sales.customerIntent).toBe('string');
    expect(sales.customerIntent!.length).toBeGreaterThan(0);
    expect(sales.questionsToAsk.length).toBeGreaterThan(0);
  });
});
