// The built-in engine (parley-local) on a 60-minute meeting: time to first delta and total
// time per task; then how runPrompt fits the same meeting into each catalogue model's context
// (parts, calls, largest request). Needs `npm run build`. Prints figures; asserts nothing,
// except that no request goes over a model's context (the stand-in model throws if one does).
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import {
  createLocalEngine,
  estimateTokens,
  renderTranscript,
  runPrompt,
} from '../packages/ai/dist/index.js';
import { fixture } from './recording.mjs';

const MINUTES = 60;

/** STM turns "file channel speaker start end text". */
function readStm(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      const [, , speaker, start, end, ...text] = l.trim().split(/\s+/);
      return { speaker, start: Number(start), end: Number(end), text: text.join(' ') };
    });
}

/**
 * An hour of meeting from the fixtures, varied: each round replays the two-speaker recording's
 * turns (a seeded random few left out) and adds a third speaker reading one of the speech
 * fixtures' transcripts, so vocabulary and turn lengths change along the hour.
 */
function hourOfMeeting() {
  const stm = readStm(fixture('diarization/two-speakers.stm'));
  const labels = new Map();
  const label = (name) =>
    labels.get(name) ?? (labels.set(name, `speaker_0${labels.size}`), labels.get(name));
  const readings = readdirSync(fixture('speech'))
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => readFileSync(fixture(`speech/${f}`), 'utf8').trim())
    .map((t) => (/[.!?]$/.test(t) ? t : `${t[0].toUpperCase()}${t.slice(1)}.`));
  let seed = 7;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const lines = [];
  let offset = 0;
  for (let round = 0; offset < MINUTES * 60; round++) {
    const first = stm[0].start;
    for (const l of stm) {
      if (random() < 0.15) continue;
      lines.push({
        speaker: label(l.speaker),
        start: offset + l.start - first,
        end: offset + l.end - first,
        text: l.text,
      });
    }
    const last = lines[lines.length - 1].end;
    const text = readings[round % readings.length];
    const seconds = text.split(/\s+/).length / 2.4;
    lines.push({ speaker: 'speaker_02', start: last + 0.5, end: last + 0.5 + seconds, text });
    offset = last + seconds + 1.5;
  }
  return lines;
}

const transcript = hourOfMeeting();
const rendered = renderTranscript(transcript);
console.log(
  `meeting: ${transcript.length} lines, ${(transcript[transcript.length - 1].end / 60).toFixed(1)} min, ` +
    `${rendered.length} characters, ~${estimateTokens(rendered)} tokens (estimated); cores: ${os.availableParallelism()}`,
);

const engine = createLocalEngine();
const rubric = {
  name: 'rubric',
  schema: {
    type: 'object',
    properties: { score: { type: 'number' }, insights: { type: 'array' }, tags: { type: 'array' } },
  },
};
const tasks = [
  ['summary', { instructions: 'Summarize the meeting.' }],
  ['action items', { instructions: 'Action Items' }],
  ['rubric (Communication)', { instructions: 'Communication Score 0-100', jsonSchema: rubric }],
  [
    'question',
    { instructions: 'Answer from the meeting.', question: 'Where did Sheila grow up, Chicago?' },
  ],
];
console.log('\nbuilt-in engine, whole meeting (runPrompt -> stream):');
for (const [name, task] of tasks) {
  const started = performance.now();
  let first = null;
  const result = await runPrompt(engine, {
    model: 'parley-local',
    transcript,
    contextTokens: 32_768,
    ...task,
    onDelta: () => (first ??= performance.now()),
  });
  const total = performance.now() - started;
  console.log(
    `  ${name.padEnd(24)} first delta ${(first - started).toFixed(0).padStart(5)} ms   total ${total.toFixed(0).padStart(5)} ms   ` +
      `${result.citations.length} citations, ${result.text.length} chars out`,
  );
}

/** A stand-in remote model that refuses requests over its context, as the real APIs do. */
function limitedModel(limit) {
  const answer = (req) => {
    const size = req.messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);
    if (size + req.maxOutputTokens > limit)
      throw new Error(`request of ${size}+${req.maxOutputTokens} tokens over ${limit}`);
    const first = req.grounding.transcript[0];
    return {
      text: `- point ${first.text.slice(0, 40)}`,
      provider: 'openai',
      model: req.model,
      usage: { inputTokens: size, outputTokens: 20 },
      costUsd: 0,
      finishReason: 'stop',
      durationMs: 0,
    };
  };
  return {
    kind: 'openai',
    complete: async (req) => answer(req),
    async *stream(req) {
      const result = answer(req);
      yield { type: 'delta', text: result.text };
      yield { type: 'done', result };
    },
    testConnection: async () => ({ ok: true, models: [], message: 'ok' }),
  };
}

let contexts;
try {
  const { MODEL_CATALOG } = await import('../packages/ai/dist/catalog.js');
  contexts = [
    ...new Map(
      MODEL_CATALOG.filter((m) => m.provider !== 'local').map((m) => [m.contextTokens, m.name]),
    ).entries(),
  ]
    .sort((a, b) => a[0] - b[0])
    .map(([tokens, name]) => ({ tokens, name }));
} catch {
  contexts = [8_192, 16_384, 128_000, 200_000, 1_000_000].map((tokens) => ({
    tokens,
    name: `${tokens / 1000}k`,
  }));
}
console.log(
  '\nrunPrompt on the same meeting, per catalogue context (1,024 output tokens reserved):',
);
for (const { tokens, name } of contexts) {
  const result = await runPrompt(limitedModel(tokens), {
    model: name,
    instructions: 'List the key points of the meeting with their times.',
    transcript,
    contextTokens: tokens,
  });
  console.log(
    `  ${name.padEnd(18)} context ${String(tokens).padStart(9)}   parts ${String(result.chunks).padStart(2)}   calls ${String(result.calls).padStart(2)}   ` +
      `largest request ${String(result.largestRequestTokens).padStart(6)} + 1024 out = ${((100 * (result.largestRequestTokens + 1024)) / tokens).toFixed(0)} % of context`,
  );
}
