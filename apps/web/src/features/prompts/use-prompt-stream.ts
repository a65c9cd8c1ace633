import { useCallback, useRef, useState } from 'react';
import {
  AI_MESSAGES,
  STREAM_ERROR_EVENT,
  promptRoutes,
  type PromptRunBody,
  type PromptRunResult,
} from '@parley/contracts';
import { events, failureMessage } from '../../lib/api';
import { streamErrorMessage } from '../../lib/event-stream';

export type SlotStatus = 'idle' | 'loading' | 'success' | 'failed' | 'cancelled';

export interface SlotState {
  status: SlotStatus;
  text: string;
  result: PromptRunResult | null;
  error: string | null;
}

const IDLE: SlotState = { status: 'idle', text: '', result: null, error: null };

/**
 * One output slot of the workbench (spec 3 §4 'Prompt streaming'): the result is appended
 * chunk by chunk as the server's events arrive; cancel aborts the request.
 */
export function usePromptStream() {
  const [state, setState] = useState<SlotState>(IDLE);
  const abort = useRef<AbortController | null>(null);

  const run = useCallback(async (body: PromptRunBody) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ status: 'loading', text: '', result: null, error: null });
    try {
      for await (const e of events(promptRoutes.stream, {
        body,
        signal: controller.signal,
        toast: false,
      })) {
        const data = e.data as { text?: string; result?: PromptRunResult };
        if (e.event === 'delta' && data.text) {
          const text = data.text;
          setState((s) => ({ ...s, text: s.text + text }));
        } else if (e.event === 'done' && data.result) {
          const result = data.result;
          setState((s) => ({ ...s, status: 'success', result, text: s.text || result.result }));
        } else if (e.event === STREAM_ERROR_EVENT) {
          const error = streamErrorMessage(e.data, AI_MESSAGES.gettingResults);
          setState((s) => ({ ...s, status: 'failed', error }));
        }
      }
      // The stream closed without its final event: the run did not finish.
      setState((s) =>
        s.status === 'loading' ? { ...s, status: 'failed', error: AI_MESSAGES.gettingResults } : s,
      );
    } catch (err) {
      if (controller.signal.aborted) {
        setState((s) => ({ ...s, status: 'cancelled' }));
        return;
      }
      const message =
        err instanceof Error && err.message === AI_MESSAGES.noStream
          ? AI_MESSAGES.noStream
          : failureMessage(err, AI_MESSAGES.gettingResults);
      setState((s) => ({ ...s, status: 'failed', error: message }));
    }
  }, []);

  const cancel = useCallback(() => abort.current?.abort(), []);
  const reset = useCallback(() => setState(IDLE), []);
  return { ...state, run, cancel, reset };
}
