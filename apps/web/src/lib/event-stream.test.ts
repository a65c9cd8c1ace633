import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './event-stream';

/** A body that delivers the given pieces as separate network chunks. */
function body(pieces: string[]): ReadableStream<Uint8Array> {
  const bytes = pieces.map((p) => new TextEncoder().encode(p));
  return new ReadableStream({
    pull(c) {
      const next = bytes.shift();
      if (next) c.enqueue(next);
      else c.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const e of readServerSentEvents(stream)) out.push(e);
  return out;
}

describe('readServerSentEvents', () => {
  it('yields whole events however the bytes are split', async () => {
    const text =
      'event: delta\ndata: {"text":"Chi"}\n\nevent: delta\ndata: {"text":"cago ☕"}\n\n: keep-alive\n\nevent: final\ndata: {"answer":"Chicago ☕"}\n\n';
    const bytes = new TextEncoder().encode(text);
    // Split inside a multi-byte character and inside a field name.
    const cut = [5, 40, bytes.indexOf(0xe2) + 1, bytes.length - 3];
    const pieces: Uint8Array[] = [];
    let from = 0;
    for (const at of [...cut, bytes.length]) {
      pieces.push(bytes.slice(from, at));
      from = at;
    }
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        const next = pieces.shift();
        if (next) c.enqueue(next);
        else c.close();
      },
    });
    expect(await all(stream)).toEqual([
      { event: 'delta', data: { text: 'Chi' } },
      { event: 'delta', data: { text: 'cago ☕' } },
      { event: 'final', data: { answer: 'Chicago ☕' } },
    ]);
  });

  it('reads CRLF line ends, unnamed events and a last event without its blank line', async () => {
    expect(await all(body(['data: {"a":1}\r\n\r\nevent: x\r\ndata: plain']))).toEqual([
      { event: 'message', data: { a: 1 } },
      { event: 'x', data: 'plain' },
    ]);
  });
});
