import type { OrganizationProfile } from '@parley/contracts';
import type { ImageLinks } from '../../platform/media/image-links.js';
import type { OrganizationRow } from './repo.js';

/** The organisation as the session user and its profile page show it, logo as a signed URL. */
export function organizationSummary(org: OrganizationRow, images: ImageLinks): OrganizationProfile {
  return {
    id: org.id,
    name: org.name,
    isB2C: org.isB2C,
    isPlatform: org.isPlatform,
    defaultCloud: org.defaultCloud,
    organizationProfileUrl: images.url('organization', org.id, org.logo),
  };
}
