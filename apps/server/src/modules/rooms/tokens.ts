import { deriveKey, hmacHex, safeEqualHex } from '../../platform/crypto.js';

/**
 * Signed room passes: a guest link lets people without an account into one room until it
 * expires; a bot pass lets the Parley Notetaker in as the bot. Both are HMACs over what they
 * grant, so the server keeps nothing per link and a changed byte is refused.
 */
export type RoomPass =
  | { kind: 'guest'; meetingId: string; expiresAt: Date }
  | { kind: 'bot'; meetingId: string; botId: string; expiresAt: Date };

export type PassCheck =
  | { ok: true; pass: RoomPass }
  | { ok: false; reason: 'invalid' | 'expired' };

export function createRoomPasses(appSecret: string, now: () => Date) {
  const key = deriveKey(appSecret, 'room-pass');
  const sign = (body: string) => hmacHex(key, body).slice(0, 44);

  function encode(pass: RoomPass): string {
    const parts = [
      pass.kind,
      pass.meetingId,
      String(Math.floor(pass.expiresAt.getTime() / 1000)),
      ...(pass.kind === 'bot' ? [pass.botId] : []),
    ];
    const body = parts.join('.');
    return `${Buffer.from(body).toString('base64url')}.${sign(body)}`;
  }

  function check(token: string, meetingId: string): PassCheck {
    const [encoded, signature] = token.split('.');
    if (!encoded || !signature || !/^[0-9a-f]+$/.test(signature)) {
      return { ok: false, reason: 'invalid' };
    }
    const body = Buffer.from(encoded, 'base64url').toString();
    const expected = sign(body);
    if (expected.length !== signature.length || !safeEqualHex(expected, signature)) {
      return { ok: false, reason: 'invalid' };
    }
    const [kind, forMeeting, expiry, botId] = body.split('.');
    if (forMeeting !== meetingId) return { ok: false, reason: 'invalid' };
    const expiresAt = new Date(Number(expiry) * 1000);
    if (Number.isNaN(expiresAt.getTime())) return { ok: false, reason: 'invalid' };
    if (expiresAt <= now()) return { ok: false, reason: 'expired' };
    if (kind === 'guest') return { ok: true, pass: { kind, meetingId, expiresAt } };
    if (kind === 'bot' && botId) return { ok: true, pass: { kind, meetingId, botId, expiresAt } };
    return { ok: false, reason: 'invalid' };
  }

  return { encode, check };
}
export type RoomPasses = ReturnType<typeof createRoomPasses>;
