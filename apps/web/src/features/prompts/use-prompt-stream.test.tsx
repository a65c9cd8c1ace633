import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { promptRoutes } from '@parley/contracts';
import { fakeServer } from '../../test/fake-server';
import { signInWith } from '../../test/sign-in';
import { usePromptStream } from './use-prompt-stream';

/** A streaming response whose events arrive one by one, `gapMs` apart. */
function eventStream(events: string[], gapMs = 5): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const e of events) {
        await new Promise((r) => setTimeout(r, gapMs));
        controller.enqueue(encoder.encode(e));
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

const RESULT = {
  result: 'Hello world',
  model: 'parley-local',
  provider: 'local',
  usage: { inputTokens: 10, outputTokens: 2 },
  costUsd: 0,
  durationMs: 12,
  finishReason: 'stop',
  citations: [],
};
const body = { promptText: 'Summarize', meetingId: crypto.randomUUID(), model: 'parley-local' };

describe('usePromptStream (one workbench slot)', () => {
  it('appends each delta as it arrives, then keeps the final usage', async () => {
    signInWith([]);
    fakeServer().on(promptRoutes.stream, () =>
      eventStream(
        [
          'event: delta\ndata: {"text":"Hello"}\n\n',
          'event: delta\ndata: {"text":" world"}\n\n',
          `event: done\ndata: ${JSON.stringify({ result: RESULT })}\n\n`,
        ],
        150,
      ),
    );
    const { result } = renderHook(() => usePromptStream());
    const seen: string[] = [];
    act(() => void result.current.run(body));
    await waitFor(() => {
      if (seen.at(-1) !== result.current.text) seen.push(result.current.text);
      expect(result.current.status).toBe('success');
    });
    expect(seen).toContain('Hello');
    expect(result.current.text).toBe('Hello world');
    expect(result.current.result?.usage).toEqual({ inputTokens: 10, outputTokens: 2 });
  });

  it('shows the error event’s message and keeps the text that arrived', async () => {
    signInWith([]);
    fakeServer().on(promptRoutes.stream, () =>
      eventStream([
        'event: delta\ndata: {"text":"Part"}\n\n',
        'event: error\ndata: {"statusCode":400,"error":"Bad Request","message":"Chat Gpt Key is expired!"}\n\n',
      ]),
    );
    const { result } = renderHook(() => usePromptStream());
    act(() => void result.current.run(body));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('Chat Gpt Key is expired!');
    expect(result.current.text).toBe('Part');
  });

  it('stops on cancel', async () => {
    signInWith([]);
    fakeServer().on(promptRoutes.stream, ({ init }) => {
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('event: delta\ndata: {"text":"Hi"}\n\n'));
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('Aborted', 'AbortError')),
          );
        },
      });
      return new Response(stream);
    });
    const { result } = renderHook(() => usePromptStream());
    act(() => void result.current.run(body));
    await waitFor(() => expect(result.current.text).toBe('Hi'));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.status).toBe('cancelled'));
  });

  it('says ReadableStream is not supported when the response cannot be read as a stream', async () => {
    signInWith([]);
    // A browser without ReadableStream hands fetch's response over without a readable body.
    fakeServer().on(promptRoutes.stream, () => new Response(null));
    const { result } = renderHook(() => usePromptStream());
    act(() => void result.current.run(body));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.error).toBe('ReadableStream not supported in this environment.');
  });
});
