import {
  STREAM_ERROR_EVENT,
  ZAI,
  ZAI_MESSAGES,
  zaiFinalSchema,
  type ZaiFinal,
  type ZaiQuestionBody,
} from '@parley/contracts';
import { zaiRoutes } from '@parley/contracts';
import { events, failureMessage } from '../../lib/api';
import { streamErrorMessage } from '../../lib/event-stream';

/** Spec 1 §9: the Zai request's status values. */
export type ZaiStatus = 'pending' | 'failed' | 'success';

export interface Turn {
  id: string;
  question: string;
  /** What the question is over: chosen meetings, or every meeting matching a search. */
  meetingIds: string[];
  search?: { q: string };
  model?: string;
  status: ZaiStatus;
  /** The answer so far (deltas appended), then the final answer. */
  text: string;
  final?: ZaiFinal;
  error?: string;
  /** Stopped by the user before the answer was complete. */
  stopped?: boolean;
}

/** The last three answered turns, as the server takes them for a follow-up. */
export function historyOf(turns: readonly Turn[]): { question: string; answer: string }[] {
  return turns
    .filter((t) => t.status === 'success' && t.final && !t.final.notFound)
    .slice(-ZAI.maxHistory)
    .map((t) => ({ question: t.question, answer: t.final?.answer ?? t.text }));
}

export interface AskHandlers {
  onDelta(text: string): void;
  onFinal(final: ZaiFinal): void;
  onError(message: string): void;
}

/** Streams one answer; resolves when the stream ends, was stopped, or failed (reported once). */
export async function ask(
  body: ZaiQuestionBody,
  handlers: AskHandlers,
  signal: AbortSignal,
): Promise<void> {
  let finished = false;
  try {
    for await (const e of events(zaiRoutes.ask, { body, signal, toast: false })) {
      if (e.event === 'delta') {
        const text = (e.data as { text?: unknown }).text;
        if (typeof text === 'string') handlers.onDelta(text);
      } else if (e.event === 'final') {
        const parsed = zaiFinalSchema.safeParse(e.data);
        if (!parsed.success) throw new Error('Invalid data format');
        finished = true;
        handlers.onFinal(parsed.data);
      } else if (e.event === STREAM_ERROR_EVENT) {
        finished = true;
        handlers.onError(streamErrorMessage(e.data, ZAI_MESSAGES.failed));
      }
    }
    if (!finished && !signal.aborted) handlers.onError('No response from server');
  } catch (e) {
    if (signal.aborted) return;
    const message =
      e instanceof Error && !('status' in e) ? e.message : failureMessage(e, ZAI_MESSAGES.failed);
    handlers.onError(message);
  }
}
