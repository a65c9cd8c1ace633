import { streamErrorSchema } from '@parley/contracts';

/** One Server-Sent Event: its name ('message' when the server gave none) and its JSON data. */
export interface ServerSentEvent {
  event: string;
  data: unknown;
}

function parseBlock(block: string): ServerSentEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  const text = data.join('\n');
  try {
    return { event, data: JSON.parse(text) as unknown };
  } catch {
    return { event, data: text };
  }
}

/**
 * Reads a text/event-stream body and yields each event once its blank line has arrived, however
 * the network splits the bytes. Stopping early (break, abort) cancels the body.
 */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value, { stream: !done }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const parsed = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (parsed) yield parsed;
        end = buffer.indexOf('\n\n');
      }
      if (done) break;
    }
    const last = buffer.trim() ? parseBlock(buffer.trim()) : null;
    if (last) yield last;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * The message of a stream's error event (data in the one StreamError shape, the JSON error
 * fields), or the fallback when the data is not that shape.
 */
export function streamErrorMessage(data: unknown, fallback: string): string {
  const parsed = streamErrorSchema.safeParse(data);
  return parsed.success ? parsed.data.message : fallback;
}
