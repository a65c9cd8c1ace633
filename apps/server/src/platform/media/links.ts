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
 * An expiring HMAC over some fields, carried in a URL as ?token&exp: the permission an <img>
 * or <video> tag brings, since it cannot send a bearer header. Each purpose has its own key
 * derived from APP_SECRET. Expiry is rounded up to the next `bucketSec`, so the URL of one
 * object stays the same for a while and the browser's cache can keep it.
 */
export function createUrlSigner(
  appSecret: string,
  purpose: string,
  opts: { ttlSec: number; bucketSec: number; now: () => Date },
) {
  const key = deriveKey(appSecret, purpose);
  const mac = (fields: readonly string[], exp: number) =>
    hmacHex(key, [...fields, String(exp)].join('\n'));
  return {
    sign(fields: readonly string[]): { token: string; exp: number } {
      const nowSec = Math.floor(opts.now().getTime() / 1000);
      const exp = Math.ceil((nowSec + opts.ttlSec) / opts.bucketSec) * opts.bucketSec;
      return { token: mac(fields, exp), exp };
    },
    /** Whether `token` signs these fields until `exp`, and `exp` has not passed. */
    verify(fields: readonly string[], token: string, exp: string): boolean {
      if (!/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(token)) return false;
      const expSec = Number(exp);
      if (expSec * 1000 <= opts.now().getTime()) return false;
      return safeEqualHex(token, mac(fields, expSec));
    },
  };
}

/**
 * Signed media URLs. A <video> or <img> tag cannot send a bearer header, so the URL itself
 * carries the permission: an HMAC over meeting, kind, expiry and grant under a key derived from
 * APP_SECRET. A link lives minutes (MEDIA.linkTtlSec, rounded up to the next five minutes), and
 * the media route checks on every request that its grant still holds, so revoking a share or a
 * public link stops the links handed out under it at once.
 */
export function createMediaLinks(appSecret: string, now: () => Date = () => new Date()) {
  const signer = createUrlSigner(appSecret, 'media-link', {
    ttlSec: MEDIA.linkTtlSec,
    bucketSec: BUCKET_SEC,
    now,
  });

  return {
    url(meetingId: string, kind: MediaKind, grant: MediaGrant): string {
      const sub = subjectOf(grant);
      const { token, exp } = signer.sign([meetingId, kind, sub]);
      const path = fillPath(MEDIA.path, { meetingId, kind });
      return `${API_PREFIX}${path}?token=${token}&exp=${exp}&sub=${sub}`;
    },

    /** The grant a link was signed for, or null when it is forged, altered or expired. */
    verify(
      meetingId: string,
      kind: string,
      token: string,
      exp: string,
      sub: string,
    ): MediaGrant | null {
      if (!SUBJECT.test(sub)) return null;
      return signer.verify([meetingId, kind, sub], token, exp) ? grantOf(sub) : null;
    },
  };
}
export type MediaLinks = ReturnType<typeof createMediaLinks>;
