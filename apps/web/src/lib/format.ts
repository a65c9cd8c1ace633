import { appLocale } from './datetime';

interface PersonName {
  firstName?: string | null;
  lastName?: string | null;
}

export function fullName(person: PersonName): string {
  return [person.firstName, person.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
}

/** First letters of first and last name (spec 1 §2 user menu avatar). */
export function initials(person: PersonName): string {
  const first = person.firstName?.trim()[0] ?? '';
  const last = person.lastName?.trim()[0] ?? '';
  return (first + last).toUpperCase() || '?';
}

/** Seconds as HH:MM:SS (spec 1 §9). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(appLocale()).format(value);
}

/** A count with its noun, singular for one: "1 user", "1,204 users". */
export function formatCount(value: number, noun: string): string {
  return `${formatNumber(value)} ${noun}${value === 1 ? '' : 's'}`;
}

/** A meeting name without its file extension ('Call.final.mp4' → 'Call.final'). */
export function stripExtension(name: string): string {
  const m = /^(.+)\.[A-Za-z0-9]{1,5}$/.exec(name.trim());
  return m?.[1] ?? name.trim();
}

/** Cut to `max` characters with an ellipsis when longer (spec 2: 25, or 15 on very small screens). */
export function truncateText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const NAME_MAX = 25;
export const NAME_MAX_SMALL = 15;
/** "Very small screens" of the detail header: below 470 px wide. */
export const SMALL_SCREEN_PX = 470;

/** The meeting title of a detail header: extension removed, truncated. */
export function meetingTitle(name: string, smallScreen = false): string {
  return truncateText(stripExtension(name), smallScreen ? NAME_MAX_SMALL : NAME_MAX);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Seconds under one minute, minutes under an hour, otherwise hours and minutes. */
export function formatDurationWords(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  if (s < 60) return plural(s, 'second');
  if (s < 3600) return plural(Math.floor(s / 60), 'minute');
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  return minutes ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}` : plural(hours, 'hour');
}

/** Bytes in the largest fitting unit: '4.2 MB'. */
export function formatBytes(bytes: number): string {
  if (!(bytes > 0)) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** i;
  return `${i === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[i]}`;
}
