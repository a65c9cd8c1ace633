/**
 * Realtime channel of one meeting (spec 2 §4, §7; ARCHITECTURE §5): one socket.io connection
 * per meeting room — connect, join the room, listen, and disconnect on a terminal event or
 * when the page no longer needs it.
 */
import { useEffect, useRef } from 'react';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { INFERENCE_STATUSES, REALTIME, REALTIME_TERMINAL_EVENTS } from '@parley/contracts';
import { getAccessToken } from './auth-store';

export type InferenceStatus = (typeof INFERENCE_STATUSES)[number];

/** Statuses after which nothing more happens to a meeting's analysis (the channel closes). */
export function isTerminalStatus(status: InferenceStatus): boolean {
  return status === 'processed' || status === 'failed';
}

export interface MeetingStatusEvent {
  meetingId: string;
  inferenceStatus: InferenceStatus;
  statusReason: string | null;
  /** 0–100 when the server knows how far the analysis is. */
  progress?: number;
}

export type TerminalEvent = (typeof REALTIME_TERMINAL_EVENTS)[number];

/** The socket.io surface this module uses (a fake stands in for it in tests). */
export type ChannelSocket = Pick<Socket, 'on' | 'emit' | 'disconnect' | 'removeAllListeners'>;
export type Connect = (opts: Partial<ManagerOptions & SocketOptions>) => ChannelSocket;

export interface MeetingChannelOptions {
  meetingId: string;
  onStatus?(event: MeetingStatusEvent): void;
  /** Processed, ReanalyzeStatus or OfflineStatus arrived (the channel is then closed). */
  onTerminal?(event: TerminalEvent, payload: unknown): void;
  /** Analytics events to listen for too (spec 2 §3), e.g. 'action items'. */
  events?: readonly string[];
  onEvent?(event: string, payload: unknown): void;
  /**
   * false keeps the channel open after the analysis ends (a job of its own, such as the
   * biometric verification, still reports); true by default.
   */
  closeOnTerminal?: boolean;
  getToken?(): string | null;
  connect?: Connect;
}

export interface MeetingChannel {
  close(): void;
  readonly closed: boolean;
}

/** The socket options of spec 2 §9: reconnect 1 s up to 5 s, connect time-out 20 s. */
export function channelOptions(getToken: () => string | null) {
  return {
    path: REALTIME.path,
    // A function, so a reconnect after a token refresh sends the current token.
    auth: (cb: (data: object) => void) => cb({ token: getToken() }),
    reconnectionDelay: REALTIME.reconnectionDelayMs,
    reconnectionDelayMax: REALTIME.reconnectionDelayMaxMs,
    timeout: REALTIME.connectTimeoutMs,
  } satisfies Partial<ManagerOptions & SocketOptions>;
}

/** Reads a status event defensively; null when it is not one. */
export function parseStatusEvent(payload: unknown): MeetingStatusEvent | null {
  if (!payload || typeof payload !== 'object') return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.meetingId !== 'string') return null;
  if (!(INFERENCE_STATUSES as readonly unknown[]).includes(p.inferenceStatus)) return null;
  return {
    meetingId: p.meetingId,
    inferenceStatus: p.inferenceStatus as InferenceStatus,
    statusReason: typeof p.statusReason === 'string' ? p.statusReason : null,
    ...(typeof p.progress === 'number' && Number.isFinite(p.progress)
      ? { progress: Math.max(0, Math.min(100, p.progress)) }
      : {}),
  };
}

const defaultConnect: Connect = (opts) => io(opts);

/** One channel's interest in its meeting's connection. */
interface Subscriber {
  onEvent(name: string, payload: unknown): void;
  events: ReadonlySet<string>;
}

/** A meeting's one connection, shared by every channel of that meeting open on the page. */
interface SharedConnection {
  socket: ChannelSocket;
  subscribers: Set<Subscriber>;
  listened: Set<string>;
}

// Keyed by the connect function too, so a test's fake sockets never meet the real ones.
const connections = new WeakMap<Connect, Map<string, SharedConnection>>();

function sharedConnection(
  connect: Connect,
  meetingId: string,
  getToken: () => string | null,
): SharedConnection {
  let byMeeting = connections.get(connect);
  if (!byMeeting) connections.set(connect, (byMeeting = new Map()));
  const existing = byMeeting.get(meetingId);
  if (existing) return existing;
  const socket = connect(channelOptions(getToken));
  const shared: SharedConnection = { socket, subscribers: new Set(), listened: new Set() };
  // Joined again on every (re)connect: a new connection is in no room.
  socket.on('connect', () => {
    socket.emit(REALTIME.joinRoom, { meetingId });
  });
  byMeeting.set(meetingId, shared);
  return shared;
}

/** Makes the shared socket hand `name` to every subscriber that asked for it. */
function listen(shared: SharedConnection, name: string) {
  if (shared.listened.has(name)) return;
  shared.listened.add(name);
  shared.socket.on(name, (payload: unknown) => {
    for (const s of [...shared.subscribers]) if (s.events.has(name)) s.onEvent(name, payload);
  });
}

function release(connect: Connect, meetingId: string, shared: SharedConnection, sub: Subscriber) {
  shared.subscribers.delete(sub);
  if (shared.subscribers.size > 0) return;
  connections.get(connect)?.delete(meetingId);
  shared.socket.removeAllListeners();
  shared.socket.disconnect();
}

/**
 * A channel of one meeting. Channels of the same meeting share one socket.io connection
 * (ARCHITECTURE §5: one connection per meeting room); it closes when the last one does.
 */
export function openMeetingChannel(options: MeetingChannelOptions): MeetingChannel {
  const { meetingId, closeOnTerminal = true } = options;
  const connect = options.connect ?? defaultConnect;
  const shared = sharedConnection(connect, meetingId, options.getToken ?? getAccessToken);
  let closed = false;

  const close = () => {
    if (closed) return;
    closed = true;
    release(connect, meetingId, shared, subscriber);
  };

  const custom = new Set(options.events ?? []);
  const terminal = new Set<string>(REALTIME_TERMINAL_EVENTS);
  const subscriber: Subscriber = {
    events: new Set([REALTIME.status, ...custom, ...terminal]),
    onEvent(name, payload) {
      if (closed) return;
      if (name === REALTIME.status) {
        const event = parseStatusEvent(payload);
        if (!event || event.meetingId !== meetingId) return;
        options.onStatus?.(event);
        if (closeOnTerminal && isTerminalStatus(event.inferenceStatus)) close();
        return;
      }
      if (custom.has(name)) options.onEvent?.(name, payload);
      if (terminal.has(name)) {
        if (closeOnTerminal) close();
        options.onTerminal?.(name as TerminalEvent, payload);
      }
    },
  };
  shared.subscribers.add(subscriber);
  for (const name of subscriber.events) listen(shared, name);

  return {
    close,
    get closed() {
      return closed;
    },
  };
}

export interface MeetingChannelHandlers {
  onStatus?(event: MeetingStatusEvent): void;
  onTerminal?(event: TerminalEvent, payload: unknown): void;
  /** Analytics events to listen for; fixed for the life of the channel. */
  events?: readonly string[];
  onEvent?(event: string, payload: unknown): void;
  /** See MeetingChannelOptions; fixed for the life of the channel. */
  closeOnTerminal?: boolean;
  /** Replaces socket.io (tests). */
  connect?: Connect;
}

/**
 * Keep the channel of a meeting open while `meetingId` is set; closed on unmount, when the id
 * changes or becomes null, and on terminal events. Handlers may change without reconnecting.
 */
export function useMeetingChannel(meetingId: string | null, handlers: MeetingChannelHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!meetingId) return;
    const channel = openMeetingChannel({
      meetingId,
      onStatus: (e) => latest.current.onStatus?.(e),
      onTerminal: (e, p) => latest.current.onTerminal?.(e, p),
      events: latest.current.events,
      onEvent: (e, p) => latest.current.onEvent?.(e, p),
      closeOnTerminal: latest.current.closeOnTerminal,
      connect: latest.current.connect,
    });
    return () => channel.close();
  }, [meetingId]);
}
