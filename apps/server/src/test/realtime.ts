import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { REALTIME } from '@parley/contracts';
import type { TestContext } from './context.js';

/** A socket on the app's realtime channel, signed in with `token` (the app listens first). */
export async function connectRealtime(ctx: TestContext, token: string): Promise<Socket> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const socket = io(`http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`, {
    path: REALTIME.path,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    // Not shared with a room socket of the same test, which a call's end closes (rooms-kit).
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Joins the meeting's room, as the meeting page does; the server must acknowledge it. */
export async function joinRoom(socket: Socket, meetingId: string): Promise<void> {
  expect(await socket.timeout(5000).emitWithAck(REALTIME.joinRoom, { meetingId })).toEqual({
    ok: true,
  });
}
