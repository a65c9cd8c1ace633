/** What the server says after each slice of the answer being spoken. */
export interface AnswerSliceAck {
  /** False: it does not transcribe while the answer is spoken; stop sending. */
  streaming: boolean;
  nextIndex: number;
}

export interface AnswerStreamer {
  /** The recorder's next slice of the answer. */
  push(slice: Blob): void;
  /** The answer ended: slices not sent yet stay unsent (the answer call carries them all). */
  close(): void;
  /** Slices the server has taken. */
  readonly sent: number;
  /** Whether slices still go to the server. */
  readonly streaming: boolean;
}

/**
 * Sends an answer's slices while it is spoken, one at a time and in order, so the server
 * transcribes as the person talks and the answer call waits only for the last words. The
 * streaming is a head start, not the record: the answer call sends the whole audio anyway, so
 * a slice that fails, or a server that does not stream, just ends the streaming and the
 * server transcribes what it did not hear.
 */
export function createAnswerStreamer(
  send: (index: number, slice: Blob) => Promise<AnswerSliceAck>,
): AnswerStreamer {
  let index = 0;
  let sent = 0;
  let streaming = true;
  let closed = false;
  let chain: Promise<void> = Promise.resolve();

  return {
    push(slice) {
      if (slice.size === 0 || !streaming || closed) return;
      const at = index;
      index += 1;
      chain = chain.then(async () => {
        if (!streaming || closed) return;
        try {
          const ack = await send(at, slice);
          if (!ack.streaming || ack.nextIndex !== at + 1) streaming = false;
          else sent += 1;
        } catch {
          streaming = false;
        }
      });
    },
    close() {
      closed = true;
    },
    get sent() {
      return sent;
    },
    get streaming() {
      return streaming && !closed;
    },
  };
}
