import { API_PREFIX, MEDIA, type MediaKind } from '@parley/contracts';
import { deriveKey, hmacHex, safeEqualHex } from '../crypto.js';

/**
 * Signed media URLs. A <video> or <img> tag cannot send a bearer header, so the URL itself
 * carries the permission: an HMAC over meeting, kind and expiry under a key derived from
 * APP_SECRET. The expiry is rounded up to the next hour, so the URL handed out stays the same
 * for an hour (a player whose source string changes reloads) and is valid 12 to 13 hours.
 */
export function createMediaLinks(appSecret: string, now: () => Date = () => new Date()) {
  const key = deriveKey(appSecret, 'media-link');
  const mac = (meetingId: string, kind: string, exp: number) =>
    hmacHex(key, `${meetingId}\n${kind}\n${exp}`);

  return {
    url(meetingId: string, kind: MediaKind): string {
      const nowSec = Math.floor(now().getTime() / 1000);
      const exp = Math.ceil((nowSec + MEDIA.linkTtlSec) / 3600) * 3600;
      const path = MEDIA.path.replace(':meetingId', meetingId).replace(':kind', kind);
      return `${API_PREFIX}${path}?token=${mac(meetingId, kind, exp)}&exp=${exp}`;
    },

    verify(meetingId: string, kind: string, token: string, exp: string): boolean {
      if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(token)) return false;
      const expSec = Number(exp);
      if (expSec * 1000 <= now().getTime()) return false;
      return safeEqualHex(token, mac(meetingId, kind, expSec));
    },
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;
