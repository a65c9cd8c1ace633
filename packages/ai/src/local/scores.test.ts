import { describe, expect, it } from 'vitest';
import { groundedRequest, repeatedTranscript, twoSpeakerTranscript } from '../test-transcript.js';
import type { CompletionRequest, TranscriptLine } from '../types.js';
import { createLocalEngine } from './engine.js';

const { lines } = twoSpeakerTranscript();
const engine = createLocalEngine();
const rubricSchema = {
  name: 'rubric',
  schema: {
    type: 'object',
    properties: { score: { type: 'number' }, insights: { type: 'array' }, tags: { type: 'array' } },
  },
};

const request = (prompt: string, transcript = lines, extra: Partial<CompletionRequest> = {}) =>
  groundedRequest(prompt, transcript, { jsonSchema: rubricSchema, ...extra });

interface Rubric {
  score: number;
  insights: string[];
  tags: string[];
  source: string;
}

describe('rubric scores from measured signals', () => {
  it.each([
    ['Technical Score', 'Technical terms'],
    ['Communication Score', 'Speaking rate'],
    ['Behavioral Score', 'Tone'],
    ['Alerts', 'No red flags'],
  ])(
    '%s: a 0-100 score with insights that name their figures and cite moments',
    async (prompt, first) => {
      const result = await engine.complete(
        request(`${prompt}: evaluate the candidate from 0 to 100.`),
      );
      const json = result.json as Rubric;
      expect(json.source).toBe('parley-local');
      expect(json.score).toBeGreaterThanOrEqual(0);
      expect(json.score).toBeLessThanOrEqual(100);
      expect(json.insights.length).toBeGreaterThan(0);
      expect(json.insights[0]).toContain(first);
      for (const insight of json.insights) {
        expect(insight).toMatch(/\d/);
        expect(insight).toMatch(/\[00:00:\d\d\]/);
      }
      expect(json.tags.length).toBeGreaterThan(0);
      expect(result.citations?.length).toBeGreaterThan(0);
      for (const c of result.citations ?? [])
        expect(lines.some((l) => l.start === c.start && l.text === c.quote)).toBe(true);
    },
  );

  it('measures the speaking rate of the speaker it scores from the transcript times', async () => {
    const json = (await engine.complete(request('Communication Score'))).json as Rubric & {
      speaker: string;
    };
    const own = lines.filter((l) => l.speaker === json.speaker);
    const words = own.reduce((a, l) => a + l.text.split(/\s+/).length, 0);
    const seconds = own.reduce((a, l) => a + l.end - l.start, 0);
    const rate = Number(/Speaking rate (\d+)/.exec(json.insights[0] ?? '')?.[1]);
    expect(rate).toBeCloseTo((words / seconds) * 60, -1);
  });

  it('scores the candidate named in the grounding, else the speaker who talks most', async () => {
    const byDefault = (await engine.complete(request('Communication Score'))).json as Rubric & {
      speaker: string;
    };
    expect(byDefault.speaker).toBe('speaker_01');
    const named = await engine.complete(
      request('Communication Score', lines, {
        grounding: { transcript: lines, focusSpeaker: 'speaker_00' },
      }),
    );
    expect((named.json as { speaker: string }).speaker).toBe('speaker_00');
    expect(named.citations?.every((c) => c.speaker === 'speaker_00')).toBe(true);
  });

  it('uses the pipeline signals when given and raises alerts from them', async () => {
    const worried: TranscriptLine[] = [
      {
        speaker: 'speaker_00',
        start: 0,
        end: 6,
        text: 'Um, this is terrible, uh, the release failed again and I hate it.',
      },
      { speaker: 'speaker_01', start: 30, end: 34, text: 'That is a bad problem, I am worried.' },
    ];
    const result = await engine.complete(
      request('Alerts', worried, {
        grounding: { transcript: worried, signals: { sentiment: { speaker_00: -0.8 } } },
      }),
    );
    const json = result.json as Rubric;
    expect(json.score).toBeLessThan(80);
    expect(
      json.insights.some((i) => i.startsWith('1 silence(s) of 10 s or more, the longest 24.0 s')),
    ).toBe(true);
    expect(json.insights.some((i) => i.includes('Very negative tone from speaker_00: -0.80'))).toBe(
      true,
    );
    expect(json.tags).toEqual(expect.arrayContaining(['long silences', 'negative sentiment']));
  });

  it('scores more technical talk higher on the technical rubric', async () => {
    const technical: TranscriptLine[] = [
      {
        speaker: 'speaker_00',
        start: 0,
        end: 10,
        text: 'We moved the API to a queue, and p95 latency fell from 800ms to 120ms.',
      },
      {
        speaker: 'speaker_00',
        start: 10,
        end: 20,
        text: 'The database index on the events table fixed the slow query in the pipeline.',
      },
    ];
    const high = (await engine.complete(request('Technical Score', technical))).json as Rubric;
    const low = (await engine.complete(request('Technical Score'))).json as Rubric;
    expect(high.score).toBeGreaterThan(low.score + 15);
    expect(high.tags).toContain('technical vocabulary');
  });

  it('scores charisma and bias as documented heuristics', async () => {
    const charisma = (await engine.complete(request('Rate the charisma of the speaker')))
      .json as Rubric;
    expect(charisma.insights.map((i) => i.split(' ')[0])).toEqual([
      'Pace',
      'Tone',
      'Audience',
      'Questions',
      'Hedges:',
      'Sentence-length',
    ]);
    const bias = await engine.complete(
      request('Check this interview for bias', lines, { jsonSchema: undefined }),
    );
    expect(bias.text).toMatch(/^Bias check: \d+\/100/);
    expect(bias.text).toContain('100 means no cue found');
    const loaded = [
      {
        speaker: 'speaker_00',
        start: 0,
        end: 5,
        text: 'Honestly, women are always too emotional for this role.',
      },
    ];
    const flagged = (await engine.complete(request('Check for bias', loaded))).json as Rubric;
    expect(flagged.tags).toContain('loaded language');
    expect(flagged.score).toBeLessThan(
      ((await engine.complete(request('Check for bias'))).json as Rubric).score,
    );
  });
});

describe('questions and notes', () => {
  it('answers from the transcript with citations when the words occur in it', async () => {
    const result = await engine.complete(
      request('Zai', lines, {
        jsonSchema: undefined,
        grounding: { transcript: lines, question: 'Where is Sheila originally from?' },
      }),
    );
    expect(result.noAnswer).toBeUndefined();
    expect(result.text).toContain("And I'm Sheila in Texas, originally from Chicago.");
    expect(result.citations?.[0]).toMatchObject({ start: 14.444, speaker: 'speaker_01' });
  });

  it('still answers when the question has a word the meeting never used, quoting a repeat once', async () => {
    const hour = repeatedTranscript(10);
    const result = await engine.complete(
      request('Zai', hour, {
        jsonSchema: undefined,
        grounding: { transcript: hour, question: 'Where did Sheila grow up, Chicago?' },
      }),
    );
    expect(result.noAnswer).toBeUndefined();
    expect(result.citations?.map((c) => c.quote)).toEqual([
      "And I'm Sheila in Texas, originally from Chicago.",
    ]);
  });

  it('says plainly that the meeting does not contain an answer to an unrelated question', async () => {
    const result = await engine.complete(
      request('Zai', lines, {
        jsonSchema: undefined,
        grounding: {
          transcript: lines,
          question: 'What is the quarterly revenue forecast for the product launch?',
        },
      }),
    );
    expect(result.text).toMatch(/^The selected meetings do not contain an answer to that\./);
    expect(result.noAnswer).toBe(true);
    expect(result.citations).toEqual([]);
  });

  it('lists key questions (skipping a bare "Hello?") and notes by topic', async () => {
    const questions = await engine.complete(
      request('What were the key questions?', lines, { jsonSchema: undefined }),
    );
    expect(questions.citations?.map((c) => c.quote)).toEqual([
      'At least you know, they all call me a Yankee down here, so what can I say?',
    ]);
    const notes = await engine.complete(
      request('Write meeting notes', lines, { jsonSchema: undefined }),
    );
    expect(notes.text).toMatch(/^Meeting notes by topic:\n1\. .*jersey/);
    expect(notes.citations?.length).toBeGreaterThan(0);
  });
});
