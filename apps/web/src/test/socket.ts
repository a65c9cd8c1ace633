import type { ChannelSocket, Connect } from '../lib/realtime';

type Listener = (payload?: unknown) => void;

/**
 * Tests only: a socket.io stand-in for the meeting channel. `fire` plays a server event;
 * `connect` is handed to the channel in place of socket.io and records its options.
 */
export function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  const emitted: [string, unknown][] = [];
  const options: unknown[] = [];
  let disconnected = 0;
  const socket = {
    on(event: string, fn: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return socket;
    },
    emit(event: string, payload: unknown) {
      emitted.push([event, payload]);
      return socket;
    },
    disconnect() {
      disconnected += 1;
      return socket;
    },
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
  };
  const connect: Connect = (opts) => {
    options.push(opts);
    return socket as unknown as ChannelSocket;
  };
  return {
    connect,
    options,
    emitted,
    /** How many connections were opened. */
    opened: () => options.length,
    fire: (event: string, payload?: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
    disconnects: () => disconnected,
  };
}
