import { useCallback, useEffect, useRef, useState } from 'react';
import { ask, historyOf, type Turn } from './conversation';

let nextId = 0;

/**
 * The thread's turns and the one answer being streamed. Sending while an answer streams is
 * not possible (the composer offers Stop instead); leaving the page stops the stream.
 */
export function useConversation() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const controller = useRef<AbortController | null>(null);
  const turnsRef = useRef(turns);
  turnsRef.current = turns;

  useEffect(() => () => controller.current?.abort(), []);

  const update = useCallback((id: string, patch: (t: Turn) => Partial<Turn>) => {
    setTurns((list) => list.map((t) => (t.id === id ? { ...t, ...patch(t) } : t)));
  }, []);

  const run = useCallback(
    async (turn: Turn, earlier: Turn[]) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      await ask(
        {
          userPrompt: turn.question,
          ...(turn.search ? { search: turn.search } : { meetingIds: turn.meetingIds }),
          model: turn.model,
          history: historyOf(earlier),
        },
        {
          onDelta: (text) => update(turn.id, (t) => ({ text: t.text + text })),
          onFinal: (final) =>
            update(turn.id, () => ({ status: 'success', final, text: final.answer })),
          onError: (error) => update(turn.id, () => ({ status: 'failed', error })),
        },
        abort.signal,
      );
      if (controller.current === abort) controller.current = null;
    },
    [update],
  );

  const send = useCallback(
    (question: string, over: string[] | { q: string }, model?: string) => {
      const turn: Turn = {
        id: `turn-${++nextId}`,
        question,
        meetingIds: Array.isArray(over) ? over : [],
        ...(Array.isArray(over) ? {} : { search: over }),
        model,
        status: 'pending',
        text: '',
      };
      const earlier = turnsRef.current;
      setTurns((list) => [...list, turn]);
      void run(turn, earlier);
    },
    [run],
  );

  const retry = useCallback(
    (id: string) => {
      const index = turnsRef.current.findIndex((t) => t.id === id);
      const turn = turnsRef.current[index];
      if (!turn) return;
      const fresh: Turn = {
        ...turn,
        status: 'pending',
        text: '',
        error: undefined,
        stopped: false,
      };
      update(id, () => fresh);
      void run(fresh, turnsRef.current.slice(0, index));
    },
    [run, update],
  );

  const stop = useCallback(() => {
    const pending = turnsRef.current.find((t) => t.status === 'pending');
    controller.current?.abort();
    controller.current = null;
    if (pending) {
      update(pending.id, () => ({ status: 'failed', stopped: true, error: 'Stopped' }));
    }
  }, [update]);

  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setTurns([]);
  }, []);

  const streaming = turns.some((t) => t.status === 'pending');
  return { turns, streaming, send, retry, stop, clear };
}
