/**
 * Finding the call in a calendar event: the conference fields the provider fills (Meet's
 * hangoutLink and conferenceData, Teams' onlineMeeting.joinUrl) first, then any Zoom, Meet,
 * Teams or Parley room link written in the location or the description (often HTML).
 */

const HOSTS: RegExp[] = [
  // Zoom, its subdomains (company.zoom.us) and Zoom for Government.
  /^([\w-]+\.)*zoom(gov)?\.(us|com)$/i,
  /^meet\.google\.com$/i,
  /^teams\.microsoft\.com$/i,
  /^teams\.live\.com$/i,
];

/** Zoom join paths (/j/, /w/, /my/, /s/), a Meet code, Teams' meetup-join or meet links. */
const PATHS: RegExp[] = [
  /^\/(j|w|my|s)\//i,
  /^\/[a-z]{3}-[a-z]{4}-[a-z]{3}/i,
  /^\/l\/meetup-join\//i,
  /^\/meet\//i,
];

const URL_IN_TEXT = /https?:\/\/[^\s"'<>()[\]]+/gi;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Whether a URL is a call Parley's bot can join (a Parley room on this server's own origin). */
export function isMeetingLink(candidate: string, parleyOrigin: string | null): boolean {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (parleyOrigin && url.origin === parleyOrigin)
    return /^\/(room|rooms|meet)\//.test(url.pathname);
  if (url.protocol !== 'https:') return false;
  return HOSTS.some((h) => h.test(url.hostname)) && PATHS.some((p) => p.test(url.pathname));
}

/** The first meeting link in free text (a location, a description in plain text or HTML). */
export function linkInText(
  text: string | null | undefined,
  parleyOrigin: string | null,
): string | null {
  if (!text) return null;
  const plain = text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);
  for (const match of plain.matchAll(URL_IN_TEXT)) {
    const candidate = match[0].replace(/[.,;:!?]+$/, '');
    if (isMeetingLink(candidate, parleyOrigin)) return candidate;
  }
  return null;
}

/** The first of the candidates (conference fields, then free text) that holds a meeting link. */
export function findMeetingLink(
  fields: { direct: (string | null | undefined)[]; text: (string | null | undefined)[] },
  parleyOrigin: string | null,
): string | null {
  for (const d of fields.direct) {
    if (d && isMeetingLink(d.trim(), parleyOrigin)) return d.trim();
  }
  for (const t of fields.text) {
    const found = linkInText(t, parleyOrigin);
    if (found) return found;
  }
  return null;
}
