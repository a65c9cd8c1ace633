import { describe, expect, it } from 'vitest';
import { createLocalEngine } from '../local/engine.js';
import { repeatedTranscript, twoSpeakerTranscript } from '../test-transcript.js';
import type { CompletionRequest, CompletionResult, LlmProvider, StreamEvent } from '../types.js';
import { messageTokens } from './messages.js';
import { formatTimestamp } from './render.js';
import { runPrompt } from './run.js';

/**
 * A stand-in for a remote model with a context window: it refuses any request whose messages
 * plus reserved output exceed `limit`, as the real APIs do, and records what it was sent.
 * Part requests are answered by quoting the part's first line with its timestamp; combining
 * requests by concatenating the parts' answers; scored JSON with a score that falls by part.
 */
function limitedModel(limit: number) {
  const requests: CompletionRequest[] = [];
  const respond = (req: CompletionRequest): CompletionResult => {
    const size = messageTokens(req.messages) + (req.maxOutputTokens ?? 0);
    if (size > limit) throw new Error(`context_length_exceeded: ${size} > ${limit}`);
    requests.push(req);
    const user = req.messages.find((m) => m.role === 'user')?.content ?? '';
    let text: string;
    if (user.startsWith('Answers for the parts')) {
      text = user
        .split('\n')
        .filter((l) => l.startsWith('- '))
        .join('\n');
    } else {
      const first = req.grounding?.transcript[0];
      const part = Number(/part (\d+) of/.exec(user)?.[1] ?? 1);
      text = req.jsonSchema
        ? JSON.stringify({
            score: Math.max(0, 100 - (part - 1) * 10),
            insights: ['Steady pace', `Part ${part} opens [${formatTimestamp(first?.start ?? 0)}]`],
            tags: ['calm', `p${part}`],
          })
        : `- ${first?.text} [${formatTimestamp(first?.start ?? 0)}]`;
    }
    return {
      text,
      provider: 'openai',
      model: req.model,
      usage: { inputTokens: messageTokens(req.messages), outputTokens: 10 },
      costUsd: 0.001,
      finishReason: 'stop',
      durationMs: 1,
    };
  };
  const provider: LlmProvider = {
    kind: 'openai',
    complete: async (req) => respond(req),
    async *stream(req): AsyncIterable<StreamEvent> {
      const result = respond(req);
      for (const piece of result.text.match(/\S+\s*/g) ?? []) yield { type: 'delta', text: piece };
      yield { type: 'done', result };
    },
    testConnection: async () => ({ ok: true, models: [], message: 'ok' }),
  };
  return { provider, requests };
}

const { lines } = twoSpeakerTranscript();
const hour = repeatedTranscript(60);

describe('runPrompt', () => {
  it('sends one request with instructions and the whole transcript when it fits', async () => {
    const model = limitedModel(8000);
    const result = await runPrompt(model.provider, {
      model: 'gpt-4o-mini',
      instructions: 'Summarize.',
      transcript: lines,
      contextTokens: 8000,
    });
    expect(result.chunks).toBe(1);
    expect(model.requests).toHaveLength(1);
    const [system, user] = model.requests[0]?.messages ?? [];
    expect(system?.content).toContain('Instructions:\nSummarize.');
    expect(user?.content).toContain(
      "[00:00:14] speaker_01: And I'm Sheila in Texas, originally from Chicago.",
    );
    expect(model.requests[0]?.grounding?.transcript).toEqual(lines);
    expect(result.citations?.[0]).toMatchObject({ start: 6.68, quote: 'Hello?' });
  });

  it('splits an hour-long meeting to fit a small context, then combines the parts', async () => {
    const model = limitedModel(4000);
    let streamed = '';
    const result = await runPrompt(model.provider, {
      model: 'gpt-4o-mini',
      instructions: 'List the key points.',
      transcript: hour,
      contextTokens: 4000,
      settings: { maxOutputTokens: 500 },
      onDelta: (t) => (streamed += t),
    });
    const parts = model.requests.filter((r) =>
      r.messages[1]?.content.startsWith('Transcript, part'),
    );
    const combines = model.requests.filter((r) =>
      r.messages[1]?.content.startsWith('Answers for the parts'),
    );
    expect(result.chunks).toBeGreaterThan(3);
    expect(parts).toHaveLength(result.chunks);
    expect(combines.length).toBeGreaterThanOrEqual(1);
    expect(result.calls).toBe(parts.length + combines.length);
    // Every line went to exactly one part, in order.
    expect(parts.flatMap((p) => p.grounding?.transcript ?? [])).toEqual(hour);
    expect(result.largestRequestTokens + 500).toBeLessThanOrEqual(4000);
    // The final answer holds one point per part, each cited at its part's first line.
    expect(result.text.split('\n')).toHaveLength(result.chunks);
    expect(result.citations?.map((c) => c.start)).toEqual(
      parts.map((p) => p.grounding?.transcript[0]?.start),
    );
    expect(streamed).toBe(result.text);
    expect(result.costUsd).toBeCloseTo(0.001 * result.calls, 6);
  });

  it('merges scored JSON parts by a length-weighted mean without another call', async () => {
    const model = limitedModel(3000);
    const schema = {
      name: 'score',
      schema: {
        type: 'object',
        properties: {
          score: { type: 'number' },
          insights: { type: 'array' },
          tags: { type: 'array' },
        },
      },
    };
    const result = await runPrompt(model.provider, {
      model: 'gpt-4o-mini',
      instructions: 'Communication score 0-100.',
      transcript: hour,
      contextTokens: 3000,
      jsonSchema: schema,
      settings: { maxOutputTokens: 300 },
    });
    expect(model.requests).toHaveLength(result.chunks);
    const weights = model.requests.map((r) =>
      (r.grounding?.transcript ?? []).reduce((a, l) => a + l.text.length, 0),
    );
    const scores = model.requests.map((_, i) => Math.max(0, 100 - i * 10));
    const expected =
      scores.reduce((a, s, i) => a + s * (weights[i] ?? 0), 0) / weights.reduce((a, w) => a + w, 0);
    const json = result.json as { score: number; insights: string[]; tags: string[] };
    expect(json.score).toBeCloseTo(expected, 1);
    expect(json.insights.filter((i) => i === 'Steady pace')).toHaveLength(1);
    expect(json.insights).toHaveLength(result.chunks + 1);
    expect(json.tags.slice(0, 2)).toEqual(['calm', 'p1']);
    expect(result.citations?.length).toBe(result.chunks);
  });

  it('refuses a context too small for the instructions and the output', async () => {
    const model = limitedModel(600);
    await expect(
      runPrompt(model.provider, {
        model: 'gpt-4o-mini',
        instructions: 'Summarize.',
        transcript: lines,
        contextTokens: 600,
        settings: { maxOutputTokens: 512 },
      }),
    ).rejects.toThrow(RangeError);
    expect(model.requests).toHaveLength(0);
  });

  it('gives the built-in engine the whole transcript in one call, whatever the context', async () => {
    const result = await runPrompt(createLocalEngine(), {
      model: 'parley-local',
      instructions: 'Summarize the meeting.',
      transcript: hour,
      contextTokens: 2000,
    });
    expect(result.chunks).toBe(1);
    expect(result.provider).toBe('local');
    expect(result.citations?.length).toBeGreaterThan(0);
    expect(
      result.citations?.every((c) =>
        hour.some((l) => l.start <= c.start && c.start <= l.end && l.text.includes(c.quote ?? '')),
      ),
    ).toBe(true);
  });
});
