import type { Namespace } from 'socket.io';
import { ROOM_EVENTS as E } from '@parley/contracts';
import type { Call } from './call-state.js';

/** The WebRTC signalling of spec 2 §7, relayed between two participants of one call. */
export const SIGNALS = [E.offer, E.answer, E.candidate, E.livestream, E.disconnectStream] as const;
export type Signal = (typeof SIGNALS)[number];

/**
 * Relays one signalling message to the participant it names. The sender is who the server
 * knows the socket to be: a payload claiming another `from` is dropped, as is one naming a
 * `to` outside this call. What arrives carries the true `from` and `to`, which the receiving
 * page checks against its peer and itself.
 */
export function relaySignal(
  nsp: Namespace,
  call: Call,
  senderId: string,
  event: Signal,
  payload: unknown,
): boolean {
  if (!payload || typeof payload !== 'object') return false;
  const body = payload as Record<string, unknown>;
  if (body.from !== undefined && body.from !== senderId) return false;
  const to = body.to;
  if (typeof to !== 'string' || to === senderId) return false;
  const receiver = call.members.get(to);
  if (!receiver || call.ended) return false;
  const message: Record<string, unknown> = { from: senderId, to };
  if (event === E.offer || event === E.answer) message.description = body.description;
  if (event === E.candidate) message.candidate = body.candidate;
  nsp.to(receiver.socket.id).emit(event, message);
  return true;
}
