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
  return new Intl.NumberFormat('en-US').format(value);
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(d);
}
