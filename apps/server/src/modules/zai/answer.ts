import {
  isAiError,
  keyExpiredMessage,
  LOCAL_MODEL,
  parseCitations,
  providerForModel,
  type ChatMessage,
  type Citation,
  type CompletionRequest,
  type CompletionResult,
  type LlmProvider,
} from '@parley/ai';
import {
  ZAI,
  ZAI_MESSAGES,
  type ZaiCitation,
  type ZaiFinal,
  type ZaiStreamEvent,
} from '@parley/contracts';
import { streamError } from '../../platform/http/event-stream.js';
import type { Excerpts, MeetingPassages } from './retrieval.js';

export interface AnswerPlan {
  question: string;
  /** Earlier question/answer pairs, oldest first (already cut to the last three). */
  history: { question: string; answer: string }[];
  meetings: MeetingPassages[];
  excerpts: Excerpts;
  provider: LlmProvider;
  model: string;
  maxOutputTokens: number;
  /** A question over a search: how many meetings matched, and how many were read. */
  scope?: { matched: number; used: number };
}

export const SYSTEM_INSTRUCTIONS = [
  'You are Zai, an assistant that answers questions about recorded meetings.',
  'Answer only from the meeting excerpts in the user message; do not use outside knowledge.',
  'After each statement, cite the line it rests on by copying its timestamp exactly as written, e.g. [00:01:23].',
  `If the excerpts do not contain the answer, reply with exactly this sentence and nothing else: ${ZAI.notFoundSentinel}`,
  'Be brief: a few sentences or short bullets.',
].join('\n');

function messagesFor(plan: AnswerPlan): ChatMessage[] {
  if (plan.provider.kind === 'local') return [{ role: 'user', content: plan.question }];
  const earlier = plan.history.flatMap((t): ChatMessage[] => [
    { role: 'user', content: t.question },
    { role: 'assistant', content: t.answer },
  ]);
  return [
    { role: 'system', content: SYSTEM_INSTRUCTIONS },
    ...earlier,
    {
      role: 'user',
      content: `Meeting excerpts:\n\n${plan.excerpts.text}\n\nQuestion: ${plan.question}`,
    },
  ];
}

/** A cited span mapped to its meeting through the speaker label it was rendered with. */
function toZaiCitation(c: Citation, plan: AnswerPlan): ZaiCitation | null {
  const single = plan.meetings.length === 1 ? plan.meetings[0] : undefined;
  const origin = c.speaker ? plan.excerpts.origins.get(c.speaker) : undefined;
  const meeting = origin ? plan.meetings[origin.meetingIndex] : single;
  if (!meeting) return null;
  const inside = meeting.lines.some((l) => c.start >= l.start - 0.5 && c.start <= l.end + 0.5);
  if (!inside) return null;
  return {
    meetingId: meeting.meeting.id,
    meetingName: meeting.meeting.meetingName,
    start: c.start,
    end: c.end,
    speaker: origin?.speaker ?? c.speaker ?? '',
    quote: c.quote ?? '',
  };
}

function citationsOf(result: CompletionResult, plan: AnswerPlan): ZaiCitation[] {
  const raw =
    plan.provider.kind === 'local'
      ? (result.citations ?? [])
      : parseCitations(result.text, plan.excerpts.lines);
  const seen = new Set<string>();
  const out: ZaiCitation[] = [];
  for (const c of raw) {
    const z = toZaiCitation(c, plan);
    const key = z ? `${z.meetingId}|${z.start}` : '';
    if (z && !seen.has(key)) {
      seen.add(key);
      out.push(z);
    }
  }
  return out;
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
const sentinel = normalise(ZAI.notFoundSentinel);

/**
 * The error event for a failed model call. Spec 2 §8: an expired or refused key reads
 * '{provider} Key is expired!', the provider inferred from the model name. Provider errors
 * (AiError) carry messages fit to show; anything else is not shown as is.
 */
function failureEvent(error: unknown, model: string) {
  if (!isAiError(error)) return streamError(500, ZAI_MESSAGES.failed);
  if (error.kind === 'key-expired') {
    return streamError(401, keyExpiredMessage(providerForModel(model)));
  }
  const status = error.status && error.status >= 400 ? error.status : 502;
  return streamError(status, error.message || ZAI_MESSAGES.failed);
}

function notFoundFinal(plan: AnswerPlan): ZaiFinal {
  return {
    answer: ZAI_MESSAGES.notFound,
    citations: [],
    notFound: true,
    model: plan.model,
    provider: plan.provider.kind,
    usage: { inputTokens: 0, outputTokens: 0 },
    ...(plan.scope ? { scope: plan.scope } : {}),
  };
}

/**
 * The answer as stream events: text deltas as the model writes them, then the final event with
 * citations mapped to meetings. Retrieval that found nothing answers without calling a model.
 */
export async function* answerEvents(
  plan: AnswerPlan,
  signal: AbortSignal,
): AsyncGenerator<ZaiStreamEvent> {
  if (!plan.excerpts.relevant) {
    yield { event: 'delta', data: { text: ZAI_MESSAGES.notFound } };
    yield { event: 'final', data: notFoundFinal(plan) };
    return;
  }
  const request: CompletionRequest = {
    model: plan.model,
    messages: messagesFor(plan),
    maxOutputTokens: plan.maxOutputTokens,
    temperature: 0.2,
    signal,
    ...(plan.provider.kind === 'local' || plan.model === LOCAL_MODEL
      ? { grounding: { transcript: plan.excerpts.lines, question: plan.question } }
      : {}),
  };
  let result: CompletionResult | null = null;
  try {
    for await (const event of plan.provider.stream(request)) {
      if (event.type === 'delta') yield { event: 'delta', data: { text: event.text } };
      else result = event.result;
    }
  } catch (error) {
    if (signal.aborted) return;
    yield failureEvent(error, plan.model);
    return;
  }
  if (!result) {
    yield streamError(502, ZAI_MESSAGES.failed);
    return;
  }
  const citations = citationsOf(result, plan);
  const saysNotFound = normalise(result.text).includes(sentinel);
  // The built-in engine says so itself, and cites every sentence it quotes.
  const localMiss = plan.provider.kind === 'local' && (result.noAnswer || citations.length === 0);
  const notFound = saysNotFound || Boolean(localMiss);
  yield {
    event: 'final',
    data: {
      answer: notFound ? ZAI_MESSAGES.notFound : result.text,
      citations: notFound ? [] : citations,
      notFound,
      model: result.model,
      provider: result.provider,
      usage: result.usage,
      ...(plan.scope ? { scope: plan.scope } : {}),
    },
  };
}
