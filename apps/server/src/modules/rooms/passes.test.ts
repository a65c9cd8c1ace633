import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseIceServers } from './ice-servers.js';
import { createRoomPasses } from './tokens.js';

const SECRET = 'room-pass-secret-room-pass-secret-0123';

describe('room passes', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const passes = createRoomPasses(SECRET, () => now);
  const meetingId = randomUUID();
  const later = new Date(now.getTime() + 3600_000);

  it('grant what they name, to that room only, until they expire', () => {
    const guest = passes.encode({ kind: 'guest', meetingId, expiresAt: later });
    expect(guest.length).toBeLessThan(100);
    expect(passes.check(guest, meetingId)).toEqual({
      ok: true,
      pass: { kind: 'guest', meetingId, expiresAt: new Date(later.getTime()) },
    });
    expect(passes.check(guest, randomUUID())).toEqual({ ok: false, reason: 'invalid' });
    const botId = randomUUID();
    const bot = passes.encode({ kind: 'bot', meetingId, botId, expiresAt: later });
    expect(passes.check(bot, meetingId)).toMatchObject({ ok: true, pass: { kind: 'bot', botId } });
    const expired = passes.encode({ kind: 'guest', meetingId, expiresAt: now });
    expect(passes.check(expired, meetingId)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse any changed byte, and passes signed with another secret', () => {
    const guest = passes.encode({ kind: 'guest', meetingId, expiresAt: later });
    const raw = Buffer.from(guest, 'base64url');
    for (const at of [0, 5, 18, raw.length - 1]) {
      const changed = Buffer.from(raw);
      changed[at] = (changed[at] ?? 0) ^ 1;
      expect(passes.check(changed.toString('base64url'), meetingId).ok).toBe(false);
    }
    const other = createRoomPasses(`${SECRET}x`, () => now);
    expect(other.check(guest, meetingId)).toEqual({ ok: false, reason: 'invalid' });
    expect(passes.check('', meetingId).ok).toBe(false);
    expect(passes.check('not a pass at all!', meetingId).ok).toBe(false);
  });
});

describe('ICE_SERVERS', () => {
  it('is a JSON list of STUN and TURN servers; unset is none', () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(parseIceServers('  ')).toEqual([]);
    expect(
      parseIceServers(
        '[{"urls":"stun:stun.example.org"},{"urls":["turn:t.example.org:3478?transport=tcp"],"username":"u","credential":"p"}]',
      ),
    ).toEqual([
      { urls: 'stun:stun.example.org' },
      { urls: ['turn:t.example.org:3478?transport=tcp'], username: 'u', credential: 'p' },
    ]);
    expect(() => parseIceServers('stun:stun.example.org')).toThrow(/JSON list/);
    expect(() => parseIceServers('[{"url":"stun:x"}]')).toThrow(/JSON list/);
  });
});
