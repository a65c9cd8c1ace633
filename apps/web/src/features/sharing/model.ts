/** Words of sharing: the organisation's people to share with and the public view. */
import type { RouteResponse, sharingRoutes } from '@parley/contracts';

export type ShareUser = RouteResponse<typeof sharingRoutes.orgUsers>[number];
export type PublicView = RouteResponse<typeof sharingRoutes.publicView>;

/**
 * The full public-view URL from the server's shareLink: used as given when absolute, prefixed
 * with the origin when it is a path, and built as /public/view/{token} when it is a bare token.
 */
export function publicViewUrl(shareLink: string, origin: string): string {
  const link = shareLink.trim();
  if (/^https?:\/\//i.test(link)) return link;
  const base = origin.replace(/\/+$/, '');
  if (link.startsWith('/')) return `${base}${link}`;
  return `${base}/public/view/${encodeURIComponent(link)}`;
}
