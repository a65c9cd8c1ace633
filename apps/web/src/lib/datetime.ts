/**
 * Every date and time the app shows, written by Intl in one locale. The organization record
 * carries no locale (nor does spec 1's user or organization), so the reader's browser language
 * decides; `setAppLocale` is the one place another source (an organization setting, the tests)
 * would set it.
 */

let chosenLocale: string | undefined;

export function setAppLocale(locale: string | undefined): void {
  chosenLocale = locale;
}

/** The locale dates and numbers are written in. */
export function appLocale(): string {
  return (
    chosenLocale ?? (typeof navigator === 'undefined' ? undefined : navigator.language) ?? 'en-US'
  );
}

type Kind = 'date' | 'time' | 'dateTime' | 'day' | 'dayMonth';

// Spec 2 §2 asks for "day, short month, year" and "12-hour format"; Intl orders the parts as
// the locale does ('Mar 7, 2025' in en-US, '7 Mar 2025' in en-GB).
const DATE = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit', hour12: true } as const;
const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  date: DATE,
  time: TIME,
  dateTime: { ...DATE, ...TIME },
  // Calendar days ('YYYY-MM-DD': a close date, a chart's day) are the same day everywhere.
  day: { ...DATE, timeZone: 'UTC' },
  dayMonth: { day: 'numeric', month: 'short', timeZone: 'UTC' },
};

// Building a DateTimeFormat costs far more than using one, and tables format hundreds of cells.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: Kind): Intl.DateTimeFormat {
  const locale = appLocale();
  const key = `${locale}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, OPTIONS[kind]);
    formatters.set(key, f);
  }
  return f;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

const write = (kind: Kind, value: string | Date | null | undefined): string => {
  const d = toDate(value);
  return d ? formatter(kind).format(d) : '';
};

/** An instant's day: 'Mar 7, 2025' (en-US), '7 Mar 2025' (en-GB); '' when not a date. */
export const formatDate = (value: string | Date | null | undefined) => write('date', value);

/** An instant's time on a 12-hour clock: '3:05 PM'. */
export const formatTime = (value: string | Date | null | undefined) => write('time', value);

/** An instant's day and time: 'Mar 7, 2025, 3:05 PM'. */
export const formatDateTime = (value: string | Date | null | undefined) => write('dateTime', value);

/** A calendar day ('2031-06-30'): 'Jun 30, 2031' in every time zone. */
export function formatCalendarDay(day: string | null | undefined): string {
  return day ? write('day', `${day.slice(0, 10)}T00:00:00Z`) : '';
}

/** A calendar day on a chart axis: 'Nov 3'. */
export function formatDayMonth(day: unknown): string {
  return typeof day === 'string' ? write('dayMonth', `${day.slice(0, 10)}T00:00:00Z`) : '';
}
