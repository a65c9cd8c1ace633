import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Zoom's webhook signature: `x-zm-signature` is `v0=` and the HMAC-SHA256 (hex) of
 * `v0:{x-zm-request-timestamp}:{raw body}` under the app's secret token.
 */
export function zoomSignature(
  secretToken: string,
  timestamp: string,
  body: Buffer | string,
): string {
  const mac = createHmac('sha256', secretToken);
  mac.update(`v0:${timestamp}:`);
  mac.update(body);
  return `v0=${mac.digest('hex')}`;
}

/** A request older (or newer) than this is refused: a captured request cannot be replayed later. */
export const ZOOM_TOLERANCE_MS = 5 * 60_000;

export function verifyZoomSignature(input: {
  secretToken: string;
  signature: string | undefined;
  timestamp: string | undefined;
  body: Buffer;
  now: Date;
}): boolean {
  const { signature, timestamp } = input;
  if (!signature || !timestamp || !/^\d{1,13}$/.test(timestamp)) return false;
  // Zoom's timestamp is in milliseconds; seconds are accepted too.
  const ms = timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(input.now.getTime() - ms) > ZOOM_TOLERANCE_MS) return false;
  const expected = Buffer.from(zoomSignature(input.secretToken, timestamp, input.body));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The answer to `endpoint.url_validation`: the plain token and its HMAC under the secret. */
export function urlValidation(secretToken: string, plainToken: string) {
  return {
    plainToken,
    encryptedToken: createHmac('sha256', secretToken).update(plainToken).digest('hex'),
  };
}
