import { API_PREFIX, PROFILE_IMAGE, type ImageOwner } from '@parley/contracts';
import { createUrlSigner } from './links.js';

/**
 * Hours, not the meeting media's minutes: a picture or logo says little, and the URL travels in
 * the session user, which the web app keeps until its next token refresh. Replacing or
 * removing the image still stops its links at once (the image id is signed).
 */
const IMAGE_LINK_TTL_SEC = 12 * 3600;
/** One URL per image per hour, so browsers reuse the cached bytes across page loads. */
const IMAGE_LINK_BUCKET_SEC = 3600;

/** The stored image's id: it changes with every upload, and names it in the signed link. */
export interface SignedImage {
  id: string;
}

/** Signed URLs of profile pictures and organisation logos (PROFILE_IMAGE.path). */
export function createImageLinks(appSecret: string, now: () => Date = () => new Date()) {
  const signer = createUrlSigner(appSecret, 'profile-image-link', {
    ttlSec: IMAGE_LINK_TTL_SEC,
    bucketSec: IMAGE_LINK_BUCKET_SEC,
    now,
  });
  return {
    url(owner: ImageOwner, ownerId: string, image: SignedImage | null): string | null {
      if (!image) return null;
      const { token, exp } = signer.sign([owner, ownerId, image.id]);
      const path = PROFILE_IMAGE.path.replace(':owner', owner).replace(':id', ownerId);
      return `${API_PREFIX}${path}?v=${image.id}&exp=${exp}&token=${token}`;
    },
    verify(owner: ImageOwner, ownerId: string, v: string, exp: string, token: string): boolean {
      return signer.verify([owner, ownerId, v], token, exp);
    },
  };
}
export type ImageLinks = ReturnType<typeof createImageLinks>;
