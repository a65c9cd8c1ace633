import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_STREAMING } from '@parley/contracts';
import {
  startStreamingStandIn,
  type StreamingStandIn,
} from '../../test/avatar-streaming-stand-in.js';
import { StreamingAvatarService } from './streaming.js';

let server: StreamingStandIn;
beforeAll(async () => {
  server = await startStreamingStandIn();
});
afterAll(async () => server.close());

describe('the streaming avatar adapter (spec 2 §7) against a HeyGen-style stand-in', () => {
  it('opens a high-quality session at voice rate 0.25, starts, speaks, interrupts and stops', async () => {
    const avatar = new StreamingAvatarService({ baseUrl: server.url, apiKey: 'heygen-key' });
    const session = await avatar.open('Anna_public_3');
    expect(session.sdp?.type).toBe('offer');
    expect(session.iceServers).toHaveLength(1);
    expect(server.calls[0]).toEqual({
      path: 'streaming.new',
      body: { quality: 'high', avatar_name: 'Anna_public_3', voice: { rate: 0.25 } },
    });
    expect(AVATAR_STREAMING).toEqual({ quality: 'high', voiceRate: 0.25 });

    await avatar.ice(session, { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host' });
    await avatar.start(session, { type: 'answer', sdp: 'v=0\r\n' });
    await avatar.say(session, 'Tell me about a project you led.');
    const state = server.sessions.get(session.sessionId);
    expect(state?.tasks).toEqual(['Tell me about a project you led.']);
    expect(state?.candidates).toHaveLength(1);
    await avatar.interrupt(session);
    expect(state?.tasks).toEqual([]);
    await avatar.close(session);
    expect(state?.state).toBe('stopped');
    // After stop the service refuses the session: the adapter reports it.
    await expect(avatar.say(session, 'Still there?')).rejects.toThrow(/refused streaming.task/);
  });

  it('reports a refused key and an unreachable service', async () => {
    await expect(
      new StreamingAvatarService({ baseUrl: server.url, apiKey: 'wrong' }).open('x'),
    ).rejects.toThrow(/HTTP 401/);
    await expect(
      new StreamingAvatarService({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }).open('x'),
    ).rejects.toThrow(/could not be reached/);
  });
});
