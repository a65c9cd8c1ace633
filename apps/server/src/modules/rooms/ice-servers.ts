import { z } from 'zod';
import type { RTCIceServerLike } from '@parley/contracts';

const iceServersSchema = z.array(
  z.object({
    urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    username: z.string().optional(),
    credential: z.string().optional(),
  }),
);

/**
 * ICE_SERVERS: a JSON list of STUN/TURN servers as RTCPeerConnection takes them. Unset or
 * empty means none: host candidates only, which is enough when everyone is on one network.
 */
export function parseIceServers(text: string | undefined): RTCIceServerLike[] {
  if (!text || text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('ICE_SERVERS must be a JSON list such as [{"urls":"stun:stun.example.org"}]');
  }
  const parsed = iceServersSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error('ICE_SERVERS must be a JSON list of { urls, username?, credential? }');
  }
  return parsed.data.map((s) => ({
    urls: s.urls,
    ...(s.username !== undefined ? { username: s.username } : {}),
    ...(s.credential !== undefined ? { credential: s.credential } : {}),
  }));
}
