import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../platform/crypto.js';

/**
 * Signed room passes: a guest link lets people without an account into one room until it
 * expires; a bot pass lets the Parley Notetaker in as the bot. Each is an HMAC over what it
 * grants, so the server keeps nothing per link and a changed byte is refused. Binary and
 * base64url, so a pass fits in a URL path segment.
 */
export type RoomPass =
  | { kind: 'guest'; meetingId: string; expiresAt: Date }
  | { kind: 'bot'; meetingId: string; botId: string; expiresAt: Date };

export type PassCheck = { ok: true; pass: RoomPass } | { ok: false; reason: 'invalid' | 'expired' };

const KINDS = { guest: 1, bot: 2 } as const;
const MAC_BYTES = 16;
const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidOf = (b: Buffer) =>
  b.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createRoomPasses(appSecret: string, now: () => Date) {
  const key = deriveKey(appSecret, 'room-pass');
  const mac = (body: Buffer) =>
    createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);

  function encode(pass: RoomPass): string {
    const expiry = Buffer.alloc(4);
    expiry.writeUInt32BE(Math.floor(pass.expiresAt.getTime() / 1000));
    const body = Buffer.concat([
      Buffer.from([KINDS[pass.kind]]),
      uuidBytes(pass.meetingId),
      expiry,
      ...(pass.kind === 'bot' ? [uuidBytes(pass.botId)] : []),
    ]);
    return Buffer.concat([body, mac(body)]).toString('base64url');
  }

  function check(token: string, meetingId: string): PassCheck {
    if (!UUID.test(meetingId) || !/^[A-Za-z0-9_-]{20,200}$/.test(token)) {
      return { ok: false, reason: 'invalid' };
    }
    const raw = Buffer.from(token, 'base64url');
    if (raw.length !== 21 + MAC_BYTES && raw.length !== 37 + MAC_BYTES) {
      return { ok: false, reason: 'invalid' };
    }
    const body = raw.subarray(0, raw.length - MAC_BYTES);
    if (!timingSafeEqual(mac(body), raw.subarray(raw.length - MAC_BYTES))) {
      return { ok: false, reason: 'invalid' };
    }
    if (uuidOf(body.subarray(1, 17)) !== meetingId.toLowerCase()) {
      return { ok: false, reason: 'invalid' };
    }
    const expiresAt = new Date(body.readUInt32BE(17) * 1000);
    if (expiresAt <= now()) return { ok: false, reason: 'expired' };
    if (body[0] === KINDS.guest && body.length === 21) {
      return { ok: true, pass: { kind: 'guest', meetingId, expiresAt } };
    }
    if (body[0] === KINDS.bot && body.length === 37) {
      const botId = uuidOf(body.subarray(21, 37));
      return { ok: true, pass: { kind: 'bot', meetingId, botId, expiresAt } };
    }
    return { ok: false, reason: 'invalid' };
  }

  return { encode, check };
}
export type RoomPasses = ReturnType<typeof createRoomPasses>;
