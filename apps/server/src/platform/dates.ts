/**
 * Dates in the text the server writes (deal warnings, reports, e-mails), in the style the web
 * app shows: day, short month, year and a 12-hour clock (spec 2 §2), in the app's American
 * English. The server does not know the reader's time zone, so it writes UTC and says so.
 */
const DAY = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const TIME = new Intl.DateTimeFormat('en-US', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'UTC',
});

/** 'Jun 10, 2025' */
export const writtenDay = (d: Date): string => DAY.format(d);

/** 'Jun 10, 2025, 2:05 PM UTC' */
export const writtenDayTime = (d: Date): string => `${DAY.format(d)}, ${TIME.format(d)} UTC`;
