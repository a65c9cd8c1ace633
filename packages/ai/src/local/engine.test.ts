import { describe, expect, it } from 'vitest';
import { groundedRequest, twoSpeakerTranscript } from '../test-transcript.js';
import type { Citation, CompletionRequest, CompletionResult, TranscriptLine } from '../types.js';
import { createLocalEngine } from './engine.js';
import { LOCAL_ENGINE_NOTE, withoutEngineNote } from './output.js';

const { lines } = twoSpeakerTranscript();
const engine = createLocalEngine();

const request = (prompt: string, transcript = lines, extra: Partial<CompletionRequest> = {}) =>
  groundedRequest(prompt, transcript, extra, 'Transcript:\n');

/** The line spoken at the cited moment must contain the quoted words. */
function expectCitedFromTranscript(
  citations: Citation[] | undefined,
  transcript: TranscriptLine[] = lines,
) {
  expect(citations?.length ?? 0).toBeGreaterThan(0);
  for (const c of citations ?? []) {
    expect(c.start).toBeGreaterThanOrEqual(0);
    expect(c.start).toBeLessThanOrEqual(30);
    const line = transcript.find((l) => c.start >= l.start && c.start <= l.end);
    expect(line, `a line at ${c.start}s`).toBeDefined();
    expect(line?.text).toContain(c.quote);
  }
}

function expectLocal(result: CompletionResult) {
  expect(result.provider).toBe('local');
  expect(result.model).toBe('parley-local');
  expect(result.costUsd).toBe(0);
  expect(result.usage.inputTokens).toBeGreaterThan(0);
  expect(result.usage.outputTokens).toBeGreaterThan(0);
}

describe('built-in engine on the two-speaker recording', () => {
  it('summarises with cited sentences from both speakers', async () => {
    const result = await engine.complete(request('Summarize this meeting.'));
    expectLocal(result);
    expectCitedFromTranscript(result.citations);
    expect(new Set(result.citations?.map((c) => c.speaker))).toEqual(
      new Set(['speaker_00', 'speaker_01']),
    );
    for (const c of result.citations ?? []) expect(result.text).toContain(c.quote);
    expect(result.text.trim().endsWith(LOCAL_ENGINE_NOTE)).toBe(true);
  });

  it('finds no commitments in small talk and says so instead of inventing one', async () => {
    const result = await engine.complete(
      request('Action Items: list the action items of this meeting.'),
    );
    expectLocal(result);
    expect(result.text).toContain('No action items were found in this meeting.');
    expect(result.citations).toEqual([]);
  });

  it('says plainly when it cannot follow an instruction, and still summarises', async () => {
    const result = await engine.complete(request('Write a haiku about the weather.'));
    expect(result.text).toMatch(/could not follow this instruction/);
    expectCitedFromTranscript(result.citations);
  });

  it('streams small deltas that add up to the complete text', async () => {
    const req = request('Summarize this meeting.');
    const deltas: string[] = [];
    let done: CompletionResult | undefined;
    for await (const event of engine.stream(req)) {
      if (event.type === 'delta') deltas.push(event.text);
      else done = event.result;
    }
    expect(deltas.length).toBeGreaterThan(10);
    expect(Math.max(...deltas.map((d) => d.trim().split(/\s+/).length))).toBeLessThanOrEqual(3);
    expect(deltas.join('')).toBe(done?.text);
    expect(done?.text).toBe((await engine.complete(req)).text);
  });

  it('keeps to maxOutputTokens by whole lines and reports the cut', async () => {
    const result = await engine.complete(
      request('Summarize this meeting.', lines, { maxOutputTokens: 20 }),
    );
    expect(result.finishReason).toBe('length');
    expect(result.text.split('\n')[0]).toMatch(/^Summary/);
    expect(result.text).not.toContain('Oh, I don');
  });

  it('chooses the task from the instructions, not from words spoken in the meeting', async () => {
    const spoken = lines.map((l, i) =>
      i === 3 ? { ...l, text: 'Let us write the action items and a summary.' } : l,
    );
    const result = await engine.complete(request('Key questions asked in this call', spoken));
    expect(result.text).toMatch(/^Key questions/);
  });

  it('answers the connection check without a key', async () => {
    expect((await engine.testConnection()).ok).toBe(true);
  });
});

// The fixture is small talk with no commitment in it, so commitments are checked on a
// meeting written for the purpose, with times like a real transcript's.
const planning: TranscriptLine[] = [
  ['speaker_00', 'Thanks for joining, the launch review is on Thursday.'],
  ['speaker_01', "I'll send you the updated deck by Friday."],
  ['speaker_00', 'Great. Can you also schedule a call with the design team?'],
  ['speaker_01', 'Sure, no problem.'],
  [
    'speaker_00',
    "We need to finalize the pricing page before the launch. I'll be honest, it worries me.",
  ],
  ['speaker_01', "Let's review the budget next week."],
].map(([speaker, text], i) => ({
  speaker: speaker as string,
  text: text as string,
  start: i * 5,
  end: i * 5 + 4.5,
}));

describe('action items', () => {
  it('turns commitments and requests into owner lines that cite their moment', async () => {
    const result = await engine.complete(request('List the action items.', planning));
    const items = withoutEngineNote(result.text).split('\n');
    expect(items).toEqual([
      'speaker_01 will send speaker_00 the updated deck by Friday',
      'speaker_01 will schedule a call with the design team',
      'The team will finalize the pricing page before the launch',
      'The team will review the budget next week',
    ]);
    expectCitedFromTranscript(result.citations, planning);
    expect(result.citations?.map((c) => Math.floor(c.start))).toEqual([5, 10, 20, 25]);
  });

  it('returns the items as JSON when a schema is asked', async () => {
    const result = await engine.complete(
      request('Action Items', planning, {
        jsonSchema: { name: 'action_items', schema: { type: 'object' } },
      }),
    );
    const json = result.json as { source: string; items: { owner: string; due: string | null }[] };
    expect(json.source).toBe('parley-local');
    expect(json.items[0]).toMatchObject({ owner: 'speaker_01', due: 'by Friday' });
    expect(JSON.parse(result.text)).toEqual(json);
  });
});
