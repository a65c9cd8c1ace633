import { API_PREFIX, MEDIA, fillPath, type MediaKind } from '@parley/contracts';
import { deriveKey, hmacHex, safeEqualHex } from '../crypto.js';

/**
 * Whose permission a signed link carries: a signed-in user's (who saw the meeting through their
 * organisation, ownership or a share) or a public link's (the first 32 hex digits of the
 * link's token hash, which changes when the link is replaced).
 */
export type MediaGrant = { userId: string } | { publicLink: string };

/** A new URL at most every five minutes, so a player's source string stays put meanwhile. */
const BUCKET_SEC = 300;
const SUBJECT = /^(?:u\.[0-9a-f-]{36}|p\.[0-9a-f]{32})$/;

const subjectOf = (grant: MediaGrant) =>
  'userId' in grant ? `u.${grant.userId}` : `p.${grant.publicLink}`;
const grantOf = (sub: string): MediaGrant =>
  sub.startsWith('u.') ? { userId: sub.slice(2) } : { publicLink: sub.slice(2) };

/**
 * Signed media URLs. A <video> or <img> tag cannot send a bearer header, so the URL itself
 * carries the permission: an HMAC over meeting, kind, expiry and grant under a key derived from
 * APP_SECRET. A link lives minutes (MEDIA.linkTtlSec, rounded up to the next five minutes), and
 * the media route checks on every request that its grant still holds, so revoking a share or a
 * public link stops the links handed out under it at once.
 */
export function createMediaLinks(appSecret: string, now: () => Date = () => new Date()) {
  const key = deriveKey(appSecret, 'media-link');
  const mac = (meetingId: string, kind: string, exp: number, sub: string) =>
    hmacHex(key, `${meetingId}\n${kind}\n${exp}\n${sub}`);

  return {
    url(meetingId: string, kind: MediaKind, grant: MediaGrant): string {
      const nowSec = Math.floor(now().getTime() / 1000);
      const exp = Math.ceil((nowSec + MEDIA.linkTtlSec) / BUCKET_SEC) * BUCKET_SEC;
      const sub = subjectOf(grant);
      const path = fillPath(MEDIA.path, { meetingId, kind });
      return `${API_PREFIX}${path}?token=${mac(meetingId, kind, exp, sub)}&exp=${exp}&sub=${sub}`;
    },

    /** The grant a link was signed for, or null when it is forged, altered or expired. */
    verify(
      meetingId: string,
      kind: string,
      token: string,
      exp: string,
      sub: string,
    ): MediaGrant | null {
      if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(token) || !SUBJECT.test(sub)) {
        return null;
      }
      const expSec = Number(exp);
      if (expSec * 1000 <= now().getTime()) return null;
      return safeEqualHex(token, mac(meetingId, kind, expSec, sub)) ? grantOf(sub) : null;
    },
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;
